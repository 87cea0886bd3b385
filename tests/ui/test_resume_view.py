"""Resuming a game goes back where the players were, and a game drumhead never closed (a
crash, a kill) is the one reopened, with a word that it was recovered (issue: every tick
counts, item 4)."""

from __future__ import annotations

import time

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from drumhead.screens.widgets.card_pane import CardPane
from textual.widgets import SelectionList

from drumhead.game import new_game
from drumhead.saves import SaveSession, save_path
from tests.ui.helpers import cards_app, start_game, until


async def test_resume_reselects_the_unit_the_pane_and_the_screen() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await pilot.press("down", "down", "down")  # Red Line Regiment
        assert isinstance(app.screen, BattleScreen)
        assert app.screen.selected_unit() == "red_line"
        await pilot.press("s")  # the cursor to the phase checklist
        await pilot.press("l")  # the log open over the battle
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("q")
        await until(pilot, lambda: app.session.game is None)

    again = cards_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, LogScreen))
        battle = again.screen_stack[-2]
        assert isinstance(battle, BattleScreen)
        assert battle.selected_unit() == "red_line"
        card = battle.query_one("#unit-card", CardPane)
        assert "Red Line Regiment" in card.card.plain  # its card, not the first unit's
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(again.screen, BattleScreen))
        assert battle.query_one("#steps", SelectionList).has_focus


async def test_a_game_left_open_by_a_crash_is_the_one_reopened_and_said_so() -> None:
    """'bravo' was open when drumhead died; 'alpha' was saved and closed later by another
    route, so its header is newer. The start opens bravo, not alpha, and says it recovered
    it."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot, "bravo")
        await pilot.press("m")
        await pilot.press("h", "3", "enter", "a")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert app.session.game is not None
        events = len(app.session.game.log)
        # the process dies: the kernel drops its lock, nothing is closed
        app.session.save.release()
        app.session.keeper.save, app.session.game = None, None
    time.sleep(1.1)  # header times are to the second
    alpha = new_game("cards-test", name="alpha", seed=5)
    SaveSession.create(save_path(app.session.saves_folder(), "alpha"), alpha).close(alpha)

    again = cards_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: again.session.game is not None)
        assert again.session.game.state.name == "bravo"
        assert len(again.session.game.log) == events
        await until(  # what the toasts say (notices are posted, then shown)
            pilot,
            lambda: any(n.message.startswith("Recovered 'bravo'") for n in again._notifications),
        )
