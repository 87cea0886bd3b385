"""The resolve screen's left pane: the check picker, the modifiers to tick, and the inputs.

It shows a :class:`~drumhead.session.form.CheckForm` and passes on what the players type,
choose and tick; it posts :class:`InputForm.Changed` when the odds are due again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Checkbox, Input, Label, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from ...render import modifier_source_text, modifier_value_text
from ...widgets.fields import KeyField, number_characters
from ...widgets.same_text import show_text
from ...widgets.ticks import TickBox, TickList
from .sides import refusal_targets, refused_pick_rows

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from drumhead.checks.base import Context
    from drumhead.rules.model import InputSpec, ModifierSpec
    from drumhead.session.form import CheckForm, OddsView


class InputForm(VerticalScroll):
    """The check picker, its summary, the modifiers (automatic ones shown ticked with their
    reason), and one row per input, filled from the unit's card where it can be."""

    class Changed(Message):
        """An input or a tick changed the form: the odds are due again."""

        def __init__(self, offer: bool) -> None:
            super().__init__()
            self.offer = offer
            """Whether the modifiers on offer may have changed too (an input did)."""

    def __init__(self, form: CheckForm, checks: list[tuple[str, str]]) -> None:
        super().__init__(id="resolve-left", can_focus=False)
        self.form = form
        """The form shown (the session's)."""
        self.checks = checks
        """The checks the picker offers, as (title, id), in its order."""

    def compose(self) -> ComposeResult:
        check = self.form.check
        yield Select(self.checks, value=check.id, allow_blank=False, compact=True, id="check")
        yield Static(
            Text.assemble(check.summary, (f"  ({check.source})", "italic")),
            id="check-summary",
            classes="summary",
        )
        # what the players tick comes before what the unit's card has filled in
        yield Label("Modifiers (space ticks)", classes="heading")
        yield Static("", id="auto-mods")
        # both hidden until the modifiers on offer are known (the inputs they follow from in)
        mods = TickList[str](id="mods", compact=True)
        none = Static("Nothing to tick for this check.", id="no-mods", classes="hint")
        mods.display = none.display = False
        yield mods
        yield none
        if check.inputs:
            yield Label("Inputs (tab to change)", classes="heading")
        shown = self.form.shown_inputs()
        for spec in check.inputs:
            yield from self.input_row(spec, spec in shown)

    def input_row(self, spec: InputSpec, shown: bool = True) -> ComposeResult:
        value = self.form.values.get(spec.name, spec.default)
        with Horizontal(classes="input-row", id=f"row-{spec.name}") as row:
            row.display = shown  # an input that does not apply to this unit is not offered
            yield Label(spec.label, classes="input-label")
            if spec.type == "choice":
                # a required choice nobody has made shows blank, not its first choice: a
                # value shown must be a value given (choosing the one shown changed nothing)
                yield Select(
                    [(c.replace("_", " "), c) for c in spec.choices],
                    value=value if value in spec.choices else Select.NULL,
                    allow_blank=spec.default is None,
                    prompt="choose",
                    compact=True,
                    id=f"in-{spec.name}",
                    classes="input-field",
                )
            elif spec.type == "bool":
                yield TickBox(
                    "yes", bool(value), id=f"in-{spec.name}", classes="input-field", compact=True
                )
            else:
                hint = "required" if spec.default is None else ""
                yield KeyField(
                    "" if value is None else str(value),
                    allowed=number_characters(spec.minimum),
                    placeholder=hint,
                    compact=True,
                    id=f"in-{spec.name}",
                    classes="input-field",
                )
        yield Static("", id=f"err-{spec.name}", classes="error input-error")

    # -- refilling ------------------------------------------------------------------------
    def refill(self, form: CheckForm, checks: list[tuple[str, str]]) -> None:
        """Show ``form`` (the same check, another unit or a fresh start) in these fields."""
        self.form = form
        if checks != self.checks:
            self.checks = checks
            picker = self.query_one("#check", Select)
            with picker.prevent(Select.Changed):
                picker.set_options(checks)
                picker.value = form.check_id
        for spec in form.check.inputs:
            self.show_input(spec)
        self.show_applying()  # the modifiers on offer: listed by the odds worked out next
        self.scroll_home(animate=False)

    def show_own_check(self) -> None:
        """The check picker back on this form's check (another one picked in it shows in a
        screen of its own)."""
        picker = self.query_one("#check", Select)
        with picker.prevent(Select.Changed):
            picker.value = self.form.check_id

    def show_input(self, spec: InputSpec) -> None:
        """Put the form's value of input ``spec`` in its field; no error."""
        value = self.form.values.get(spec.name, spec.default)
        field = self.query_one(f"#in-{spec.name}")
        if isinstance(field, Select):
            blank = Select.NULL if spec.default is None else spec.choices[0]
            field.value = value if value in spec.choices else blank
        elif isinstance(field, Checkbox):
            field.value = bool(value)
        elif isinstance(field, Input):
            field.value = "" if value is None else str(value)
        self.show_error(spec.name)

    def show_applying(self) -> None:
        """Offer the inputs that apply as the form stands, hide the others (their default is
        read): a battery's guns only when a battery fires."""
        shown = self.form.shown_inputs()
        for spec in self.form.check.inputs:
            self.query_one(f"#row-{spec.name}").display = spec in shown
            if spec not in shown:  # a value given for it went back to its default
                self.show_input(spec)

    def show_error(self, name: str) -> None:
        """The reason an input's text was refused, under its field (hidden when none)."""
        error = self.query_one(f"#err-{name}", Static)
        text = self.form.bad_inputs.get(name, "")
        show_text(error, text)
        error.display = bool(text)

    def focus_first_field(self) -> None:
        """Focus what the next step needs: the row of a side whose pick was refused (the
        wrong side), else the first input still missing, else what the rules' refusal is
        about (what the players change: the one focused if it is one of those the refusal
        reads, else the first; for an input from another side's card, that side's row, whose
        Enter picks again), else the modifiers to tick (the first highlighted), else, with
        none to tick, the first input (what a check without modifiers asks next: Winner of
        the melee's losses)."""
        missing = self.form.missing_inputs()
        mods = self.query_one("#mods", SelectionList)
        picks = refused_pick_rows(self.screen)
        if picks:
            target = self.screen.focused if self.screen.focused in picks else picks[0]
        elif missing:
            target = self.query_one(f"#in-{missing[0].name}")
        elif self.form.refused_about:  # the field being typed in, if the refusal reads it
            about = refusal_targets(self.form, self.screen)
            target = self.screen.focused if self.screen.focused in about else about[0]
        elif mods.option_count:
            if mods.highlighted is None:
                mods.highlighted = 0
            target = mods
        elif shown := self.form.shown_inputs():
            target = self.query_one(f"#in-{shown[0].name}")
        else:
            return
        self.screen.set_focus(target)

    # -- what the players give ------------------------------------------------------------
    def given(self, name: str, raw: object) -> None:
        if self.form.set_input(name, raw):
            self.show_error(name)
            self.show_applying()
            self.post_message(self.Changed(offer=True))

    @on(Input.Changed, ".input-field")
    def input_changed(self, event: Input.Changed) -> None:
        assert event.input.id is not None
        self.given(event.input.id.removeprefix("in-"), event.value)

    @on(Input.Submitted, ".input-field")
    def input_submitted(self) -> None:
        """Enter in a field: on to the next one still needed, else back to the modifiers."""
        self.focus_first_field()

    @on(Select.Changed, ".input-field")
    def select_changed(self, event: Select.Changed) -> None:
        assert event.select.id is not None
        name = event.select.id.removeprefix("in-")
        if event.value is Select.NULL:  # a required choice made blank again: not given
            if self.form.clear_input(name):
                self.post_message(self.Changed(offer=True))
            return
        self.given(name, event.value)

    @on(Checkbox.Changed, ".input-field")
    def box_changed(self, event: Checkbox.Changed) -> None:
        assert event.checkbox.id is not None
        self.given(event.checkbox.id.removeprefix("in-"), event.value)

    @on(SelectionList.SelectedChanged, "#mods")
    def mods_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        mods = event.selection_list
        said = self.form.tick(set(mods.selected))
        if said is not None:  # one of an exclusive group replaced another: show it unticked
            with mods.prevent(SelectionList.SelectedChanged):
                for value in list(mods.selected):
                    if value not in self.form.ticked:
                        mods.deselect(value)
            self.notify(said, title="One choice")
        self.post_message(self.Changed(offer=False))

    # -- the modifiers --------------------------------------------------------------------
    def highlighted_modifier(self) -> str | None:
        """The modifier the list's cursor is on, if any."""
        mods = self.query_one("#mods", SelectionList)
        if mods.highlighted is None:
            return None
        return str(mods.get_option_at_index(mods.highlighted).value)

    def show_modifiers(self, ctx: Context | None) -> None:
        """List the modifiers on offer, the ticked ones ticked (the cursor kept in place);
        ``ctx``, the check prepared without ticks, gives their values (None: none is on
        offer, the form being blocked before them, and the list is emptied)."""
        mods = self.query_one("#mods", SelectionList)
        entries: list[Selection[str]] = []
        if ctx is not None:
            entries = [
                Selection(self.mod_prompt(m, ctx), m.id, m.id in self.form.ticked)
                for m in self.form.offered
            ]
        highlighted = mods.highlighted
        # the same list as shown (a screen built ahead, refilled as it was): not listed again,
        # which is a layout of the screen, and its entries measured again as it is drawn
        shown = [(o.prompt, o.value) for o in mods.options if isinstance(o, Selection)]
        if shown != [(e.prompt, e.value) for e in entries]:
            with mods.prevent(SelectionList.SelectedChanged):
                mods.clear_options()
                mods.add_options(entries)
        elif set(mods.selected) != {e.value for e in entries if e.initial_state}:
            with mods.prevent(SelectionList.SelectedChanged):
                mods.deselect_all()
                for entry in entries:
                    if entry.initial_state:
                        mods.select(entry.value)
        if entries:
            mods.highlighted = min(highlighted or 0, len(entries) - 1)
        # nothing to tick: no empty list to land on (space there did nothing), a line says so
        mods.display = bool(entries)
        none = self.query_one("#no-mods", Static)
        show_text(
            none,
            "Nothing to tick for this check."
            if ctx is not None
            else "The modifiers are offered once the check can be worked out (see the odds).",
        )
        none.display = not entries

    def mod_prompt(self, spec: ModifierSpec, ctx: Context) -> Text:
        count = self.form.ticked.get(spec.id, 0)
        value = modifier_value_text(spec, ctx.env)
        text = Text()
        text.append(f"{value:>4} ", style="bold")
        text.append(side_said(spec.side, spec.label))
        if spec.countable:
            text.append(f" ×{max(count, 1)}" if count else " (per item)")
        if value == "?":
            text.append(" (its value is asked when ticked)", style="italic")
        text.append(f"  ({modifier_source_text(spec, ctx)})", style="italic dim")
        return text

    def show_automatic(self, view: OddsView | None) -> None:
        """The modifiers that apply by themselves, ticked, with their reason (nothing while
        the inputs are not all taken: what follows from them is not known)."""
        auto = self.query_one("#auto-mods", Static)
        if view is None or view.context is None:
            show_text(auto, "")
            return
        text = Text()
        for m in view.automatic:
            text.append("[✓] ", style="bold")
            text.append(side_said(m.side, m.describe()))
            text.append(f"  (automatic; {m.source})\n", style="italic")
        if not view.automatic:
            text.append("No automatic modifiers apply.", style="italic")
        show_text(auto, text)


def side_said(side: str | None, said: str) -> str:
    """A modifier of one side of an opposed check, its side first: Republique's assault
    listed "+1: leader of value 1 attached" among the attacker's with nothing to say it was
    the defender's (``Defender: +1: leader of value 1 attached``). A text that names its side
    already ("+3: opponent: aggressive commander", "+1: general with the defender") is left
    as it is."""
    if not side:
        return said
    name = side.replace("_", " ")
    if name.lower() in said.lower():
        return said
    return f"{name[0].upper()}{name[1:]}: {said}"
