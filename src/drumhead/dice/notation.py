"""Dice notation, exact distributions and rolls.

Notation (case-insensitive, spaces ignored):

* ``NdS``, ``NdS+K``, ``NdS-K``: N dice of S sides numbered 1..S, plus a constant; N defaults
  to 1 (``d12``).
* ``NdSz``: the same dice read from zero: a ``d10z`` shows 0..9. This is One If By Land's d10,
  where "a 0 is a 0". ``1d10`` is the ordinary 1..10 die.
* A bare integer (``5``) is a constant (used by fixed movement rates).

Rolls take an injected :class:`random.Random`; nothing here touches the global generator.

:class:`Die` and :class:`DiceExpr` are immutable value types written by hand rather than frozen
dataclasses: ``drumhead roll`` loads this module and nothing else of the core, and importing
:mod:`dataclasses` alone costs it 0.4 times a bare interpreter's start (tests/bench/).
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from drumhead.dice.odds import Distribution, constant, sum_counts, uniform
from drumhead.errors import NotationError

if TYPE_CHECKING:
    import random

MAX_DICE = 100
"""The most dice one expression may roll (more is surely a typo)."""
MAX_SIDES = 1000
"""The most sides a die may have."""
MAX_DICE_TIMES_SIDES = 50_000
"""The most dice times sides one expression may have (``100d500``, ``50d1000``): the exact odds
of the largest take about ``100**2 * 500 / 4`` additions of whole numbers, a small fraction of a
second (tests/core/test_dice_limits.py keeps it so)."""
MAX_CONSTANT = 10_000
"""The largest constant an expression may add or subtract."""

_NOTATION = re.compile(r"^(?P<count>\d*)d(?P<sides>\d*)(?P<zero>z?)(?:(?P<sign>[+-])(?P<k>\d+))?$")


class _Value:
    """An immutable value: its fields (``_fields``) are set once, by ``__init__``; equal to
    another of its class with equal fields, hashed by them, pickled by them (the compiled
    ruleset cache keeps dice expressions)."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def _set(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"cannot assign to field '{name}' of an immutable {type(self).__name__}"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}' of an immutable {type(self).__name__}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Value)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return self.__class__, self._key()


class Die(_Value):
    """One die: ``sides`` faces, numbered 1..sides, or 0..sides-1 when ``zero`` is set."""

    __slots__ = ("sides", "zero")
    _fields = __slots__

    sides: int
    """How many faces the die has."""
    zero: bool
    """Faces read from 0 (a d10 showing 0..9)."""

    def __init__(self, sides: int, zero: bool = False) -> None:
        self._set(sides=sides, zero=zero)

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


class DiceExpr(_Value):
    """A parsed expression: ``count`` dice of one kind plus ``modifier``; count 0 is a constant."""

    __slots__ = ("count", "die", "modifier")
    _fields = __slots__

    count: int
    """How many dice (0 for a constant)."""
    die: Die | None
    """The die rolled, or None for a constant."""
    modifier: int
    """The constant added to the dice total."""

    def __init__(self, count: int, die: Die | None, modifier: int = 0) -> None:
        self._set(count=count, die=die, modifier=modifier)

    def distribution(self) -> Distribution:
        """The exact distribution of the total (a fresh dict the caller may change)."""
        return dict(_distribution(self))

    def ways(self) -> tuple[int, tuple[int, ...]]:
        """The exact odds as whole numbers: the lowest total, and how many of the
        :attr:`outcomes` equally likely rolls make each total from it upwards."""
        return _ways(self)

    @property
    def outcomes(self) -> int:
        """How many equally likely rolls there are (``sides ** count``; 1 for a constant)."""
        return self.die.sides**self.count if self.die else 1

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


@lru_cache(maxsize=64)
def _ways(expr: DiceExpr) -> tuple[int, tuple[int, ...]]:
    # Dice expressions are few and immutable: each is counted once per process.
    if expr.die is None or expr.count == 0:
        return expr.modifier, (1,)
    return expr.low, tuple(sum_counts(expr.die.sides, expr.count))


