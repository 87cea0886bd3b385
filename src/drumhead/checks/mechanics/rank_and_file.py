"""Rank and File: the morale/rally test with the roll-free voluntary rout.

``rnf_test`` is a target test (all the ``target`` keys: ``dice``, ``compare``, ``target``,
``natural_pass``, ``natural_fail``, ``auto_fail``, ``reroll``...) with one thing a plain target
test cannot say: ``no_roll`` (expression) with ``no_roll_text``: when it holds no die is rolled
and the test counts as failed (a routing unit that chooses to keep routing makes no rally test
but still suffers everything a failed rally brings). Situations in which the rules forbid the
test (a unit charging, charged or that has evaded may not rally) are the check's general
``refuse`` list, enforced by :func:`drumhead.checks.resolve.odds` before any die is rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Context
from drumhead.checks.custom import register
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.checks.target import TargetTest, parse_target
from drumhead.dice.roller import DiceSource
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class GuardedTest:
    """A target test that may be skipped as a failure without a roll.

    Rule: R&F core: Rally (a routing unit may choose to keep routing without a test; it still
    loses a stand)."""

    test: TargetTest
    no_roll: Expr | None
    no_roll_text: str

    def outcome_ids(self) -> set[str]:
        return self.test.outcome_ids()

    def expressions(self) -> list[tuple[str, Expr]]:
        out = self.test.expressions()
        if self.no_roll is not None:
            out.append(("no_roll", self.no_roll))
        return out

    def _skipped(self, ctx: Context) -> bool:
        return self.no_roll is not None and self.no_roll.truth(ctx.env)

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        if self._skipped(ctx):
            return [OutcomeOdds(self.test.outcome_for(ctx, False, 0), None, Fraction(1))]
        return self.test.odds(ctx)

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        if self._skipped(ctx):
            text = ctx.fmt(self.no_roll_text) if self.no_roll_text else "no test is rolled"
            return MechanicResult(
                outcome=self.test.outcome_for(ctx, False, 0),
                value=None,
                rolls=(),
                steps=(text,),
            )
        return self.test.resolve(ctx, dice)


@register("rnf_test")
def parse_rnf_test(reader: Reader) -> GuardedTest:
    return GuardedTest(
        test=parse_target(reader),
        no_roll=reader.expr("no_roll", None),
        no_roll_text=reader.text("no_roll_text", ""),
    )
