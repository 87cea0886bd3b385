"""After every action on the resolve screen the focus lands where the next step is, and a
question opens as soon as it is needed, never under a list left open (issue 37: the hands
kept losing their place)."""

from __future__ import annotations

from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.views.resolve import ResolveScreen
from drumhead.screens.views.resolve.form import InputForm
from phases import to_phase
from textual.widgets import Input, Select, SelectionList

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until
from tests.ui.oracle.driver import shown


async def resolve_for(pilot: object, check: str, unit: str) -> ResolveScreen:
    """The resolve screen opened on ``check`` for ``unit``, once it has set its focus."""
    app = pilot.app  # type: ignore[attr-defined]
    app.action_open_resolve(check, unit)
    await until(
        pilot,
        lambda: (
            isinstance(app.screen, ResolveScreen)
            and app.screen.check_id == check
            and app.focused is not None
        ),
    )
    screen = app.screen
    assert isinstance(screen, ResolveScreen)
    return screen


def cowpens(seed: int = 3) -> object:
    return new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=seed)


async def test_a_check_picked_from_the_list_takes_the_focus_to_its_first_need() -> None:
    """c, the arrows, Enter: the focus is on the new check's modifiers (the first
    highlighted), not on the picker, so space ticks a modifier as the footer says."""
    game = cowpens()
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        unit = game.state.units[0].id  # type: ignore[attr-defined]
        screen = await resolve_for(pilot, "morale", unit)
        ids = [c.id for c in app.session.check_choices(unit)]
        await pilot.press("c")
        await until(pilot, lambda: screen.query_one("#check", Select).expanded)
        for _ in range(ids.index("fire") - ids.index("morale")):
            await pilot.press("down")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.check_id == "fire" and app.focused is not None)
        now = app.screen
        assert isinstance(now, ResolveScreen)
        assert app.focused is not now.query_one("#check", Select)
        if now.form is not None and now.form.missing_inputs():
            first = now.form.missing_inputs()[0].name
            assert app.focused is now.query_one(f"#in-{first}")
        else:
            mods = now.query_one("#mods", SelectionList)
            assert app.focused is mods and mods.highlighted == 0
            await pilot.press("space")
            assert now.ticked  # ticked, not the list of checks opened again
            assert not now.query_one("#check", Select).expanded


async def test_after_a_roll_the_first_effect_is_highlighted_and_space_unticks_it() -> None:
    game = cowpens()
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "morale", game.state.units[0].id)  # type: ignore[attr-defined]
        await pilot.press("h", "9", "enter")  # a failure: effects to apply
        await until(pilot, lambda: screen.result is not None)
        effects = screen.query_one("#effects", SelectionList)
        assert screen.effects and app.focused is effects and effects.highlighted == 0
        await pilot.press("space")
        assert 0 not in effects.selected


async def test_after_a_roll_with_r_the_focus_is_on_the_effects_too() -> None:
    game = cowpens(seed=13)  # its first morale test fails by 2 or more
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "morale", game.state.units[0].id)  # type: ignore[attr-defined]
        await pilot.press("r")
        await until(pilot, lambda: screen.result is not None)
        effects = screen.query_one("#effects", SelectionList)
        assert screen.effects and app.focused is effects and effects.highlighted == 0


async def test_a_check_without_modifiers_takes_digits_in_its_first_input() -> None:
    """Winner of the melee ticks nothing: the digits typed at once are the attacker's
    losses (the empty modifier list took them, and they were lost)."""
    game = cowpens()
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "melee_winner", game.state.units[0].id)  # type: ignore[attr-defined]
        await pilot.press("3", "enter", "1", "enter")
        assert screen.values.get("attacker_lost") == 3
        assert screen.values.get("defender_lost") == 1
        assert not screen.query_one("#mods", SelectionList).display
        assert isinstance(app.focused, Input)


