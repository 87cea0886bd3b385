"""Units and leaders: add, remove, attach a leader, correct any value (each change an event)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from drumhead.screens.base import KeptScreen
from drumhead.screens.cards import unit_card
from drumhead.screens.edit_value import EditValueModal
from drumhead.screens.footer import KeysFooter
from drumhead.screens.status_bar import StatusBar
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.errors import DrumheadError
from drumhead.game import Event, Game, Leader, Unit
from drumhead.game.attributes import editable_fields, field_value, value_of
from drumhead.game.events import LEADER_EDITABLE, UNIT_EDITABLE


def field_choices(game: Game, unit: Unit, field: str) -> tuple[str, ...]:
    """The values a field may take in this ruleset (empty: free text or a number)."""
    ruleset = game.ruleset
    if field == "quality":
        return ruleset.qualities
    if field == "formation":
        return ruleset.formations
    if field == "type":
        return tuple(u.id for u in ruleset.unit_types)
    if field == "side":
        return tuple(s.id for s in game.state.sides)
    if field == "state":
        unit_type = ruleset.unit_type(unit.type)
        ladder = ruleset.ladder(unit_type.ladder if unit_type else "default")
        return ladder.states if ladder else ()
    if field == "removed":
        return ("true", "false")
    spec = ruleset.unit_attribute(field)
    if spec is not None and spec.type == "bool":
        return ("true", "false")
    if spec is not None and spec.type == "choice":
        return spec.choices
    return ()


def parse_field(kind: str, text: str) -> Any:
    """The typed value for an edit of a field of this kind."""
    base = kind.rstrip("?")
    if base in ("count", "int"):
        return int(text)
    if base == "bool":
        return text == "true"
    if base == "texts":
        return [t.strip() for t in text.split(",") if t.strip()]
    if kind.endswith("?") and not text:
        return None
    return text


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "unit"


class UnitsScreen(KeptScreen):
    """Pick a unit on the left; its fields on the right; Enter corrects the highlighted one."""

    BINDINGS = [
        Binding("escape", "app.back", "Back", id="back"),
        Binding("a", "add_unit", "Add unit", id="add-unit"),
        Binding("x", "remove_unit", "Remove", id="remove-unit"),
        Binding("A", "add_leader", "Add leader", id="add-leader"),
        Binding("L", "attach_leader", "Attach leader", id="attach-leader"),
        Binding("u", "app.undo", "Undo", id="units-undo"),
    ]

    def __init__(self, unit_id: str | None = None) -> None:
        super().__init__()
        self.unit_id = unit_id
        """The unit being edited."""

    def compose(self) -> ComposeResult:
        yield StatusBar("Units")
        with Horizontal(id="units-view"):
            with Vertical(id="units-left"):
                yield Label("Units", classes="heading")
                yield OptionList(id="unit-list")
            with Vertical(id="units-right"):
                yield Static("", id="units-card")
                yield Label("Fields (Enter corrects one)", classes="heading")
                yield OptionList(id="field-list")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.game_changed()
        self.query_one("#unit-list", OptionList).focus()

    def reopen(self, unit_id: str | None = None) -> bool:
        """Open again on ``unit_id`` (the first unit if None), the units as they are now."""
        self.unit_id = unit_id
        self.game_changed()
        self.set_focus(self.query_one("#unit-list", OptionList))
        return True

    def game_changed(self) -> None:
        if self.drumhead.game is None:
            return
        if not self.query("Footer"):
            return  # not composed yet
        state = self.game.state
        units = self.query_one("#unit-list", OptionList)
        options = [Option(f"{u.name}{' (out)' if u.removed else ''}", id=u.id) for u in state.units]
        if state.leaders:
            options.append(Option(Text("── Leaders ──", style="bold"), disabled=True))
            options.extend(
                Option(f"★ {x.name} ({x.status})", id=f"leader:{x.id}") for x in state.leaders
            )
        with units.prevent(OptionList.OptionHighlighted):
            units.clear_options()
            units.add_options(options)
        ids = [o.id for o in options]
        if self.unit_id not in ids:
            self.unit_id = ids[0] if ids else None
        if self.unit_id is not None:
            units.highlighted = ids.index(self.unit_id)
        self.show_unit()

    @property
    def leader_id(self) -> str | None:
        """The leader selected, when the selection is a leader."""
        if self.unit_id is not None and self.unit_id.startswith("leader:"):
            return self.unit_id.removeprefix("leader:")
        return None

    def show_unit(self) -> None:
        card = self.query_one("#units-card", Static)
        fields = self.query_one("#field-list", OptionList)
        fields.clear_options()
        if self.unit_id is None:
            card.update(Text("No units: a adds one.", style="italic"))
            return
        if self.leader_id is not None:
            leader = self.game.state.leader(self.leader_id)
            with_unit = (
                self.game.state.unit(leader.attached_to).name if leader.attached_to else "none"
            )
            card.update(
                Text.assemble(
                    (leader.name + "\n", "bold underline"),
                    f"rating {leader.value} · {leader.status} · with {with_unit}\n",
                )
            )
            for field in editable_fields(self.game.ruleset, leader=True):
                value = (
                    value_of(self.game.ruleset, leader, field)
                    if field not in LEADER_EDITABLE
                    else getattr(leader, field)
                )
                if isinstance(value, tuple):
                    value = ", ".join(value) or "none"
                fields.add_option(Option(f"{field}: {value}", id=field))
            return
        unit = self.game.state.unit(self.unit_id)
        card.update(unit_card(self.game.ruleset, self.game.state, unit))
        for field in editable_fields(self.game.ruleset):
            value = (
                value_of(self.game.ruleset, unit, field)
                if field not in UNIT_EDITABLE
                else getattr(unit, field)
            )
            if isinstance(value, frozenset):
                value = ", ".join(sorted(value)) or "none"
            fields.add_option(Option(f"{field}: {value}", id=field))

    @on(OptionList.OptionHighlighted, "#unit-list")
    def unit_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.unit_id = event.option_id
        self.show_unit()

    @on(OptionList.OptionSelected, "#unit-list")
    def unit_chosen(self) -> None:
        self.query_one("#field-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#field-list")
    def field_chosen(self, event: OptionList.OptionSelected) -> None:
        field = event.option_id
        unit_id = self.unit_id
        if field is None or unit_id is None:
            return
        if self.leader_id is not None:
            self.edit_leader_field(self.leader_id, field)
            return
        unit = self.game.state.unit(unit_id)
        kind = editable_fields(self.game.ruleset)[field]
        current = field_value(unit, field)
        if isinstance(current, frozenset):
            current = ", ".join(sorted(current))
        if isinstance(current, bool):
            current = "true" if current else "false"
        self.ask_and_record(
            f"{unit.name}: {field}",
            current,
            kind,
            field_choices(self.game, unit, field),
            lambda new, at: self.game.edit_unit(unit_id, field, new, at=at),
        )

    def edit_leader_field(self, leader_id: str, field: str) -> None:
        leader = self.game.state.leader(leader_id)
        kind = editable_fields(self.game.ruleset, leader=True)[field]
        current = field_value(leader, field)
        if isinstance(current, tuple):
            current = ", ".join(current)
        if isinstance(current, bool):
            current = "true" if current else "false"
        choices: tuple[str, ...] = ()
        if field == "status":
            choices = ("active", "wounded", "killed")
        elif field == "side":
            choices = tuple(x.id for x in self.game.state.sides)
        elif (spec := self.game.ruleset.leader_attribute(field)) is not None:
            choices = ("true", "false") if spec.type == "bool" else spec.choices
        self.ask_and_record(
            f"{leader.name}: {field}",
            current,
            kind,
            choices,
            lambda new, at: self.game.edit_leader(leader_id, field, new, at=at),
        )

    def ask_and_record(
        self,
        title: str,
        current: object,
        kind: str,
        choices: tuple[str, ...],
        edit: Callable[[Any, str], Event],
    ) -> None:
        """Ask for a field's new value; the answer, parsed, is recorded as one edit event."""
        modal_kind = (
            "choice" if choices else ("int" if kind.rstrip("?") in ("count", "int") else "text")
        )

        def edited(value: str | None) -> None:
            if value is None:
                return
            try:
                new = parse_field(kind, value)
                self.drumhead.record(lambda at: edit(new, at))
            except (DrumheadError, ValueError) as exc:
                self.notify(str(exc), severity="error")

        self.app.push_screen(
            EditValueModal(
                title, "" if current is None else str(current), kind=modal_kind, choices=choices
            ),
            edited,
        )

    def action_add_leader(self) -> None:
        """Add a leader on the selected unit's side, attached to it."""
        state = self.game.state
        if not state.sides:
            self.notify("A leader needs a side: start from a scenario.", severity="warning")
            return
        unit = state.unit(self.unit_id) if self.unit_id and self.leader_id is None else None

        def named(name: str | None) -> None:
            if not name:
                return
            base = slug(name)
            leader_id, n = base, 2
            while state.has_leader(leader_id):
                leader_id, n = f"{base}_{n}", n + 1
            leader = Leader(
                id=leader_id,
                name=name,
                side=unit.side if unit else state.sides[0].id,
                attached_to=unit.id if unit else None,
            )
            try:
                self.drumhead.record(lambda at: self.game.add_leader(leader, at=at))
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
            self.unit_id = f"leader:{leader_id}"
            self.game_changed()
            self.notify(f"Added {name}: set his rating here.")

        where = f" (with {unit.name})" if unit else ""
        self.app.push_screen(EditValueModal(f"Name of the new leader{where}", ""), named)

    def action_add_unit(self) -> None:
        """Add a unit like the selected one (same side, brigade and type), named as typed."""
        state = self.game.state
        template = state.unit(self.unit_id) if self.unit_id and self.leader_id is None else None
        if template is None and not state.sides:
            self.notify(
                "Add a unit to a game with sides (start from a scenario).", severity="warning"
            )
            return

        def named(name: str | None) -> None:
            if not name:
                return
            base = slug(name)
            unit_id, n = base, 2
            while state.has_unit(unit_id):
                unit_id, n = f"{base}_{n}", n + 1
            ruleset = self.game.ruleset
            if template is not None:
                unit = Unit(
                    id=unit_id,
                    name=name,
                    side=template.side,
                    brigade=template.brigade,
                    type=template.type,
                    strength_start=template.strength_start,
                    strength_now=template.strength_start,
                    state=self.top_state(template.type),
                    quality=template.quality,
                    formation=template.formation,
                )
            else:
                unit_type = ruleset.unit_types[0].id if ruleset.unit_types else "unit"
                unit = Unit(
                    id=unit_id,
                    name=name,
                    side=state.sides[0].id,
                    brigade="reserve",
                    type=unit_type,
                    strength_start=1,
                    strength_now=1,
                    state=self.top_state(unit_type),
                    quality=ruleset.qualities[0] if ruleset.qualities else "",
                )
            try:
                self.drumhead.record(lambda at: self.game.add_unit(unit, at=at))
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
            self.unit_id = unit_id
            self.game_changed()
            self.notify(f"Added {name}: correct its fields here.")

        self.app.push_screen(
            EditValueModal("Name of the new unit (copies the selected one)", ""), named
        )

    def top_state(self, unit_type: str) -> str:
        ruleset = self.game.ruleset
        kind = ruleset.unit_type(unit_type)
        ladder = ruleset.ladder(kind.ladder if kind else "default")
        return ladder.states[0] if ladder and ladder.states else ""

    def action_remove_unit(self) -> None:
        unit_id = self.unit_id
        if unit_id is None:
            return
        leader_id = self.leader_id
        if leader_id is not None:
            name = self.game.state.leader(leader_id).name
            try:
                self.drumhead.record(lambda at: self.game.remove_leader(leader_id, at=at))
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
            self.notify(f"Removed {name} (u undoes).")
            return
        name = self.game.state.unit(unit_id).name
        try:
            self.drumhead.record(lambda at: self.game.remove_unit(unit_id, at=at))
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Removed {name} (u undoes).")

    def action_attach_leader(self) -> None:
        """Attach a leader to the selected unit (or detach him)."""
        unit_id = self.unit_id
        leaders = self.game.state.leaders
        if self.leader_id is not None:
            self.notify("Select a unit, then L attaches a leader to it.", severity="warning")
            return
        if unit_id is None or not leaders:
            self.notify("No leaders in this game.", severity="warning")
            return
        choices = (*(x.id for x in leaders), "none")

        def chosen(value: str | None) -> None:
            if value is None:
                return
            target = None if value == "none" else value
            try:
                if target is None:
                    for leader in leaders:
                        if leader.attached_to == unit_id:
                            self.drumhead.record(
                                lambda at, lid=leader.id: self.game.attach_leader(lid, None, at=at)
                            )
                else:
                    self.drumhead.record(lambda at: self.game.attach_leader(target, unit_id, at=at))
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")

        self.app.push_screen(
            EditValueModal(
                "Leader to attach ('none' detaches)", "", kind="choice", choices=choices
            ),
            chosen,
        )
