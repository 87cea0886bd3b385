"""Record the initiative (MWAN-style): who won it, and who moves first."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.game import Side


class InitiativeModal(ModalScreen[tuple[str, str] | None]):
    """Dismisses with (winner side id, first side id), or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, sides: Sequence[Side]) -> None:
        super().__init__()
        self.sides = tuple(sides)
        """The game's sides."""

    def compose(self) -> ComposeResult:
        options = [
            Option(f"{winner.name} won · {first.name} moves first", id=f"{winner.id}|{first.id}")
            for winner in self.sides
            for first in self.sides
        ]
        with Vertical(classes="dialog", id="initiative-dialog"):
            yield Label("Initiative this turn", classes="heading")
            yield Static(
                "Roll it with c on the checklist's initiative step, then record it:", classes="hint"
            )
            yield OptionList(*options, id="initiative-choice")

    @on(OptionList.OptionSelected, "#initiative-choice")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        assert event.option_id is not None
        winner, first = event.option_id.split("|")
        self.dismiss((winner, first))

    def action_cancel(self) -> None:
        self.dismiss(None)
