"""Pick the unit an effect falls on (the target of a fire, the other side of a melee)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.game import Unit


class UnitPickModal(ModalScreen[str | None]):
    """Dismisses with a unit id, or None to leave these effects unapplied."""

    BINDINGS = [Binding("escape", "cancel", "Skip", id="skip")]

    def __init__(self, question: str, effects: Sequence[str], units: Sequence[Unit]) -> None:
        super().__init__()
        self.question = question
        """What is asked, e.g. "Which unit is the opponent?"."""
        self.effects = tuple(effects)
        """The effects that will fall on the unit picked."""
        self.units = tuple(units)
        """The units to choose from."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="pick-dialog"):
            yield Label(self.question, classes="heading")
            yield Static(
                Text("\n".join(f"- {e}" for e in self.effects), style="italic"), id="pick-effects"
            )
            yield OptionList(
                *[
                    Option(f"{u.name} ({u.side} · {u.brigade.replace('_', ' ')})", id=u.id)
                    for u in self.units
                ],
                id="pick-unit",
            )
            yield Static("Enter picks; Escape leaves these effects unapplied.", classes="hint")

    @on(OptionList.OptionSelected, "#pick-unit")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)
