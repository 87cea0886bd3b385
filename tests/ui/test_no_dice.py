"""The resolve screen offers no dice to type for a check that rolls none: no "Dice by hand"
line and field, and no h key (it was offered on One If By Land's winner of a melee)."""

from __future__ import annotations

from drumhead.screens.views.resolve import ResolveScreen
from textual.widgets import Input, Label

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until


async def test_a_check_without_dice_offers_none_to_type() -> None:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        unit = game.state.units[0].id
        app.action_open_resolve("melee_winner", unit)
        await until(
            pilot, lambda: isinstance(app.screen, ResolveScreen) and app.focused is not None
        )
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        assert not screen.query_one("#hand", Input).display
        assert not screen.query_one("#hand-label", Label).display
        assert screen.check_action("hand_dice", ()) is False
        keys = {b.binding.key for b in screen.active_bindings.values() if b.enabled}
        assert "h" not in keys
        # the morale test rolls a die: it has them
        app.action_open_resolve("morale", unit)
        await until(
            pilot,
            lambda: app.screen.check_id == "morale" and app.screen.query("#hand"),  # type: ignore[attr-defined]
        )
        assert app.screen.query_one("#hand", Input).display
