"""The battle screen: the roster of unit cards, the selected card, the turn's checklist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, SelectionList, Static

from drumhead.errors import DrumheadError

from ..compat import SteadyOptionList
from ..widgets.card_pane import CardPane
from ..widgets.cards import unit_card
from ..widgets.cursor_list import CursorList
from ..widgets.fields import type_or_focus
from ..widgets.footer import KeysFooter
from ..widgets.status_bar import StatusBar
from ..widgets.ticks import TickList
from .ahead import PREPARE_AFTER, BuildsAhead
from .battle_keys import BATTLE_KEYS
from .roster import RosterLines, cursor_to_brigade, roster_options
from .turn_panel import activation_text, checklist_options, checklist_title

SHORT = 30
"""Fewer lines than this (80x24): the side pane shares them out card first (screens.tcss)."""

if TYPE_CHECKING:
    from collections.abc import Callable

    from drumhead.session.shown import SaveView
    from drumhead.session.table import Checklist

    from .base import KeptScreen


class BattleScreen(BuildsAhead):
    """The main screen while a game is open."""

    BINDINGS = BATTLE_KEYS
    AUTO_FOCUS = "#roster"  # from the first frame (the filter first: a repaint more)

    def __init__(self, view: SaveView | None = None) -> None:
        super().__init__()
        self.view = view
        """Where the players were when the game was last open (a resume goes back there)."""
        self.filter_text = ""
        """The roster filter (every word must appear in the unit's line or brigade)."""
        self.walk_step_shown: int | None = None
        """The checklist's current step as last shown (the cursor follows it when it moves)."""
        self.card_followed: str | None = None  # the card whose brigade the cursor went to
        self.has_morale: bool | None = None
        """Whether the ruleset has a morale test (asked once: the key is checked at repaints)."""
        self.roster_lines = RosterLines()
        """Roster lines already drawn, by unit (units are frozen: a changed unit is another)."""
        self.shown_signature: list[object] = []
        """The roster's entries as shown now, one item each (see :func:`roster_options`): an
        unchanged roster is not redrawn, and a changed line is replaced alone."""
        self.shown_ids: list[str | None] = []  # the roster's entries' ids as shown now
        self.stale = False
        """Whether the game changed while another screen covered this one: it is repainted
        when shown again, once, however many changes there were (an undo and a redo in the
        log repainted the hidden battle twice, the roster drawn anew on the way back)."""
        self.shown_card: Text | None = None
        """The card as shown now: the same card is not drawn again."""
        self.shown_activation: Text | None = None
        """The activation panel as shown now."""
        self.shown_checklist: Checklist | None = None
        """The checklist as shown now: the same checklist is not rebuilt."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Card drawing only for card activation, initiative only where the rules have it,
        the morale key only where there is a morale test (Republique's assault has none)."""
        if action == "morale_test":
            if self.has_morale is None and self.session.game is not None:
                self.has_morale = self.session.morale_check_id() is not None
            return self.has_morale is not False
        if action == "again" and self.session.game is not None:
            step = self.session.open_game_or_fail().current_step()
            return step is not None and step.again is not None
        if action in ("draw", "initiative") and self.session.game is not None:
            return self.session.activation == ("cards" if action == "draw" else "initiative")
        return True

    def compose(self) -> ComposeResult:
        yield StatusBar("Battle")
        with Horizontal(id="battle"):
            with Vertical(id="roster-pane"):
                yield Input(
                    placeholder="/ filters units (name, brigade, state…)",
                    id="roster-filter",
                    compact=True,
                )
                yield CursorList(id="roster")
            with Vertical(id="side-pane"):
                yield CardPane(id="unit-card", keys="shift+↓")
                yield Static("", id="activation")
                yield Label("", id="phase-title", classes="heading")
                yield TickList[str](id="steps", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        roster = self.query_one("#roster", CursorList)
        roster.cursor_moved = self.unit_highlighted  # its card in the cursor's own frame
        drawn = self.session.state.activation.drawn if self.session.game is not None else []
        self.card_followed = drawn[-1] if drawn else None  # drawn before: '.' keeps the cursor
        self.game_changed()
        roster.focus()
        view, self.view = self.view, None
        if view is not None:  # back where the players were
            ids = [roster.get_option_at_index(i).id for i in range(roster.option_count)]
            if view.unit in ids:  # its card drawn now, in the first frame, not in a second
                roster.highlighted = ids.index(view.unit)
            if view.pane == "steps":
                self.query_one("#steps", SelectionList).focus()
            if view.screen != "battle":
                self.call_after_refresh(self.drumhead.reopen_screen, view.screen)
        self.set_timer(PREPARE_AFTER, self.prepare_screens)

    def on_resize(self, event: events.Resize) -> None:
        """A short terminal marks the screen ``-short`` (the card's strength, morale, markers)."""
        self.set_class(event.size.height < SHORT, "-short")

    def on_screen_resume(self) -> None:
        """Back on the battle: exactly one cursor is live, the roster's or the checklist's
        (the one the players left; the roster if the focus went anywhere else)."""
        self.drumhead.remember_view(screen="battle")
        if not self.query("#roster"):
            return  # shown for the first time: on_mount gives the focus
        if self.stale:
            self.game_changed()
        roster = self.query_one("#roster", OptionList)
        steps = self.query_one("#steps", SelectionList)
        if self.focused not in (roster, steps, self.query_one("#roster-filter", Input)):
            roster.focus()

    def on_descendant_focus(self) -> None:
        """The cursor is in the roster or the checklist: kept for the next resume."""
        if self.query_one("#steps", SelectionList).has_focus:
            self.drumhead.remember_view(pane="steps")
        elif self.query_one("#roster", OptionList).has_focus:
            self.drumhead.remember_view(pane="roster")

    def screens_to_prepare(self) -> list[tuple[type[KeptScreen], tuple[str | None, ...]]]:
        """The screens a player opens from here, most used first: the morale test (if any), the
        log, the units, the roller, the reference, each check's (c), the luck (s in the log)."""
        from .log import LogScreen
        from .luck import LuckScreen
        from .reference import ReferenceScreen
        from .resolve import ResolveScreen
        from .roller import RollerScreen
        from .units import UnitsScreen

        out: list[tuple[type[KeptScreen], tuple[str | None, ...]]] = []
        check, unit = self.session.morale_check_id(), self.selected_unit()  # filled as for it
        if check is not None:
            out.append((ResolveScreen, (check, unit)))
        out += [(LogScreen, ()), (UnitsScreen, (None,)), (RollerScreen, ()), (ReferenceScreen, ())]
        out += [(ResolveScreen, (c.id, unit)) for c in self.session.check_choices(unit)]
        return [*out, (LuckScreen, ())]

    # -- painting -------------------------------------------------------------------------
    def selected_unit(self) -> str | None:
        roster = self.query_one("#roster", OptionList)
        if roster.highlighted is None:
            return None
        option = roster.get_option_at_index(roster.highlighted)
        return option.id if option.id and not option.id.startswith("#") else None

    def game_changed(self) -> None:
        """Repaint from the game's state what it changed; while another screen covers this
        one, only note that it must be repainted when it shows again."""
        if self.session.game is None or not self.query("Footer"):
            return  # no game, or not composed yet
        if self.covered():
            self.stale = True
            return
        self.stale = False
        self.fill_roster()
        self.show_card()
        self.show_activation()
        self.fill_steps()

    def covered(self) -> bool:
        """Whether a full screen is over this one (a dialog leaves it in sight)."""
        stack = self.app.screen_stack
        above = stack[stack.index(self) + 1 :] if self in stack else []
        return any(not isinstance(screen, ModalScreen) for screen in above)

    def active_brigade(self) -> str | None:
        drawn = self.session.state.activation.drawn
        return drawn[-1] if drawn else None

    def fill_roster(self) -> None:
        """List the units matching the filter: rebuilt when the entries are not the same ones
        (a unit added, removed, filtered in or out); else only the changed lines replaced."""
        roster = self.query_one("#roster", SteadyOptionList)
        options, signature = roster_options(
            self.session.ruleset,
            self.session.state,
            self.filter_text,
            self.active_brigade(),
            self.roster_lines,
        )
        if signature == self.shown_signature:
            return  # the same entries (the cached lines), already drawn
        ids = [o.id for o in options]
        if ids == self.shown_ids and len(signature) == len(self.shown_signature):
            pairs = enumerate(zip(self.shown_signature, signature, strict=True))
            roster.replace_prompts({i: options[i].prompt for i, (old, new) in pairs if old != new})
            self.shown_signature = signature
            return
        keep = self.selected_unit()
        self.shown_signature = signature
        self.shown_ids = ids
        roster.clear_options()
        roster.add_options(options)
        if keep in ids:  # the cursor put back on its unit (its card drawn as it moves)
            roster.highlighted = ids.index(keep)
        else:
            roster.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)

    def show_card(self) -> None:
        unit_id = self.selected_unit()
        if unit_id is None:
            text = Text("No unit selected.", style="italic")
        elif self.session.game is None:  # a highlight arriving as the game closes
            return
        else:
            state = self.session.state
            text = unit_card(self.session.ruleset, state, state.unit(unit_id))
        if text != self.shown_card:
            self.shown_card = text
            self.query_one("#unit-card", CardPane).show(text)

    def show_activation(self) -> None:
        """The card drawn (card activation) or the initiative (initiative rules)."""
        panel = self.query_one("#activation", Static)
        text = activation_text(self.session.activation_now(), self.session.state.sides)
        if text != self.shown_activation:
            self.shown_activation = text
            panel.update(text)
            panel.display = bool(text.plain)

    def fill_steps(self) -> None:
        """The phase's checklist, each step ticked or not, with the check it names."""
        checklist = self.session.checklist()
        if checklist == self.shown_checklist:
            return  # the same steps, ticked the same
        self.shown_checklist = checklist
        self.query_one("#phase-title", Label).update(checklist_title(checklist))
        steps = self.query_one("#steps", SelectionList)
        highlighted = steps.highlighted
        current = next((i for i, x in enumerate(checklist.steps) if x.current), None)
        moved = current is not None and current != self.walk_step_shown
        self.walk_step_shown = current
        options = checklist_options(checklist)
        with steps.prevent(SelectionList.SelectedChanged):
            steps.clear_options()
            steps.add_options(options)
        if options:
            if moved and current is not None:
                steps.highlighted = current  # the cursor follows the walk
            else:
                steps.highlighted = min(highlighted or 0, len(options) - 1)

    # -- events ---------------------------------------------------------------------------
    def unit_highlighted(self) -> None:
        """The roster's cursor moved (:class:`CursorList`): its unit's card, kept to resume."""
        self.show_card()
        unit = self.selected_unit()
        if unit is not None:
            self.drumhead.remember_view(unit=unit)

    @on(OptionList.OptionSelected, "#roster")
    def unit_selected(self) -> None:
        self.action_check()

    @on(SelectionList.SelectionToggled, "#steps")
    def step_toggled(self, event: SelectionList.SelectionToggled[str]) -> None:
        step = event.selection.value
        ticked = step in event.selection_list.selected
        self.act(lambda: self.session.tick_step(step, ticked))

    @on(Input.Changed, "#roster-filter")
    def filter_changed(self, event: Input.Changed) -> None:
        self.filter_text = event.value
        self.fill_roster()
        self.show_card()

    @on(Input.Submitted, "#roster-filter")
    def filter_submitted(self) -> None:
        self.query_one("#roster", OptionList).focus()

    def act(self, change: Callable[[], object]) -> bool:
        """Make one change to the game; a refusal is shown, never raised."""
        try:
            change()
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            self.shown_checklist = None  # a refused tick is shown unticked again
            self.fill_steps()
            return False
        return True

    # -- actions --------------------------------------------------------------------------
    def action_toggle_steps(self) -> None:
        """Move between the roster and the phase checklist."""
        steps = self.query_one("#steps", SelectionList)
        if steps.has_focus:
            self.query_one("#roster", OptionList).focus()
        else:
            steps.focus()

    def action_escape(self) -> None:
        """Clear the roster filter; with none, say how to close the game. (Escape closed the
        game once: a stray one, the key that goes back everywhere else, left the battle.)"""
        field = self.query_one("#roster-filter", Input)
        if field.value or field.has_focus:
            field.value = ""
            self.query_one("#roster", OptionList).focus()
            return
        self.notify("The game is saved as you play; ctrl+w closes it.", timeout=4)

    def action_card(self, lines: int) -> None:
        """shift+↓ / shift+↑: the unit card read on, or back up (it has no focus of its own)."""
        self.query_one("#unit-card", CardPane).scroll_lines(lines)

    def action_filter(self) -> None:
        type_or_focus(self, self.query_one("#roster-filter", Input), "/")

    def action_morale_test(self) -> None:
        """The standard morale test for the selected unit."""
        unit_id = self.selected_unit()
        check = self.session.morale_check_id(unit_id)
        if check is None:
            self.notify("This ruleset has no morale test; c picks a check.", severity="warning")
            return
        self.drumhead.action_open_resolve(check, unit_id or "")

    def action_check(self) -> None:
        """Resolve a check for the selected unit (the highlighted step's check, if any)."""
        unit_id = self.selected_unit()
        check = None
        step = ""  # the step it is made at (its values: why a morale test is taken): the walk's
        steps = self.query_one("#steps", SelectionList)
        if steps.has_focus and steps.highlighted is not None:
            step = str(steps.get_option_at_index(steps.highlighted).value)
            check = self.session.step_check(step)
        elif self.session.game is not None:
            check = self.session.current_check(unit_id)  # the current step's check
        if check is not None and not self.session.about_a_unit(check):
            unit_id = None  # a check about no unit (initiative): none attached
        self.drumhead.action_open_resolve(check or "", unit_id or "", step)

    def action_next_phase(self) -> None:
        self.act(self.session.next_phase)
        self.follow_card()

    def action_next_step(self) -> None:
        """Go on to the next step as the rules walk the turn (drawing the next card there)."""
        self.act(self.session.next_step)
        self.follow_card()

    def action_previous_step(self) -> None:
        self.act(self.session.previous_step)

    def action_again(self) -> None:
        """Back to the step the current one repeats from: the next brigade, assault, round."""
        self.act(lambda: self.session.next_step(again=True))

    def follow_card(self) -> None:
        """After a step that drew a card, the roster's cursor goes to its brigade."""
        drawn = self.session.state.activation.drawn
        if drawn and drawn[-1] != self.card_followed:
            self.highlight_brigade(drawn[-1])

    def action_next_turn(self) -> None:
        self.act(self.session.next_turn)

    def action_draw(self) -> None:
        drawn: list[str] = []
        if self.act(lambda: drawn.append(self.session.draw_card())):
            self.notify(f"Card drawn: {drawn[0].replace('_', ' ')}")
            self.highlight_brigade(drawn[0])

    def highlight_brigade(self, brigade: str) -> None:
        """The roster's cursor on the first unit of the brigade just activated, the brigade
        at the top, its card shown (a card naming a division or the army has no single
        brigade: the cursor stays). The card is followed: the next '.' leaves the cursor be."""
        self.card_followed = brigade
        units = {u.id for u in self.session.state.units if u.brigade == brigade}
        cursor_to_brigade(self.query_one("#roster", OptionList), units)

    def action_initiative(self) -> None:
        sides = self.session.state.sides
        if len(sides) < 2:
            self.notify("Initiative needs two sides.", severity="warning")
            return
        from ..dialogs.initiative import InitiativeModal

        def chosen(result: tuple[str, str] | None) -> None:
            if result is not None:
                winner, first = result
                self.act(lambda: self.session.set_initiative(winner, first))

        self.app.push_screen(InitiativeModal(sides, self.session.rolled_winner()), chosen)

    def action_undo(self) -> None:
        self.drumhead.action_undo()

    def action_redo(self) -> None:
        self.drumhead.action_redo()

    def action_edit_unit(self) -> None:
        self.drumhead.action_open_units(self.selected_unit() or "")
