"""'.' (Step) keeps the roster's cursor where the players put it after a card is drawn (issue
35, a new player at Cowpens): d put the cursor on the brigade drawn, the player moved it to
the enemy unit to test, and the next '.' threw it back to the brigade's first unit, so the
arrows that followed picked the wrong unit. Only a card drawn by the step itself moves it."""

from __future__ import annotations

from drumhead.screens.views.battle import BattleScreen

from tests.ui.helpers import make_app, open_on_battle, until
from tests.ui.test_focus_rules import cowpens


async def test_a_step_after_a_draw_leaves_the_cursor_on_the_unit_picked() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, cowpens())
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await pilot.press("d")
        await until(pilot, lambda: bool(app.session.state.activation.drawn))
        await pilot.pause()
        first = screen.selected_unit()
        await pilot.press("down", "down")
        await until(pilot, lambda: screen.selected_unit() != first)
        picked = screen.selected_unit()
        await pilot.press(".")
        await pilot.pause()
        assert screen.selected_unit() == picked
        await pilot.press("up")
        await pilot.pause()
        assert screen.selected_unit() != picked  # the arrows still move the cursor
