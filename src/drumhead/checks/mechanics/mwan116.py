"""Mechanics of the MWAN #116 American Civil War rules that no data table can say.

``mwan116_fire``: the firing roll. The firing table (dice per firer, numbers that hit) is
missing from the source, so the dice count and the faces that hit are expressions the ruleset
points at gaps. Dice modifiers add (or take away) dice, fractions rounded up; a ``scale``
modifier of 2 is the flank shot's "roll again": the whole handful is rolled a second time.

``mwan116_decide``: a ruling without dice (when to check morale, fought out); the generic
``decide`` mechanic under its first name (:mod:`drumhead.checks.mechanics.decide`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Context, read_dice
from drumhead.checks.custom import register
from drumhead.checks.mechanics.decide import parse_decide
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr
from drumhead.dice.odds import binomial
from drumhead.dice.roller import DiceRoll, DiceSource
from drumhead.errors import InputError
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader

MAX_DICE = 200
"""The most dice one fire roll may throw (both handfuls together)."""


def parse_faces(text: str, die: DiceExpr) -> frozenset[int]:
    """The faces named by text such as ``9-12``, ``10+``, ``1,2,3`` or ``10, 12`` (checked)."""
    assert die.die is not None
    low, high = die.die.low, die.die.high
    faces: set[int] = set()
    for part in str(text).replace(" ", "").split(","):
        if not part:
            continue
        first, dash, last = part.partition("-")
        try:
            if part.endswith("+") and not dash:
                a, b = int(part[:-1]), high
            else:
                a = int(first)
                b = int(last) if dash else a
        except ValueError:
            raise InputError(
                f"'{text}' is not a list of faces: write them like 9-12, 10+ or 1,2,3"
            ) from None
        if a > b:
            a, b = b, a
        if a < low or b > high:
            raise InputError(f"'{text}' names faces outside {low}-{high} of a {die.die}")
        faces.update(range(a, b + 1))
    if not faces:
        raise InputError(f"'{text}' names no faces: write them like 9-12, 10+ or 1,2,3")
    return frozenset(faces)


def _faces_text(faces: frozenset[int]) -> str:
    ordered = sorted(faces)
    runs: list[str] = []
    start = prev = ordered[0]
    for face in [*ordered[1:], None]:
        if face is not None and face == prev + 1:
            prev = face
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if face is not None:
            start = prev = face
    return ", ".join(runs)


@dataclass(frozen=True, slots=True)
class FireRoll:
    """Roll a handful of dice and count the faces that hit; "roll again" doubles the handful.

    Rule: MWAN116 Firing: How to Fire; Fire Modifiers (dice modifiers change the handful; a
    flank shot rolls it a second time). A count of faces, read from the players' firing table,
    is what no outcome table can say."""

    count: Expr
    hits: Expr
    dice: DiceExpr
    outcome: str

    def outcome_ids(self) -> set[str]:
        return {self.outcome}

    def expressions(self) -> list[tuple[str, Expr]]:
        return [("count", self.count), ("hits", self.hits)]

    def handful(self, ctx: Context) -> int:
        """Dice in one handful: the table's dice plus dice modifiers, fractions rounded up."""
        base = self.count.integer(ctx.env)
        if base < 0:
            raise InputError(f"the firing table cannot give {base} dice: use 0 or more")
        raw = Fraction(base) + ctx.dice_bonus()
        return max(0, math.ceil(raw))

    def times(self, ctx: Context) -> int:
        """How many times the handful is rolled (2 for a flank shot's "roll again")."""
        scale = ctx.scale()
        if scale.denominator != 1 or scale < 1:
            raise InputError(f"the dice can be rolled a whole number of times, not {scale}")
        return int(scale)

    def faces(self, ctx: Context) -> frozenset[int]:
        return parse_faces(str(self.hits.evaluate(ctx.env)), self.dice)

    def _size(self, ctx: Context) -> tuple[int, int]:
        n, times = self.handful(ctx), self.times(ctx)
        if n * times > MAX_DICE:
            raise InputError(f"{n * times} dice is more than one fire roll may throw ({MAX_DICE})")
        return n, times

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        n, times = self._size(ctx)
        faces = self.faces(ctx)
        dist = self.dice.distribution()
        p_hit = sum((p for f, p in dist.items() if f in faces), Fraction(0))
        result = binomial(n * times, p_hit)
        return [OutcomeOdds(self.outcome, v, p) for v, p in sorted(result.items()) if p]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        n, times = self._size(ctx)
        faces = self.faces(ctx)
        base = self.count.integer(ctx.env)
        bonus = ctx.dice_bonus()
        steps = [
            f"{base} dice from the firing table"
            + (f" {'-' if bonus < 0 else '+'} {abs(bonus)} = {base + bonus}" if bonus else "")
            + (f", rounded up to {n}" if Fraction(base) + bonus != n else "")
            + f"; hits on {_faces_text(faces)}"
        ]
        rolls: list[DiceRoll] = []
        hits = 0
        single = DiceExpr(1, self.dice.die, 0)
        for handful in range(times):
            again = "" if handful == 0 else " (rolled again)"
            shown = [dice.roll(single, f"die {i + 1}{again}") for i in range(n)]
            rolls.extend(shown)
            got = sum(1 for r in shown if r.total in faces)
            hits += got
            word = "rolled" if handful == 0 else "rolled again (flank)"
            steps.append(
                f"{word} {', '.join(str(r.total) for r in shown) or 'nothing'} -> {got} "
                + ("hit" if got == 1 else "hits")
            )
        if times > 1:
            steps.append(f"{hits} hits in all")
        return MechanicResult(
            outcome=self.outcome, value=hits, rolls=tuple(rolls), steps=tuple(steps)
        )


@register("mwan116_fire")
def parse_fire(reader: Reader) -> FireRoll:
    dice = read_dice(reader, "dice")
    if dice.die is None or dice.count != 1 or dice.modifier:
        raise reader.error("dice", "the fire roll's dice must be a single die such as 1d12")
    return FireRoll(
        count=reader.expr("count"),
        hits=reader.expr("hits"),
        dice=dice,
        outcome=reader.text("outcome"),
    )


# The rule-without-dice mechanic is shared: see :mod:`drumhead.checks.mechanics.decide`.
register("mwan116_decide")(parse_decide)
