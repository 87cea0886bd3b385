"""The resolve screen's odds panel: the number the roll needs and each outcome's exact chance
(or why there are none yet), from the session's :class:`~drumhead.session.form.OddsView`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.containers import Vertical
from textual.widgets import Static

from ...render import OddsChart
from ...widgets.same_text import show_text

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from drumhead.checks.results import ResultOdds
    from drumhead.session.form import OddsView


class OddsPanel(Vertical):
    """The number needed, then the chance of each outcome."""

    DEFAULT_CSS = """
    OddsPanel {
        height: auto;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.shown: tuple[object, ...] | None = None
        """What the chart shows: the check, its inputs and odds (None: no chart)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="needed")
        yield Static("", id="odds")

    def show(self, view: OddsView) -> None:
        """Show the odds, or why there are none yet."""
        needed = self.query_one("#needed", Static)
        table = self.query_one("#odds", Static)
        if view.context is None:
            show_text(needed, Text(view.blocked or "", style="bold"))
            show_text(table, "")
            self.shown = None
            return
        show_text(needed, Text(view.needed, style="bold"))
        # the same chart (a screen refilled as it was built ahead) is not drawn again: each
        # update is a layout of the screen
        shown = (view.context.check, dict(view.context.inputs), view.odds, view.results)
        if shown == self.shown:
            return
        self.shown = shown
        if view.results:  # a chart given whole: what each result's chance is, not each value's
            chart = OddsChart(
                view.context.check, (), 6, labelled=[(result_label(r), r.p) for r in view.results]
            )
            title = "Chance of each result of the chart"
        else:
            chart = OddsChart(view.context.check, view.odds, 6, inputs=view.context.inputs)
            title = "Chance of each outcome"
        table.update(Group(Text(title, style="underline"), chart))


def result_label(result: ResultOdds) -> str:
    """A chart's result with the values that read it: ``Defender 1M (+1)``, ``Attacker 4M
    3P (-10 to -9)``."""
    values = result.values
    low, high = min(values), max(values)
    if low == high:
        return f"{result.text} ({low:+d})"
    if sorted(values) == list(range(low, high + 1)):
        return f"{result.text} ({low:+d} to {high:+d})"
    return f"{result.text} ({', '.join(f'{v:+d}' for v in values)})"
