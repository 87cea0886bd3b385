"""Pick the leader for one side of a check from the roster's leaders."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option


class LeaderPickModal(ModalScreen[str | None]):
    """Dismisses with a leader id, or None to keep the one the card gives."""

    BINDINGS = [Binding("escape", "cancel", "Keep", id="keep")]

    def __init__(self, question: str, leaders: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        """What is asked, e.g. "Attacker's leader?"."""
        self.leaders = tuple(leaders)
        """(leader id, line) to choose from, the nearest to the unit first."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="leader-dialog"):
            yield Label(self.question, classes="heading")
            yield OptionList(*[Option(line, id=i) for i, line in self.leaders], id="pick-leader")
            yield Static(
                "Enter picks; his values fill the side's leader inputs. "
                "Escape keeps the leader the card gives.",
                classes="hint",
            )

    @on(OptionList.OptionSelected, "#pick-leader")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)
