"""One If By Land mechanics no table or chart can say.

* ``oibl_general_risk``: risk to generals. ``count`` (expression: how many risk dice, one per
  two hits rounded up), ``dice`` (one risk die), ``trigger`` (the face that puts the general at
  risk), ``wound_dice`` (the die rolled for each trigger face), ``results`` (bands of the wound
  die, least severe first: ``[{roll = [1, 2], outcome = "light_wound"}, ...]``) and ``none``
  (the outcome when no risk die shows the trigger). Each risk die is rolled and shown on its
  own; every trigger face gets its own wound die; the most severe band rolled is the outcome.
* ``oibl_movement``: a movement distance kept to the quarter inch. ``dice`` (expression giving
  dice notation, a whole number or a decimal such as ``"1.5"``), ``minimum`` (default 0).
  ``roll`` modifiers are added first, then ``scale`` modifiers (half speed, quarter speed)
  multiply; the result is rounded down to the quarter inch. The outcome carries the whole
  inches as its value and names the fraction left over: ``inches``, ``inches_quarter``,
  ``inches_half``, ``inches_three_quarters``; under an inch, ``quarter_inch``, ``half_inch``
  and ``three_quarters_inch`` (value 0), so no text reads "0 1/2 inches". ``values`` carries
  ``quarters``, the exact distance in quarter inches.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Context, read_dice
from drumhead.checks.custom import register
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr, parse
from drumhead.dice.odds import Distribution, constant, map_values
from drumhead.dice.roller import DiceRoll, DiceSource
from drumhead.errors import DrumheadError
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


# -- risk to generals -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class WoundBand:
    """A band of the wound die and the outcome it gives."""

    low: int
    high: int
    outcome: str


@dataclass(frozen=True, slots=True)
class GeneralRisk:
    """One If By Land's risk to generals (``oibl_general_risk``): risk dice, and a wound die for
    each that shows the trigger.

    Rule: OIBL p.11 Risk to generals (a d10 per two hits, rounded up; each 1 rolls a d6 for
    the wound): a roll whose dice depend on another roll's faces."""

    count: Expr
    dice: DiceExpr
    trigger: int
    wound_dice: DiceExpr
    results: tuple[WoundBand, ...]
    none: str

    def outcome_ids(self) -> set[str]:
        return {self.none} | {band.outcome for band in self.results}

    def expressions(self) -> list[tuple[str, Expr]]:
        return [("count", self.count)]

    def severity(self, wound: int) -> int:
        """1 + the index of the band the wound die falls in (0 is reserved for unhurt)."""
        for index, band in enumerate(self.results):
            if band.low <= wound <= band.high:
                return index + 1
        raise DrumheadError(f"a wound roll of {wound} is off the risk-to-generals chart")

    def outcome_of(self, severity: int) -> str:
        return self.none if severity == 0 else self.results[severity - 1].outcome

    def dice_count(self, ctx: Context) -> int:
        count = self.count.integer(ctx.env)
        if count < 0:
            raise DrumheadError(f"{ctx.check.id}: {count} risk dice is not a number of dice")
        return count

    def one_die(self) -> Distribution:
        """The severity one risk die leads to (0 unhurt, then the bands in order)."""
        trigger = self.dice.distribution().get(self.trigger, Fraction(0))
        out: Distribution = {0: 1 - trigger}
        for wound, p in self.wound_dice.distribution().items():
            key = self.severity(wound)
            out[key] = out.get(key, Fraction(0)) + trigger * p
        return out

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        single = self.one_die()
        worst: Distribution = constant(0)
        for _ in range(self.dice_count(ctx)):
            combined: Distribution = {}
            for a, pa in worst.items():
                for b, pb in single.items():
                    key = max(a, b)
                    combined[key] = combined.get(key, Fraction(0)) + pa * pb
            worst = combined
        return [OutcomeOdds(self.outcome_of(s), None, p) for s, p in sorted(worst.items()) if p]

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        count = self.dice_count(ctx)
        rolls: list[DiceRoll] = []
        steps = [f"{count} risk {self.dice} (a {self.trigger} puts the general at risk)"]
        risk_faces: list[int] = []
        for index in range(count):
            roll = dice.roll(self.dice, f"risk die {index + 1}")
            rolls.append(roll)
            risk_faces.append(roll.total)
        steps.append("risk dice: " + ", ".join(str(f) for f in risk_faces))
        worst = 0
        ones = 0
        for index, face in enumerate(risk_faces):
            if face != self.trigger:
                continue
            ones += 1
            roll = dice.roll(self.wound_dice, f"wound die for risk die {index + 1}")
            rolls.append(roll)
            severity = self.severity(roll.total)
            steps.append(
                f"risk die {index + 1} shows {self.trigger}: {self.wound_dice} rolled {roll.total}"
                f" -> {self.outcome_of(severity).replace('_', ' ')}"
            )
            worst = max(worst, severity)
        if ones > 1:
            steps.append("several risk dice at risk: the most severe wound roll stands")
        if ones == 0:
            steps.append(f"no risk die shows {self.trigger}")
        return MechanicResult(
            outcome=self.outcome_of(worst),
            value=None,
            rolls=tuple(rolls),
            steps=tuple(steps),
            values=(("risk_dice", count), ("at_risk", ones)),
        )


