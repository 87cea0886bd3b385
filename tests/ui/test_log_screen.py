"""The log screen as a player uses it on a long game: it opens on the latest entry, moves by
turn, finds words, shows an undo and a redo at once, and goes back to an entry; all from the
rows on the screen (issue 21: every key flat)."""

from __future__ import annotations

from pathlib import Path

import pytest
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from drumhead.screens.widgets.log_view import LogView
from textual.widgets import Input, Static

from drumhead.game import Game
from drumhead.saves import load_save
from tests.bench import make_game
from tests.ui.helpers import make_app, until

EVENTS = 1500


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 16-unit Cowpens game of 1,500 events (make_game.py's mix, no rolls), saved."""
    folder = tmp_path_factory.mktemp("log")
    return make_game.make(folder, units=16, events=EVENTS, checks=False, name="long")


def opened(saved: Path) -> Game:
    """The game as the app opens it: from its snapshot, its past read when needed."""
    game = load_save(saved).game
    assert game.past is not None and game.event_count == EVENTS
    return game


def rows_text(screen: LogScreen) -> list[str]:
    """What the log shows, line by line."""
    view = screen.query_one(LogView)
    return [
        "".join(s.text for s in view.render_line(y))
        for y in range(view.scrollable_content_region.height)
    ]


async def open_log(pilot: object, app: object) -> LogScreen:
    await until(pilot, lambda: isinstance(app.screen, BattleScreen) and app.screen.is_mounted)  # type: ignore[attr-defined]
    await pilot.press("l")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, LogScreen))  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, LogScreen)
    # every entry a row (v): these tests read the log entry by entry, row n showing entry n
    await pilot.press("v")  # type: ignore[attr-defined]
    await until(pilot, lambda: screen.everything)
    return screen


async def test_the_log_opens_on_the_latest_entry_and_moves_by_turn(saved: Path) -> None:
    game = opened(saved)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.session.open_game(game)
        log = await open_log(pilot, app)
        view = log.query_one(LogView)
        assert view.cursor == EVENTS and view.row_count == EVENTS + 1
        shown = rows_text(log)
        assert any(line.lstrip().startswith(f"{EVENTS}  ") for line in shown), shown
        last = game.last_event
        assert last is not None
        where = str(log.query_one("#log-where", Static).visual)
        assert where == game.turn_label_at(last.turn, last.phase, short=True)
        # [ goes to the first entry of this turn, ] to the next turn's
        await pilot.press("left_square_bracket")
        first = view.cursor
        assert game.events(first - 1, first)[0].turn == last.turn
        assert game.events(first - 2, first - 1)[0].turn < last.turn
        await pilot.press("left_square_bracket")
        earlier = view.cursor
        assert game.events(earlier - 1, earlier)[0].turn == last.turn - 1
        await pilot.press("right_square_bracket")
        assert view.cursor == first
        await pilot.press("home")
        assert view.cursor == 0 and "Start of the game" in rows_text(log)[0]
        await pilot.press("end")
        assert view.cursor == EVENTS


async def test_undo_and_redo_show_at_once_and_j_goes_back(saved: Path) -> None:
    game = opened(saved)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.session.open_game(game)
        log = await open_log(pilot, app)
        view = log.query_one(LogView)
        await pilot.press("u")
        await until(pilot, lambda: view.row_count == EVENTS + 2)  # the rule and the undone
        assert view.cursor == EVENTS - 1 and game.event_count == EVENTS - 1
        assert any("[undone]" in line for line in rows_text(log))
        await pilot.press("U")
        await until(pilot, lambda: view.row_count == EVENTS + 1)
        assert view.cursor == EVENTS
        await pilot.press("up", "up", "j")
        await until(pilot, lambda: game.event_count == EVENTS - 2)
        assert len(game.redo_stack) == 2 and view.cursor == EVENTS - 2
        await pilot.press("end")
        await pilot.press("j")  # on an undone entry: nothing to go back to
        assert game.event_count == EVENTS - 2


async def test_search_finds_the_words_back_from_the_cursor(saved: Path) -> None:
    game = opened(saved)
    notes = [e.seq for e in game.iter_log() if e.kind == "note"]
    assert len(notes) >= 3
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.session.open_game(game)
        log = await open_log(pilot, app)
        view = log.query_one(LogView)
        await pilot.press("slash")
        search = log.query_one("#log-search", Input)
        assert search.display and search.has_focus
        await pilot.press(*"NOTE:", "enter")
        await until(pilot, lambda: view.cursor == notes[-1])
        assert view.has_focus and not search.display
        await pilot.press("n")
        await until(pilot, lambda: view.cursor == notes[-2])
        await pilot.press("N")
        await until(pilot, lambda: view.cursor == notes[-1])
        await pilot.press("slash", *"no such words anywhere", "enter")
        await pilot.pause(0.3)
        assert view.cursor == notes[-1]  # not found: the cursor stays
        await pilot.press("slash", "escape")
        assert isinstance(app.screen, LogScreen) and not search.display
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
