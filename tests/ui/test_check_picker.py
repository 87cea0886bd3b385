"""Picking another check from the resolve screen's check picker (c opens it; the arrows,
Enter) resolves that check: its inputs, its odds and its roll, for the same unit. (The
picker once changed nothing: the screen was built again from the check it was opened on.)"""

from __future__ import annotations

from drumhead.screens.views.resolve import ResolveScreen
from textual.widgets import Select

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until


async def test_another_check_picked_is_the_one_resolved() -> None:
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=5)
    game.edit_unit("va2", "state", "charge_to_combat", at="t")  # a frontal attack needs it
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        app.action_open_resolve("initiative", "va2")
        await until(
            pilot, lambda: isinstance(app.screen, ResolveScreen) and app.focused is not None
        )
        screen = app.screen
        assert isinstance(screen, ResolveScreen) and screen.check_id == "initiative"
        titles = [c.id for c in app.session.check_choices("va2")]
        target = titles.index("close_combat") - titles.index("initiative")
        await pilot.press("c")  # the list of checks, open at once
        await pilot.pause()
        assert app.screen.query_one("#check", Select).expanded
        for _ in range(target):
            await pilot.press("down")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.query_one("#check", Select).value == "close_combat")
        now = app.screen
        assert isinstance(now, ResolveScreen)
        assert now.check_id == "close_combat" and now.unit_id == "va2"
        assert now.form is not None and now.form.check_id == "close_combat"
        fresh = app.session.form("close_combat", "va2")  # as opened for it directly
        assert fresh is not None and fresh.values
        assert {k: now.values.get(k) for k in fresh.values} == fresh.values  # the card's
        await pilot.press("r")
        await until(pilot, lambda: now.result is not None)
        last = game.last_event
        assert last is not None and last.kind == "resolution"
        assert last.data["check"] == "close_combat" and last.data["unit"] == "va2"
