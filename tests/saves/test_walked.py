"""The walk of a long game's record kept beside its save (drumhead.saves.walked): the next
``drumhead stats`` or ``drumhead export`` walks only the events since, and says exactly what a
walk from the first event says; a walk kept for other events, another game or another walk
is never used, and a cache that is damaged or switched off costs the walk only."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from drumhead.cache import files as cachefiles
from drumhead.game import Game
from drumhead.game.report import ReportWalk, export_markdown
from drumhead.game.stats import LuckWalk, luck_of, luck_report
from drumhead.saves import SaveSession, load_save
from drumhead.saves.walked import FOLDER, entry_name, walked
from tests.bench import make_game

EVENTS = 300


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, made_save: Callable[..., Path]) -> Path:
    """A 300-event game of Cowpens' units, its checks rolled, saved as drumhead saves it,
    with a cache of its own (made once, copied for each test)."""
    monkeypatch.setenv("DRUMHEAD_CACHE", str(tmp_path / "cache"))
    return made_save(tmp_path, units=16, events=EVENTS, name="w")


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seqs of the entries walked (by either walk), as they are walked."""
    walked_seqs: list[int] = []
    step = LuckWalk.step

    def counted(self: LuckWalk, game: Game, event: object, gone: object) -> None:
        walked_seqs.append(event.seq)  # type: ignore[attr-defined]
        step(self, game, event, gone)  # type: ignore[arg-type]

    monkeypatch.setattr(LuckWalk, "step", counted)
    return walked_seqs


def opened(save: Path) -> Game:
    game = load_save(save).game
    assert game.past is not None and game.past_in_log == game.event_count  # read when needed
    return game


def play_on(save: Path, events: int, seed: int = 5) -> int:
    """Open the save, play ``events`` more events, close it (a snapshot written); the log's
    length after."""
    session, game = SaveSession.open(save)
    rng = random.Random(seed)
    start = game.event_count
    while game.event_count < start + events:
        make_game.table_event(game, rng, game.event_count)
        session.autosave(game)
    session.close(game)
    return game.event_count


def test_the_second_report_walks_nothing_and_says_the_same(saved: Path, steps: list[int]) -> None:
    game = opened(saved)
    report, luck = export_markdown(game, walked(game, ReportWalk)), walked(game, LuckWalk)
    assert len(steps) == 2 * game.event_count  # each walked once, and kept
    steps.clear()
    again = opened(saved)
    assert export_markdown(again, walked(again, ReportWalk)) == report
    assert luck_of(again, walked(again, LuckWalk).rolls) == luck_of(game, luck.rolls)
    assert steps == []
    assert report == export_markdown(again) and luck_of(again, luck.rolls) == luck_report(again)


def test_a_game_played_on_walks_only_the_events_since(saved: Path, steps: list[int]) -> None:
    walked(opened(saved), ReportWalk)
    count = play_on(saved, 40)
    steps.clear()
    game = opened(saved)
    report = export_markdown(game, walked(game, ReportWalk))
    assert steps == list(range(EVENTS + 1, count + 1))
    assert report == export_markdown(game)
    steps.clear()
    walked(opened(saved), ReportWalk)
    assert steps == []  # the longer walk kept in its place


def test_a_full_save_writes_the_same_lines_and_keeps_the_walk_good(
    saved: Path, steps: list[int]
) -> None:
    walked(opened(saved), LuckWalk)
    session, game = SaveSession.open(saved)
    session.save(game)  # a new journal: the log written anew
    session.close(game)
    steps.clear()
    game = opened(saved)
    rolls = walked(game, LuckWalk).rolls
    assert steps == []
    assert rolls == LuckWalk.begin(game).walk_on(game).rolls


def test_a_walk_kept_for_other_events_is_not_used(saved: Path, steps: list[int]) -> None:
    walked(opened(saved), LuckWalk)
    session, game = SaveSession.open(saved)
    game.jump_to(EVENTS - 60)  # the last 60 events undone, 80 others played
    rng = random.Random(9)
    while game.event_count < EVENTS + 20:
        make_game.table_event(game, rng, game.event_count)
    session.close(game)
    steps.clear()
    game = opened(saved)
    rolls = walked(game, LuckWalk).rolls
    assert steps == list(range(1, EVENTS + 21))  # its first 300 events are not the ones kept
    assert rolls == LuckWalk.begin(game).walk_on(game).rolls


def test_a_revert_of_an_entry_walked_walks_from_the_start_and_keeps_nothing(
    saved: Path, steps: list[int]
) -> None:
    walked(opened(saved), LuckWalk)
    folder = cachefiles.folder(FOLDER, make=False)
    assert folder is not None
    kept = {p.name: p.read_bytes() for p in folder.iterdir()}
    game = opened(saved)
    game.note("played on", at="2026-11-30T20:00:00Z")  # the walk of the past would be kept
    target = next(e.seq for e in game.iter_log() if e.kind == "resolution")
    plan = game.revert(target)
    game.apply_revert(plan, drop=plan.drop, at="2026-11-30T20:00:00Z")
    steps.clear()
    luck = walked(game, LuckWalk)
    assert steps == list(range(1, EVENTS + 3))
    assert luck_of(game, luck.rolls) == luck_report(game)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == kept


