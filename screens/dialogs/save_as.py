"""Save as...: write the open game under another name or in another folder, and go on there.

Offered for when the saves folder cannot be written (a full disk, a folder deleted or made
read-only): the game in memory is written whole wherever the players choose.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from .mounting import when_built


class SaveAsModal(ModalScreen[bool]):
    """Asks for a name or a path; ``save`` is tried with it and returns what went wrong (None:
    saved). Dismisses with True once saved, False when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, name: str, folder: str, save: Callable[[str], str | None]) -> None:
        super().__init__()
        self.save_name = name
        """The name the game is saved as now."""
        self.folder = folder
        """The saves folder a bare name goes to."""
        self.save = save
        """Saves the game as the text typed; returns the error, or None."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="save-as-dialog"):
            yield Label("Save as…", classes="heading")
            yield Static(
                f"A new name (saved in {self.folder}), or a path with its folder "
                "(e.g. /media/usb/Cowpens). Saving goes on there.",
                classes="hint",
            )
            yield Input(f"{self.save_name} copy", id="save-as-name")
            yield Static("", id="save-as-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save-as-ok", variant="primary")
                yield Button("Cancel", id="save-as-cancel")

    @when_built
    def on_mount(self) -> None:
        field = self.query_one("#save-as-name", Input)
        field.focus()
        field.select_all()

    @on(Input.Submitted, "#save-as-name")
    @on(Button.Pressed, "#save-as-ok")
    def submit(self) -> None:
        text = self.query_one("#save-as-name", Input).value.strip()
        error = "give a name or a path" if not text else self.save(text)
        if error is not None:
            self.query_one("#save-as-error", Static).update(f"✗ {error}")
            return
        self.dismiss(True)

    @on(Button.Pressed, "#save-as-cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)
