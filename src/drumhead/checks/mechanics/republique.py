"""Republique (seed 003, part 4): the assault chart and the Panic Index.

Both are read by the difference / panic level in rows and by a column (attacker type / troop
grade), and every cell of both is a value our source lacks (a gap), except the few cells the
text's examples give. Two mechanics:

``republique_assault``: an opposed roll (each side rolls ``dice`` and adds its own modifiers;
the attacker's modified roll minus the defender's is the *difference*, the numeric value of the
outcome). The outcome id follows the difference's sign (``outcome_ahead`` / ``outcome_level`` /
``outcome_behind``); the chart text is the gap named by the cell of the row holding the
difference and the column named by the ``column`` input.
Keys: ``sides``, ``dice``, ``column``, ``outcome_ahead``, ``outcome_level``, ``outcome_behind``,
``rows = [{diff = [lo, hi], cells = {infantry = "gap_id", ...}}, ...]`` (contiguous; the first
and last rows are open-ended in practice: give them wide ranges).

``republique_panic_index``: no dice. The row is the panic level (an expression, clamped to the
rows' ends), the column an input (troop grade); the cell's gap text is a Panic Index result:
``W``, ``F``, ``Re`` or ``Rt``, optionally followed by ``-N`` bases surrendering. The outcome is
the movement (``codes = {W = "withdrawal", ...}``) carrying N as its value.
Keys: ``level`` (expression), ``column``, ``codes``, ``rows = [{hits = [lo, hi], cells = {...}}]``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from drumhead.checks.base import Cell, Context, read_dice
from drumhead.checks.custom import register
from drumhead.checks.results import MechanicResult, OutcomeOdds, ResultOdds
from drumhead.dice.notation import DiceExpr, difference_of
from drumhead.dice.roller import DiceSource
from drumhead.errors import DrumheadError
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class GapRow:
    """One row of a chart whose cells are gap ids, by column."""

    low: int
    high: int
    cells: tuple[tuple[str, Cell], ...]

    @property
    def label(self) -> str:
        """``+7``, ``+2..+3``, ``+11 or more``, ``-11 or less``, ``0``."""

        def fmt(n: int) -> str:
            return f"{n:+d}" if n else "0"

        if self.low <= -100:
            return f"{fmt(self.high)} or less"
        if self.high >= 100:
            return f"{fmt(self.low)} or more"
        if self.low == self.high:
            return fmt(self.low)
        return f"{fmt(self.low)}..{fmt(self.high)}"


def _read_rows(reader: Reader, key: str, columns_from: str) -> tuple[GapRow, ...]:
    rows: list[GapRow] = []
    for row in reader.array("rows"):
        low, high = row.range(key)
        table = row.table("cells")
        cells = tuple((name, Cell(columns_from, gap=table.text(name))) for name in table.data)
        table.done()
        row.done()
        if not cells:
            raise reader.error("rows", f"row {low}..{high} has no cells")
        rows.append(GapRow(low, high, cells))
    if not rows:
        raise reader.error("rows", "the chart needs at least one row")
    rows.sort(key=lambda r: r.low)
    columns = {name for name, _ in rows[0].cells}
    for a, b in itertools.pairwise(rows):
        if b.low <= a.high:
            raise reader.error("rows", f"rows {a.low}..{a.high} and {b.low}..{b.high} overlap")
        if b.low != a.high + 1:
            raise reader.error("rows", f"no row covers {a.high + 1}..{b.low - 1}")
    for row_ in rows:
        if {name for name, _ in row_.cells} != columns:
            raise reader.error("rows", f"row {row_.low}..{row_.high} has different columns")
    return tuple(rows)


def _row_for(rows: tuple[GapRow, ...], n: int, *, clamp: bool) -> GapRow:
    if clamp:
        n = max(rows[0].low, min(rows[-1].high, n))
    for row in rows:
        if row.low <= n <= row.high:
            return row
    raise DrumheadError(f"{n:+d} is beyond the chart ({rows[0].low:+d}..{rows[-1].high:+d})")


def _column(ctx: Context, name: str) -> str:
    if name not in ctx.inputs:
        raise DrumheadError(f"{ctx.check.id}: the chart's column input '{name}' is not an input")
    return str(ctx.inputs[name])


def _gap_of(row: GapRow, column: str) -> str:
    cells = dict(row.cells)
    if column not in cells:
        raise DrumheadError(f"the chart has no column '{column}' ({', '.join(cells)})")
    gap = cells[column].gap
    assert gap is not None
    return gap


@dataclass(frozen=True, slots=True)
class AssaultChart:
    """An opposed roll read on a chart of gap cells by difference and attacker type.

    Rule: Republique 4.1 Assault Procedure (each side's 1D10 and modifiers; the difference read
    on the Combat Chart's assault section by attacker type, a chart the players supply)."""

    sides: tuple[str, str]
    dice: DiceExpr
    column: str
    ahead: str
    level: str
    behind: str
    rows: tuple[GapRow, ...]

    def outcome_ids(self) -> set[str]:
        return {self.ahead, self.level, self.behind}

    def expressions(self) -> list[tuple[str, Expr]]:
        return []

    def outcome_for(self, diff: int) -> str:
        return self.ahead if diff > 0 else self.behind if diff < 0 else self.level

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        first, second = self.sides
        net = ctx.total(first) - ctx.total(second)
        return [
            OutcomeOdds(self.outcome_for(diff + net), diff + net, p)
            for diff, p in sorted(difference_of(self.dice, self.dice).items())
            if p > Fraction(0)
        ]

    def result_odds(self, ctx: Context, odds: list[OutcomeOdds]) -> list[ResultOdds] | None:
        """The chance of each result the chart gives in the attacker's column, from the
        odds of each difference, once every cell those differences read is known (None
        before: the differences are all there is to show)."""
        column = _column(ctx, self.column)
        found: dict[str, tuple[Fraction, list[int]]] = {}
        for o in odds:
            assert o.value is not None
            text = ctx.known_gap(_gap_of(_row_for(self.rows, o.value, clamp=True), column))
            if text is None:
                return None
            p, values = found.get(str(text), (Fraction(0), []))
            found[str(text)] = (p + o.p, [*values, o.value])
        return [ResultOdds(text, p, tuple(values)) for text, (p, values) in found.items()]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        first, second = self.sides
        roll_a = dice.roll(self.dice, first)
        roll_d = dice.roll(self.dice, second)
        mod_a, mod_d = ctx.total(first), ctx.total(second)
        total_a, total_d = roll_a.total + mod_a, roll_d.total + mod_d
        diff = total_a - total_d
        column = _column(ctx, self.column)
        row = _row_for(self.rows, diff, clamp=False)
        gap = _gap_of(row, column)
        steps = (
            f"{first}: rolled {roll_a.total}" + (f" {mod_a:+d} = {total_a}" if mod_a else ""),
            f"{second}: rolled {roll_d.total}" + (f" {mod_d:+d} = {total_d}" if mod_d else ""),
            f"difference {total_a} - {total_d} = {diff:+d}",
            f"assault chart: row {row.label}, {column.replace('_', ' ')} attacker ({gap})",
        )
        return MechanicResult(
            outcome=self.outcome_for(diff),
            value=diff,
            rolls=(roll_a, roll_d),
            steps=steps,
            modified=diff,
            values=((first, total_a), (second, total_d)),
            gap_text=str(ctx.gap(gap)),
            gap=gap,
        )


@register("republique_assault")
def parse_assault(reader: Reader) -> AssaultChart:
    names = reader.strs("sides", ("attacker", "defender"))
    if len(names) != 2 or names[0] == names[1]:
        raise reader.error("sides", "expected two different side names")
    return AssaultChart(
        sides=(names[0], names[1]),
        dice=read_dice(reader, "dice"),
        column=reader.text("column"),
        ahead=reader.text("outcome_ahead"),
        level=reader.text("outcome_level"),
        behind=reader.text("outcome_behind"),
        rows=_read_rows(reader, "diff", "chart"),
    )


PANIC_RESULT = re.compile(r"^(W|F|Re|Rt)(?:\s*-\s*(\d+))?$")
"""A Panic Index result: the movement code, then optionally ``-N`` bases surrendering."""

PANIC_CODES: tuple[str, ...] = ("W", "F", "Re", "Rt")


def parse_panic_result(text: str) -> tuple[str, int]:
    """``"Rt-1"`` -> ``("Rt", 1)``; anything else than W/F/Re/Rt[-N] is a clear error."""
    match = PANIC_RESULT.match(text.strip())
    if match is None:
        raise DrumheadError(
            f"'{text}' is not a Panic Index result: expected W, F, Re or Rt, "
            "optionally followed by -N bases surrendering (e.g. Rt-1)"
        )
    return match.group(1), int(match.group(2) or 0)


@dataclass(frozen=True, slots=True)
class PanicIndex:
    """A dice-free lookup: panic level (row) by troop grade (column), cells are gap texts.

    Rule: Republique 4.4 Panic Hits (the Panic Index by troop grade: W, F, Re, Rt and -N
    surrenders, a chart the players supply)."""

    rolls_dice: ClassVar[bool] = False
    """It rolls none: no dice to type by hand (:func:`drumhead.checks.base.rolls_dice`)."""

    level: Expr
    column: str
    outcomes: tuple[tuple[str, str], ...]
    """Movement code -> outcome id."""
    rows: tuple[GapRow, ...]

    def outcome_ids(self) -> set[str]:
        return {outcome for _, outcome in self.outcomes}

    def expressions(self) -> list[tuple[str, Expr]]:
        return [("level", self.level)]

    def lookup(self, ctx: Context) -> tuple[GapRow, str, str, int, str]:
        level = self.level.integer(ctx.env)
        row = _row_for(self.rows, level, clamp=True)
        column = _column(ctx, self.column)
        gap = _gap_of(row, column)
        text = str(ctx.gap(gap))
        code, surrender = parse_panic_result(text)
        return row, gap, code, surrender, text

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        _, _, code, surrender, _ = self.lookup(ctx)
        return [OutcomeOdds(dict(self.outcomes)[code], surrender, Fraction(1))]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        row, gap, code, surrender, text = self.lookup(ctx)
        level = self.level.integer(ctx.env)
        column = _column(ctx, self.column)
        line = f"Panic Index: {level} panic hit{'s' if level != 1 else ''}"
        if not row.low <= level <= row.high:
            line += f" (read on the index's last line, {row.low} panic hits)"
        line += f", {column.replace('_', ' ')} line ({gap}) -> {text}"
        return MechanicResult(
            outcome=dict(self.outcomes)[code],
            value=surrender,
            rolls=(),
            steps=(line,),
            modified=level,
            gap_text=text,
            gap=gap,
        )


@register("republique_panic_index")
def parse_panic_index(reader: Reader) -> PanicIndex:
    table = reader.table("codes")
    outcomes = tuple((code, table.text(code)) for code in PANIC_CODES)
    table.done()
    rows = _read_rows(reader, "hits", "panic")
    return PanicIndex(
        level=reader.expr("level"), column=reader.text("column"), outcomes=outcomes, rows=rows
    )


def predominant(bases: dict[str, int]) -> str | None:
    """The value held by the greatest share of the bases present, or None on a tie.

    Rule: Republique 4.3 Assault Modifiers (ruling rep-greatest-share-tie: what most bases
    present have).

    ``bases`` maps a value (a troop grade, a morale state, "in line"/"not in line", ...) to the
    number of bases present that have it. 4.3 applies a grade, state, formation or bonus when the
    greatest percentage of bases present have it; a tie is for the players to settle (ruling
    ``rep-greatest-share-tie``), so none is returned.
    """
    counted = {k: v for k, v in bases.items() if v > 0}
    if not counted:
        return None
    top = max(counted.values())
    leaders = [k for k, v in counted.items() if v == top]
    return leaders[0] if len(leaders) == 1 else None
