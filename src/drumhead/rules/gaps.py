"""The frozen types of what a ruleset's sources do not give: a gap (a value the players
supply at the table or in house rules) and a gap table (a missing chart, as the grid of gaps
its cells are).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Literal

    from drumhead.rules.checks import InputSpec, InputValue


@dataclass(frozen=True, slots=True)
class GapSpec:
    """A value our sources do not give: the players supply it at the table or in house rules."""

    id: str
    question: str
    source: str
    type: Literal["int", "text", "choice"] = "int"
    choices: tuple[str, ...] = ()
    value: InputValue | None = None
    """Prefilled where the text itself gives this value (never invented)."""
    ruling: str | None = None
    """The ruling by which ``value`` is read from a worked example (not a rule's own number)."""
    value_source: str = ""
    """Where ``value`` came from when not from the rules: ``house rule, FILE``."""
    keys: tuple[str, ...] = ()
    """The inputs the answer depends on (MWAN's fire dice: the firer and the range band):
    asked and kept once per combination of their values, not once for the game. See
    :mod:`drumhead.questions.answers`."""
    key_inputs: tuple[InputSpec, ...] = ()
    """The input each of ``keys`` names, as the checks reading the gap declare it (filled when
    the ruleset loads)."""
    values: tuple[tuple[str, InputValue], ...] = ()
    """Values per key (``"infantry.2"`` -> 3), from a house-rules file (``value_source``)."""
    pattern: str = ""
    """A regular expression a text value must match whole (the outcome set of the gap table
    the gap is a cell of); empty: any text."""
    pattern_help: str = ""
    """What ``pattern`` accepts, in the players' words."""
    minimum: int | None = None
    """An int gap's least answer (``min``): what the question itself rules out below it (a
    stand takes at least one hit), never a number the rules do not give."""
    maximum: int | None = None
    """An int gap's greatest answer (``max``)."""
    label: str = ""
    """The value as the players name it (``Weapon ranges``), shown wherever the value is
    rather than asked: the answers a roll used, the log, a revert's changes. Declared for a gap
    that is no cell of a gap table (every shipped one has it: a test holds them to it); a
    cell's is its table's title, row and column (filled when the ruleset loads). Empty: the
    id in words (:attr:`shown_label`)."""

    @property
    def shown_label(self) -> str:
        """:attr:`label`, else the id in words (``weapon ranges``): never the id itself."""
        return self.label or self.id.replace("_", " ")


@dataclass(frozen=True, slots=True)
class GapTable:
    """A chart or table the sources lack, as the grid of gaps its cells are (rows x columns).

    Declared in the ruleset (``[gap_tables.ID]``): the rows' and columns' keys and labels, and a
    pattern naming each cell's gap from them (``chart_{column}_{row}``), so a grid editor can
    show and take the whole chart at once. ``pattern`` is the outcome set every cell's value is
    checked against (also set on each cell's :class:`GapSpec`).
    """

    id: str
    title: str
    source: str
    rows: tuple[tuple[str, str], ...]
    """(key, label) of each row, top to bottom."""
    columns: tuple[tuple[str, str], ...]
    """(key, label) of each column, left to right."""
    cells: tuple[tuple[str, ...], ...]
    """The gap id of each cell, row by row."""
    row_title: str = ""
    column_title: str = ""
    check: str | None = None
    """The check that reads the table, if one."""
    pattern: str = ""
    pattern_help: str = ""
    ruling: str | None = None
    """The ruling the outcome set rests on, if any."""
    tags: tuple[str, ...] = ()

    def gap_ids(self) -> tuple[str, ...]:
        """Every cell's gap, row by row."""
        return tuple(gap for row in self.cells for gap in row)

    def cell(self, row: str, column: str) -> str:
        """The gap id of the cell at row key ``row`` and column key ``column``."""
        rows = [key for key, _ in self.rows]
        columns = [key for key, _ in self.columns]
        if row not in rows:
            from drumhead.errors import InputError

            raise InputError(f"{self.title} has no row '{row}' (rows: {', '.join(rows)})")
        if column not in columns:
            from drumhead.errors import InputError

            raise InputError(
                f"{self.title} has no column '{column}' (columns: {', '.join(columns)})"
            )
        return self.cells[rows.index(row)][columns.index(column)]

    def where(self, gap_id: str) -> tuple[str, str] | None:
        """(row key, column key) of the cell whose gap is ``gap_id``, or None."""
        for (row, _), cells in zip(self.rows, self.cells, strict=True):
            for (column, _), gap in zip(self.columns, cells, strict=True):
                if gap == gap_id:
                    return row, column
        return None
