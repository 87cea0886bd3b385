"""Two-way charts: a row by strength (figures) and a column by the modified roll.

Keys: ``dice``; ``strength`` (expression: the figures firing or fighting); ``columns`` =
``[low, high]`` (the modified-roll columns); ``rows`` = ``[{strength = [2, 3], values = [...]}]``
(one value per column); ``below`` (the value when the modified roll is under the lowest column:
a miss, 0); a modified roll over the top column reads the top column; ``excess_over`` (strength
over this is rolled again, in chunks of at most this many, each roll shown); ``small`` (value for
a strength under the lowest row, with ``small_ruling``); ``strength_explain`` (an expression
giving a text with ``{input}`` placeholders, or a list of them whose texts are joined: how the
strength was counted, shown as the first step; expressions add numbers only, so a text built of
parts is written as a list).
The outcome is numeric: the one outcome the check defines, carrying the total.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drumhead.checks.base import Context, read_dice
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr
from drumhead.dice.odds import Distribution, constant, convolve, map_values
from drumhead.dice.roller import DiceRoll, DiceSource
from drumhead.errors import DrumheadError
from drumhead.rules.expr import Expr, compile_expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One row of a two-way chart: the strengths it covers and the value in each column."""

    low: int
    high: int
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TwoWayChart:
    """A ``chart`` check: the dice plus modifiers pick a column, the strength a row."""

    dice: DiceExpr
    strength: Expr
    columns: tuple[int, int]
    rows: tuple[ChartRow, ...]
    below: int
    excess_over: int | None
    small: int
    small_ruling: str | None
    outcome: str
    strength_explain: tuple[Expr, ...] = ()
    """Parts of the text saying how the strength was counted, joined in order."""

    def outcome_ids(self) -> set[str]:
        return {self.outcome}

    def expressions(self) -> list[tuple[str, Expr]]:
        out = [("strength", self.strength)]
        key = "strength_explain"
        if len(self.strength_explain) == 1:
            out.append((key, self.strength_explain[0]))
        else:
            out += [(f"{key}.{i}", part) for i, part in enumerate(self.strength_explain)]
        return out

    def chunks(self, strength: int) -> list[int]:
        """The strengths rolled: all of it, or the top row's worth then the excess."""
        if self.excess_over is None or strength <= self.excess_over:
            return [strength]
        out = []
        left = strength
        while left > self.excess_over:
            out.append(self.excess_over)
            left -= self.excess_over
        if left > 0:
            out.append(left)
        return out

    def row(self, strength: int) -> ChartRow | None:
        for row in self.rows:
            if row.low <= strength <= row.high:
                return row
        return None

    def read(self, strength: int, modified: int) -> tuple[int, str]:
        """The chart value for one roll, and how it was read."""
        row = self.row(strength)
        if row is None:
            note = f"{_figures(strength)} is under the chart's lowest row"
            if self.small_ruling:
                note += f" (ruling {self.small_ruling})"
            return self.small, note
        low, high = self.columns
        if modified < low:
            return self.below, f"modified {modified} is under {low}: a miss"
        column = min(modified, high)
        note = f"row {row.low}-{row.high}, column {column}"
        if modified > high:
            note += f" ({modified} counts as {high})"
        return row.values[column - low], note

    def _one(self, strength: int, mod: int) -> Distribution:
        return map_values(self.dice.distribution(), lambda t: self.read(strength, t + mod)[0])

    def rulings_for(self, ctx: Context) -> list[str]:
        """The rulings the odds rest on: ``small_ruling`` when a strength rolled is under the
        chart's lowest row."""
        if self.small_ruling is None:
            return []
        small = any(self.row(c) is None for c in self.chunks(self.strength.integer(ctx.env)))
        return [self.small_ruling] if small else []

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        strength = self.strength.integer(ctx.env)
        mod = ctx.total()
        total: Distribution = constant(0)
        for chunk in self.chunks(strength):
            total = convolve(total, self._one(chunk, mod))
        return [OutcomeOdds(self.outcome, v, p) for v, p in sorted(total.items()) if p]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        strength = self.strength.integer(ctx.env)
        mod = ctx.total()
        chunks = self.chunks(strength)
        rolls: list[DiceRoll] = []
        steps: list[str] = []
        if self.strength_explain:
            why = ctx.fmt("".join(str(p.evaluate(ctx.env)) for p in self.strength_explain))
            steps.append(f"{_figures(strength)}: {why}")
        total = 0
        for index, chunk in enumerate(chunks):
            label = "chart" if index == 0 else f"excess {_figures(chunk)}"
            roll = dice.roll(self.dice, label)
            rolls.append(roll)
            modified = roll.total + mod
            value, note = self.read(chunk, modified)
            total += value
            prefix = _figures(chunk) + (" (excess, rolled again)" if index else "")
            steps.append(
                f"{prefix}: rolled {roll.total}"
                + (f" {mod:+d} = {modified}" if mod else "")
                + f"; {note} -> {value}"
            )
        if len(chunks) > 1:
            steps.append(f"total {' + '.join(str(c) for c in chunks)} figures -> {total}")
        return MechanicResult(
            outcome=self.outcome,
            value=total,
            rolls=tuple(rolls),
            steps=tuple(steps),
            modified=rolls[0].total + mod if rolls else None,
        )


def _figures(n: int) -> str:
    return f"{n} figure" if n == 1 else f"{n} figures"


def parse_chart(reader: Reader) -> TwoWayChart:
    dice = read_dice(reader, "dice")
    low, high = reader.range("columns")
    width = high - low + 1
    rows: list[ChartRow] = []
    for row in reader.array("rows"):
        s_low, s_high = row.range("strength")
        values = row.ints("values")
        if len(values) != width:
            raise row.error(
                "values", f"expected {width} values (columns {low}..{high}), got {len(values)}"
            )
        row.done()
        rows.append(ChartRow(s_low, s_high, values))
    if not rows:
        raise reader.error("rows", "a chart needs at least one row")
    rows.sort(key=lambda r: r.low)
    for a, b in itertools.pairwise(rows):
        if b.low != a.high + 1:
            raise reader.error(
                "rows", f"strength rows {a.low}-{a.high} and {b.low}-{b.high} do not meet"
            )
    excess = reader.integer("excess_over", None)
    if excess is not None and excess != rows[-1].high:
        raise reader.error("excess_over", f"expected the top row's strength ({rows[-1].high})")
    return TwoWayChart(
        dice=dice,
        strength=reader.expr("strength"),
        columns=(low, high),
        rows=tuple(rows),
        below=reader.integer("below", 0),
        excess_over=excess,
        small=reader.integer("small", 0),
        small_ruling=reader.text("small_ruling", None),
        outcome=reader.text("outcome"),
        strength_explain=_read_explain(reader, "strength_explain"),
    )


def _read_explain(reader: Reader, key: str) -> tuple[Expr, ...]:
    """An expression, or a list of expressions (the parts of one text), at ``key``."""
    raw = reader.raw(key, None)
    if raw is None:
        return ()
    if not isinstance(raw, list):
        return (reader.expr(key),)
    if not raw:
        raise reader.error(key, "expected an expression or a non-empty list of expressions")
    parts = []
    for index, part in enumerate(raw):
        try:
            parts.append(compile_expr(part))
        except DrumheadError as exc:
            raise reader.error(f"{key}.{index}", str(exc)) from None
    return tuple(parts)
