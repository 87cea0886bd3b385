"""Resolve a check: inputs, the modifier picker, live odds, the roll (or hand dice), the result.

Everything here is computed by :mod:`drumhead.resolve` (through the app, which routes it to the
open game when there is one); the screen only gathers what the players say and shows the answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from drumhead.screens.base import KeptScreen
from drumhead.screens.footer import KeysFooter
from drumhead.screens.render import (
    modifier_source_text,
    modifier_value_text,
    odds_table,
    resolution_text,
)
from drumhead.screens.status_bar import StatusBar
from drumhead.screens.widgets import (
    DICE_CHARACTERS,
    KeyField,
    TickBox,
    TickList,
    number_characters,
)
from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Checkbox, Input, Label, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from drumhead.errors import DrumheadError, MissingGapError, MissingHitsPerStandError
from drumhead.model import CheckSpec, InputSpec, InputValue, ModifierSpec
from drumhead.resolve import available_modifiers, coerce, odds, prepare
from drumhead.results import Effect, Resolution

if TYPE_CHECKING:
    from drumhead.checks.base import Context


AMOUNT_KINDS = frozenset({"lose", "step", "distance", "hits"})
"""Effects whose amount the players read and may edit (losses, steps, inches, hits)."""


def parse_hand_dice(text: str) -> list[int]:
    """Faces typed by the players: ``7``, ``3 5``, ``3,5``; none for a check that rolls no
    dice (the rules core says how many a check needs). Raises DrumheadError when unreadable."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    faces = []
    for part in parts:
        try:
            faces.append(int(part))
        except ValueError:
            raise DrumheadError(f"'{part}' is not a die face (whole numbers only)") from None
    return faces


def needed_text(ctx: Context) -> str:
    """The number the roll needs, where the mechanic has one, with the modifier total."""
    total = ctx.total()
    mechanic = ctx.check.mechanic
    needed = getattr(mechanic, "needed", None)
    compare = getattr(mechanic, "compare", None)
    dice = getattr(mechanic, "dice", None)
    if callable(needed) and compare in ("<=", ">="):
        target = needed(ctx)
        # the modified roll is compared; say what the natural die must show
        natural = target - total
        sign = "≤" if compare == "<=" else "≥"
        return f"Needs {sign} {target} after modifiers ({total:+d}): a natural {sign} {natural} on {dice}"
    sides = ctx.check.sides
    if sides is not None:
        parts = [f"{side.replace('_', ' ')} {ctx.total(side):+d}" for side in sides]
        return "Modifiers: " + ", ".join(parts)
    if total:
        return f"Modifiers total {total:+d}"
    return "No modifiers apply"


