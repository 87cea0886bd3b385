"""A refusal about another side's card lands on that side's row (issues 35, 37): the row
takes the focus, the reason shows under it, and Enter on it opens that side's picker alone.
The side picker is a dialog: before, such a refusal had no widget to focus (and a unit of
the wrong side added with g took the app down)."""

from __future__ import annotations

import pytest
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.themes import CONTRAST_THEME, DEFAULT_THEME
from drumhead.screens.views.resolve import ResolveScreen
from drumhead.screens.views.resolve.sides import RoleRow
from textual.widgets import Static

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until
from tests.ui.oracle.driver import shown
from tests.ui.test_focus_rules import resolve_for


def henry_hill() -> object:
    """Henry Hill with the 4th Virginia after a Charge to Combat (a frontal attack needs it)."""
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=3)
    game.edit_unit("va4", "state", "charge_to_combat", at="t")
    return game


async def pick(pilot: object, screen: ResolveScreen, unit: str) -> None:
    """In the unit picker just opened: the arrows to ``unit``, Enter; back on ``screen``."""
    app = pilot.app  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
    picker = app.screen
    assert isinstance(picker, UnitPickModal)
    ids = [u.id for u in picker.units]
    await pilot.press(*["down"] * ids.index(unit), "enter")  # type: ignore[attr-defined]
    await until(pilot, lambda: app.screen is screen and app.focused is not None)
    await pilot.pause()  # type: ignore[attr-defined]


async def test_a_refusal_read_from_the_defenders_card_focuses_the_defenders_row() -> None:
    """MWAN close combat: the 4th Virginia's infantry on Ricketts' battery from the front is
    refused for what the defender's card says (artillery). The defender's row has the focus,
    the refusal under it; Enter opens the defender's picker (only it), and a defender the
    rules take clears the refusal and moves the focus on."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, henry_hill())
        screen = await resolve_for(pilot, "close_combat", "va4")
        row = screen.query_one("#role-defender", RoleRow)
        assert row.display and "not picked yet" in shown(screen, "#role-defender")
        await pilot.press("o")
        await pick(pilot, screen, "ricketts")
        form = screen.form
        assert form is not None and form.refused_about == ("defender_type",)
        assert app.focused is row  # not the defender's type field: his card says artillery
        refusal = shown(screen, "#refused-defender")
        assert screen.query_one("#refused-defender", Static).display
        assert refusal.startswith("✗ Close combat (frontal) refused: infantry attacking artillery")
        assert refusal == shown(screen, "#needed")  # the same words as the odds give
        await pilot.press("enter")  # one key: the defender's picker again
        await pick(pilot, screen, "ny11_zouaves")
        assert form.roles == {"defender": "ny11_zouaves"} and not form.refused_about
        assert not screen.query_one("#refused-defender", Static).display
        assert app.focused is not row  # on to the next step (the form's first need)


@pytest.mark.parametrize("theme", [DEFAULT_THEME.name, CONTRAST_THEME.name])
async def test_the_defenders_row_shows_its_focus_and_its_key(theme: str) -> None:
    """The row with the focus is drawn as a list's highlighted entry is, in each theme, and
    the footer names its Enter (the row's own binding)."""
    from tests.ui.test_focus_marked import cells, plainly_apart

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, henry_hill())
        app.theme = theme
        screen = await resolve_for(pilot, "close_combat", "va4")
        row = screen.query_one("#role-defender", RoleRow)
        elsewhere = screen.focused
        screen.set_focus(row)
        await pilot.pause()
        focused = cells(row)
        enter = screen.active_bindings.get("enter")
        assert enter is not None and enter.node is row and enter.binding.action == "pick"
        screen.set_focus(elsewhere)
        await pilot.pause()
        assert plainly_apart(focused, cells(row))


async def test_a_unit_the_rules_refuse_for_a_side_is_shown_under_its_row() -> None:
    """Republique assault: g offers only the unit's own army for the assaulting side (an
    enemy picked there took the app down: the form refused it in the picker's worker). A
    unit the side rule refuses (here a friend of the attacker's as the defender, offered by
    a picker patched to list everyone) is not taken: the reason shows under the defenders' row,
    which keeps the focus."""
    game = new_game("republique", scenario=load_scenario("aspern-1809"), seed=2)
    answers = dict.fromkeys(("troop_grade_veteran", "outnumbered_3_2"), 1)  # no question
    game.set_gaps(answers, at="2024-05-01T20:00:00")  # type: ignore[attr-defined]
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "assault", "ir15_zach")
        form = screen.form
        assert form is not None
        form.set_role("defender", "ligne_67")
        screen.form_refilled()
        await pilot.pause()
        await pilot.press("g")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        offered = app.screen.units  # type: ignore[attr-defined]
        assert offered and {u.side for u in offered} == {"austrian"}, offered
        await pilot.press("escape")  # no second assaulting unit: the defenders' side next
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        # a picker that offered a unit the rules refuse (what the side rule guards)
        form.role_units = lambda role: list(game.state.units)  # type: ignore[method-assign]
        row = screen.query_one("#role-defender", RoleRow)
        screen.set_focus(row)
        await pilot.press("enter")  # the defenders' picker alone
        await pick(pilot, screen, "hiller_line")  # a friend of the attacker's, as the enemy
        assert form.roles == {"defender": "ligne_67"}  # not taken
        assert app.focused is row
        assert shown(screen, "#refused-defender").startswith("✗ ")
        assert "is on the side of IR 15 Zach" in shown(screen, "#refused-defender")


async def test_a_unit_on_one_side_is_not_offered_for_another() -> None:
    """Republique assault: 67e Ligne picked as the defender is not offered again for the
    defending units in incidental contact (picked there too, it took both sides' morale
    hits); the defender's own picker still offers it (to keep it)."""
    game = new_game("republique", scenario=load_scenario("aspern-1809"), seed=2)
    answers = dict.fromkeys(("troop_grade_veteran", "outnumbered_3_2"), 1)  # no question
    game.set_gaps(answers, at="2024-05-01T20:00:00")  # type: ignore[attr-defined]
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "assault", "ir15_zach")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        ids = [u.id for u in app.screen.units]  # type: ignore[attr-defined]
        await pilot.press(*["down"] * ids.index("ligne_67"), "enter")
        offered: dict[str, list[str]] = {}
        for role in ("attacker_incidental", "defender_incidental"):
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            offered[role] = [u.id for u in app.screen.units]  # type: ignore[attr-defined]
            await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert screen.form is not None and screen.form.roles == {"defender": "ligne_67"}
        assert offered["defender_incidental"] and "ligne_67" not in offered["defender_incidental"]
        assert "ir15_zach" not in offered["attacker_incidental"]
        screen.set_focus(screen.query_one("#role-defender", RoleRow))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        assert "ligne_67" in [u.id for u in app.screen.units]  # type: ignore[attr-defined]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
