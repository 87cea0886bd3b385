"""Pick the unit an effect falls on (the target of a fire, the other side of a melee)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    from drumhead.session.shown import Unit


ROLL = "random"
"""The id the dialog dismisses with when the players have the game's dice pick."""


class UnitPickModal(ModalScreen[str | None]):
    """Dismisses with a unit id, or None to leave these effects unapplied."""

    BINDINGS = [Binding("escape", "cancel", "Skip", id="skip")]

    def __init__(
        self,
        question: str,
        effects: Sequence[str],
        units: Sequence[Unit],
        *,
        own_side: str | None = None,
        side_names: dict[str, str] | None = None,
        roll: str | None = None,
    ) -> None:
        super().__init__()
        self.roll = roll
        """Where the rules pick at random: the line offering the game's dice instead (it
        dismisses with ``random``); None: the players pick."""
        self.question = question
        """What is asked, e.g. "Which unit is the opponent?"."""
        self.effects = tuple(effects)
        """The effects that will fall on the unit picked."""
        self.own_side = own_side
        """The side of the unit the check was made for: its units are friends."""
        self.side_names = side_names or {}
        """Side ids to the names players know them by."""
        self.units = tuple(units)
        """The units to choose from, in the order given: the unit last fought first, then the
        enemy's (the usual pick), then friends (``drumhead.game.sides``)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="pick-dialog"):
            yield Label(self.question, classes="heading")
            yield Static(
                Text("\n".join(f"- {e}" for e in self.effects), style="italic"), id="pick-effects"
            )
            rolled = [Option(Text(self.roll, style="italic"), id=ROLL)] if self.roll else []
            yield OptionList(*[self.entry(u) for u in self.units], *rolled, id="pick-unit")
            hint = (
                "Enter picks; Escape leaves these effects unapplied."
                if self.effects
                else "Enter picks; Escape leaves it unpicked for now."
            )
            yield Static(hint, classes="hint")

    def entry(self, unit: Unit) -> Option:
        """A unit as the list shows it; a friend of the unit tested says so in words."""
        side = self.side_names.get(unit.side, unit.side)
        text = Text(unit.name)
        text.append(f" ({side} · {unit.brigade.replace('_', ' ')})", style="dim")
        if self.own_side is not None and unit.side == self.own_side:
            text.append("  friend", style="italic")
        return Option(text, id=unit.id)

    @on(OptionList.OptionSelected, "#pick-unit")
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)
