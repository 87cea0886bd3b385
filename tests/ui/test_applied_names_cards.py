"""The notice after a applies names the cards the effects changed (issue 35, a new player's
wave attack): the declaration marks both waves and leaves a note for the table, and the
notice named the Union regiment too, though nothing landed on its card."""

from __future__ import annotations

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until
from tests.ui.test_focus_rules import resolve_for


async def test_the_notice_names_only_the_cards_changed() -> None:
    app = make_app()
    game = new_game("rank-and-file", scenario=load_scenario("rnf-wave-attack"), seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "wave_attack", "csa_first_wave")
        assert screen.form is not None
        screen.form.set_role("second", "csa_second_wave")
        screen.form.set_role("target", "union_regiment")
        screen.form_refilled()
        await pilot.press("r")
        await until(pilot, lambda: screen.form is not None and screen.form.result is not None)
        await pilot.press("a")
        await until(pilot, lambda: app.screen is not screen)
        notices = [n.message for n in app._notifications]  # type: ignore[attr-defined]
        assert (
            "Applied 3 effects to Confederate regiment (first wave), Confederate regiment "
            "(second wave); 1 note in the log (u undoes)."
        ) in notices, notices
        assert not any("Union regiment" in m for m in notices)
