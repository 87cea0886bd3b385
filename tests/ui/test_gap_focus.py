"""Every question for a value the rules leave open takes the digits typed next in its field
(issue 35), however it opens: after the side pickers close, by r once put off, by r after
"roll again" (a dialog still being taken down), or while the terminal says it has no focus;
and r, its questions answered, rolls (issue 37)."""

from __future__ import annotations

from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.dialogs.roll_again import RollAgainModal
from drumhead.screens.views.resolve import ResolveScreen
from phases import to_phase
from textual.widgets import Input

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until
from tests.ui.test_focus_rules import resolve_for


def aspern() -> object:
    """Republique at Aspern without house rules: the assault asks its modifiers' values."""
    return to_phase(new_game("republique", scenario=load_scenario("aspern-1809"), seed=23))


async def typed_into_the_question(pilot: object, digits: str) -> GapModal:
    """Wait for the question; its field has the focus, and ``digits`` typed go into it."""
    app = pilot.app  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, GapModal) and app.screen.is_mounted)
    question = app.screen
    assert isinstance(question, GapModal)
    field = question.query_one("#gap-value", Input)
    assert app.focused is field, app.focused
    await pilot.press(*digits)  # type: ignore[attr-defined]
    assert field.value == digits
    return question


async def defender_picked(pilot: object) -> ResolveScreen:
    """The assault of IR 15 Zach opened, o, the first defender offered, no unit in
    incidental contact (Escape on both of those pickers)."""
    app = pilot.app  # type: ignore[attr-defined]
    screen = await resolve_for(pilot, "assault", "ir15_zach")
    await pilot.press("o")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
    await pilot.press("enter")  # type: ignore[attr-defined]
    for _ in ("attacker_incidental", "defender_incidental"):
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        await pilot.press("escape")  # type: ignore[attr-defined]
    return screen


async def test_the_question_after_the_pickers_and_by_r_takes_the_digits() -> None:
    """The first question opens as the last picker closes; put off (Escape twice), r asks
    it again: both times the digits go into its field. Answered, the second question (the
    roll waits for it too) takes them as well, and then r's roll is made."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, aspern())
        screen = await defender_picked(pilot)
        await typed_into_the_question(pilot, "1")
        await pilot.press("escape", "escape")  # out of the field, then put off
        await until(pilot, lambda: app.screen is screen)
        await pilot.press("r")
        first = await typed_into_the_question(pilot, "2")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not first)
        second = await typed_into_the_question(pilot, "1")
        assert second.gap_id != first.gap_id
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not second)
        # one cell of the missing Combat Chart, which the dice rolled now read
        cell = await typed_into_the_question(pilot, "")
        assert cell.table is not None
        cell.query_one("#gap-value", Input).value = "Attacker 1M"
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and screen.result is not None)
        assert app.focused is screen.query_one("#effects")  # r rolled: on to the effects


async def test_the_question_after_roll_again_takes_the_digits() -> None:
    """A second assault with the same form: r, y on "roll again" (that dialog going as the
    question comes), the chart cell the new dice read is asked; its field takes the keys."""
    game = aspern()
    answers = dict.fromkeys(("troop_grade_veteran", "outnumbered_3_2"), 1)
    game.set_gaps(answers, at="2024-05-01T20:00:00")  # type: ignore[attr-defined]
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "assault", "ir15_zach")
        assert screen.form is not None
        screen.form.set_role("defender", "ligne_67")
        screen.form_refilled()
        asked: list[str] = []

        def rolls() -> int:
            return sum(e.kind == "resolution" for e in game.log)  # type: ignore[attr-defined]

        for again in (False, True, True):  # the first roll, then two over "roll again"
            before = rolls()
            await pilot.press("r")
            if again:
                await until(pilot, lambda: isinstance(app.screen, RollAgainModal))
                await pilot.press("y")
            await until(pilot, lambda n=before: isinstance(app.screen, GapModal) or rolls() > n)
            if rolls() == before:  # the new dice read a cell nobody has given yet
                cell = await typed_into_the_question(pilot, "A")
                asked.append(cell.gap_id)
                cell.query_one("#gap-value", Input).value = "Attacker 1M"
                await pilot.press("enter")
            await until(pilot, lambda n=before: app.screen is screen and rolls() > n)
        # seed 23, in the assault phase: the second roll read a cell given already, the third
        # a new one
        assert asked == ["chart_infantry_p1", "chart_infantry_m6"]


async def test_the_question_takes_the_focus_while_the_terminal_has_none() -> None:
    """A terminal that reported losing the focus (the players at the rules' PDF): the
    question opened meanwhile has its field focused, so the digits typed on coming back go
    in it (Textual's first-focusable rule waits for the terminal's focus, and never came
    back to it: the key landed nowhere)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, aspern())
        screen = await resolve_for(pilot, "assault", "ir15_zach")
        assert screen.form is not None
        app.app_focus = False
        screen.form.set_role("defender", "ligne_67")
        screen.form_refilled()  # as the pick made in its dialog: the question opens
        await until(pilot, lambda: isinstance(app.screen, GapModal) and app.screen.is_mounted)
        await pilot.pause()
        await typed_into_the_question(pilot, "3")


async def test_the_whole_chart_left_unkept_is_the_question_put_off() -> None:
    """ctrl+g on a chart cell's question, then Escape in the chart: as Escape on the question,
    a notice says the value is still needed and the focus goes on to the form's next step,
    not back to the check picker it was on when r was pressed."""
    from drumhead.screens.dialogs.grid_editor import GridEditor
    from textual.widgets import Select

    game = aspern()
    answers = dict.fromkeys(("troop_grade_veteran", "outnumbered_3_2"), 1)
    game.set_gaps(answers, at="2024-05-01T20:00:00")  # type: ignore[attr-defined]
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        screen = await resolve_for(pilot, "assault", "ir15_zach")
        assert screen.form is not None
        screen.form.set_role("defender", "ligne_67")
        screen.form_refilled()
        picker = screen.query_one("#check", Select)
        screen.set_focus(picker)
        await pilot.press("r")
        cell = await typed_into_the_question(pilot, "")
        assert cell.table is not None
        await pilot.press("ctrl+g")
        await until(pilot, lambda: isinstance(app.screen, GridEditor) and app.focused is not None)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert app.focused is not None and app.focused is not picker
        notices = [n.message for n in app._notifications]  # type: ignore[attr-defined]
        assert any(m.startswith("Still needed for this check: Combat Chart") for m in notices)
        assert screen.result is None  # nothing rolled: the cell is still wanted
