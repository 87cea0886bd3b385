"""``e`` edits an effect's amount right after a roll, whether or not the players moved into
the effects list (it said "roll first" when the list had no cursor yet)."""

from __future__ import annotations

from drumhead.screens.dialogs.edit_value import EditValueModal
from drumhead.screens.views.resolve import ResolveScreen
from textual.widgets import Input

from tests.ui.helpers import cards_app, start_game, until


async def test_e_after_r_edits_the_first_effect_with_an_amount() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        app.action_open_resolve("fire", "blue_rifles")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        await pilot.press("e")  # nothing rolled yet
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("h", "4", "escape")  # typed, then left without reading them
        await pilot.press("r")
        await until(pilot, lambda: screen.form is not None and screen.form.result is not None)
        form = screen.form
        assert form is not None
        amounts = [i for i in range(len(form.effects)) if form.amount_refusal(i) is None]
        assert amounts, "the fire's result has an amount to edit"
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, EditValueModal))
        field = app.screen.query_one(Input)
        await pilot.press("end", *["backspace"] * 4, "7", "enter")
        await until(pilot, lambda: app.screen is screen)
        assert form.effects[amounts[0]].amount == 7
        assert field.value == "7"
