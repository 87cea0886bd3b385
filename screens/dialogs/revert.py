"""Revert one earlier entry of the log: the plan, and the players' choice.

Shows what the table session planned (:func:`drumhead.session.record.plan_revert`): the entry taken back;
the later entries that no longer apply without it, each with why (they are dropped too, or the
players cancel); and what the cards would then read. Dismisses with True (carry it out,
dropping exactly the conflicting entries) or False (cancel: nothing changes).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from .mounting import when_built


class RevertModal(ModalScreen[bool]):
    """The revert plan of one entry; ``y`` (or its button) carries it out, Escape cancels."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
        Binding("y", "confirm", "Revert", id="confirm"),
    ]

    def __init__(
        self,
        entry: str,
        summary: str,
        conflicts: Sequence[tuple[str, str]],
        changes: Sequence[str],
    ) -> None:
        """``entry``: the entry to revert, in a line; ``summary``: what the revert does;
        ``conflicts``: (the later entry in a line, why it no longer applies), in log order;
        ``changes``: what the cards would read differently afterwards."""
        super().__init__()
        self.entry = entry
        """The entry to revert, as the log shows it."""
        self.summary = summary
        """What carrying out the plan does to the later entries."""
        self.conflicts = tuple(conflicts)
        """The later entries that no longer apply, with why."""
        self.changes = tuple(changes)
        """What the cards would read differently after the revert."""

    def body_text(self) -> str:
        """The plan in plain text (what the dialog's body shows)."""
        lines = [self.summary]
        for entry, why in self.conflicts:
            lines += [f"  ✗ {entry}", f"      why: {why}"]
        lines.append("")
        if self.changes:
            lines.append("Afterwards the cards read:")
            lines += [f"  {change}" for change in self.changes]
        else:
            lines.append("No card reads differently afterwards.")
        return "\n".join(lines)

    def compose(self) -> ComposeResult:
        drop = len(self.conflicts)
        verb = f"Drop {drop} and revert (y)" if drop else "Revert (y)"
        with Vertical(classes="dialog", id="revert-dialog"):
            yield Label(Text(f"Revert {self.entry}"), classes="heading")
            with VerticalScroll(id="revert-body"):
                yield Static(Text(self.body_text()), id="revert-plan")
            with Horizontal(classes="buttons"):
                yield Button(verb, id="revert-yes", variant="warning" if drop else "primary")
                yield Button("Cancel (Esc)", id="revert-no")

    @when_built
    def on_mount(self) -> None:
        # dropping entries takes a deliberate choice: with conflicts, Enter cancels
        self.query_one("#revert-no" if self.conflicts else "#revert-yes", Button).focus()

    @on(Button.Pressed, "#revert-yes")
    def action_confirm(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#revert-no")
    def action_cancel(self) -> None:
        self.dismiss(False)
