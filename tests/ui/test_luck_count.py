"""A long game's luck is counted in a worker thread: the luck screen opens at once saying so,
then shows exactly what counting as it opens shows; a game changed while it counted is counted
again; a count that fails says why on the screen. A scope's pane lists its latest rolls only
(the whole game's 23,000 rolls of a 50,000-entry log took seconds to lay out on every move),
and says how many there are and where to read every one."""

from __future__ import annotations

import threading
from itertools import pairwise

import pytest
from drumhead.screens.views import luck as luck_view
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from drumhead.screens.views.luck import LuckScreen, detail_lines, ordered_scopes, scope_label
from textual.widgets import OptionList

from drumhead.errors import DrumheadError
from drumhead.game.stats import luck_report
from drumhead.session.record import LuckCount
from tests.ui.helpers import cards_app, open_log, start_game, until
from tests.ui.test_record import play_two_routs


def shown(screen: LuckScreen) -> tuple[list[str], str]:
    scopes = screen.query_one("#luck-scopes", OptionList)
    return [str(scopes.get_option_at_index(i).prompt) for i in range(scopes.option_count)], (
        screen.detail_text
    )


def hold_counts(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[str]]:
    """Every log counted in the background, each count waiting until the event is set (the
    screen is seen counting first); the names of the exceptions that ended counts."""
    release = threading.Event()
    ended: list[str] = []
    real_run = LuckCount.run

    def held_run(count: LuckCount) -> object:
        release.wait(10)
        try:
            return real_run(count)
        except Exception as exc:
            ended.append(type(exc).__name__)
            raise

    monkeypatch.setattr(luck_view, "COUNT_AT_ONCE", 0)
    monkeypatch.setattr(LuckCount, "run", held_run)
    return release, ended


async def open_luck(pilot: object) -> LuckScreen:
    app = pilot.app  # type: ignore[attr-defined]
    await open_log(pilot)
    await pilot.press("s")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, LuckScreen) and app.screen.is_mounted)
    screen = app.screen
    assert isinstance(screen, LuckScreen)
    return screen


async def test_counted_in_the_background_it_shows_what_counting_at_once_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        at_once = await open_luck(pilot)
        assert at_once.counted_at_once
        expected = shown(at_once)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("u", "U")  # the same entries, the game changed since its count

        release, _ = hold_counts(monkeypatch)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, LuckScreen) and app.screen.is_mounted)
        counting = app.screen
        assert isinstance(counting, LuckScreen) and not counting.counted_at_once
        await pilot.pause()
        assert shown(counting) == ([], "Counting the luck of 4 log entries…")
        release.set()
        await until(pilot, lambda: counting.report is not None)
        await pilot.pause()
        assert shown(counting) == expected
        game = app.session.game
        assert game is not None
        report = luck_report(game)
        assert shown(counting)[1] == "\n".join(detail_lines(report, report.game))
        await pilot.press("down")
        assert counting.detail_text == "\n".join(detail_lines(report, ordered_scopes(report)[1]))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))


async def test_a_game_changed_while_counting_is_counted_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        real_run = LuckCount.run
        runs: list[int] = []

        def changing_run(count: LuckCount) -> object:
            runs.append(count.entries)
            if len(runs) == 1:  # the players undo the last entry meanwhile (the palette)
                app.call_from_thread(app.session.undo)
            return real_run(count)

        monkeypatch.setattr(luck_view, "COUNT_AT_ONCE", 0)
        monkeypatch.setattr(LuckCount, "run", changing_run)
        screen = await open_luck(pilot)
        await until(pilot, lambda: screen.report is not None)
        assert runs == [4, 3]
        game = app.session.game
        assert game is not None
        report = luck_report(game)
        labels, detail = shown(screen)
        assert labels == [scope_label(report, s) for s in ordered_scopes(report)]
        assert detail == "\n".join(detail_lines(report, report.game))


async def test_a_count_that_fails_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing_run(count: LuckCount) -> object:
        raise DrumheadError("entry 3 cannot be read")

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        monkeypatch.setattr(luck_view, "COUNT_AT_ONCE", 0)
        monkeypatch.setattr(LuckCount, "run", failing_run)
        screen = await open_luck(pilot)
        await until(pilot, lambda: "could not" in screen.detail_text)
        assert shown(screen) == (
            [],
            "The luck could not be counted: DrumheadError: entry 3 cannot be read",
        )
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))


