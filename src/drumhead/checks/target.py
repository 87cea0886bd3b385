"""Target-number tests: a modified roll against a number, with natural faces and re-rolls.

Keys: ``dice`` (e.g. ``1d6``, ``1d10z``), ``compare`` (``>=`` passes at or above the target,
``<=`` at or below it), ``target`` (expression), ``natural_pass``/``natural_fail`` (faces that
always pass/fail), ``auto_fail`` (expression: the test fails whatever the roll, e.g. the 50%
rule) with ``auto_fail_text``, ``reroll`` (expression: when one failed roll may be rolled again).

Outcomes carry ``result = "pass"|"fail"``, optionally ``by = [low, high]`` (the margin of a
failure: by 1, by 2 or more) and ``when`` (a condition on the inputs, e.g. the unit's state).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Context, read_dice
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr
from drumhead.dice.roller import DiceRoll, DiceSource
from drumhead.errors import DrumheadError
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class TargetTest:
    """A ``target`` check: the modified roll against a target number."""

    dice: DiceExpr
    compare: str
    target: Expr
    natural_pass: frozenset[int]
    natural_fail: frozenset[int]
    auto_fail: Expr | None
    auto_fail_text: str
    reroll: Expr | None
    reroll_text: str

    def outcome_ids(self) -> set[str]:
        return set()

    def expressions(self) -> list[tuple[str, Expr]]:
        out = [("target", self.target)]
        if self.auto_fail is not None:
            out.append(("auto_fail", self.auto_fail))
        if self.reroll is not None:
            out.append(("reroll", self.reroll))
        return out

    # -- the arithmetic -----------------------------------------------------------------
    def needed(self, ctx: Context) -> int:
        """The number the modified roll must reach (or not exceed)."""
        return self.target.integer(ctx.env) + ctx.total(applies="target")

    def judge(self, natural: int, ctx: Context, needed: int) -> tuple[bool, int]:
        """(passed, margin) for one natural roll; margin is how far it missed (0 on a pass)."""
        modified = natural + ctx.total()
        if self.compare == ">=":
            passed, miss = modified >= needed, needed - modified
        else:
            passed, miss = modified <= needed, modified - needed
        if self.auto_fail is not None and self.auto_fail.truth(ctx.env):
            return False, max(1, miss)
        if natural in self.natural_pass:
            return True, 0
        if natural in self.natural_fail:
            return False, max(1, miss)
        return passed, (0 if passed else miss)

    def reroll_allowed(self, ctx: Context) -> bool:
        if self.reroll is None or not self.reroll.truth(ctx.env):
            return False
        return not (self.auto_fail is not None and self.auto_fail.truth(ctx.env))

    def outcome_for(self, ctx: Context, passed: bool, margin: int) -> str:
        result = "pass" if passed else "fail"
        for outcome in ctx.check.outcomes:
            if outcome.result != result:
                continue
            if outcome.by is not None and not (outcome.by[0] <= margin <= outcome.by[1]):
                continue
            if outcome.when is not None and not outcome.when.truth(ctx.env):
                continue
            return outcome.id
        raise DrumheadError(
            f"{ctx.ruleset.id} {ctx.check.id}: no outcome for a {result}"
            + (f" by {margin}" if margin else "")
            + " with these inputs (ruleset error)"
        )

    # -- odds ----------------------------------------------------------------------------
    def _single(self, ctx: Context, needed: int) -> dict[tuple[bool, int], Fraction]:
        out: dict[tuple[bool, int], Fraction] = {}
        for natural, p in self.dice.distribution().items():
            key = self.judge(natural - self.dice.modifier, ctx, needed)
            out[key] = out.get(key, Fraction(0)) + p
        return out

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        needed = self.needed(ctx)
        first = self._single(ctx, needed)
        final: dict[tuple[bool, int], Fraction] = {}
        reroll = self.reroll_allowed(ctx) and ctx.use_reroll
        for key, p in first.items():
            if reroll and not key[0]:
                for key2, p2 in first.items():
                    final[key2] = final.get(key2, Fraction(0)) + p * p2
            else:
                final[key] = final.get(key, Fraction(0)) + p
        by_outcome: dict[str, Fraction] = {o.id: Fraction(0) for o in ctx.check.outcomes}
        for (passed, margin), p in final.items():
            oid = self.outcome_for(ctx, passed, margin)
            by_outcome[oid] += p
        return [OutcomeOdds(oid, None, p) for oid, p in by_outcome.items() if p]

    # -- resolve -------------------------------------------------------------------------
    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        needed = self.needed(ctx)
        mod = ctx.total()
        word = "at least" if self.compare == ">=" else "at most"
        steps = [f"needs a modified {self.dice} roll of {word} {needed}"]
        rolls: list[DiceRoll] = []
        roll = dice.roll(self.dice, "test")
        rolls.append(roll)
        natural = roll.total - self.dice.modifier
        passed, margin = self._explain(ctx, natural, mod, needed, steps)
        rerolled = False
        if not passed and self.reroll_allowed(ctx) and ctx.use_reroll and dice.can_roll():
            steps.append(f"re-roll: {ctx.fmt(self.reroll_text) if self.reroll_text else 'allowed'}")
            roll = dice.roll(self.dice, "re-roll")
            rolls.append(roll)
            natural = roll.total - self.dice.modifier
            passed, margin = self._explain(ctx, natural, mod, needed, steps)
            rerolled = True
        outcome = self.outcome_for(ctx, passed, margin)
        return MechanicResult(
            outcome=outcome,
            value=None,
            rolls=tuple(rolls),
            steps=tuple(steps),
            modified=natural + mod,
            target=needed,
            rerolled=rerolled,
        )

    def _explain(
        self, ctx: Context, natural: int, mod: int, needed: int, steps: list[str]
    ) -> tuple[bool, int]:
        passed, margin = self.judge(natural, ctx, needed)
        modified = natural + mod
        line = f"rolled {natural}"
        if mod:
            line += f" {mod:+d} = {modified}"
        line += f" against {needed}: " + ("pass" if passed else f"fail by {margin}")
        if self.auto_fail is not None and self.auto_fail.truth(ctx.env):
            line += f" ({ctx.fmt(self.auto_fail_text) or 'automatic failure'})"
        elif natural in self.natural_pass:
            line += f" (a natural {natural} always passes)"
        elif natural in self.natural_fail:
            line += f" (a natural {natural} always fails)"
        steps.append(line)
        return passed, margin


def parse_target(reader: Reader) -> TargetTest:
    dice = read_dice(reader, "dice")
    if dice.die is None:
        raise reader.error("dice", "a target test needs dice, not a constant")
    return TargetTest(
        dice=dice,
        compare=reader.text("compare", choices=(">=", "<=")),
        target=reader.expr("target"),
        natural_pass=frozenset(reader.ints("natural_pass", ())),
        natural_fail=frozenset(reader.ints("natural_fail", ())),
        auto_fail=reader.expr("auto_fail", None),
        auto_fail_text=reader.text("auto_fail_text", ""),
        reroll=reader.expr("reroll", None),
        reroll_text=reader.text("reroll_text", ""),
    )
