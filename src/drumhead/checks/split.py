"""Allocation: a number (hits) shared out in a repeating pattern, e.g. the 2:1 wave split.

Keys: ``total`` (expression); ``pattern`` (labels in order, repeated: ``["first", "first",
"second"]`` gives hits 1, 2 to the first unit, 3 to the second, 4, 5 to the first...);
``outcome``. No dice: the result is certain and carries a value per label.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from drumhead.checks.base import Context
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.roller import DiceSource
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class Allocation:
    """A ``split`` check: a total shared out in a repeating pattern."""

    total: Expr
    pattern: tuple[str, ...]
    outcome: str
    rolls_dice: ClassVar[bool] = False
    """It rolls none: no dice to type by hand (:func:`drumhead.checks.base.rolls_dice`)."""

    def outcome_ids(self) -> set[str]:
        return {self.outcome}

    def expressions(self) -> list[tuple[str, Expr]]:
        return [("total", self.total)]

    def split(self, total: int) -> dict[str, int]:
        shares = {label: 0 for label in self.pattern}
        for i in range(max(0, total)):
            shares[self.pattern[i % len(self.pattern)]] += 1
        return shares

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        return [OutcomeOdds(self.outcome, self.total.integer(ctx.env), Fraction(1))]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        total = self.total.integer(ctx.env)
        shares = self.split(total)
        order = ", ".join(
            f"{i + 1}->{self.pattern[i % len(self.pattern)]}" for i in range(max(0, total))
        )
        steps = (
            f"{total} to share in the order {' '.join(self.pattern)} (repeating)",
            order or "nothing to share",
            ", ".join(f"{label}: {n}" for label, n in shares.items()),
        )
        return MechanicResult(
            outcome=self.outcome,
            value=total,
            rolls=(),
            steps=steps,
            values=tuple(shares.items()),
        )


def parse_split(reader: Reader) -> Allocation:
    pattern = reader.strs("pattern")
    if not pattern:
        raise reader.error("pattern", "the pattern needs at least one label")
    return Allocation(reader.expr("total"), pattern, reader.text("outcome"))
