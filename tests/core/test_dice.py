"""Dice notation, exact distributions and rolls from an injected generator."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drumhead.dice.notation import DiceExpr, Die, parse
from drumhead.errors import NotationError
from tests.support.lanes import examples


@pytest.mark.parametrize(
    ("text", "count", "sides", "zero", "modifier"),
    [
        ("2d6", 2, 6, False, 0),
        ("2D6", 2, 6, False, 0),
        ("1d6+2", 1, 6, False, 2),
        ("3D6", 3, 6, False, 0),
        ("d12", 1, 12, False, 0),
        ("1d10z", 1, 10, True, 0),
        ("1D10Z", 1, 10, True, 0),
        ("2d8-1", 2, 8, False, -1),
        (" 1 d 6 + 10 ", 1, 6, False, 10),
    ],
)
def test_parse_notation(text: str, count: int, sides: int, zero: bool, modifier: int) -> None:
    expr = parse(text)
    assert expr.count == count
    assert expr.die == Die(sides, zero)
    assert expr.modifier == modifier


def test_constant() -> None:
    assert parse("5").distribution() == {5: 1}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("0d6", "at least one die"),
        ("d0", "at least 2 sides"),
        ("d1", "at least 2 sides"),
        ("2d", "sides is missing"),
        ("abc", "not dice notation"),
        ("", "empty"),
        ("1000d6", "too many"),
        ("1d100000", "too many sides"),
        ("2d6+", "not dice notation"),
        ("2d6*2", "not dice notation"),
    ],
)
def test_bad_notation_says_why(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        parse(text)


def test_zero_based_d10_reads_0_to_9() -> None:
    die = Die(10, zero=True)
    assert list(die.faces) == list(range(10))
    assert parse("1d10").die is not None and list(parse("1d10").die.faces) == list(range(1, 11))


def test_2d6_distribution() -> None:
    dist = parse("2d6").distribution()
    assert dist[7] == Fraction(6, 36)
    assert dist[2] == dist[12] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_rolls_use_the_injected_generator_only() -> None:
    expr = parse("3d6")
    a = [expr.roll(random.Random(7)) for _ in range(3)]
    b = [expr.roll(random.Random(7)) for _ in range(3)]
    assert a == b
    state = random.getstate()
    expr.roll(random.Random(1))
    assert random.getstate() == state


def _brute(expr: DiceExpr) -> dict[int, Fraction]:
    assert expr.die is not None
    counts: Counter[int] = Counter()
    for faces in itertools.product(expr.die.faces, repeat=expr.count):
        counts[sum(faces) + expr.modifier] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


@settings(max_examples=examples(60), deadline=None)
@given(
    count=st.integers(1, 3),
    sides=st.integers(2, 12),
    zero=st.booleans(),
    modifier=st.integers(-5, 5),
)
def test_distribution_matches_brute_force(
    count: int, sides: int, zero: bool, modifier: int
) -> None:
    expr = DiceExpr(count, Die(sides, zero), modifier)
    dist = expr.distribution()
    assert sum(dist.values()) == 1
    assert dist == _brute(expr)
    assert min(dist) == expr.low and max(dist) == expr.high


@settings(max_examples=examples(40), deadline=None)
@given(count=st.integers(1, 5), sides=st.integers(2, 20), seed=st.integers(0, 2**32))
def test_rolls_stay_on_the_dice(count: int, sides: int, seed: int) -> None:
    expr = DiceExpr(count, Die(sides), 0)
    faces, total = expr.roll(random.Random(seed))
    assert len(faces) == count
    assert all(1 <= f <= sides for f in faces)
    assert total == sum(faces)
