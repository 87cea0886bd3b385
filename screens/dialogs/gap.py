"""The gap prompt: a value our sources do not give, asked once and kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from drumhead.errors import DrumheadError
from drumhead.questions.asked import expects
from drumhead.rules.model import InputValue

from .mounting import when_built

if TYPE_CHECKING:
    from drumhead.session import TableSession


class WholeChart:
    """What the prompt dismisses with when the players choose to type the whole chart the
    value is a cell of (the grid editor), not this one cell."""


WHOLE_CHART = WholeChart()
"""The one :class:`WholeChart` answer."""


class GapModal(ModalScreen[InputValue | WholeChart | None]):
    """Asks the players for one gap value; dismisses with the value (checked), None, or
    :data:`WHOLE_CHART` (a cell of a missing chart: type the chart whole instead)."""

    BINDINGS = [
        Binding("escape", "leave", "Cancel", id="cancel"),
        Binding("ctrl+g", "whole_chart", "Type the whole chart", id="gap-whole-chart"),
    ]

    def __init__(
        self,
        session: TableSession,
        gap_id: str,
        table: str | None = None,
        question: str | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        """The session whose ruleset lacks the value (and keeps it once given)."""
        self.gap_id = gap_id
        """The gap asked for."""
        self.table = table
        """The missing chart the value is a cell of, if it is one."""
        self.question = question
        """The question as the check asks it, with the situation it is asked for (a firing
        table's cell: "[Who fires: infantry; Range band ...: 1]"); None: the gap's own."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """ctrl+g only for a cell of a missing chart."""
        return self.table is not None if action == "whole_chart" else True

    def action_whole_chart(self) -> None:
        if self.table is not None:
            self.dismiss(WHOLE_CHART)

    def compose(self) -> ComposeResult:
        gap = self.session.ruleset.gap(self.gap_id)
        assert gap is not None
        hint = expects(gap)  # what it takes, its bounds or its chart's results included
        with Vertical(id="gap-dialog", classes="dialog"):
            # the value by its label (the players' name for it, never its id)
            yield Label(f"The rules do not say: {gap.shown_label}", classes="heading")
            yield Static(self.question or gap.question, id="gap-question")
            yield Static(f"Rule: {gap.source}", id="gap-source", classes="source")
            yield Static(
                "Agree a value at the table; drumhead keeps it for this game.", classes="hint"
            )
            if self.table is not None:
                chart = self.session.ruleset.gap_table(self.table)
                title = chart.title if chart is not None else self.table
                yield Static(
                    f"This is one cell of the {title}: ctrl+g types the whole chart now, "
                    "as it is printed.",
                    id="gap-chart-hint",
                    classes="hint",
                )
            yield Input(placeholder=hint, id="gap-value")
            yield Static("", id="gap-error", classes="error")
            with Horizontal(classes="buttons"):
                yield Button("Keep this value", id="gap-ok", variant="primary")
                if self.table is not None:
                    yield Button("Type the whole chart", id="gap-chart")
                yield Button("Cancel", id="gap-cancel")

    @when_built
    def on_mount(self) -> None:
        """The value's field takes the focus itself, not left to the app's first-focusable
        rule: that one is skipped while the terminal reports it has no focus, and a dialog
        pushed as another is taken down (the side and leader pickers, "roll again")
        must still take the digits typed next (issue 35)."""
        self.set_focus(self.query_one("#gap-value", Input))

    @on(Input.Submitted, "#gap-value")
    @on(Button.Pressed, "#gap-ok")
    def submit(self) -> None:
        raw = self.query_one("#gap-value", Input).value
        try:
            if not raw.strip():
                raise DrumheadError("type a value first (or Escape to cancel)")
            value = self.session.read_gap(self.gap_id, raw.strip())
        except DrumheadError as exc:
            # shown under the question: the gap's internal name (for the CLI) is left out
            message = str(exc).removeprefix(f"{self.gap_id} ")
            self.query_one("#gap-error", Static).update(f"✗ {message}")
            return
        self.dismiss(value)

    def action_leave(self) -> None:
        """Escape: out of the value's field first (to the buttons), then the question is put
        off, as everywhere else in drumhead."""
        if self.query_one("#gap-value", Input).has_focus:
            self.query_one("#gap-ok", Button).focus()
            return
        self.action_cancel()

    @on(Button.Pressed, "#gap-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#gap-chart")
    def chart_pressed(self) -> None:
        self.action_whole_chart()
