"""The benchmarks' quick mode (cases.py): a few pairs of whole processes each, every figure a
ratio against an anchor measured in the same run, bounds that a busy machine meets and a 2x
regression does not. ``python -m tests.bench`` runs them in full, against the issue's targets."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.bench import app_cases, cases
from tests.bench.runs import compiled

pytestmark = [
    pytest.mark.xdist_group("bench"),
    pytest.mark.skipif(
        not hasattr(__import__("os"), "wait4"), reason="os.wait4 (POSIX) measures each process"
    ),
]

REPEAT = 5


@pytest.fixture(scope="module")
def games() -> cases.Games:
    compiled()
    return cases.games("quick")


@pytest.mark.parametrize("case", cases.cli_cases(), ids=lambda c: c.name)
def test_the_command_line_answers_quickly(case: cases.Case) -> None:
    ratio = case.judge(cases.measure(case, REPEAT))
    if ratio.median > case.quick_bound:
        # a busy machine's noise rarely lands on the same command twice; a regression does
        # (seen in CI: odds 7.14x beside the other worker's tests, 5.0x measured again alone)
        again = case.judge(cases.measure(case, REPEAT))
        assert again.median <= case.quick_bound, f"{case.target}, twice: {ratio}; {again}"


def test_a_long_game_opens_as_quickly_as_an_empty_one(games: cases.Games) -> None:
    for case, result in cases.measured(cases.save_cases(games), 2):
        ratio = case.judge(result)
        if ratio.median > case.quick_bound:
            # two pairs: measured again, as the command line's cases are, before failing
            again = case.judge(cases.measure(case, 2))
            assert again.median <= case.quick_bound, (
                f"{case.name}: {case.target}, twice: {ratio}; {again}"
            )


# -- the app (app_cases.py): real terminals, the quick game against Cowpens ----------------
APP_ROUNDS = 2
KEY_BOUND = 3.0
"""A key on the quick game (5,000 events, 200 units) against Cowpens: the target is 1.2x;
a log or roster rebuilt whole per key is 10x and more at this size."""
KEYS_TOTAL_BOUND = 1.8
"""All the keys' medians together, long against Cowpens."""
OPEN_BOUND = 1.8
"""Opening the quick game against opening Cowpens (ready for input)."""


def app_only(test: Any) -> Any:
    """An app benchmark: Linux only (pseudo-terminals, /proc), and in the ``ui`` lane: it
    starts the Textual app, twice per round."""
    linux = pytest.mark.skipif(
        not sys.platform.startswith("linux"), reason="pseudo-terminals and /proc (Linux)"
    )
    return pytest.mark.ui(linux(test))


