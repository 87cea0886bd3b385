"""Dice notation, exact distributions and rolls.

Notation (case-insensitive, spaces ignored):

* ``NdS``, ``NdS+K``, ``NdS-K``: N dice of S sides numbered 1..S, plus a constant; N defaults
  to 1 (``d12``).
* ``NdSz``: the same dice read from zero: a ``d10z`` shows 0..9. This is One If By Land's d10,
  where "a 0 is a 0". ``1d10`` is the ordinary 1..10 die.
* A bare integer (``5``) is a constant (used by fixed movement rates).

Rolls take an injected :class:`random.Random`; nothing here touches the global generator.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from drumhead.errors import NotationError
from drumhead.odds import Distribution, constant, convolve, difference, shift, uniform

MAX_DICE = 100
"""The most dice one expression may roll (more is surely a typo)."""
MAX_SIDES = 1000
"""The most sides a die may have."""
MAX_CONSTANT = 10_000
"""The largest constant an expression may add or subtract."""

_NOTATION = re.compile(r"^(?P<count>\d*)d(?P<sides>\d*)(?P<zero>z?)(?:(?P<sign>[+-])(?P<k>\d+))?$")


@dataclass(frozen=True, slots=True)
class Die:
    """One die: ``sides`` faces, numbered 1..sides, or 0..sides-1 when ``zero`` is set."""

    sides: int
    """How many faces the die has."""
    zero: bool = False
    """Faces read from 0 (a d10 showing 0..9)."""

    @property
    def low(self) -> int:
        """The lowest face."""
        return 0 if self.zero else 1

    @property
    def high(self) -> int:
        """The highest face."""
        return self.sides - 1 if self.zero else self.sides

    @property
    def faces(self) -> range:
        """Every face, lowest first."""
        return range(self.low, self.high + 1)

    def distribution(self) -> Distribution:
        """Each face with probability 1/sides."""
        return uniform(self.faces)

    def roll(self, rng: random.Random) -> int:
        """One face, from the injected generator."""
        return rng.randint(self.low, self.high)

    def __str__(self) -> str:
        return f"d{self.sides}{'z' if self.zero else ''}"


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A parsed expression: ``count`` dice of one kind plus ``modifier``; count 0 is a constant."""

    count: int
    """How many dice (0 for a constant)."""
    die: Die | None
    """The die rolled, or None for a constant."""
    modifier: int = 0
    """The constant added to the dice total."""

    def distribution(self) -> Distribution:
        """The exact distribution of the total (a fresh dict the caller may change)."""
        return dict(_distribution(self))

    def roll(self, rng: random.Random) -> tuple[tuple[int, ...], int]:
        """Roll the dice: the faces shown and the total with the modifier."""
        if self.die is None:
            return (), self.modifier
        faces = tuple(self.die.roll(rng) for _ in range(self.count))
        return faces, sum(faces) + self.modifier

    def total(self, faces: tuple[int, ...]) -> int:
        """The total these faces make with the modifier."""
        return sum(faces) + self.modifier

    @property
    def low(self) -> int:
        """The smallest possible total."""
        return self.modifier + (self.count * self.die.low if self.die else 0)

    @property
    def high(self) -> int:
        """The largest possible total."""
        return self.modifier + (self.count * self.die.high if self.die else 0)

    def mean(self) -> Fraction:
        """The exact mean of the total."""
        if self.die is None:
            return Fraction(self.modifier)
        return self.count * Fraction(self.die.low + self.die.high, 2) + self.modifier

    def __str__(self) -> str:
        if self.die is None:
            return str(self.modifier)
        text = f"{self.count}{self.die}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


@lru_cache(maxsize=256)
def _distribution(expr: DiceExpr) -> Distribution:
    # Dice expressions are few and immutable: each distribution is computed once per process.
    if expr.die is None or expr.count == 0:
        return constant(expr.modifier)
    dist = expr.die.distribution()
    total = dist
    for _ in range(expr.count - 1):
        total = convolve(total, dist)
    return shift(total, expr.modifier)


def difference_of(a: DiceExpr, b: DiceExpr) -> Distribution:
    """The distribution of ``a - b`` for two independent rolls (an opposed roll), cached."""
    return dict(_difference(a, b))


@lru_cache(maxsize=64)
def _difference(a: DiceExpr, b: DiceExpr) -> Distribution:
    return difference(_distribution(a), _distribution(b))


def parse(text: str) -> DiceExpr:
    """Read a dice expression, or raise :class:`NotationError` saying what is wrong with it."""
    if not isinstance(text, str):
        raise NotationError(f"dice expression must be text, not {type(text).__name__}")
    raw = text
    cleaned = text.strip().lower().replace(" ", "")
    if not cleaned:
        raise NotationError("empty dice expression; expected something like 2d6 or 1d10z")
    if re.fullmatch(r"[+-]?\d+", cleaned):
        value = int(cleaned)
        if abs(value) > MAX_CONSTANT:
            raise NotationError(
                f"'{raw}': constant {value} is out of range (at most {MAX_CONSTANT})"
            )
        return DiceExpr(0, None, value)
    match = _NOTATION.match(cleaned)
    if match is None:
        raise NotationError(
            f"'{raw}' is not dice notation; expected NdS, NdS+K or NdS-K (e.g. 2d6, 1d6+2, d12), "
            "with a trailing z for dice read from 0 (1d10z shows 0-9)"
        )
    count = int(match["count"]) if match["count"] else 1
    if not match["sides"]:
        raise NotationError(f"'{raw}': the number of sides is missing after 'd' (e.g. 2d6)")
    sides = int(match["sides"])
    if count < 1:
        raise NotationError(f"'{raw}': must roll at least one die")
    if count > MAX_DICE:
        raise NotationError(f"'{raw}': {count} dice is too many (at most {MAX_DICE})")
    if sides < 2:
        raise NotationError(f"'{raw}': a die needs at least 2 sides, not {sides}")
    if sides > MAX_SIDES:
        raise NotationError(f"'{raw}': a d{sides} has too many sides (at most {MAX_SIDES})")
    modifier = 0
    if match["sign"]:
        modifier = int(match["k"])
        if modifier > MAX_CONSTANT:
            raise NotationError(
                f"'{raw}': modifier {modifier} is too large (at most {MAX_CONSTANT})"
            )
        if match["sign"] == "-":
            modifier = -modifier
    return DiceExpr(count, Die(sides, bool(match["zero"])), modifier)