class ResolveScreen(KeptScreen):
    """One check, from choosing it to applying its effects."""

    KEEP = 6  # one per check last shown

    BINDINGS = [
        Binding("escape", "leave", "Back", id="back"),
        Binding("r", "roll", "Roll", id="roll"),
        Binding("h", "hand_dice", "Type dice", id="hand-dice"),
        Binding("a", "apply", "Apply", id="apply"),
        Binding("e", "edit_effect", "Edit effect", id="edit-effect"),
        Binding("d", "roll_distance", "Roll distance", id="roll-distance", show=False),
        Binding("plus", "count(1)", "+1 count", id="count-up", show=False),
        Binding("minus", "count(-1)", "-1 count", id="count-down", show=False),
        Binding("c", "focus_check", "Check", id="focus-check"),
    ]

    def __init__(self, check_id: str | None = None, unit_id: str | None = None) -> None:
        super().__init__()
        self.unit_id = unit_id
        """The unit the check is for (None: no unit, inputs typed in)."""
        self.check_id = check_id
        """The check being resolved."""
        self.values: dict[str, InputValue] = {}
        """Input values that passed their checks."""
        self.bad_inputs: set[str] = set()
        """Inputs whose text was refused (shown inline); odds wait until they are fixed."""
        self.available: list[ModifierSpec] = []
        """Modifiers the players may tick as things stand."""
        self.ticked: dict[str, int] = {}
        """Ticked modifiers (countable ones with their count)."""
        self.result: Resolution | None = None
        """The last resolution, until applied or discarded."""
        self.effects: list[Effect] = []
        """The result's proposed effects, as the players edited them."""
        self.asking_gap = False
        """A gap prompt is open (so it is asked once)."""
        self.gap_to_ask: MissingGapError | None = None
        """A value the odds wait for, not asked yet: found while the screen was out of sight
        (built ahead, refilled before being pushed: asked once shown) or while the players
        were typing in a field (asked once they leave it)."""
        self.has_checks = True
        """Whether the ruleset offers a check here (set by compose; else only Back works)."""
        self.check_options: list[tuple[str, str]] = []
        """The checks the check picker offers, as (title, id), in its order."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """With no check to resolve, only going back is offered."""
        # asked for every binding on every refresh: a flag, not a query of the screen
        return action == "back" or self.has_checks

    @property
    def check(self) -> CheckSpec:
        assert self.check_id is not None
        return self.drumhead.ruleset.check(self.check_id)

    # -- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        checks = self.drumhead.check_choices(self.unit_id)
        self.has_checks = bool(checks)
        if not checks:
            yield StatusBar("Resolve")
            yield Static(
                "This ruleset has no checks with the optional rules now chosen.", classes="error"
            )
            yield KeysFooter()
            return
        if self.check_id is None or self.check_id not in {c.id for c in checks}:
            self.check_id = checks[0].id
        if not self.values:
            self.values = self.drumhead.prefill(self.check_id, self.unit_id)
        check = self.check
        yield StatusBar(self.title_text())
        self.check_options = [(c.title, c.id) for c in checks]
        with Horizontal(id="resolve"):
            with VerticalScroll(id="resolve-left", can_focus=False):
                yield Select(
                    self.check_options,
                    value=self.check_id,
                    allow_blank=False,
                    compact=True,
                    id="check",
                )
                yield Static(
                    Text.assemble(check.summary, (f"  ({check.source})", "italic")),
                    id="check-summary",
                    classes="summary",
                )
                # what the players tick comes before what the unit's card has filled in
                yield Label("Modifiers (space ticks)", classes="heading")
                yield Static("", id="auto-mods")
                yield TickList[str](id="mods", compact=True)
                if check.inputs:
                    yield Label("Inputs (tab to change)", classes="heading")
                for spec in check.inputs:
                    yield from self.input_row(spec)
            with VerticalScroll(id="resolve-right", can_focus=False):
                # the result comes first once there is one (small screens see it at once)
                yield Static("", id="result")
                yield TickList[int](id="effects", compact=True)
                yield Static("", id="effects-help", classes="hint")
                yield Static("", id="needed")
                yield Static("", id="odds")
                yield TickBox("Use a re-roll if allowed", True, id="use-reroll", compact=True)
                yield Label("Dice by hand: h, faces, Enter; or r")
                yield KeyField(
                    placeholder="e.g. 7  or  3 5",
                    allowed=DICE_CHARACTERS,
                    id="hand",
                    compact=True,
                )
                yield Static("", id="hand-error", classes="error")
        yield KeysFooter()

    def title_text(self) -> str:
        """The status bar's view: the screen, and the unit tested if there is one."""
        if self.unit_id is None:
            return "Resolve"
        return f"Resolve: {self.drumhead.unit_name(self.unit_id)}"

    def reopen(self, check_id: str | None = None, unit_id: str | None = None) -> bool:
        """Show a fresh form for ``check_id`` and ``unit_id`` on this screen, already built.

        Building the screen is most of the time it takes to open (its widgets are mounted
        and styled), so the app keeps one and refills it: the inputs from the unit's card,
        nothing ticked, no result. Only a form with the same fields can be refilled: False
        (and nothing changed) when ``check_id`` is another check, or the game or ruleset is
        not the one the screen was built for; the app then builds a new screen.
        """
        if not self.has_checks or not self.fits_app():
            return False
        checks = self.drumhead.check_choices(unit_id)
        if not checks:
            return False
        ids = [c.id for c in checks]
        if (check_id if check_id in ids else ids[0]) != self.check_id:
            return False
        self.unit_id = unit_id
        self.values = self.drumhead.prefill(self.check.id, unit_id)
        self.bad_inputs.clear()
        self.ticked.clear()
        self.available = []
        self.asking_gap = False
        self.gap_to_ask = None
        self.clear_result()
        status = self.query_one(StatusBar)
        status.view = self.title_text()
        status.refresh()
        options = [(c.title, c.id) for c in checks]
        if options != self.check_options:
            self.check_options = options
            picker = self.query_one("#check", Select)
            with picker.prevent(Select.Changed):
                picker.set_options(options)
                picker.value = self.check.id
        for spec in self.check.inputs:
            self.show_input(spec)
        self.query_one("#use-reroll", Checkbox).value = True
        self.query_one("#hand", Input).value = ""
        self.query_one("#hand-error", Static).update("")
        self.reset_result_view()
        self.update_odds()
        mods = self.query_one("#mods", SelectionList)
        if self.available:
            mods.highlighted = 0
        for pane in self.query(VerticalScroll):
            pane.scroll_home(animate=False)
        self.focus_first_field()
        return True

    def show_input(self, spec: InputSpec) -> None:
        """Put the value of input ``spec`` (from :attr:`values`) in its field; no error."""
        value = self.values.get(spec.name, spec.default)
        field = self.query_one(f"#in-{spec.name}")
        if isinstance(field, Select):
            blank = Select.NULL if spec.default is None else spec.choices[0]
            field.value = value if value in spec.choices else blank
        elif isinstance(field, Checkbox):
            field.value = bool(value)
        elif isinstance(field, Input):
            field.value = "" if value is None else str(value)
        error = self.query_one(f"#err-{spec.name}", Static)
        error.update("")
        error.display = False

    def input_row(self, spec: InputSpec) -> ComposeResult:
        value = self.values.get(spec.name, spec.default)
        with Horizontal(classes="input-row"):
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

    def result_area(self, shown: bool) -> None:
        """Show the result, effects and their help only once there is a result."""
        for selector in ("#result", "#effects", "#effects-help"):
            self.query_one(selector).display = shown

    def on_mount(self) -> None:
        if not self.has_checks:
            return  # no checks to offer (see compose)
        self.result_area(self.result is not None)
        self.update_odds()
        self.focus_first_field()

    def missing_inputs(self) -> list[InputSpec]:
        """The inputs the rules need that nobody has filled (the card could not)."""
        return [s for s in self.check.inputs if s.default is None and s.name not in self.values]

    def focus_first_field(self) -> None:
        """Focus the first input still missing, else the modifier picker."""
        missing = self.missing_inputs()
        self.set_focus(self.query_one(f"#in-{missing[0].name}" if missing else "#mods"))

    # -- inputs and modifiers ----------------------------------------------------------
    def set_input(self, name: str, raw: object) -> None:
        spec = self.check.input(name)
        if spec is None:
            return
        error = self.query_one(f"#err-{name}", Static)
        try:
            if isinstance(raw, str) and not raw.strip():
                if spec.default is None:
                    raise DrumheadError(f"{spec.label}: a value is needed")
                value: InputValue = spec.default
            else:
                value = coerce(spec, raw)
        except DrumheadError as exc:
            self.bad_inputs.add(name)
            # shown under the field's own label: the internal name (for the CLI) is left out
            error.update(f"✗ {str(exc).removeprefix(f'{name} ')}")
            error.display = True
            self.update_odds()
            return
        if name not in self.bad_inputs and self.values.get(name) == value:
            return  # e.g. the form's own fields reporting the values they were given
        self.bad_inputs.discard(name)
        error.update("")
        error.display = False
        self.values[name] = value
        self.update_odds()

    @on(Input.Changed, ".input-field")
    def input_changed(self, event: Input.Changed) -> None:
        assert event.input.id is not None
        self.set_input(event.input.id.removeprefix("in-"), event.value)

    @on(Input.Submitted, ".input-field")
    def input_submitted(self) -> None:
        """Enter in a field: on to the next one still needed, else back to the modifiers."""
        self.focus_first_field()

    @on(Select.Changed, ".input-field")
    def select_changed(self, event: Select.Changed) -> None:
        assert event.select.id is not None
        name = event.select.id.removeprefix("in-")
        if event.value is Select.NULL:  # a required choice made blank again: not given
            if self.values.pop(name, None) is not None:
                self.update_odds()
            return
        self.set_input(name, event.value)

    @on(Checkbox.Changed, ".input-field")
    def box_changed(self, event: Checkbox.Changed) -> None:
        assert event.checkbox.id is not None
        self.set_input(event.checkbox.id.removeprefix("in-"), event.value)

    @on(Select.Changed, "#check")
    async def check_changed(self, event: Select.Changed) -> None:
        if event.value == self.check_id or not isinstance(event.value, str):
            return
        self.check_id = event.value
        self.values = self.drumhead.prefill(self.check_id, self.unit_id)
        self.bad_inputs.clear()
        self.ticked.clear()
        self.available = []
        self.clear_result()
        await self.recompose()
        self.update_odds()
        self.query_one("#check", Select).focus()

    @on(SelectionList.SelectedChanged, "#mods")
    def mods_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        selected = set(event.selection_list.selected)
        self.ticked = {m: self.ticked.get(m, 1) for m in selected}
        self.update_odds(rebuild_mods=False)

    def action_count(self, delta: int) -> None:
        """Change the count of the highlighted countable modifier."""
        mods = self.query_one("#mods", SelectionList)
        if mods.highlighted is None:
            return
        mod_id = mods.get_option_at_index(mods.highlighted).value
        spec = self.check.modifier(mod_id)
        if spec is None or not spec.countable:
            self.notify("Only modifiers counted per item take + and -.", severity="warning")
            return
        count = self.ticked.get(mod_id, 0) + delta
        if count <= 0:
            self.ticked.pop(mod_id, None)
        else:
            self.ticked[mod_id] = count
        self.update_odds(rebuild_mods=True)

    def mod_prompt(self, spec: ModifierSpec, ctx: Context) -> Text:
        count = self.ticked.get(spec.id, 0)
        value = modifier_value_text(spec, ctx.env)
        text = Text()
        text.append(f"{value:>4} ", style="bold")
        text.append(spec.label)
        if spec.countable:
            text.append(f" ×{max(count, 1)}" if count else " (per item)")
        if value == "?":
            text.append(" (its value is asked when ticked)", style="italic")
        text.append(f"  ({modifier_source_text(spec, ctx)})", style="italic dim")
        return text

    def rebuild_mods(self, ctx: Context) -> None:
        mods = self.query_one("#mods", SelectionList)
        available = available_modifiers(ctx)
        self.ticked = {k: v for k, v in self.ticked.items() if k in {m.id for m in available}}
        highlighted = mods.highlighted
        self.available = available
        with mods.prevent(SelectionList.SelectedChanged):
            mods.clear_options()
            mods.add_options(
                [Selection(self.mod_prompt(m, ctx), m.id, m.id in self.ticked) for m in available]
            )
        if available:
            mods.highlighted = min(highlighted or 0, len(available) - 1)

    # -- the odds ------------------------------------------------------------------------
    def context(self, ticked: dict[str, int]) -> Context:
        return prepare(
            self.drumhead.ruleset,
            self.check.id,
            self.values,
            ticked,
            self.drumhead.gaps(),
            use_reroll=self.query_one("#use-reroll", Checkbox).value,
        )

    def update_odds(self, rebuild_mods: bool = True) -> None:
        """Recompute the number needed and the odds of every outcome from the form."""
        needed = self.query_one("#needed", Static)
        table = self.query_one("#odds", Static)
        # what follows from the inputs is shown only for inputs the rules took
        self.query_one("#auto-mods", Static).update("")
        if self.bad_inputs:
            needed.update(Text("Fix the inputs marked ✗ to see the odds.", style="bold"))
            table.update("")
            return
        missing = self.missing_inputs()
        if missing:
            needed.update(
                Text(f"Fill in “{missing[0].label}” (required) to see the odds.", style="bold")
            )
            table.update("")
            return
        try:
            if rebuild_mods:
                self.rebuild_mods(self.context({}))
            ctx = self.context(self.ticked)
            outcome_odds = odds(ctx)
        except MissingGapError as exc:
            needed.update(Text(f"Waiting for a value: {exc.question}", style="bold"))
            table.update("")
            # asked now, unless the screen is out of sight (built ahead or refilled: asked
            # when shown) or the players are typing a number (asked when they leave the field:
            # the prompt must not take the next digit they type)
            self.gap_to_ask = exc
            if not isinstance(self.focused, Input):
                self.ask_pending_gap()
            return
        except DrumheadError as exc:
            needed.update(Text(f"✗ {exc}", style="bold"))
            table.update("")
            return
        autos = [m for m in ctx.modifiers if m.auto]
        auto_text = Text()
        for m in autos:
            auto_text.append("[✓] ", style="bold")
            auto_text.append(m.describe())
            auto_text.append(f"  (automatic; {m.source})\n", style="italic")
        if not autos:
            auto_text.append("No automatic modifiers apply.", style="italic")
        self.query_one("#auto-mods", Static).update(auto_text)
        needed.update(Text(needed_text(ctx), style="bold"))
        table.update(
            Group(
                Text("Chance of each outcome", style="underline"),
                odds_table(self.check, outcome_odds, 6),
            )
        )

    @on(Checkbox.Changed, "#use-reroll")
    def reroll_changed(self) -> None:
        self.update_odds(rebuild_mods=False)

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
        if self.asking_gap:
            return
        self.asking_gap = True
        from drumhead.screens.gap import GapModal

        def answered(value: InputValue | None) -> None:
            self.asking_gap = False
            if value is None:
                self.notify(
                    f"'{error.gap}' is still needed to resolve this check.", severity="warning"
                )
                return
            self.drumhead.set_gap(error.gap, value)
            self.update_odds()
            if retry is not None:
                retry()

        def prompt() -> None:
            if not self.is_current:  # closed meanwhile: asked when it is shown again
                self.asking_gap = False
                self.gap_to_ask = error
                return
            self.app.push_screen(GapModal(self.drumhead.ruleset, error.gap), answered)

        # after this screen's next refresh: one still opening shows itself (and its footer's
        # keys) first, so what lies under the prompt does not depend on timing
        self.call_after_refresh(prompt)

    # -- the roll ------------------------------------------------------------------------
    def action_leave(self) -> None:
        """Escape: out of a text field first (to the modifiers), then off the screen."""
        if isinstance(self.focused, Input):
            self.set_focus(self.query_one("#mods"))
            return
        self.app.action_back()

    def action_roll(self) -> None:
        """Roll the check with the game's (or the app's) seeded dice."""
        self.run_check(None)

    def action_hand_dice(self) -> None:
        self.query_one("#hand", Input).focus()

    def action_focus_check(self) -> None:
        self.query_one("#check", Select).focus()

    @on(Input.Submitted, "#hand")
    def hand_submitted(self, event: Input.Submitted) -> None:
        error = self.query_one("#hand-error", Static)
        try:
            faces = parse_hand_dice(event.value)
        except DrumheadError as exc:
            error.update(f"✗ {exc}")
            return
        error.update("")
        if self.run_check(faces):
            event.input.value = ""
            self.query_one("#effects", SelectionList).focus()

    def run_check(self, hand: list[int] | None) -> bool:
        if self.bad_inputs:
            self.query_one("#hand-error", Static).update("✗ fix the inputs marked ✗ first")
            return False
        try:
            result = self.drumhead.run_check(
                self.check.id,
                self.unit_id,
                self.values,
                self.ticked,
                hand,
                self.query_one("#use-reroll", Checkbox).value,
            )
        except MissingGapError as exc:
            self.ask_gap(exc, retry=lambda: self.run_check(hand))
            return False
        except DrumheadError as exc:
            self.query_one("#hand-error", Static).update(f"✗ {exc}")
            return False
        self.query_one("#hand-error", Static).update("")
        self.result = result
        self.effects = list(result.effects)
        self.show_result()
        return True

    def show_result(self) -> None:
        assert self.result is not None
        self.result_area(True)
        self.query_one("#result", Static).update(resolution_text(self.result))
        effects = self.query_one("#effects", SelectionList)
        effects.clear_options()
        effects.add_options(
            [Selection(self.effect_prompt(e), i, True) for i, e in enumerate(self.effects)]
        )
        help_text = self.drumhead.apply_hint(self.unit_id, bool(self.effects))
        if any(e.kind == "distance" and e.dice and e.amount is None for e in self.effects):
            help_text += "  d rolls the distance."
        self.query_one("#effects-help", Static).update(help_text + "\n")
        self.query_one("#resolve-right", VerticalScroll).scroll_home(animate=False)

    def effect_prompt(self, effect: Effect) -> Text:
        text = Text()
        text.append(f"{effect.kind}: ", style="bold")
        text.append(effect.text)
        if effect.amount is not None and effect.kind in AMOUNT_KINDS:
            text.append(f" [{effect.amount}]")
        if effect.dice and effect.amount is None:
            text.append(f" [roll {effect.dice}]")
        if effect.who != "self":
            text.append(f" ({effect.who})", style="italic")
        return text

    def clear_result(self) -> None:
        self.result = None
        self.effects = []

    # -- effects --------------------------------------------------------------------------
    def chosen_effects(self) -> list[Effect]:
        ticked = set(self.query_one("#effects", SelectionList).selected)
        return [e for i, e in enumerate(self.effects) if i in ticked]

    def action_apply(self) -> None:
        """Apply the ticked effects (unticked ones are discarded)."""
        if self.result is None:
            self.notify("Roll first (r), or type the dice rolled (h).", severity="warning")
            return
        self.apply_flow(self.chosen_effects())

    @work(exclusive=True, group="apply")
    async def apply_flow(self, effects: list[Effect]) -> None:
        """Apply effects to the unit tested; ask which unit takes the others (an opponent's)."""
        check = self.check
        first = check.role_ids[0] if check.role_ids else "self"
        # the table's notes, and an army-level check's (made for a side), go on no card
        nobody = {"table", *(check.sides or () if check.scope == "army" else ())}
        groups: dict[str, list[Effect]] = {}
        for effect in effects:
            who = "self" if effect.who in ("self", "leader", first) else effect.who
            groups.setdefault("table" if who in nobody else who, []).append(effect)
        messages = []
        game = self.drumhead.game
        for who, group in groups.items():
            if who == "table":
                messages.append(self.drumhead.log_notes(group))
                continue
            target = self.unit_id if who == "self" else None
            if target is None and game is not None and game.state.units:
                from drumhead.screens.pick_unit import UnitPickModal

                question = (
                    "Which unit do these effects fall on?"
                    if who == "self"
                    else f"Which unit is {self.role_title(who)}?"
                )
                state = game.state
                candidates = [u for u in state.units if not u.removed and u.id != self.unit_id]
                own = state.unit(self.unit_id).side if self.unit_id is not None else None
                target = await self.app.push_screen_wait(
                    UnitPickModal(
                        question,
                        [e.text for e in group],
                        candidates,
                        own_side=own,
                        side_names={s.id: s.name for s in state.sides},
                    )
                )
                if target is None:
                    messages.append(f"{len(group)} effect(s) for the {who} left to the players")
                    continue
            try:
                try:
                    messages.append(self.drumhead.apply_effects(target, group))
                except MissingHitsPerStandError as missing:
                    if not await self.ask_hits_per_stand(missing):
                        messages.append(f"{len(group)} effect(s) left to the players")
                        continue
                    messages.append(self.drumhead.apply_effects(target, group))
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
        if not effects:
            logged = " The roll is in the log." if game is not None else ""
            if self.effects:
                messages.append("Effects discarded." + logged)
            elif self.result is not None:
                messages.append(f"{self.result.text}: nothing to apply." + logged)
        self.notify(" ".join(messages))
        self.clear_result()
        if self.drumhead.game_open:
            self.app.pop_screen()
        else:
            self.reset_result_view()

    def role_title(self, role: str) -> str:
        """How a role is asked for: its title in the rules data ("the target"), else its id."""
        spec = self.check.role(role)
        return spec.title[0].lower() + spec.title[1:] if spec is not None else f"the {role}"

    async def ask_hits_per_stand(self, missing: MissingHitsPerStandError) -> bool:
        """Ask how many hits remove a stand of the unit hits are marked on, and keep the
        answer on its card (an edit, undoable); False when the players cancel."""
        from drumhead.screens.edit_value import EditValueModal

        name = self.drumhead.unit_name(missing.unit)
        answer = await self.app.push_screen_wait(
            EditValueModal(f"How many hits remove one stand of {name}?", "", kind="int")
        )
        if answer is None or int(answer) < 1:
            if answer is not None:
                self.notify("A stand takes at least one hit.", severity="warning")
            return False
        self.drumhead.edit_unit(missing.unit, missing.attribute, int(answer))
        return True

    def reset_result_view(self) -> None:
        self.result_area(False)
        self.query_one("#result", Static).update("")
        self.query_one("#effects", SelectionList).clear_options()
        self.query_one("#effects-help", Static).update("")

    def action_roll_distance(self) -> None:
        """Roll the dice of every distance effect still to be rolled."""
        rolled = False
        for i, effect in enumerate(self.effects):
            if effect.kind == "distance" and effect.dice and effect.amount is None:
                faces, total = self.drumhead.roll_dice(
                    effect.dice, f"distance: {effect.text}", self.unit_id
                )
                self.effects[i] = replace(
                    effect,
                    amount=total,
                    text=f"{effect.text} ({effect.dice}: {' '.join(map(str, faces))} = {total})",
                )
                rolled = True
        if rolled and self.result is not None:
            self.show_result()
        elif not rolled:
            self.notify("No distance to roll.", severity="warning")

    def action_edit_effect(self) -> None:
        """Change the amount of the highlighted effect (losses, steps, inches)."""
        effects = self.query_one("#effects", SelectionList)
        if self.result is None or effects.highlighted is None:
            self.notify("Nothing to edit yet: roll first.", severity="warning")
            return
        index = effects.get_option_at_index(effects.highlighted).value
        effect = self.effects[index]
        if effect.amount is None and effect.kind not in AMOUNT_KINDS:
            self.notify("This effect has no amount; untick it to discard it.", severity="warning")
            return
        from drumhead.screens.edit_value import EditValueModal

        def edited(value: str | None) -> None:
            if value is None:
                return
            self.effects[index] = replace(effect, amount=int(value))
            self.show_result()

        self.app.push_screen(
            EditValueModal(f"Amount for: {effect.text}", str(effect.amount or 0), kind="int"),
            edited,
        )
