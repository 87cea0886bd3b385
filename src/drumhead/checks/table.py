"""Banded tables: a (modified) roll looked up in rows of roll ranges, optionally by column.

Keys: ``dice``; ``column`` (the input whose value picks the column, e.g. ``unit_type``);
``clamp`` (default true: a modified roll past the table's ends reads the end row);
``rows`` = ``[{roll = [1, 4], outcome = "..."}, ...]`` or, with a column,
``[{roll = 1, cells = {infantry = "...", cavalry = "..."}}, ...]``; a cell may be
``{outcome = "...", value = N}`` for numeric outcomes or ``{outcome = "...", gap = "..."}``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Cell, Context, cell_result_text, merge_odds, read_cell, read_dice
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr
from drumhead.dice.roller import DiceSource
from drumhead.errors import DrumheadError
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class Row:
    """A band of the dice total and its cell in each column."""

    low: int
    high: int
    cells: tuple[tuple[str, Cell], ...]
    """Column -> cell; a table without columns has the single column ``""``."""


@dataclass(frozen=True, slots=True)
class BandedTable:
    """A ``table`` check: the modified roll is read in bands, by column."""

    dice: DiceExpr
    column: str | None
    clamp: bool
    rows: tuple[Row, ...]

    def outcome_ids(self) -> set[str]:
        return {cell.outcome for row in self.rows for _, cell in row.cells}

    def expressions(self) -> list[tuple[str, Expr]]:
        return []

    @property
    def low(self) -> int:
        return min(r.low for r in self.rows)

    @property
    def high(self) -> int:
        return max(r.high for r in self.rows)

    def column_of(self, ctx: Context) -> str:
        return "" if self.column is None else str(ctx.inputs[self.column])

    def cell(self, modified: int, column: str) -> Cell | None:
        if self.clamp:
            modified = max(self.low, min(self.high, modified))
        for row in self.rows:
            if row.low <= modified <= row.high:
                cells = dict(row.cells)
                if column not in cells:
                    raise DrumheadError(f"the table has no column '{column}'")
                return cells[column]
        return None

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        column = self.column_of(ctx)
        mod = ctx.total()
        pairs: list[tuple[Cell, Fraction]] = []
        for total, p in self.dice.distribution().items():
            cell = self.cell(total + mod, column)
            pairs.append((cell or Cell("no_result"), p))
        return merge_odds(pairs)

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        column = self.column_of(ctx)
        mod = ctx.total()
        roll = dice.roll(self.dice, "table")
        modified = roll.total + mod
        cell = self.cell(modified, column)
        line = f"rolled {roll.total}" + (f" {mod:+d} = {modified}" if mod else "")
        if self.clamp and not (self.low <= modified <= self.high):
            line += f" (read as {max(self.low, min(self.high, modified))}, the table's end)"
        if column:
            line += f", {column.replace('_', ' ')} column"
        if cell is None:
            raise DrumheadError(f"{ctx.check.id}: a roll of {modified} is off the table")
        return MechanicResult(
            outcome=cell.outcome,
            value=cell.value,
            rolls=(roll,),
            steps=(line,),
            modified=modified,
            gap_text=cell_result_text(ctx, cell),
            gap=cell.gap if cell is not None else None,
        )


def parse_table(reader: Reader) -> BandedTable:
    dice = read_dice(reader, "dice")
    column = reader.text("column", None)
    rows: list[Row] = []
    for row in reader.array("rows"):
        low, high = row.range("roll")
        if column is None:
            cells: tuple[tuple[str, Cell], ...] = (("", read_cell(row)),)
        else:
            table = row.table("cells")
            built = []
            for name in table.data:
                value = table.raw(name)
                if isinstance(value, str):
                    built.append((name, Cell(value)))
                else:
                    sub = table.table(name)
                    built.append((name, read_cell(sub)))
                    sub.done()
            cells = tuple(built)
            table.done()
        row.done()
        rows.append(Row(low, high, cells))
    if not rows:
        raise reader.error("rows", "a table needs at least one row")
    ordered = sorted(rows, key=lambda r: r.low)
    for a, b in itertools.pairwise(ordered):
        if b.low <= a.high:
            raise reader.error("rows", f"rows {a.low}-{a.high} and {b.low}-{b.high} overlap")
        if b.low != a.high + 1:
            raise reader.error("rows", f"no row covers {a.high + 1}-{b.low - 1}")
    if column is not None:
        columns = {name for name, _ in ordered[0].cells}
        for row_ in ordered:
            if {name for name, _ in row_.cells} != columns:
                raise reader.error("rows", f"row {row_.low}-{row_.high} has different columns")
    return BandedTable(dice, column, reader.boolean("clamp", True), tuple(ordered))
