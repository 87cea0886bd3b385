"""A one-field dialog: correct a value (an effect's amount, a unit's field)."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from .mounting import when_built


class EditValueModal(ModalScreen[str | None]):
    """Dismisses with the text typed (checked against ``kind``), or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(
        self,
        title: str,
        value: str,
        *,
        kind: str = "text",
        choices: tuple[str, ...] = (),
        accept: Callable[[str], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        """What is being edited."""
        self.value = value
        """The current value."""
        self.kind = kind
        """``int``, ``text`` or ``choice``."""
        self.choices = choices
        """For ``choice``: the values allowed."""
        self.accept = accept
        """Keeps the value checked here (a unit's field: the game's own checks); what it
        returns is why it was refused, shown under the field while the dialog stays open
        (None: kept, and the dialog closes)."""

    def compose(self) -> ComposeResult:
        hint = {"int": "a whole number", "choice": "one of: " + ", ".join(self.choices)}.get(
            self.kind, "text"
        )
        with Vertical(classes="dialog", id="edit-dialog"):
            yield Label(self.title_text, classes="heading")
            yield Static(hint, classes="hint")
            yield Input(self.value, id="edit-value")
            yield Static("", id="edit-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("OK", id="edit-ok", variant="primary")
                yield Button("Cancel", id="edit-cancel")

    @when_built
    def on_mount(self) -> None:
        field = self.query_one("#edit-value", Input)
        field.focus()
        field.select_all()  # typing replaces the old value

    def check(self, raw: str) -> str:
        """The value if acceptable; raises ValueError with the reason otherwise."""
        text = raw.strip()
        if self.kind == "int":
            try:
                int(text)
            except ValueError:
                raise ValueError(f"'{raw}' is not a whole number") from None
        elif self.kind == "choice":
            text = text.lower().replace(" ", "_").replace("-", "_")
            if text not in self.choices:
                raise ValueError(f"'{raw}' is not one of: {', '.join(self.choices)}")
        return text

    @on(Input.Submitted, "#edit-value")
    @on(Button.Pressed, "#edit-ok")
    def submit(self) -> None:
        try:
            value = self.check(self.query_one("#edit-value", Input).value)
        except ValueError as exc:
            self.query_one("#edit-error", Static).update(f"✗ {exc}")
            return
        refused = self.accept(value) if self.accept is not None else None
        if refused is not None:
            self.query_one("#edit-error", Static).update(f"✗ {refused}")
            return
        self.dismiss(value)

    @on(Button.Pressed, "#edit-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
