"""The battle screen under another full screen is repainted once, when it shows again, and then
shows exactly what a battle screen drawn afresh shows (an undo and a redo in the log used to
repaint it twice while hidden, and the way back drew the whole roster anew); under a dialog it
stays in sight and is repainted at once; a tick the rules refuse is shown unticked again."""

from __future__ import annotations

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.roster import RosterLines, roster_options
from drumhead.screens.views.turn_panel import checklist_options
from drumhead.screens.widgets.card_pane import CardPane
from drumhead.screens.widgets.cards import unit_card
from textual.widgets import OptionList, SelectionList

from tests.ui.helpers import battle_on, cards_app, open_log, option_entries, until


def what_shows(screen: BattleScreen) -> dict[str, object]:
    """The battle's roster entries, card and checklist as they are on the screen."""
    roster = screen.query_one("#roster", OptionList)
    steps = screen.query_one("#steps", SelectionList)
    return {
        "roster": option_entries(roster),
        "card": screen.query_one("#unit-card", CardPane).card.plain,
        "steps": [
            (str(o.prompt), o.value in steps.selected)
            for o in (steps.get_option_at_index(i) for i in range(steps.option_count))
        ],
    }


async def back_to(pilot: object, battle: BattleScreen) -> None:
    """Escape from the log, and the battle once shown again."""
    await pilot.press("escape")  # type: ignore[attr-defined]
    await until(pilot, lambda: pilot.app.screen is battle)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


def drawn_afresh(screen: BattleScreen) -> dict[str, object]:
    """What a battle screen newly drawn over the same state shows."""
    session = screen.session
    state = session.state
    options, _ = roster_options(
        session.ruleset, state, screen.filter_text, screen.active_brigade(), RosterLines()
    )
    unit = screen.selected_unit()
    assert unit is not None
    checklist = session.checklist()
    labels = checklist_options(checklist)
    return {
        "roster": [(o.id, str(o.prompt)) for o in options],
        "card": str(unit_card(session.ruleset, state, state.unit(unit))),
        "steps": [(str(o.prompt), s.ticked) for o, s in zip(labels, checklist.steps, strict=True)],
    }


async def test_changes_made_in_the_log_show_on_the_battle_when_back() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        battle = await battle_on(pilot, "blue_guards")
        session = app.session
        session.edit_unit("blue_guards", "strength_now", 3)
        session.next_phase()
        await pilot.pause()
        assert what_shows(battle) == drawn_afresh(battle)
        before = what_shows(battle)

        await open_log(pilot)
        await pilot.press("u")  # the phase back
        await pilot.press("u")  # the strength back
        await pilot.pause()
        assert battle.stale  # not repainted while the log covers it
        assert what_shows(battle) == before
        await back_to(pilot, battle)
        assert not battle.stale
        shown = what_shows(battle)
        assert shown == drawn_afresh(battle) and shown != before
        assert "3/" not in str(shown["card"])  # the strength undone shows on the card

        # both redone in the log: back to the state before, the screen as before
        await open_log(pilot)
        await pilot.press("U", "U")
        await back_to(pilot, battle)
        assert what_shows(battle) == drawn_afresh(battle) == before

        # an undo and a redo in the log: the same state, the same screen
        await open_log(pilot)
        await pilot.press("u", "U")
        await back_to(pilot, battle)
        assert what_shows(battle) == drawn_afresh(battle) == before


async def test_under_a_dialog_the_battle_is_repainted_at_once() -> None:
    from textual.screen import ModalScreen
    from textual.widgets import Label

    class Dialog(ModalScreen[None]):
        def compose(self):  # type: ignore[no-untyped-def]
            yield Label("a dialog")

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        battle = await battle_on(pilot, "blue_guards")
        app.push_screen(Dialog())
        await pilot.pause()
        app.session.edit_unit("blue_guards", "strength_now", 2)
        await pilot.pause()
        assert not battle.stale
        assert what_shows(battle) == drawn_afresh(battle)
        assert "2/" in str(what_shows(battle)["card"])


async def test_a_tick_refused_is_shown_unticked() -> None:
    from drumhead.errors import DrumheadError

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        battle = await battle_on(pilot)
        steps = battle.query_one("#steps", SelectionList)
        steps.focus()
        steps.highlighted = 0
        await pilot.pause()
        assert what_shows(battle) == drawn_afresh(battle)

        def refuse(step_key: str, ticked: bool) -> None:
            raise DrumheadError("the log is full")

        app.session.tick_step = refuse  # type: ignore[method-assign]
        await pilot.press("space")
        await pilot.pause()
        assert what_shows(battle) == drawn_afresh(battle)
        assert not any(ticked for _, ticked in what_shows(battle)["steps"])  # type: ignore[attr-defined]
        assert any("the log is full" in n.message for n in app._notifications)