@lru_cache(maxsize=256)
def _distribution(expr: DiceExpr) -> Distribution:
    if expr.die is None or expr.count == 0:
        return constant(expr.modifier)
    low, ways = _ways(expr)
    whole = expr.outcomes
    return {low + i: Fraction(n, whole) for i, n in enumerate(ways) if n}


def difference_of(a: DiceExpr, b: DiceExpr) -> Distribution:
    """The distribution of ``a - b`` for two independent rolls (an opposed roll), cached."""
    return dict(_difference(a, b))


@lru_cache(maxsize=64)
def _difference(a: DiceExpr, b: DiceExpr) -> Distribution:
    # counted in whole numbers: ways[a - b] = sum of ways_a[x] * ways_b[y] over x - y
    low_a, ways_a = _ways(a)
    low_b, ways_b = _ways(b)
    top_b = len(ways_b) - 1
    counts = [0] * (len(ways_a) + top_b)
    for i, wa in enumerate(ways_a):
        for j, wb in enumerate(ways_b):
            counts[i + top_b - j] += wa * wb
    low = low_a - (low_b + top_b)
    whole = a.outcomes * b.outcomes
    return {low + k: Fraction(n, whole) for k, n in enumerate(counts) if n}


def _number(raw: str, digits: str, refusal: str, limit: int) -> int:
    """``digits`` as a number, refused past ``limit`` before it is converted (a number of
    thousands of digits is refused at once, not read); ``refusal`` says why, with ``{n}``."""
    if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
        shown = digits if len(digits) <= 12 else f"{digits[:6]}...({len(digits)} digits)"
        why = refusal.format(n=shown)
        raise NotationError(f"'{_short(raw)}': {why} (at most {limit:,})")
    return int(digits)


def _short(raw: str) -> str:
    return raw if len(raw) <= 40 else raw[:37] + "..."


def parse(text: str) -> DiceExpr:
    """Read a dice expression, or raise :class:`NotationError` saying what is wrong with it."""
    if not isinstance(text, str):
        raise NotationError(f"dice expression must be text, not {type(text).__name__}")
    raw = text
    cleaned = text.strip().lower().replace(" ", "")
    if not cleaned:
        raise NotationError("empty dice expression; expected something like 2d6 or 1d10z")
    constant_form = re.fullmatch(r"([+-]?)(\d+)", cleaned)
    if constant_form:
        value = _number(raw, constant_form[2], "constant {n} is out of range", MAX_CONSTANT)
        return DiceExpr(0, None, -value if constant_form[1] == "-" else value)
    match = _NOTATION.match(cleaned)
    if match is None:
        raise NotationError(
            f"'{_short(raw)}' is not dice notation; expected NdS, NdS+K or NdS-K (e.g. 2d6, "
            "1d6+2, d12), with a trailing z for dice read from 0 (1d10z shows 0-9)"
        )
    count = _number(raw, match["count"], "{n} dice is too many", MAX_DICE) if match["count"] else 1
    if not match["sides"]:
        raise NotationError(f"'{_short(raw)}': the number of sides is missing after 'd' (e.g. 2d6)")
    sides = _number(raw, match["sides"], "a die of {n} sides has too many sides", MAX_SIDES)
    if count < 1:
        raise NotationError(f"'{_short(raw)}': must roll at least one die")
    if sides < 2:
        raise NotationError(f"'{_short(raw)}': a die needs at least 2 sides, not {sides}")
    if count * sides > MAX_DICE_TIMES_SIDES:
        raise NotationError(
            f"'{_short(raw)}': {count} dice of {sides} sides is too many to give exact odds for "
            f"(dice times sides at most {MAX_DICE_TIMES_SIDES:,}: e.g. 100d500 or 50d1000)"
        )
    modifier = 0
    if match["sign"]:
        modifier = _number(raw, match["k"], "modifier {n} is too large", MAX_CONSTANT)
        if match["sign"] == "-":
            modifier = -modifier
    return DiceExpr(count, Die(sides, bool(match["zero"])), modifier)
