"""The resolve screen offers only the inputs that apply to the unit (issue 37): what the view
adds to the session's :meth:`CheckForm.shown_inputs` (tests/session/test_inputs_that_apply.py)
is hiding the others' rows, and showing one again as soon as an input changed by keys makes it
apply."""

from __future__ import annotations

from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.views.resolve import ResolveScreen

from tests.ui.helpers import make_app, new_game_on_battle, until
from tests.ui.oracle.driver import Oracle


def offered(screen: ResolveScreen, name: str) -> bool:
    return bool(screen.query_one(f"#row-{name}").display)


async def test_infantry_moving_is_not_asked_about_horse_artillery_until_it_is_a_battery() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "mwan116-acw", "first-bull-run-henry-hill")
        assert app.session.game is not None
        player = Oracle(app, pilot, app.session.game)
        app.action_open_resolve("movement", "va4")
        await until(pilot, lambda: isinstance(app.screen, (ResolveScreen, GapModal)))
        if isinstance(app.screen, GapModal):
            await player.press("escape", "escape")
            await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        screen = player.screen
        await until(pilot, lambda: bool(screen.query("#row-arm")))
        assert not offered(screen, "horse_artillery") and not offered(screen, "mounting")
        assert offered(screen, "arm") and offered(screen, "enemy_within_12")
        arm = app.session.game.ruleset.check("movement").input("arm")
        assert arm is not None
        await player.set_input(arm, "artillery")
        await until(pilot, lambda: offered(screen, "horse_artillery"))
        assert not offered(screen, "mounting")
        await pilot.press("ctrl+q")
