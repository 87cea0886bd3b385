"""c on a step of the checklist opens its check with the values that step sets: One If By
Land's morale test at charge step 2 says "charging" (it said "panic trigger")."""

from __future__ import annotations

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.resolve import ResolveScreen
from textual.widgets import Select, SelectionList

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until


async def test_c_on_a_step_opens_its_morale_test_for_that_step_s_reason() -> None:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    for _ in range(40):  # walk to the charge declarations of the first card drawn
        if game.state.phase == "charge_declarations":
            break
        game.next_step(at="2026-01-01T10:00:00+00:00")
    assert game.state.phase == "charge_declarations"
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        steps = battle.query_one("#steps", SelectionList)
        await pilot.press("s")
        await until(pilot, lambda: steps.has_focus)
        steps.highlighted = 1  # charge step 2: the charger tests (the walk is at step 1)
        await pilot.press("c")
        await until(
            pilot, lambda: isinstance(app.screen, ResolveScreen) and app.focused is not None
        )
        screen = app.screen
        assert isinstance(screen, ResolveScreen) and screen.check_id == "morale"
        assert screen.values["situation"] == "charging"
        assert screen.query_one("#in-situation", Select).value == "charging"
