"""Resolve a check: the input form, the odds, the roll (or hand dice), the result, its effects.

Everything is computed by the table session's :class:`~drumhead.session.form.CheckForm`; the
screen only gathers what the players say and shows the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on, work
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Checkbox, Input, Label, Select, SelectionList, Static

from drumhead.errors import DrumheadError, MissingGapError

from ...widgets.fields import DICE_CHARACTERS, KeyField
from ...widgets.footer import KeysFooter
from ...widgets.status_bar import StatusBar
from ...widgets.ticks import TickBox
from ..base import KeptScreen
from .applying import apply_effects, edit_effect
from .form import InputForm
from .gaps import ask_gap
from .keys import RESOLVE_KEYS
from .odds import OddsPanel
from .picker_keys import PickerKeys
from .pickers import switch_check
from .result import ResultPanel
from .rolling import clear_hand, roll_or_ask, roll_typed
from .sides import SidesPanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import ComposeResult

    from drumhead.checks.results import Effect, Resolution
    from drumhead.rules.model import InputValue
    from drumhead.session.form import CheckForm


class ResolveScreen(PickerKeys, KeptScreen):
    """One check, from choosing it to applying its effects."""

    KEEP = 12  # one per check, each built ahead by the battle (a shipped ruleset has 11 at most)

    BINDINGS = RESOLVE_KEYS

    def __init__(
        self, check_id: str | None = None, unit_id: str | None = None, step: str | None = None
    ) -> None:
        super().__init__()
        self.asked_for = (check_id, unit_id)
        """The check and unit the screen was opened on (the form is made as it is built)."""
        self.step = step
        """The step of the sequence the check was opened from (None: the walk's)."""
        self.form: CheckForm | None = None
        """The check being filled in (None: not built yet, or no check to offer)."""
        self.has_checks = True
        """Whether the rules offer a check here (set as the screen is built; else only Back
        works)."""
        self.asking_gap = False
        """A gap prompt is open (so it is asked once)."""
        self.gap_to_ask: MissingGapError | None = None
        """A value the odds wait for, not asked yet: found while the screen was out of sight
        (built ahead, refilled before being pushed: asked once shown) or while the players
        were typing in a field (asked once they leave it)."""

    # -- what tests and the app read ------------------------------------------------------
    @property
    def check_id(self) -> str | None:
        return self.form.check_id if self.form is not None else self.asked_for[0]

    @property
    def unit_id(self) -> str | None:
        return self.form.unit_id if self.form is not None else self.asked_for[1]

    @property
    def values(self) -> dict[str, InputValue]:
        return self.form.values if self.form is not None else {}

    @property
    def ticked(self) -> dict[str, int]:
        return self.form.ticked if self.form is not None else {}

    @property
    def result(self) -> Resolution | None:
        return self.form.result if self.form is not None else None

    @property
    def effects(self) -> list[Effect]:
        return self.form.effects if self.form is not None else []

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """With no check to resolve, only going back is offered; dice typed by hand only for
        a check that rolls some."""
        # asked for every binding on every refresh: flags, not a query of the screen
        if action == "hand_dice":
            return self.has_checks and self.form is not None and self.form.rolls_dice
        if action == "leave_field":  # Escape in a text field (the footer says which)
            return isinstance(self.focused, Input)
        if action == "pick_check":  # Enter in the check picker's open list
            return self.in_check_list() is not None
        return action == "back" or self.has_checks

    def choices(self, unit_id: str | None) -> list[tuple[str, str]]:
        """The checks the picker offers for a unit, as (title, id)."""
        return [(c.title, c.id) for c in self.session.check_choices(unit_id)]

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self.form = self.session.form(*self.asked_for, self.step)
        self.has_checks = self.form is not None
        if self.form is None:
            yield StatusBar("Resolve")
            yield Static(
                "This ruleset has no checks with the optional rules now chosen.", classes="error"
            )
            yield KeysFooter()
            return
        yield StatusBar(self.title_text())
        with Horizontal(id="resolve"):
            yield InputForm(self.form, self.choices(self.form.unit_id))
            with VerticalScroll(id="resolve-right", can_focus=False):
                # the result comes first once there is one (small screens see it at once)
                yield ResultPanel()
                yield SidesPanel(self.form)
                yield OddsPanel()
                reroll = TickBox("Use a re-roll if allowed", True, id="use-reroll", compact=True)
                reroll.display = self.form.has_rerolls  # only where the rules give re-rolls
                yield reroll
                # a check that rolls no dice (a decision, a lookup) has none to type in
                hand = Label("Dice by hand: h, faces, Enter; or r", id="hand-label")
                field = KeyField(
                    placeholder="e.g. 7  or  3 5",
                    allowed=DICE_CHARACTERS,
                    id="hand",
                    compact=True,
                )
                hand.display = field.display = self.form.rolls_dice
                yield hand
                yield field
                yield Static("", id="hand-error", classes="error")
        yield KeysFooter()

    def title_text(self) -> str:
        """The status bar's view: the screen, and the unit tested if there is one."""
        if self.unit_id is None:
            return "Resolve"
        return f"Resolve: {self.session.unit_name(self.unit_id)}"

    def reopen(
        self, check_id: str | None = None, unit_id: str | None = None, step: str | None = None
    ) -> bool:
        """Show a fresh form for ``check_id`` and ``unit_id`` on this screen, already built.

        Building the screen is most of the time it takes to open (its widgets are mounted
        and styled), so the app keeps one and refills it: the inputs from the unit's card,
        nothing ticked, no result. Only a form with the same fields can be refilled: False
        (and nothing changed) when ``check_id`` is another check, or the game or ruleset is
        not the one the screen was built for; the app then builds a new screen.
        """
        if self.form is None or not self.fits_app():
            return False
        form = self.session.form(check_id, unit_id, step)
        if form is None or form.check_id != self.form.check_id:
            return False
        self.step = step
        self.form = form
        self.asking_gap = False
        self.gap_to_ask = None
        status = self.query_one(StatusBar)
        status.view = self.title_text()
        status.refresh()
        self.query_one(InputForm).refill(form, self.choices(unit_id))
        clear_hand(self)
        self.query_one(ResultPanel).clear()
        self.query_one(SidesPanel).refused_picks.clear()  # a fresh form: its sides shown anew
        self.show_sides()
        self.update_odds()
        if form.offered:
            self.query_one("#mods", SelectionList).highlighted = 0
        self.query_one("#resolve-right", VerticalScroll).scroll_home(animate=False)
        self.focus_next_step()
        return True

    def serves(self, check_id: str | None = None, *_: str | None) -> bool:
        """Only a form of its own check can be refilled here (any check will do when none
        is asked for: :meth:`reopen` tells)."""
        return check_id is None or self.form is None or check_id == self.form.check_id

    def on_mount(self) -> None:
        if self.show_form():
            self.focus_next_step()

    def focus_next_step(self) -> None:
        """The focus where the next step is: on a result's effects (the first highlighted:
        space unticks it), else the first input still needed, else the modifiers to tick."""
        if self.form is None:
            return
        effects = self.query_one("#effects", SelectionList)
        if self.form.result is not None and effects.option_count:
            if effects.highlighted is None:
                effects.highlighted = 0
            self.set_focus(effects)
            return
        self.query_one(InputForm).focus_first_field()

    def close_menus(self) -> None:
        """Close any drop-down list left open (the check picker's, a choice's)."""
        for select in self.query(Select):
            if select.expanded:
                select.expanded = False

    def show_form(self) -> bool:
        """Fill the panels of the form just built: no result yet, both sides, the odds. False
        when there is no check to offer (see :meth:`compose`)."""
        if self.form is None:
            return False
        if self.result is None:
            self.query_one(ResultPanel).clear()
        self.show_sides()
        self.update_odds()
        return True

    # -- both sides -----------------------------------------------------------------------
    def show_sides(self) -> None:
        """Both sides of a two-sided check: who is picked for each (a row to pick it again),
        the lines of each card the check reads (hidden for a check made for one unit)."""
        assert self.form is not None
        self.query_one(SidesPanel).show(self.form)

    def form_refilled(self) -> None:
        """The form's values changed from outside the fields (a side or leader picked): a
        value the odds now wait for is asked at once (nobody is typing: the pick was made
        in a dialog), else the focus goes on to what is still needed."""
        assert self.form is not None
        self.query_one(InputForm).refill(self.form, self.choices(self.form.unit_id))
        self.show_sides()
        self.update_odds(ask=True)
        if self.gap_to_ask is None and not self.asking_gap:
            self.focus_next_step()

    # -- the odds -------------------------------------------------------------------------
    @on(InputForm.Changed)
    def form_changed(self, event: InputForm.Changed) -> None:
        self.update_odds(offer=event.offer)

    @on(Checkbox.Changed, "#use-reroll")
    def reroll_changed(self, event: Checkbox.Changed) -> None:
        if self.form is not None:
            self.form.use_reroll = event.value
            self.update_odds(offer=False)

    def update_odds(self, offer: bool = True, *, ask: bool = False) -> None:
        """Recompute the number needed and the odds of every outcome from the form; a value
        they wait for is asked now, unless the players are typing in a field (``ask``: even
        then, as after a dialog)."""
        assert self.form is not None
        view = self.form.odds(offer=offer)
        inputs = self.query_one(InputForm)
        if offer:  # worked out again: listed, even as none (the form blocked before them)
            inputs.show_modifiers(view.offered_in)
        inputs.show_automatic(view)
        self.query_one(OddsPanel).show(view)
        self.query_one(SidesPanel).show_refusals(self.form, view.blocked if view.refused else None)
        if view.waiting is not None:
            # asked now, unless the screen is out of sight (built ahead or refilled: asked
            # when shown) or the players are typing a number (asked when they leave the field:
            # the prompt must not take the next digit they type)
            self.gap_to_ask = view.waiting
            if ask or not isinstance(self.focused, Input):
                self.ask_pending_gap()

    def on_screen_resume(self) -> None:
        self.ask_pending_gap()

    def on_descendant_blur(self) -> None:
        self.ask_pending_gap()

    def ask_pending_gap(self) -> None:
        """Ask for the value the odds wait for, if there is one and the screen is shown."""
        if self.gap_to_ask is not None and self.is_current:
            error, self.gap_to_ask = self.gap_to_ask, None
            self.ask_gap(error)

    def ask_gap(self, error: MissingGapError, retry: Callable[[], object] | None = None) -> None:
        """Ask the players for a missing value, once; keep it and carry on (``retry``: what
        was interrupted, e.g. reading the dice already rolled, is done again)."""
        ask_gap(self, error, retry)

    @on(Select.Changed, "#check")
    def check_changed(self, event: Select.Changed) -> None:
        """Another check picked for the same unit (``pickers.switch_check``)."""
        if isinstance(event.value, str):
            switch_check(self, event.value)

    def action_count(self, delta: int) -> None:
        """Change the count of the highlighted countable modifier."""
        assert self.form is not None
        mod_id = self.query_one(InputForm).highlighted_modifier()
        if mod_id is None:
            return
        refusal = self.form.count(mod_id, delta)
        if refusal is not None:
            self.notify(refusal, severity="warning")
            return
        self.update_odds()

    # -- the roll -------------------------------------------------------------------------
    def action_leave_field(self) -> None:
        """Escape in a text field: out of it (to the modifiers, or the check picker when
        there are none to tick); a second Escape goes back."""
        mods = self.query_one("#mods", SelectionList)
        self.set_focus(mods if mods.display else self.query_one("#check", Select))

    def action_leave(self) -> None:
        """Escape: out of a text field first (to the modifiers, or the check picker when
        there are none to tick), then off the screen."""
        if isinstance(self.focused, Input):
            self.action_leave_field()
        else:
            self.drumhead.go_back()

    def action_roll(self) -> None:
        """Roll the check with the game's (or the session's) seeded dice (asked first when
        this form's roll is in the log already: :func:`rolling.roll_or_ask`)."""
        roll_or_ask(self, None)

    def action_hand_dice(self) -> None:
        """Into the dice field, at once. ``focus()`` moves the focus only after the keys
        already read: "h", "9", Enter typed fast (one burst) sent the 9 and the Enter to the
        modifiers list, which unticked the modifier highlighted and rolled nothing."""
        self.set_focus(self.query_one("#hand", Input))

    def action_focus_check(self) -> None:
        """c: the list of checks opened at once (arrows, Enter picks; Escape closes it). A
        value the odds wait for is asked first: the list would open under the question."""
        if self.gap_to_ask is not None or self.asking_gap:
            self.ask_pending_gap()
            return
        picker = self.query_one("#check", Select)
        picker.focus()
        picker.action_show_overlay()

    @on(Input.Submitted, "#hand")
    def hand_submitted(self, event: Input.Submitted) -> None:
        """The dice typed by hand, rolled (``rolling.roll_typed``)."""
        roll_typed(self, event.input, self.query_one("#hand-error", Static))

    def run_check(self, hand: list[int] | None) -> bool:
        assert self.form is not None
        try:
            self.form.roll(hand)
        except MissingGapError as exc:
            self.ask_gap(exc, retry=lambda: self.run_check(hand))
            return False
        except DrumheadError as exc:
            self.query_one("#hand-error", Static).update(f"✗ {exc}")
            return False
        self.query_one("#hand-error", Static).update("")
        self.show_result(new=True)
        return True

    def show_result(self, *, new: bool = False) -> None:
        """Show the form's result; ``new``: a roll just made (its first effect highlighted),
        else the same result changed (a distance rolled, an amount edited: the cursor stays)."""
        assert self.form is not None
        if not self.form.effects:
            help_text = "No effects to apply."
        elif self.session.game is None or self.unit_id is None:
            help_text = "No unit card to change: the players apply these effects by hand."
        else:
            help_text = "a applies the ticked effects (untick to discard; e edits an amount)."
        if self.form.distances_to_roll:
            help_text += "  d rolls the distance."
        self.query_one(ResultPanel).show(self.form, help_text, keep_place=not new)
        self.query_one("#resolve-right", VerticalScroll).scroll_home(animate=False)
        self.focus_next_step()  # on the effects, the first highlighted: to untick, or a applies

    # -- effects --------------------------------------------------------------------------
    def action_apply(self) -> None:
        """Apply the ticked effects (unticked ones are discarded)."""
        if self.form is None or self.form.result is None:
            self.notify("Roll first (r), or type the dice rolled (h).", severity="warning")
            return
        chosen = self.query_one(ResultPanel).chosen()
        self.apply_flow([e for i, e in enumerate(self.form.effects) if i in chosen])

    @work(exclusive=True, group="apply")
    async def apply_flow(self, effects: list[Effect]) -> None:
        """Apply the effects kept (``applying.apply_effects``)."""
        await apply_effects(self, effects)

    def action_roll_distance(self) -> None:
        """Roll the dice of every distance effect still to be rolled."""
        assert self.form is not None
        if not self.form.roll_distances():
            self.notify("No distance to roll.", severity="warning")
        elif self.form.result is not None:
            self.show_result()

    def action_edit_effect(self) -> None:
        """Change the amount of the highlighted effect (``applying.edit_effect``)."""
        edit_effect(self)