@pytest.fixture(scope="module")
def app_games(games: cases.Games, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The quick game and a Cowpens game, each alone in its folder, as made."""
    folder = tmp_path_factory.mktemp("app")
    shutil.copytree(games.long.parent, folder / "long")
    app_cases.new_cowpens(folder / "cowpens", events=100)
    return folder / "long", folder / "cowpens"


@pytest.fixture
def app_saves(app_games: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """Copies of :func:`app_games` (the app writes to its saves, and keeps its cursor)."""
    long, cowpens = app_games
    shutil.copytree(long, tmp_path / "long")
    shutil.copytree(cowpens, tmp_path / "cowpens")
    return tmp_path / "long", tmp_path / "cowpens"


@app_only
def test_every_key_on_a_long_game_is_as_quick_as_on_cowpens(app_saves: tuple[Path, Path]) -> None:
    long, cowpens = app_saves
    figures = app_cases.keys(long, cowpens, APP_ROUNDS, app_cases.QUICK_SCRIPT, warmup=1, quiet=0.1)
    assert [f.name for f in figures] == [s.name for s in app_cases.QUICK_SCRIPT if s.name]
    slow = {f.name: round(f.median_ratio, 2) for f in figures if f.median_ratio > KEY_BOUND}
    total = sum(f.median("a") for f in figures) / sum(f.median("b") for f in figures)
    if slow or total > KEYS_TOTAL_BOUND:
        # a shared machine's noise rarely lands on the same key twice; a regression does:
        # measured again, a key fails only when it is slow both times
        again = app_cases.keys(long, cowpens, APP_ROUNDS, app_cases.QUICK_SCRIPT, quiet=0.1)
        slow = {
            f.name: (slow[f.name], round(f.median_ratio, 2))
            for f in again
            if f.name in slow and f.median_ratio > KEY_BOUND
        }
        total = min(total, sum(f.median("a") for f in again) / sum(f.median("b") for f in again))
    assert not slow, f"keys slower on the long game than on Cowpens, twice (x): {slow}"
    assert total <= KEYS_TOTAL_BOUND, f"all keys together {total:.2f}x Cowpens"


@app_only
def test_a_long_game_opens_ready_for_input_about_as_soon_as_cowpens(
    app_saves: tuple[Path, Path],
) -> None:
    long, cowpens = app_saves
    found = app_cases.opening(long, cowpens, 2)
    if found.long_ratio > OPEN_BOUND:
        # two pairs: one slow start on a busy machine is half the median (seen in CI: 1.12 s
        # then 0.63 s against Cowpens' 0.45 and 0.52, 1.85x); a regression is slow again
        again = app_cases.opening(long, cowpens, 2)
        assert again.long_ratio <= OPEN_BOUND, (
            f"twice: {found.long_ready} against {found.cowpens_ready}; "
            f"{again.long_ready} against {again.cowpens_ready}"
        )


def test_the_benchmarks_games_stand_at_the_start_of_a_turn(tmp_path: Path) -> None:
    """The long game and Cowpens end where a turn starts, whatever their events (the keys'
    rounds then take both through the same phases: "next phase" costs 30 ms into most
    phases and 100 into the one that draws a card), Cowpens' own units each with a panic
    marker (the rounds' morale test is not refused in step 1); a game made for the tests
    keeps its exact number of events."""
    from tests.bench import make_game

    for events in (0, 37, 120):
        game = make_game.build(16, events, 1781, tmp_path, checks=False, turn_start=True)
        assert game.state.phase == game.phases()[0].id and not game.state.activation.drawn
        # a turn: 8 cards of 7 phases; a panic marker on each of the 16 units (make_game)
        assert events <= game.event_count < events + 60 + make_game.COWPENS_UNITS
        assert all("panic" in u.markers for u in game.state.units[: make_game.COWPENS_UNITS])
    game = make_game.build(16, 120, 1781, tmp_path, checks=False)
    assert game.event_count == 120


def test_the_95th_percentile_is_by_nearest_rank() -> None:
    """Of 20 rounds the 19th (the slowest was counted once, when round(19.5) gave 20); of
    fewer than 20, the slowest; of 100, the 95th."""
    from tests.bench.app_cases import P95_ROUNDS, percentile

    assert percentile([float(x) for x in range(1, 21)], 0.95) == 19.0
    assert percentile([float(x) for x in range(1, 8)], 0.95) == 7.0
    assert percentile([float(x) for x in range(1, 101)], 0.95) == 95.0
    slowest_alone = [1.0] * (P95_ROUNDS - 1) + [9.0]
    assert percentile(slowest_alone, 0.95) == 1.0


def test_the_90th_percentile_of_the_full_rounds_is_not_their_slowest_three() -> None:
    """Issue 38 judges the keys' 90th percentiles over at least 30 rounds: of 30, the 27th
    (three rounds slowed by the machine are not the key's figure); of 100, the 90th."""
    from tests.bench.app_cases import P90_ROUNDS, percentile

    assert P90_ROUNDS >= 30
    assert percentile([float(x) for x in range(1, 31)], 0.90) == 27.0
    assert percentile([float(x) for x in range(1, 101)], 0.90) == 90.0
    slowest_three = [1.0] * (P90_ROUNDS - 3) + [9.0] * 3
    assert percentile(slowest_three, 0.90) == 1.0
