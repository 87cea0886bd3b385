"""The resolve screen's odds panel: the number the roll needs and each outcome's exact chance
(or why there are none yet), from the session's :class:`~drumhead.session.form.OddsView`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.containers import Vertical
from textual.widgets import Static

from ...render import OddsChart

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from drumhead.session.form import OddsView


class OddsPanel(Vertical):
    """The number needed, then the chance of each outcome."""

    DEFAULT_CSS = """
    OddsPanel {
        height: auto;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="needed")
        yield Static("", id="odds")

    def show(self, view: OddsView) -> None:
        """Show the odds, or why there are none yet."""
        needed = self.query_one("#needed", Static)
        table = self.query_one("#odds", Static)
        if view.context is None:
            needed.update(Text(view.blocked or "", style="bold"))
            table.update("")
            return
        needed.update(Text(view.needed, style="bold"))
        table.update(
            Group(
                Text("Chance of each outcome", style="underline"),
                OddsChart(view.context.check, view.odds, 6),
            )
        )