@register("oibl_general_risk")
def parse_general_risk(reader: Reader) -> GeneralRisk:
    dice = read_dice(reader, "dice")
    wound_dice = read_dice(reader, "wound_dice")
    if dice.die is None or dice.count != 1 or wound_dice.die is None or wound_dice.count != 1:
        raise reader.error("dice", "risk to generals rolls one die at a time (e.g. 1d10z, 1d6)")
    trigger = reader.integer("trigger")
    if trigger not in dice.die.faces:
        raise reader.error("trigger", f"{trigger} is not a face of a {dice.die}")
    bands: list[WoundBand] = []
    for row in reader.array("results"):
        low, high = row.range("roll")
        bands.append(WoundBand(low, high, row.text("outcome")))
        row.done()
    covered = sorted(face for band in bands for face in range(band.low, band.high + 1))
    if covered != list(wound_dice.die.faces):
        raise reader.error("results", f"the bands must cover each face of a {wound_dice.die} once")
    return GeneralRisk(
        count=reader.expr("count"),
        dice=dice,
        trigger=trigger,
        wound_dice=wound_dice,
        results=tuple(bands),
        none=reader.text("none"),
    )


# -- movement ------------------------------------------------------------------------------------
FRACTION_OUTCOMES: tuple[str, ...] = (
    "inches",
    "inches_quarter",
    "inches_half",
    "inches_three_quarters",
)
"""The outcome for each quarter inch left over after the whole inches."""

UNDER_AN_INCH: tuple[str, ...] = ("inches", "quarter_inch", "half_inch", "three_quarters_inch")
"""The outcome for each distance under an inch, in quarters (none: ``inches``, 0)."""

_DECIMAL = re.compile(r"^\d+\.\d+$")


@dataclass(frozen=True, slots=True)
class QuarterInchMove:
    """One If By Land's movement (``oibl_movement``): a distance kept to the quarter inch.

    Rule: OIBL p.4-6 Movement (halves and quarters of a rolled move, kept as fractions, never
    rounded away)."""

    dice: Expr
    minimum: int

    def outcome_ids(self) -> set[str]:
        return set(FRACTION_OUTCOMES) | set(UNDER_AN_INCH)

    def expressions(self) -> list[tuple[str, Expr]]:
        return [("dice", self.dice)]

    def base(self, ctx: Context) -> DiceExpr | Fraction:
        text = str(self.dice.evaluate(ctx.env)).strip()
        if _DECIMAL.match(text):
            return Fraction(text)
        expr = parse(text)
        return Fraction(expr.modifier) if expr.die is None else expr

    def quarters(self, total: Fraction, ctx: Context) -> int:
        """The distance in quarter inches: modifiers added, then scaled, rounded down."""
        scaled = (total + ctx.total()) * ctx.scale()
        return max(self.minimum * 4, math.floor(scaled * 4))

    @staticmethod
    def split(quarters: int) -> tuple[str, int]:
        """The outcome and whole inches of a distance in quarter inches."""
        if quarters < 4:
            return UNDER_AN_INCH[max(quarters, 0)], 0
        return FRACTION_OUTCOMES[quarters % 4], quarters // 4

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        base = self.base(ctx)
        if isinstance(base, Fraction):
            dist = {self.quarters(base, ctx): Fraction(1)}
        else:
            dist = map_values(base.distribution(), lambda t: self.quarters(Fraction(t), ctx))
        out = []
        for q, p in sorted(dist.items()):
            outcome, value = self.split(q)
            out.append(OutcomeOdds(outcome, value, p))
        return out

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        base = self.base(ctx)
        rolls: tuple[DiceRoll, ...] = ()
        if isinstance(base, Fraction):
            total = base
            line = f"fixed {_inches(total)}"
        else:
            roll = dice.roll(base, "movement")
            rolls = (roll,)
            total = Fraction(roll.total)
            line = f"{base}: {roll.total}"
        mod = ctx.total()
        scale = ctx.scale()
        if mod:
            line += f" {mod:+d} = {_inches(total + mod)}"
        if scale != 1:
            line += f", x{scale} = {_inches((total + mod) * scale)}"
        q = self.quarters(total, ctx)
        exact = max(Fraction(self.minimum), (total + mod) * scale)
        if exact * 4 != q:
            line += ", rounded down to the quarter inch"
        if (total + mod) * scale < self.minimum:
            line += f", at least {self.minimum}"
        line += f" -> {_inches(Fraction(q, 4))} inches"
        outcome, value = self.split(q)
        return MechanicResult(
            outcome=outcome,
            value=value,
            rolls=rolls,
            steps=(line,),
            modified=value,
            values=(("quarters", q),),
        )


def _inches(x: Fraction) -> str:
    """``2 1/2`` style text for a distance."""
    if x < 0:
        return "-" + _inches(-x)
    whole = math.floor(x)
    rest = x - whole
    if rest == 0:
        return str(whole)
    if whole == 0:
        return f"{rest.numerator}/{rest.denominator}"
    return f"{whole} {rest.numerator}/{rest.denominator}"


@register("oibl_movement")
def parse_movement(reader: Reader) -> QuarterInchMove:
    return QuarterInchMove(dice=reader.expr("dice"), minimum=reader.integer("minimum", 0))