async def test_a_scope_lists_its_latest_rolls_and_says_how_many(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        game = app.session.game
        assert game is not None
        report = luck_report(game)
        every = detail_lines(report, report.game)
        listed = every[every.index("Rolls (2):") + 1 :]
        assert [line.split(":")[0] for line in listed] == ["entry 1 (turn 1)", "entry 3 (turn 1)"]
        monkeypatch.setattr(luck_view, "ROLLS_SHOWN", 1)
        latest = detail_lines(report, report.game)
        heading = next(line for line in latest if line.startswith("Rolls"))
        assert heading == (
            "Rolls (2; the latest 1 shown, the log and `drumhead stats --json` list every one):"
        )
        assert latest[latest.index(heading) + 1 :] == listed[1:]  # the latest roll only
        assert latest[: latest.index(heading)] == every[: every.index("Rolls (2):")]  # figures


async def test_leaving_the_screen_stops_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Escape while counting: the count stops at its next look (it held every key back for
    seconds after the screen was gone); nothing is told."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        release, ended = hold_counts(monkeypatch)
        screen = await open_luck(pilot)
        count = screen.counting
        assert count is not None and not count.stopped.is_set()
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await until(pilot, count.stopped.is_set)  # the screen is kept: left, not unmounted
        release.set()
        await until(pilot, lambda: bool(ended))
        await pilot.pause()
        assert ended == ["CountStopped"]
        assert not any("could not" in n.message for n in app._notifications)


async def test_the_kept_screen_opened_again_shows_the_luck_as_it_is_now() -> None:
    """The luck screen is kept (building it was most of the key's time): opened again after
    an undo, it shows the luck of the game as it is then, from the top."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        first = await open_luck(pilot)
        await pilot.press("down", "down")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("u", "u")  # Red Line's roll and its effects taken back
        await pilot.press("s")
        await until(pilot, lambda: app.screen is first)
        await pilot.pause()
        game = app.session.game
        assert game is not None
        report = luck_report(game)
        assert len(report.rolls) == 1
        labels, detail = shown(first)
        assert labels == [scope_label(report, s) for s in ordered_scopes(report)]
        assert detail == "\n".join(detail_lines(report, report.game))
        assert first.query_one("#luck-scopes", OptionList).highlighted == 0


async def test_the_battle_counts_the_luck_ahead_and_s_shows_it_without_counting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The luck screen is built ahead with the battle's other screens, its count with it (in
    the background, for a long log): the first s shows that count, counted no more, as long as
    the game is as it was counted; after a change, s counts again."""
    counts: list[int] = []
    real_run = LuckCount.run

    def counted_run(count: LuckCount) -> object:
        counts.append(count.entries)
        return real_run(count)

    monkeypatch.setattr(luck_view, "COUNT_AT_ONCE", 0)  # a long log's: in the background
    monkeypatch.setattr(LuckCount, "run", counted_run)
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await until(
            pilot,
            lambda: any(isinstance(s, LuckScreen) and s.report for s in app.kept.screens),
            limit=15,
        )
        ahead = next(s for s in app.kept.screens if isinstance(s, LuckScreen))
        assert ahead not in app.screen_stack and counts == [0]  # built, counted, not shown
        screen = await open_luck(pilot)
        assert screen is ahead and counts == [0]
        game = app.session.game
        assert game is not None
        report = luck_report(game)
        assert shown(screen) == (
            [scope_label(report, s) for s in ordered_scopes(report)],
            "\n".join(detail_lines(report, report.game)),
        )
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        await pilot.press("down", "down", "m", "h", "9", "enter", "a")  # a rout, its effects
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert await open_luck(pilot) is screen
        await until(pilot, lambda: screen.report is not None and counts == [0, 2])
        await pilot.pause()
        game = app.session.game
        assert game is not None
        report = luck_report(game)
        assert shown(screen)[1] == "\n".join(detail_lines(report, report.game))


def test_the_rolls_are_drawn_in_chunks_cut_at_every_25th_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pane's parts, joined, are its lines; the rolls listed are cut into chunks at the
    scope's every ROLL_CHUNK-th roll, so that after one more roll the chunks in between hold
    the same rolls and read the same (not wrapped and laid out again), the first one roll
    fewer and the last one more."""
    import gamegen

    from drumhead.game.stats import luck_report as report_of

    monkeypatch.setattr(luck_view, "ROLLS_SHOWN", 12)
    monkeypatch.setattr(luck_view, "ROLL_CHUNK", 5)
    game = gamegen.random_game(11, 160, units=6)

    def cut(n: int) -> list[tuple[int, int]]:  # the rolls of each chunk, by index
        start = n - 12
        bounds = [start, *range((start // 5 + 1) * 5, n, 5), n]
        return list(pairwise(bounds))

    before = report_of(game)
    n = len(before.game.rolls)
    parts = luck_view.detail_parts(before, before.game)
    assert [line for part in parts for line in part] == detail_lines(before, before.game)
    chunks = dict(zip(cut(n), parts[4:], strict=True))
    assert n > 20 and [len(c) for c in chunks.values()] == [b - a for a, b in chunks]
    unit = next(u for u in game.state.units if not u.removed)
    game.resolve("morale", unit.id, {}, [], hand_dice=[3], at=gamegen.stamp(999))
    after = report_of(game)
    again = dict(zip(cut(n + 1), luck_view.detail_parts(after, after.game)[4:], strict=True))
    same = set(chunks) & set(again)
    assert len(same) >= 1 and all(chunks[k] == again[k] for k in same)


async def test_a_units_first_roll_puts_its_line_in_among_its_sides() -> None:
    """Counted again after a change, the list draws anew only the lines that changed and
    adds the rest at its end: after a unit's first roll (its line put in among its side's,
    the lines below it moved down one) it reads as a list made anew, line by line."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        screen = await open_luck(pilot)
        before = len(screen.scopes)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        await pilot.press("down", "down", "m", "h", "9", "enter", "a")  # a third unit's rout
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert await open_luck(pilot) is screen
        await pilot.pause()
        game = app.session.game
        assert game is not None
        report = luck_report(game)
        labels, detail = shown(screen)
        assert len(labels) == before + 1
        assert labels == [scope_label(report, s) for s in ordered_scopes(report)]
        assert detail == "\n".join(detail_lines(report, report.game))
        scopes = screen.query_one("#luck-scopes", OptionList)
        assert [scopes.get_option_at_index(i).id for i in range(len(labels))] == [
            f"scope:{i}" for i in range(len(labels))
        ]
