"""Units and leaders: add, remove, attach a leader, correct any value (each change an event)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from drumhead.errors import DrumheadError

from ..dialogs.edit_value import EditValueModal
from ..widgets.card_pane import CardPane
from ..widgets.cards import unit_card
from ..widgets.cursor_list import CursorList
from ..widgets.footer import KeysFooter
from ..widgets.status_bar import StatusBar
from .base import KeptScreen

if TYPE_CHECKING:
    from drumhead.session.cards import CardField


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
        self.listed: tuple[list[tuple[str, str]], list[tuple[str, str]]] | None = None
        """The units and leaders listed, as (id, text) (the list is rebuilt when they change)."""

    def compose(self) -> ComposeResult:
        yield StatusBar("Units")
        with Horizontal(id="units-view"):
            with Vertical(id="units-left"):
                yield Label("Units", classes="heading")
                yield CursorList(id="unit-list")
            with Vertical(id="units-right"):
                yield CardPane(id="units-card")
                yield Label("Fields (Enter corrects one)", classes="heading")
                yield OptionList(id="field-list")
        yield KeysFooter()

    def on_mount(self) -> None:
        units = self.query_one("#unit-list", CursorList)
        units.cursor_moved = self.unit_highlighted  # its card in the cursor's own frame
        self.game_changed()
        units.focus()

    def reopen(self, unit_id: str | None = None) -> bool:
        """Open again on ``unit_id`` (the first unit if None), the units as they are now."""
        self.unit_id = unit_id
        self.game_changed()
        self.set_focus(self.query_one("#unit-list", OptionList))
        return True

    def game_changed(self) -> None:
        if self.session.game is None:
            return
        if not self.query("Footer") or not self.query("#unit-list"):
            return  # not composed yet, or taken down (the app closing)
        state = self.session.state
        units = self.query_one("#unit-list", OptionList)
        entries = [(u.id, f"{u.name}{' (out)' if u.removed else ''}") for u in state.units]
        leaders = [(f"leader:{x.id}", f"★ {x.name} ({x.status})") for x in state.leaders]
        ids: list[str | None] = [i for i, _ in entries]
        if leaders:
            ids += [None, *(i for i, _ in leaders)]
        if (entries, leaders) != self.listed:  # a 500-unit list is rebuilt only when it changed
            self.listed = (entries, leaders)
            options = [Option(text, id=ident) for ident, text in entries]
            if leaders:
                options.append(Option(Text("── Leaders ──", style="bold"), disabled=True))
                options.extend(Option(text, id=ident) for ident, text in leaders)
            units.clear_options()
            units.add_options(options)
        if self.unit_id is None or self.unit_id not in ids:  # None: the leaders' heading
            self.unit_id = next((i for i in ids if i is not None), None)
        if self.unit_id is not None and units.highlighted != ids.index(self.unit_id):
            units.highlighted = ids.index(self.unit_id)  # shown as the cursor moves
            return
        self.show_unit()

    @property
    def leader_id(self) -> str | None:
        """The leader selected, when the selection is a leader."""
        if self.unit_id is not None and self.unit_id.startswith("leader:"):
            return self.unit_id.removeprefix("leader:")
        return None

    @property
    def card_unit(self) -> str | None:
        """The unit selected, when the selection is a unit."""
        return self.unit_id if self.leader_id is None else None

    def fields(self) -> list[CardField]:
        """The fields of the unit or leader selected."""
        if self.leader_id is not None:
            return self.session.leader_fields(self.leader_id)
        return self.session.unit_fields(self.unit_id) if self.unit_id is not None else []

    def show_unit(self) -> None:
        card = self.query_one("#units-card", CardPane)
        fields = self.query_one("#field-list", OptionList)
        fields.clear_options()
        if self.unit_id is None:
            card.show(Text("No units: a adds one.", style="italic"))
            return
        state = self.session.state
        if self.leader_id is not None:
            leader = state.leader(self.leader_id)
            with_unit = state.unit(leader.attached_to).name if leader.attached_to else "none"
            card.show(
                Text.assemble(
                    (leader.name + "\n", "bold underline"),
                    f"rating {leader.value} · {leader.status} · with {with_unit}\n",
                )
            )
        else:
            card.show(unit_card(self.session.ruleset, state, state.unit(self.unit_id)))
        for field in self.fields():
            fields.add_option(Option(f"{field.label}: {field.shown}", id=field.name))

    def unit_highlighted(self) -> None:
        """The list's cursor moved (:class:`CursorList`): its unit's or leader's card."""
        option = self.query_one("#unit-list", OptionList).highlighted_option
        self.unit_id = option.id if option is not None else None
        self.show_unit()

    @on(OptionList.OptionSelected, "#unit-list")
    def unit_chosen(self) -> None:
        self.query_one("#field-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#field-list")
    def field_chosen(self, event: OptionList.OptionSelected) -> None:
        """Ask for the highlighted field's new value; the answer is recorded as one edit."""
        ident = self.leader_id or self.unit_id
        field = next((f for f in self.fields() if f.name == event.option_id), None)
        if field is None or ident is None:
            return
        target = "leader" if self.leader_id is not None else "unit"
        name = (
            self.session.state.leader(ident).name
            if target == "leader"
            else self.session.state.unit(ident).name
        )

        def keep(value: str) -> str | None:
            """The value kept, or why not (shown in the dialog, which stays open): the
            dialog's title names the unit and field, so the message's own naming goes."""
            try:
                self.session.edit_field(target, ident, field.name, field.kind, value)
            except DrumheadError as exc:
                text = str(exc)
                for named in (f"{target} {ident}.{field.name}: ", f"{target} {field.name} "):
                    text = text.removeprefix(named)
                return text
            return None

        self.app.push_screen(
            EditValueModal(
                f"{name}: {field.label}",
                field.value,
                kind=field.entry,
                choices=field.choices,
                accept=keep,
            )
        )

    def action_add_leader(self) -> None:
        """Add a leader on the selected unit's side, attached to it."""
        state = self.session.state
        if not state.sides:
            self.notify("A leader needs a side: start from a scenario.", severity="warning")
            return
        unit = self.card_unit

        def named(name: str | None) -> None:
            if not name:
                return
            try:
                leader_id = self.session.add_leader(name, unit)
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
            self.unit_id = f"leader:{leader_id}"
            self.game_changed()
            self.notify(f"Added {name}: set his rating here.")

        where = f" (with {state.unit(unit).name})" if unit is not None else ""
        self.app.push_screen(EditValueModal(f"Name of the new leader{where}", ""), named)

    def action_add_unit(self) -> None:
        """Add a unit like the selected one (same side, brigade and type), named as typed."""
        template = self.card_unit
        if template is None and not self.session.state.sides:
            self.notify(
                "Add a unit to a game with sides (start from a scenario).", severity="warning"
            )
            return

        def named(name: str | None) -> None:
            if not name:
                return
            try:
                unit_id = self.session.add_unit(name, template)
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
            self.unit_id = unit_id
            self.game_changed()
            self.notify(f"Added {name}: correct its fields here.")

        self.app.push_screen(
            EditValueModal("Name of the new unit (copies the selected one)", ""), named
        )

    def action_remove_unit(self) -> None:
        if self.unit_id is None:
            return
        try:
            if self.leader_id is not None:
                name = self.session.remove_leader(self.leader_id)
            else:
                name = self.session.remove_unit(self.unit_id)
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Removed {name} (u undoes).")

    def action_attach_leader(self) -> None:
        """Attach a leader to the selected unit (or detach him)."""
        unit_id = self.unit_id
        leaders = self.session.state.leaders
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
            try:
                self.session.attach_leader(None if value == "none" else value, unit_id)
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")

        self.app.push_screen(
            EditValueModal(
                "Leader to attach ('none' detaches)", "", kind="choice", choices=choices
            ),
            chosen,
        )
