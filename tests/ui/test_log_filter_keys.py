"""The log screen's view of the log: the rolls and changes by default, each turn's walk on
one line drawn as such; v shows every entry and folds them again; j on a folded line says
why nothing happens; reopened, the log is folded again. (What is folded and how is the
session's: tests/session/test_log_filter.py.)"""

from __future__ import annotations

from drumhead.screens.views.log import EVERYTHING, FOLDED, LogScreen
from drumhead.screens.widgets.log_view import LogView
from textual.widgets import Static

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_log, open_on_battle, until

AT = "2026-01-01T10:00:00+00:00"


async def test_v_shows_every_entry_and_folds_them_again() -> None:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    for _ in range(14):
        game.next_step(at=AT)
    game.note("the left flank holds", at=AT)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        log = await open_log(pilot)
        view = log.query_one(LogView)
        hint = log.query_one("#log-filter", Static)
        assert str(hint.render()) == FOLDED
        folded = view.row_count
        kinds = [view.row(i).kind for i in range(folded)]  # type: ignore[union-attr]
        assert "fold" in kinds and folded < game.event_count
        line = view.line_text(view.row(kinds.index("fold")), 100)  # type: ignore[arg-type]
        assert line.plain.lstrip().startswith("⋯  Turn 1 · ")
        await pilot.press("v")
        await until(pilot, lambda: view.row_count == game.event_count + 1)
        assert str(hint.render()) == EVERYTHING
        assert view.row(view.cursor).seq == game.event_count  # type: ignore[union-attr]
        await pilot.press("v")
        await until(pilot, lambda: view.row_count == folded)
        # j on the folded line: nothing is gone back to
        view.go_to(kinds.index("fold"))
        await pilot.press("j")
        await pilot.pause()
        assert game.event_count == 15
        # reopened: folded, as a new log would open
        await pilot.press("v")
        await until(pilot, lambda: log.everything)
        await pilot.press("escape", "l")
        await until(pilot, lambda: isinstance(app.screen, LogScreen) and not log.everything)
        assert view.row_count == folded and str(hint.render()) == FOLDED
