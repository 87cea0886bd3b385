"""A unit's field corrected out of range is refused in the dialog, which stays open with the
reason (it closed, lost what was typed and said so in a toast naming the unit's id)."""

from __future__ import annotations

from drumhead.screens.dialogs.edit_value import EditValueModal
from drumhead.screens.views.units import UnitsScreen
from textual.widgets import Input, OptionList, Static

from tests.ui.helpers import cards_app, start_game, until


async def open_strength(pilot: object) -> tuple[UnitsScreen, str, int]:
    app = pilot.app  # type: ignore[attr-defined]
    await pilot.press("e")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, UnitsScreen))
    screen = app.screen
    await pilot.press("enter")  # type: ignore[attr-defined]
    fields = screen.query_one("#field-list", OptionList)
    ids = [fields.get_option_at_index(i).id for i in range(fields.option_count)]
    fields.highlighted = ids.index("strength_now")
    await pilot.press("enter")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, EditValueModal))
    unit = app.session.state.unit(screen.card_unit)
    return screen, unit.id, unit.strength_start


async def test_a_strength_above_the_start_is_refused_in_the_dialog() -> None:
    app = cards_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await start_game(pilot)
        screen, unit_id, start = await open_strength(pilot)
        before = len(app.session.game.log)
        dialog = app.screen
        await pilot.press("end", *["backspace"] * 4, *str(start + 5), "enter")
        await pilot.pause()
        assert app.screen is dialog  # still open, with the value typed
        assert dialog.query_one(Input).value == str(start + 5)
        error = str(dialog.query_one("#edit-error", Static).render())
        assert error == "✗ is more than the strength at the start"
        assert len(app.session.game.log) == before  # nothing recorded
        await pilot.press("end", *["backspace"] * 4, *str(start - 1), "enter")
        await until(pilot, lambda: app.screen is screen)
        assert app.session.state.unit(unit_id).strength_now == start - 1
        assert len(app.session.game.log) == before + 1


async def test_a_negative_strength_is_refused_in_the_dialog() -> None:
    app = cards_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await start_game(pilot)
        await open_strength(pilot)
        dialog = app.screen
        await pilot.press("end", *["backspace"] * 4, "-", "5", "enter")
        await pilot.pause()
        assert app.screen is dialog
        error = str(dialog.query_one("#edit-error", Static).render())
        assert error.startswith("✗ ") and "0 or more" in error and "unit " not in error


async def test_opened_on_no_unit_in_a_game_with_leaders_the_first_units_card_shows() -> None:
    """The units screen opened without a unit (the palette's "Units", a game resumed on
    this screen) in a game with leaders: the first unit's card and fields. The list's
    leaders heading has no id, and "no unit" was taken for it: the card said "No units: a
    adds one." beside a full list."""
    app = cards_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await start_game(pilot)
        assert app.session.state.leaders  # the case: the list has a leaders heading
        app.action_open_units()
        await until(pilot, lambda: isinstance(app.screen, UnitsScreen))
        screen = app.screen
        first = app.session.state.units[0]
        await until(pilot, lambda: screen.unit_id == first.id)
        card = screen.query_one("#units-card")
        assert card.card.plain.startswith(first.name)  # type: ignore[attr-defined]
        assert screen.query_one("#field-list", OptionList).option_count > 0