def test_a_damaged_entry_or_no_cache_costs_the_walk_only(
    saved: Path, steps: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = opened(saved)
    want = export_markdown(game, walked(game, ReportWalk))
    entry = cachefiles.folder(FOLDER, make=False) / entry_name(game, ReportWalk)  # type: ignore[operator]
    data = bytearray(entry.read_bytes())
    data[len(data) // 2] ^= 0xFF
    entry.write_bytes(bytes(data))
    steps.clear()
    game = opened(saved)
    assert export_markdown(game, walked(game, ReportWalk)) == want
    assert len(steps) == EVENTS
    monkeypatch.setenv("DRUMHEAD_PARSED_CACHE", "0")
    steps.clear()
    game = load_save(saved).game
    assert export_markdown(game, walked(game, ReportWalk)) == want
    assert len(steps) == EVENTS


def test_each_walk_of_each_game_under_each_rules_is_kept_apart(saved: Path, tmp_path: Path) -> None:
    game = opened(saved)
    other = load_save(make_game.make(tmp_path / "other", units=17, events=10, name="o")).game
    names = {entry_name(game, LuckWalk), entry_name(game, ReportWalk), entry_name(other, LuckWalk)}
    assert len(names) == 3
    import dataclasses

    check = game.ruleset.checks[0]
    retitled = dataclasses.replace(check, title=check.title + " (errata)")
    game.ruleset = dataclasses.replace(game.ruleset, checks=(retitled, *game.ruleset.checks[1:]))
    assert entry_name(game, LuckWalk) not in names


def test_the_same_game_counted_again_walks_on_from_its_past_held_in_memory(
    saved: Path, steps: list[int]
) -> None:
    """The luck screen counts again after every change: the walk of the game's past is held
    for it (the walk kept on disk is not read again, nor the held walk changed by a count),
    until a revert takes back an entry of that past."""
    import shutil

    game = opened(saved)
    walked(game, LuckWalk)
    folder = cachefiles.folder(FOLDER, make=False)
    assert folder is not None
    shutil.rmtree(folder)  # only the walk held can spare the past's walk now
    game.note("played on", at="2026-11-30T20:00:00Z")
    for _ in range(2):
        steps.clear()
        luck = walked(game, LuckWalk)
        assert steps == [EVENTS + 1]
        assert luck_of(game, luck.rolls) == luck_report(game)
    target = next(e.seq for e in game.iter_log() if e.kind == "resolution")
    plan = game.revert(target)
    game.apply_revert(plan, drop=plan.drop, at="2026-11-30T20:00:00Z")
    steps.clear()
    luck = walked(game, LuckWalk)
    assert steps == list(range(1, EVENTS + 3))
    assert luck_of(game, luck.rolls) == luck_report(game)


def test_a_count_after_an_undo_below_the_past_walks_on_from_the_state_kept_before(
    saved: Path, steps: list[int]
) -> None:
    """Undo below the events the game was opened with: the next count starts from the past's
    last state kept (every 64 events, once replayed) and the rolls walked before it, not from
    the first event; and says what a walk from the first event says."""
    from drumhead.game.history import CHECKPOINT_EVERY

    game = opened(saved)
    walked(game, LuckWalk)
    game.replay_past()
    for back in (1, 5, 64, 65, 200):
        while game.past_in_log > EVENTS - back:
            game.undo()
        steps.clear()
        luck = walked(game, LuckWalk)
        cut = game.past_in_log
        kept = cut // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        assert steps == list(range(kept + 1, cut + 1)), back
        assert luck_of(game, luck.rolls) == luck_report(game)
    game.note("played on", at="2026-11-30T20:00:00Z")
    steps.clear()
    luck = walked(game, LuckWalk)
    assert steps == [game.event_count]  # the walk at the new end of the past held
    assert luck_of(game, luck.rolls) == luck_report(game)


def test_a_revert_of_an_entry_walked_walks_from_the_state_kept_before_it_once_replayed(
    saved: Path, steps: list[int]
) -> None:
    from drumhead.game.history import CHECKPOINT_EVERY

    game = opened(saved)
    walked(game, LuckWalk)
    game.replay_past()
    target = [e.seq for e in game.iter_log() if e.kind == "resolution"][-1]
    plan = game.revert(target)
    game.apply_revert(plan, drop=plan.drop, at="2026-11-30T20:00:00Z")
    kept = (target - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    for _ in range(2):
        steps.clear()
        luck = walked(game, LuckWalk)
        assert steps == list(range(kept + 1, game.event_count + 1))
        assert luck_of(game, luck.rolls) == luck_report(game)


def test_left_to_walk_is_what_the_next_luck_count_walks(saved: Path, steps: list[int]) -> None:
    """The luck screen counts at once when the count has little to walk: left_to_walk says
    how many entries walked() walks now (the whole log before any walk is held), and a
    count's work_left is the whole log until the game's luck was tallied once."""
    from drumhead.saves.walked import left_to_walk
    from drumhead.session.record import LuckCount

    game = opened(saved)
    count = LuckCount(game, game.event_count, game.state)
    assert left_to_walk(game) == count.work_left() == EVENTS  # nothing held yet
    count.run()
    assert left_to_walk(game) == LuckCount(game, EVENTS, game.state).work_left() == 0
    game.note("played on", at="2026-11-30T20:00:00Z")
    game.note("and on", at="2026-11-30T20:00:01Z")
    assert left_to_walk(game) == 2
    steps.clear()
    walked(game, LuckWalk)
    assert steps == [EVENTS + 1, EVENTS + 2]
