"""Record the initiative (MWAN-style): who won it, and who moves first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from .mounting import when_built

if TYPE_CHECKING:
    from drumhead.session.shown import Side


def short_side_name(side: Side) -> str:
    """A side's name short enough for a choice line: the part before a colon ("Union: Army
    of Northeastern Virginia" -> "Union"), a short name as it is, else its id in words."""
    if ":" in side.name:
        return side.name.split(":", 1)[0].strip() or side.name
    if len(side.name) <= 24:
        return side.name
    return side.id.replace("_", " ").title()


def short_side_names(sides: Sequence[Side]) -> dict[str, str]:
    """Each side's id to its short name (:func:`short_side_name`), or to its whole name where
    two sides would read the same."""
    short = {side.id: short_side_name(side) for side in sides}
    if len(set(short.values())) < len(short):  # two sides would read the same
        short = {side.id: side.name for side in sides}
    return short


class InitiativeModal(ModalScreen[tuple[str, str] | None]):
    """Dismisses with (winner side id, first side id), or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, sides: Sequence[Side], rolled_winner: str | None = None) -> None:
        super().__init__()
        self.sides = tuple(sides)
        """The game's sides."""
        self.rolled_winner = rolled_winner
        """The side this turn's initiative roll says won (``Game.rolled_winner``), if any:
        its line, moving first, is highlighted."""

    def compose(self) -> ComposeResult:
        short = short_side_names(self.sides)
        options = [
            Option(
                f"{short[winner.id]} won · {short[first.id]} moves first",
                id=f"{winner.id}|{first.id}",
            )
            for winner in self.sides
            for first in self.sides
        ]
        with Vertical(classes="dialog", id="initiative-dialog"):
            yield Label("Initiative this turn", classes="heading")
            if self.rolled_winner in short:
                hint = (
                    f"Rolled this turn: {short[self.rolled_winner]} won. Pick who moves first, "
                    "or another line to overrule the roll:"
                )
            else:
                hint = "Roll it with c on the checklist's initiative step, then record it:"
            yield Static(hint, classes="hint")
            yield OptionList(*options, id="initiative-choice")

    @when_built
    def on_mount(self) -> None:
        if self.rolled_winner is not None:
            choice = self.query_one("#initiative-choice", OptionList)
            ids = [choice.get_option_at_index(i).id for i in range(choice.option_count)]
            key = f"{self.rolled_winner}|{self.rolled_winner}"
            if key in ids:
                choice.highlighted = ids.index(key)

    @on(OptionList.OptionSelected, "#initiative-choice")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        assert event.option_id is not None
        winner, first = event.option_id.split("|")
        self.dismiss((winner, first))

    def action_cancel(self) -> None:
        self.dismiss(None)
