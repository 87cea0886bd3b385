"""The resolve screen asks for what a general's card lacks before a result falls on his
command (OIBL p.11 Risk to generals; ruling oibl-general-command): Pickens killed with no
command on his card, 'a' asks which brigades or units he commands, refuses a name his side does
not have, keeps the answer on his card, and the panic markers land on those units. What the
game does is tested at the session (tests/session/test_command_panic.py); this is the view's
question."""

from __future__ import annotations


async def test_a_general_killed_with_no_command_on_his_card_is_asked_for_it() -> None:
    from drumhead.screens.dialogs.edit_value import EditValueModal
    from drumhead.screens.views.battle import BattleScreen
    from textual.widgets import Static

    from tests.ui.full_turn import Table
    from tests.ui.helpers import make_app, new_game_on_battle, until

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, pilot)
        await new_game_on_battle(pilot, "one-if-by-land", "cowpens-1781")
        app.session.edit_leader("pickens", "commands", [])
        app.action_open_resolve("general_risk", "sc_militia_spartan")
        await until(pilot, lambda: table.resolve.form is not None)
        form = table.resolve.form
        assert form is not None
        form.set_input("hits", "2")
        await table.hand_dice(1, 6)
        assert form.result is not None and form.result.outcome == "killed"
        await table.press("a")
        await until(pilot, lambda: isinstance(app.screen, EditValueModal))
        assert app.screen.title_text.startswith(
            "Which brigades or units does Col. Andrew Pickens command? (his card names none)"
        )
        assert "skirmish_line, militia_line, main_line" in app.screen.title_text
        await table.press(*"militia_lin", "enter")  # a slip: refused, the dialog stays
        error = str(app.screen.query_one("#edit-error", Static).render())
        assert "no 'militia_lin' on his side" in error
        await table.press("e", "enter")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        state = table.game.state
        assert state.leader("pickens").commands == ("militia_line",)
        assert state.leader("pickens").status == "killed"
        marked = {u.id for u in state.units if "panic" in u.markers}
        assert marked == {"sc_militia_spartan", "sc_militia_little_river"}
        await pilot.press("ctrl+q")
