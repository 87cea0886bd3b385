"""Plain rolls for a number: a distance in inches, turns, and so on.

Keys: ``dice`` (expression giving dice notation or a whole number, e.g.
``"movement_dice[condition]"`` with a lookup of ``"1d6+2"`` strings); ``minimum`` (default 0);
``round`` (``down``/``up``: after ``scale`` modifiers such as half speed); ``outcome``.
``roll`` modifiers add to the total; ``scale`` modifiers multiply it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Context
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr, parse
from drumhead.dice.odds import map_values
from drumhead.dice.roller import DiceSource
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class NumberRoll:
    """A ``roll`` check: dice whose total (with modifiers) is the outcome's number."""

    dice: Expr
    minimum: int
    rounding: str
    outcome: str

    def outcome_ids(self) -> set[str]:
        return {self.outcome}

    def expressions(self) -> list[tuple[str, Expr]]:
        return [("dice", self.dice)]

    def expr(self, ctx: Context) -> DiceExpr:
        return parse(str(self.dice.evaluate(ctx.env)))

    def rolls_dice_in(self, ctx: Context) -> bool:
        """Whether the roll has dice in this situation (MWAN's movement is a fixed number of
        inches: no dice to type in by hand)."""
        return self.expr(ctx).count > 0

    def final(self, total: int, ctx: Context) -> int:
        scaled = (total + ctx.total()) * ctx.scale()
        value = math.floor(scaled) if self.rounding == "down" else math.ceil(scaled)
        return max(self.minimum, value)

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        dist = map_values(self.expr(ctx).distribution(), lambda t: self.final(t, ctx))
        return [OutcomeOdds(self.outcome, v, p) for v, p in sorted(dist.items()) if p]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        expr = self.expr(ctx)
        roll = dice.roll(expr, "roll")
        mod = ctx.total()
        scale = ctx.scale()
        value = self.final(roll.total, ctx)
        line = f"{expr}: {roll.total}" if expr.die else f"fixed {roll.total}"
        if mod:
            line += f" {mod:+d} = {roll.total + mod}"
        if scale != 1:
            line += f", x{scale} = {Fraction(roll.total + mod) * scale}"
            line += f", rounded {self.rounding}"
        if value == self.minimum and (roll.total + mod) * scale < self.minimum:
            line += f", at least {self.minimum}"
        line += f" -> {value}"
        return MechanicResult(
            outcome=self.outcome, value=value, rolls=(roll,), steps=(line,), modified=value
        )


def parse_roll(reader: Reader) -> NumberRoll:
    return NumberRoll(
        dice=reader.expr("dice"),
        minimum=reader.integer("minimum", 0),
        rounding=reader.text("round", "down", choices=("down", "up")),
        outcome=reader.text("outcome"),
    )
