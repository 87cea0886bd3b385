"""The resolve screen's result panel: the arithmetic and outcome of the roll, and its effects
for the players to keep (ticked), edit or discard (unticked)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.containers import Vertical
from textual.widgets import SelectionList, Static
from textual.widgets.selection_list import Selection

from drumhead.session.form import AMOUNT_KINDS

from ...render import resolution_text
from ...widgets.same_text import show_text
from ...widgets.ticks import TickList

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from drumhead.checks.results import Effect
    from drumhead.session.form import CheckForm


def effect_prompt(effect: Effect, falls_on: str | None) -> Text:
    """An effect as listed: its kind, its words, the amount (or the dice still to roll) and
    whom it falls on when not the unit tested (``falls_on``: :meth:`CheckForm.falls_on`, a
    name the players read)."""
    text = Text()
    text.append(f"{effect.kind}: ", style="bold")
    text.append(effect.text)
    if effect.amount is not None and effect.kind in AMOUNT_KINDS:
        text.append(f" [{effect.amount}]")
    if effect.dice and effect.amount is None:
        text.append(f" [roll {effect.dice}]")
    if falls_on is not None:
        text.append(f" ({falls_on})", style="italic")
    if effect.source:
        text.append(f"  {effect.source}", style="italic")
    return text


class ResultPanel(Vertical):
    """The result, its effects and how to apply them; hidden until there is a result."""

    DEFAULT_CSS = """
    ResultPanel {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="result")
        yield TickList[int](id="effects", compact=True)
        yield Static("", id="effects-help", classes="hint")

    def show(self, form: CheckForm, help_text: str, *, keep_place: bool = False) -> None:
        """Show the form's result and its effects (every one ticked), ``help_text`` under;
        the first effect highlighted (``keep_place``: the one highlighted before)."""
        assert form.result is not None
        self.display = True
        self.query_one("#result", Static).update(resolution_text(form.result))
        effects = self.query_one("#effects", SelectionList)
        was = effects.highlighted if keep_place else None
        effects.clear_options()
        effects.add_options(
            [
                Selection(effect_prompt(e, form.falls_on(e)), i, True)
                for i, e in enumerate(form.effects)
            ]
        )
        if form.effects:
            effects.highlighted = min(was or 0, len(form.effects) - 1)
        self.query_one("#effects-help", Static).update(help_text + "\n")

    def clear(self) -> None:
        """No result: nothing shown."""
        self.display = False
        show_text(self.query_one("#result", Static), "")
        effects = self.query_one("#effects", SelectionList)
        if effects.option_count:  # emptied again, a layout of the screen
            effects.clear_options()
        show_text(self.query_one("#effects-help", Static), "")

    def chosen(self) -> list[int]:
        """The indexes of the effects ticked (to apply); the others are discarded."""
        return [int(i) for i in self.query_one("#effects", SelectionList).selected]

    def highlighted(self) -> int | None:
        """The index of the effect the cursor is on, if any."""
        effects = self.query_one("#effects", SelectionList)
        if effects.highlighted is None:
            return None
        return int(effects.get_option_at_index(effects.highlighted).value)

    def effects_focused(self) -> bool:
        """Whether the effects list has the focus (its highlighted effect is the one meant)."""
        return self.query_one("#effects", SelectionList).has_focus
