"""Dice pools: one die per stand (or per entry of a firing table), each hitting on a number.

Keys: ``count`` (expression: the dice rolled, e.g. ``stands``); ``dice`` (one die, e.g. ``1d6``);
``hit_on`` (expression: the face needed); ``natural_hit``/``natural_miss`` (faces that always
hit/miss); ``only_natural`` (expression: when true only ``natural_hit`` faces hit, whatever the
modifiers); ``round`` (``up``/``down``: fractional dice from ``dice`` modifiers). ``roll``
modifiers add to every die; ``dice`` modifiers add dice. The outcome is numeric: hits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Context, read_dice
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr
from drumhead.dice.odds import binomial
from drumhead.dice.roller import DiceSource
from drumhead.errors import InputError
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader

MAX_POOL = 200
"""The most dice a pool may roll."""


@dataclass(frozen=True, slots=True)
class DicePool:
    """A ``pool`` check: a number of dice, each hitting on a target."""

    count: Expr
    dice: DiceExpr
    hit_on: Expr
    natural_hit: frozenset[int]
    natural_miss: frozenset[int]
    only_natural: Expr | None
    rounding: str
    outcome: str

    def outcome_ids(self) -> set[str]:
        return {self.outcome}

    def expressions(self) -> list[tuple[str, Expr]]:
        out = [("count", self.count), ("hit_on", self.hit_on)]
        if self.only_natural is not None:
            out.append(("only_natural", self.only_natural))
        return out

    def size(self, ctx: Context) -> int:
        raw = Fraction(self.count.integer(ctx.env)) + ctx.dice_bonus()
        n = math.ceil(raw) if self.rounding == "up" else math.floor(raw)
        if n > MAX_POOL:
            raise InputError(f"{n} dice is more than a pool may roll ({MAX_POOL})")
        return max(0, n)

    def needed(self, ctx: Context) -> int:
        return self.hit_on.integer(ctx.env) + ctx.total(applies="target")

    def hits(self, face: int, ctx: Context, needed: int, natural_only: bool) -> bool:
        if face in self.natural_hit:
            return True
        if natural_only or face in self.natural_miss:
            return False
        return face + ctx.total() >= needed

    def p_hit(self, ctx: Context) -> Fraction:
        needed = self.needed(ctx)
        natural_only = self.only_natural is not None and self.only_natural.truth(ctx.env)
        return sum(
            (
                p
                for f, p in self.dice.distribution().items()
                if self.hits(f, ctx, needed, natural_only)
            ),
            Fraction(0),
        )

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        dist = binomial(self.size(ctx), self.p_hit(ctx))
        return [OutcomeOdds(self.outcome, v, p) for v, p in sorted(dist.items()) if p]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        n = self.size(ctx)
        needed = self.needed(ctx)
        mod = ctx.total()
        natural_only = self.only_natural is not None and self.only_natural.truth(ctx.env)
        single = DiceExpr(1, self.dice.die, 0) if n else self.dice
        rolls = tuple(dice.roll(single, f"die {i + 1}") for i in range(n))
        faces = [r.total for r in rolls]
        hit_faces = [f for f in faces if self.hits(f, ctx, needed, natural_only)]
        if natural_only:
            rule = f"only a natural {'/'.join(map(str, sorted(self.natural_hit)))} hits"
        else:
            effective = needed - mod
            rule = f"hits on {effective}+" + (
                f" ({needed} needed, {mod:+d} to each die)" if mod else ""
            )
            if self.natural_hit:
                rule += f"; a {'/'.join(map(str, sorted(self.natural_hit)))} always hits"
            if self.natural_miss:
                rule += f"; a {'/'.join(map(str, sorted(self.natural_miss)))} always misses"
        steps = (
            f"{n} {self.dice.die} " + ("die" if n == 1 else "dice") + f": {rule}",
            f"rolled {', '.join(map(str, faces)) or 'nothing'} -> {len(hit_faces)} "
            + ("hit" if len(hit_faces) == 1 else "hits"),
        )
        return MechanicResult(
            outcome=self.outcome,
            value=len(hit_faces),
            rolls=rolls,
            steps=steps,
            target=needed - mod,
        )


def parse_pool(reader: Reader) -> DicePool:
    dice = read_dice(reader, "dice")
    if dice.die is None or dice.count != 1 or dice.modifier:
        raise reader.error("dice", "a pool's dice must be a single die such as 1d6")
    return DicePool(
        count=reader.expr("count"),
        dice=dice,
        hit_on=reader.expr("hit_on"),
        natural_hit=frozenset(reader.ints("natural_hit", ())),
        natural_miss=frozenset(reader.ints("natural_miss", ())),
        only_natural=reader.expr("only_natural", None),
        rounding=reader.text("round", "up", choices=("up", "down")),
        outcome=reader.text("outcome"),
    )
