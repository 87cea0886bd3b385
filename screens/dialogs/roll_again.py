"""Rolling a check again that this form has rolled already: the players say so first.

A second ``r`` (or dice typed again) on a check whose result is showing, or whose effects were
just applied, is most often a key pressed twice; it would log a second check of the same
thing. Dismisses with True (roll again: a second check, logged as such) or False (keep the
first: nothing changes)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from .mounting import when_built


class RollAgainModal(ModalScreen[bool]):
    """``y`` (or its button) rolls the check again; Escape or Enter keeps the first roll."""

    BINDINGS = [
        Binding("escape", "keep", "Keep the first", id="keep"),
        Binding("y", "again", "Roll again", id="again"),
    ]

    def __init__(self, check: str, entry: int, result: str) -> None:
        super().__init__()
        self.check = check
        """The check's title."""
        self.entry = entry
        """The log entry of the roll already made."""
        self.result = result
        """What that roll gave."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="roll-again-dialog"):
            yield Label(f"{self.check}: rolled already", classes="heading")
            yield Static(
                f"Entry {self.entry} of the log: {self.result}.\n\n"
                "Rolling again logs a second check. To take the first one back instead, "
                "keep it, go back to the battle (Esc) and undo it (u).",
                id="roll-again-body",
            )
            with Horizontal(classes="buttons"):
                yield Button("Keep the first (Esc)", id="roll-again-keep", variant="primary")
                yield Button("Roll again (y)", id="roll-again-yes")

    @when_built
    def on_mount(self) -> None:
        self.query_one("#roll-again-keep", Button).focus()  # Enter keeps: a key pressed twice

    @on(Button.Pressed, "#roll-again-yes")
    def action_again(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#roll-again-keep")
    def action_keep(self) -> None:
        self.dismiss(False)