async def test_picking_the_defender_asks_the_value_the_odds_wait_for_at_once() -> None:
    """Republique without house rules: o, Enter picks the defender; the question the odds
    now wait for opens at once (it waited for r). Answered, the next is asked; cancelled,
    the focus is back on the form, not the picker, and c opens the list of checks with no
    question over it."""
    game = to_phase(new_game("republique", scenario=load_scenario("aspern-1809"), seed=2))
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "assault", "ir15_zach")
        await pilot.press("o")
        await until(pilot, lambda: app.screen is not screen)
        await pilot.press("enter")  # the first defender offered
        for _ in ("attacker_incidental", "defender_incidental"):  # none in incidental contact
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GapModal))
        assert not screen.query_one("#check", Select).expanded
        await pilot.press("1", "enter")
        await until(pilot, lambda: isinstance(app.screen, GapModal) and app.focused is not None)
        await pilot.press("escape", "escape")  # out of its field, then put off
        await until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert app.focused is not None
        assert app.focused is not screen.query_one("#check", Select)
        # put off: c opens the list of checks, and no question comes up over it
        await pilot.press("c")
        await until(pilot, lambda: screen.query_one("#check", Select).expanded)
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        assert not screen.query_one("#check", Select).expanded and app.screen is screen


async def test_a_question_found_while_a_list_is_open_closes_the_list_first() -> None:
    """A value the odds wait for, found as the players leave a field for the check list:
    the list is closed before the question opens over the screen, so Escape on the question
    leaves no list open behind it."""
    game = to_phase(new_game("republique", scenario=load_scenario("aspern-1809"), seed=2))
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "assault", "ir15_zach")
        picker = screen.query_one("#check", Select)
        picker.expanded = True
        await pilot.pause()
        screen.ask_gap(_first_gap(screen))
        await until(pilot, lambda: isinstance(app.screen, GapModal))
        assert not picker.expanded
        await pilot.press("escape", "escape")
        await until(pilot, lambda: app.screen is screen)
        assert not picker.expanded


def _first_gap(screen: ResolveScreen) -> object:
    """The question the assault's odds wait for once a defender is given."""
    from drumhead.errors import MissingGapError

    form = screen.form
    assert form is not None
    form.set_role("defender", "ligne_67")
    view = form.odds()
    assert isinstance(view.waiting, MissingGapError)
    return view.waiting


async def test_a_refusal_takes_the_focus_to_the_input_it_is_about() -> None:
    """Issue 35: the rules refuse the morale test, and the focus lands on the input the
    refusal reads, not on the first input (quality): on the situation when a side's pick
    changed it, and it stays on the figures lost typed past the figures at the start."""
    game = cowpens()
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "morale", "nc_riflemen")
        form = screen.form
        assert form is not None and not form.refused_about
        form.set_input("situation", "panic_marker")  # as a pick made in a dialog would
        screen.form_refilled()
        await pilot.pause()
        assert form.refused_about == ("situation", "has_panic")
        assert app.focused is screen.query_one("#in-situation")
        assert shown(screen, "#needed").startswith("✗ Morale test refused: step 1 tests")
        form.set_input("situation", form.check.input("situation").choices[0])  # type: ignore[union-attr]
        screen.form_refilled()
        field = screen.query_one("#in-figures_lost", Input)
        screen.set_focus(field)
        await pilot.pause()
        field.value = ""
        await pilot.press(*str(int(form.values["figures_start"]) + 1), "enter")  # type: ignore[call-overload]
        await until(pilot, lambda: bool(form.refused_about))
        assert form.refused_about == ("figures_start", "figures_lost")
        assert app.focused is field  # the field typed in is one the refusal reads: kept
        screen.set_focus(screen.query_one("#check", Select))  # elsewhere: the first it reads
        screen.query_one(InputForm).focus_first_field()
        assert app.focused is screen.query_one("#in-figures_start")


async def test_the_defender_picker_lists_only_the_enemy() -> None:
    """Issue 37: o on a Confederate attack lists the Union units to defend, none of the 4th
    Virginia's friends (the session's role_units, as the picker shows them)."""
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=3)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "close_combat", "va4")
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        picker = app.screen
        assert isinstance(picker, UnitPickModal)
        assert picker.units and {u.side for u in picker.units} == {"union"}
        assert screen.form is not None
        assert [u.id for u in picker.units] == [u.id for u in screen.form.role_units("defender")]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
