"""A missing chart (a gap table) drawn for the quick reference, as the printed chart: every
cell with its value, and a letter beside each value that is not the rules' own."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from drumhead.questions.tables import ShownCell, ShownTable

CELL_MARKS = {"house_rule": "H", "players": "P", "ruling": "r"}
"""The letter after a value that is not the rules' text (never colour alone)."""

CHART_LEGEND = (
    "H house rule · P your answer · r drumhead's ruling · unmarked: the rules' text · "
    "empty: nobody has answered it yet (asked when a check needs it). "
    "e types the whole chart."
)
"""Under every chart."""


def cell_text(cell: ShownCell) -> Text:
    """A cell's value with its mark: ``Defender 2M [H]``; an open cell stays empty (·)."""
    if cell.kind == "open":
        return Text("·", style="dim")
    text = Text(cell.text)
    mark = CELL_MARKS.get(cell.kind)
    if mark is not None:
        text.append(f" [{mark}]", style="bold")
    return text


def chart_table(shown: ShownTable) -> Table:
    """The chart as a table: the row labels, then each column's cells with their marks."""
    table = Table(show_lines=False, expand=False)
    for n, column in enumerate(shown.columns):
        table.add_column(column, overflow="fold", justify="right" if n == 0 else "left")
    for row in shown.rows:
        label, *cells = row
        table.add_row(Text(label.text, style="bold"), *(cell_text(c) for c in cells))
    return table


def chart_body(shown: ShownTable) -> list[RenderableType]:
    """What the reference shows for a chart: its outcome set, the chart, counts and legend."""
    cells = [c for row in shown.rows for c in row[1:]]
    open_cells = sum(1 for c in cells if c.kind == "open")
    marked = len(shown.marked)
    counts = f"{len(cells)} cells: {len(cells) - open_cells - marked} the rules' own"
    if marked:
        counts += f", {marked} the house rules' or yours"
    counts += f", {open_cells} not answered yet."
    parts: list[RenderableType] = []
    if shown.text:
        parts.append(Text(shown.text + "\n"))
    parts.append(chart_table(shown))
    parts.append(Text(counts + "\n" + CHART_LEGEND, style="italic"))
    return [Group(*parts)]
