"""The grid editor: a chart the sources lack, typed whole, laid out as the printed chart.

Rows x columns of cells, each typed value checked at once against the chart's outcome set
(``F``, ``Rt-1``, ``Attacker 2M 1P``) with the reason shown for the cell; whose each value is
(the rules', a ruling's, the house rules', the players') marked by a letter beside it, never by
colour alone. Tab and the arrows move between cells (Left and Right at a value's ends), Enter
goes down a column: a chart is usually typed one section, one column, at a time.

The editor changes nothing itself: it dismisses the cells typed, by (row key, column key)
(an emptied cell: its answer taken back), or None; the caller keeps them as one event.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from drumhead.checks.base import counted_text
from drumhead.questions.tables import ShownCell, ShownTable
from drumhead.rules.model import GapTable

from ..widgets.footer import KeysFooter
from .mounting import when_built

TypedCells = dict[tuple[str, str], str]
"""Typed cells by (row key, column key): the text typed (empty: take the answer back)."""

CellCheck = Callable[[str, str, str], str | None]
"""Checks one typed cell (row key, column key, text): why it is refused, or None."""

MARKS = {
    "rules": "R",
    "ruling": "r",
    "house_rule": "H",
    "players": "P",
    "open": " ",
}
"""The letter beside a cell saying whose value it holds."""

TYPED = "✎"
"""Beside a cell typed in this sitting (and accepted)."""
REFUSED = "✗"
"""Beside a cell whose typed value is refused."""

LEGEND = (
    f"R rules' text · r ruling · H house rules · P your answer · {TYPED} typed · "
    f"{REFUSED} refused. Tab or arrows move, Enter goes down; kept as one change (undoable)."
)
"""What the letters beside the cells mean."""

FIXED = frozenset({"rules", "ruling"})
"""Cells the sources (or a ruling) fill: shown, not typed over."""


@dataclass(frozen=True, slots=True)
class GridCell:
    """Where a cell is: its row and column (keys and labels) and what it held when opened."""

    row: str
    column: str
    row_label: str
    column_label: str
    shown: ShownCell

    @property
    def name(self) -> str:
        """How the players name the cell: ``-3 · Infantry``."""
        if not self.column_label:
            return self.row_label
        return f"{self.row_label} · {self.column_label}"


class Line(Widget):
    """A line of text of a fixed size, repainted (never laid out again) when it changes: a
    key typed in a cell must not lay the whole chart out again."""

    DEFAULT_CSS = """
    Line {
        height: 1;
    }
    """

    text: reactive[str] = reactive("")
    """What it says."""

    def __init__(self, text: str = "", *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.set_reactive(Line.text, text)

    def render(self) -> Content:
        return Content(self.text)  # plain text: a typed '[' is not markup


class CellInput(Input):
    """One cell's field: Up, Down and Enter move in the column, Left and Right leave the cell
    at the value's ends (a message up: the editor moves the focus)."""

    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
    ]

    class Move(Message):
        """The players move off a cell by ``rows`` and ``columns``."""

        def __init__(self, cell: CellInput, rows: int, columns: int) -> None:
            super().__init__()
            self.cell = cell
            """The cell moved from."""
            self.rows = rows
            self.columns = columns

    def __init__(self, cell: GridCell, value: str, widget_id: str) -> None:
        super().__init__(value, compact=True, id=widget_id, select_on_focus=False)
        self.cell = cell
        """The cell the field is."""

    def action_move(self, rows: int, columns: int) -> None:
        self.post_message(self.Move(self, rows, columns))

    def action_cursor_left(self, select: bool = False) -> None:
        if self.cursor_position == 0 and not select and self.selection.is_empty:
            self.post_message(self.Move(self, 0, -1))
            return
        super().action_cursor_left(select)

    def action_cursor_right(self, select: bool = False) -> None:
        if self.cursor_position >= len(self.value) and not select:
            self.post_message(self.Move(self, 0, 1))
            return
        super().action_cursor_right(select)

    def on_focus(self) -> None:
        self.cursor_position = len(self.value)


