"""A rule without dice: the first condition that holds gives the outcome.

``decide``: ``rules`` = ``[{when, outcome, explain}]``, tried in order; the first whose ``when``
holds gives the outcome (``explain``, with ``{input}`` placeholders, says why); ``otherwise``
(explained by ``otherwise_explain``) when none does. Used where the rules decide from the
situation alone: MWAN's when-to-check and fought out (also registered as ``mwan116_decide``),
One If By Land's winner of a melee.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from drumhead.checks.base import Context
from drumhead.checks.custom import register
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.roller import DiceSource
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class Decision:
    """No dice: the first rule whose condition holds gives the outcome."""

    rolls_dice: ClassVar[bool] = False
    """It rolls none: no dice to type by hand (:func:`drumhead.checks.base.rolls_dice`)."""

    rules: tuple[tuple[Expr, str, str], ...]
    otherwise: str
    otherwise_explain: str

    def outcome_ids(self) -> set[str]:
        return {o for _, o, _ in self.rules} | {self.otherwise}

    def expressions(self) -> list[tuple[str, Expr]]:
        return [(f"rules.{i}.when", when) for i, (when, _, _) in enumerate(self.rules)]

    def decide(self, ctx: Context) -> tuple[str, str]:
        for when, outcome, explain in self.rules:
            if when.truth(ctx.env):
                return outcome, ctx.fmt(explain) if explain else when.text
        return self.otherwise, ctx.fmt(self.otherwise_explain)

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        return [OutcomeOdds(self.decide(ctx)[0], None, Fraction(1))]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        outcome, why = self.decide(ctx)
        step = f"no dice: {why}" if why else "no dice: none of the conditions holds"
        return MechanicResult(outcome=outcome, value=None, rolls=(), steps=(step,))


@register("decide")
def parse_decide(reader: Reader) -> Decision:
    rules: list[tuple[Expr, str, str]] = []
    for rule in reader.array("rules"):
        rules.append((rule.expr("when"), rule.text("outcome"), rule.text("explain", "")))
        rule.done()
    if not rules:
        raise reader.error("rules", "a decision needs at least one rule")
    return Decision(tuple(rules), reader.text("otherwise"), reader.text("otherwise_explain", ""))
