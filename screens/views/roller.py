"""The dice roller: any notation, the roll, its exact distribution, and a history."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from drumhead.dice.notation import DiceExpr, parse
from drumhead.errors import DrumheadError

from ..render import distribution_chart
from ..widgets.footer import KeysFooter
from ..widgets.status_bar import StatusBar
from .base import KeptScreen


def roll_line(notation: str, faces: tuple[int, ...], total: int) -> str:
    """``2d6+1: [3 5] = 9``."""
    shown = " ".join(map(str, faces)) or "-"
    return f"{notation}: [{shown}] = {total}"


class RollerScreen(KeptScreen):
    """Type dice notation; Enter rolls it from the app's seeded generator."""

    BINDINGS = [
        Binding("escape", "app.back", "Back", id="back"),
        Binding("ctrl+r", "roll", "Roll again", id="roll"),
        Binding("ctrl+l", "clear_history", "Clear history", id="clear-history"),
    ]

    def __init__(self, notation: str = "2d6") -> None:
        super().__init__()
        self.notation = notation
        """The notation the screen opens with."""
        self.expr: DiceExpr | None = None
        """The expression being shown, when the notation is valid."""

    def compose(self) -> ComposeResult:
        yield StatusBar("Dice roller")
        with Horizontal(id="roller"):
            with Vertical(id="roller-left"):
                yield Label("Dice, e.g. 2d6 or 1d10z+1; Enter rolls")
                yield Input(self.notation, placeholder="2d6", id="notation")
                yield Static("", id="notation-error", classes="error")
                yield Static("", id="roll-result")
                yield Label("History (latest first)", classes="heading")
                yield Static("", id="roll-history")
            with VerticalScroll(id="roller-chart"):
                yield Label("Exact distribution", classes="heading")
                yield Static("", id="distribution")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show(self.notation)
        self.refresh_history()

    def fits_app(self) -> bool:
        """The roller needs no game: it can always be shown again."""
        return True

    def reopen(self, notation: str | None = "2d6") -> bool:
        """Open again on ``notation``: no roll shown yet, the history as it is now."""
        self.notation = notation or "2d6"
        field = self.query_one("#notation", Input)
        with field.prevent(Input.Changed):
            field.value = self.notation
        field.cursor_position = len(self.notation)
        self.show(self.notation)
        self.query_one("#roll-result", Static).update("")
        self.refresh_history()
        self.set_focus(field)
        return True

    @on(Input.Changed, "#notation")
    def notation_changed(self, event: Input.Changed) -> None:
        self.show(event.value)

    @on(Input.Submitted, "#notation")
    def notation_submitted(self, event: Input.Submitted) -> None:
        self.show(event.value)
        self.action_roll()

    def show(self, text: str) -> None:
        """Parse ``text``; show its distribution, or why it is not dice notation."""
        error = self.query_one("#notation-error", Static)
        try:
            self.expr = parse(text)
        except DrumheadError as exc:
            self.expr = None
            error.update(Text(f"✗ {exc}"))
            self.query_one("#distribution", Static).update("")
            return
        error.update("")
        self.query_one("#distribution", Static).update(distribution_chart(self.expr))

    def action_roll(self) -> None:
        """Roll the current expression and record it."""
        if self.expr is None:
            self.app.bell()
            return
        notation, faces, total = self.session.roll_in_roller(str(self.expr))
        result = Text()
        result.append("Rolled ", style="bold")
        result.append(roll_line(notation, faces, total), style="bold")
        self.query_one("#roll-result", Static).update(result)
        self.query_one("#distribution", Static).update(distribution_chart(self.expr, total))
        self.refresh_history()

    def action_clear_history(self) -> None:
        self.session.roll_history.clear()
        self.refresh_history()

    def refresh_history(self) -> None:
        lines = [roll_line(*record) for record in self.session.roll_history[:50]]
        self.query_one("#roll-history", Static).update("\n".join(lines) or "(no rolls yet)")