class GridEditor(ModalScreen[TypedCells | None]):
    """A gap table as a grid of cells to type; dismisses the cells changed, or None."""

    BINDINGS = [
        Binding("ctrl+s", "keep", "Keep the chart", id="grid-keep", priority=True),
        Binding("escape", "cancel", "Cancel", id="grid-cancel"),
    ]

    def __init__(
        self,
        table: GapTable,
        shown: ShownTable,
        check: CellCheck,
        *,
        start: tuple[str, str] | None = None,
    ) -> None:
        super().__init__()
        load = getattr(self.app, "load_screen_styles", None)
        if callable(load):
            load()
        self.table = table
        """The chart's rows and columns (keys and labels) and titles."""
        self.shown = shown
        """The chart as it stands (each cell's value and whose it is)."""
        self.rows = table.rows
        """(key, label) of each row."""
        self.columns = table.columns
        """(key, label) of each column."""
        self.check = check
        """Checks one typed cell."""
        self.start = start
        """The cell the focus starts on (the one a check asked for), else the first open."""
        self.cells: list[list[GridCell]] = [
            [
                GridCell(row_key, col_key, row_label, col_label, shown.rows[r][c + 1])
                for c, (col_key, col_label) in enumerate(table.columns)
            ]
            for r, (row_key, row_label) in enumerate(table.rows)
        ]
        """Every cell, row by row."""
        self.fields: list[list[CellInput]] = []
        """Each cell's field, row by row (kept: no query per key typed)."""
        self.texts: dict[tuple[int, int], str] = {}
        """The text of each cell changed in this sitting, by (row, column) index."""
        self.marks: dict[tuple[int, int], str] = {}
        """The letter shown beside each cell whose letter changed in this sitting."""
        self.refused: dict[tuple[str, str], str] = {}
        """Cells typed with a value refused, and why."""
        self.warned_discard = False
        """Escape was pressed once with cells typed (a second Escape discards them)."""

    # -- layout ---------------------------------------------------------------------------
    @staticmethod
    def cell_id(r: int, c: int) -> str:
        return f"cell-{r}-{c}"

    def compose(self) -> ComposeResult:
        with Vertical(id="grid-dialog"):
            yield Label(self.shown.title, id="grid-title")
            axes = f"Rows: {self.table.row_title or 'row'}"
            if self.table.column_title:
                axes += f"; columns: {self.table.column_title}"
            yield Static(f"{axes}. {self.shown.source}", classes="source", id="grid-source")
            if self.shown.text:
                yield Static(self.shown.text, classes="hint", id="grid-help")
            with Grid(id="grid-head", classes="grid-row"):
                yield Static(self.shown.columns[0], classes="grid-corner")
                for _, label in self.columns:
                    yield Static(label or "Result", classes="grid-col-label")
                    yield Static("", classes="grid-mark")
            with VerticalScroll(id="grid-body", can_focus=False), Grid(id="grid-cells"):
                for r, row in enumerate(self.cells):
                    yield Static(row[0].row_label, classes="grid-row-label")
                    fields = []
                    for c, cell in enumerate(row):
                        field = CellInput(cell, cell.shown.text, self.cell_id(r, c))
                        if cell.shown.kind in FIXED:
                            field.disabled = True
                            field.tooltip = cell.shown.source
                        fields.append(field)
                        yield field
                        yield Line(
                            MARKS.get(cell.shown.kind, " "), id=f"mark-{r}-{c}", classes="grid-mark"
                        )
                    self.fields.append(fields)
            yield Line("", id="grid-status")
            yield Static(LEGEND, id="grid-legend", classes="hint")
        yield KeysFooter()

    @when_built
    def on_mount(self) -> None:
        columns = f"{self.label_width()} " + " ".join("1fr 2" for _ in self.columns)
        for grid in self.query(Grid):
            grid.styles.grid_size_columns = 2 * len(self.columns) + 1
            grid.styles.grid_columns = columns
        target = self.first_cell()
        if target is not None:
            self.field(*target).focus()
        self.show_status()
        self.fit_help()

    def on_resize(self) -> None:
        self.fit_help()

    def fit_help(self) -> None:
        """The outcome set's long description only where the chart still has room (it is
        repeated under the grid when a typed value is refused)."""
        for help_text in self.query("#grid-help"):
            help_text.display = self.size.height >= 32

    def label_width(self) -> int:
        """The row labels' column: as wide as the widest label (or the corner's title, up to
        a third of a narrow screen)."""
        widest = max((len(label) for _, label in self.rows), default=4)
        return max(widest + 2, min(len(self.shown.columns[0]) + 1, 18))

    def first_cell(self) -> tuple[int, int] | None:
        """The start cell if given, else the first open cell, else the first typeable."""
        typeable = [
            (r, c)
            for r, row in enumerate(self.cells)
            for c, cell in enumerate(row)
            if cell.shown.kind not in FIXED
        ]
        if self.start is not None:
            for r, c in typeable:
                if (self.cells[r][c].row, self.cells[r][c].column) == self.start:
                    return r, c
        for r, c in typeable:
            if self.cells[r][c].shown.kind == "open":
                return r, c
        return typeable[0] if typeable else None

    def field(self, r: int, c: int) -> CellInput:
        return self.fields[r][c]

    @staticmethod
    def where(field: CellInput) -> tuple[int, int]:
        _, r, c = str(field.id).split("-")
        return int(r), int(c)

    # -- moving ---------------------------------------------------------------------------
    @on(CellInput.Move)
    def move(self, event: CellInput.Move) -> None:
        """Move the focus from a cell by rows/columns, skipping fixed cells; stays at the
        chart's edges."""
        event.stop()
        r, c = self.where(event.cell)
        rows, cols = len(self.cells), len(self.columns)
        while True:
            r, c = r + event.rows, c + event.columns
            if not (0 <= r < rows and 0 <= c < cols):
                return
            if self.cells[r][c].shown.kind not in FIXED:
                self.field(r, c).focus()
                return

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter: down the column (the next row's cell)."""
        if isinstance(event.input, CellInput):
            event.stop()
            event.input.post_message(CellInput.Move(event.input, 1, 0))

    def on_descendant_focus(self) -> None:
        self.show_status()

    # -- checking -------------------------------------------------------------------------
    @on(Input.Changed)
    def changed(self, event: Input.Changed) -> None:
        """Check the typed cell at once; mark it typed or refused."""
        if not isinstance(event.input, CellInput):
            return
        event.stop()
        self.warned_discard = False
        r, c = self.where(event.input)
        cell = self.cells[r][c]
        key = (cell.row, cell.column)
        text = event.value.strip()
        if text != cell.shown.text.strip() and (text or cell.shown.kind == "players"):
            self.texts[(r, c)] = text
        else:
            self.texts.pop((r, c), None)
        problem: str | None = None
        if text and text != cell.shown.text.strip():
            problem = self.check(cell.row, cell.column, text)
            if problem is not None and cell.shown.gap:
                # shown at the cell, named by its row and column: not by the gap's id
                problem = problem.removeprefix(f"{cell.shown.gap} ")
        if problem is not None:
            self.refused[key] = problem
            self.set_mark(r, c, REFUSED)
        else:
            self.refused.pop(key, None)
            typed = text != cell.shown.text.strip()
            self.set_mark(r, c, TYPED if typed else MARKS.get(cell.shown.kind, " "))
        if event.input.tooltip != problem:
            event.input.tooltip = problem
        event.input.set_class(problem is not None, "-refused")
        self.show_status()

    def set_mark(self, r: int, c: int, mark: str) -> None:
        """The letter beside a cell (repainted only when it changes: a key typed inside a
        cell must not lay the chart out again)."""
        if self.marks.get((r, c)) != mark:
            self.marks[(r, c)] = mark
            self.query_one(f"#mark-{r}-{c}", Line).text = mark

    def show_status(self) -> None:
        """Under the grid: the focused cell, whose its value is, and why a typed value is
        refused; or how many cells are typed and refused."""
        status = self.query_one("#grid-status", Line)
        focused = self.focused
        here = ""
        if isinstance(focused, CellInput):
            cell = focused.cell
            problem = self.refused.get((cell.row, cell.column))
            if problem is not None:
                text = focused.value.strip()
                why = problem.removesuffix(f", not '{text}'")
                here = f"✗ {cell.name}: '{text}' refused; it {why}"
            elif cell.shown.kind == "house_rule":
                here = f"{cell.name}: {cell.shown.source} (type over it for this game)"
            elif cell.shown.kind == "players":
                here = f"{cell.name}: {cell.shown.source} (empty it to take it back)"
            else:
                here = f"{cell.name}"
        count = f"{counted_text(len(self.texts), 'cell|cells')} typed" + (
            f", {len(self.refused)} refused" if self.refused else ""
        )
        line = f"[{count}] {here}"
        status.text = line
        status.set_class(bool(self.refused), "error")

    def typed(self) -> TypedCells:
        """The cells changed in this sitting, by (row key, column key): an empty cell only
        where it takes back the players' answer."""
        out: TypedCells = {}
        for (r, c), text in sorted(self.texts.items()):
            cell = self.cells[r][c]
            out[(cell.row, cell.column)] = text
        return out

    # -- leaving --------------------------------------------------------------------------
    def action_keep(self) -> None:
        """ctrl+s: the typed cells, unless one is refused (the focus goes to it)."""
        if self.refused:
            for r, row in enumerate(self.cells):
                for c, cell in enumerate(row):
                    if (cell.row, cell.column) in self.refused:
                        self.field(r, c).focus()
                        self.show_status()
                        return
        self.dismiss(self.typed())

    def action_cancel(self) -> None:
        """Escape: cancel (with cells typed, a second Escape: they would be lost)."""
        typed = self.typed()
        if typed and not self.warned_discard:
            self.warned_discard = True
            status = self.query_one("#grid-status", Line)
            status.text = (
                f"{counted_text(len(typed), 'typed cell|typed cells')} would be lost: Escape "
                "again to discard them, "
                "ctrl+s to keep them"
            )
            status.add_class("error")
            return
        self.dismiss(None)
