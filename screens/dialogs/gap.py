"""The gap prompt: a value our sources do not give, asked once and kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from drumhead.errors import DrumheadError
from drumhead.model import InputValue

if TYPE_CHECKING:
    from drumhead.session import TableSession


class GapModal(ModalScreen[InputValue | None]):
    """Asks the players for one gap value; dismisses with the value (checked), or None."""

    BINDINGS = [Binding("escape", "leave", "Cancel", id="cancel")]

    def __init__(self, session: TableSession, gap_id: str) -> None:
        super().__init__()
        self.session = session
        """The session whose ruleset lacks the value (and keeps it once given)."""
        self.gap_id = gap_id
        """The gap asked for."""

    def compose(self) -> ComposeResult:
        gap = self.session.ruleset.gap(self.gap_id)
        assert gap is not None
        hint = {
            "int": "a whole number",
            "text": "text",
            "choice": "one of: " + ", ".join(gap.choices),
        }[gap.type]
        with Vertical(id="gap-dialog", classes="dialog"):
            yield Label("The rules do not say", classes="heading")
            yield Static(gap.question, id="gap-question")
            yield Static(f"Rule: {gap.source}", id="gap-source", classes="source")
            yield Static(
                "Agree a value at the table; drumhead keeps it for this game.", classes="hint"
            )
            yield Input(placeholder=hint, id="gap-value")
            yield Static("", id="gap-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Keep this value", id="gap-ok", variant="primary")
                yield Button("Cancel", id="gap-cancel")

    @on(Input.Submitted, "#gap-value")
    @on(Button.Pressed, "#gap-ok")
    def submit(self) -> None:
        raw = self.query_one("#gap-value", Input).value
        try:
            if not raw.strip():
                raise DrumheadError("type a value first (or Escape to cancel)")
            value = self.session.read_gap(self.gap_id, raw.strip())
        except DrumheadError as exc:
            # shown under the question: the gap's internal name (for the CLI) is left out
            message = str(exc).removeprefix(f"{self.gap_id} ")
            self.query_one("#gap-error", Static).update(f"✗ {message}")
            return
        self.dismiss(value)

    def action_leave(self) -> None:
        """Escape: out of the value's field first (to the buttons), then the question is put
        off, as everywhere else in drumhead."""
        if self.query_one("#gap-value", Input).has_focus:
            self.query_one("#gap-ok", Button).focus()
            return
        self.action_cancel()

    @on(Button.Pressed, "#gap-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
