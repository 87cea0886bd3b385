"""Every mechanic's exact odds agree with enumerating every dice path through resolve().

The enumeration runs the real resolution with each possible sequence of faces (weighted by
its probability), so odds and resolution can never drift apart.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drumhead.checks.base import Context
from drumhead.checks.resolve import odds, prepare
from drumhead.dice.notation import DiceExpr, Die
from drumhead.dice.roller import DiceRoll
from tests.support.lanes import examples

from .minirules import mini


class _Branch(Exception):
    def __init__(self, die: Die) -> None:
        self.die = die


class _PrefixDice:
    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix = prefix
        self.used = 0

    def roll(self, expr: DiceExpr, label: str) -> DiceRoll:
        if expr.die is None:
            return DiceRoll(label, str(expr), (), expr.modifier)
        faces = []
        for _ in range(expr.count):
            if self.used >= len(self.prefix):
                raise _Branch(expr.die)
            faces.append(self.prefix[self.used])
            self.used += 1
        return DiceRoll(label, str(expr), tuple(faces), sum(faces) + expr.modifier)

    def can_roll(self) -> bool:
        return True


def enumerate_paths(ctx: Context, limit: int = 50_000) -> dict[tuple[str, int | None], Fraction]:
    """Outcome -> probability by running resolve on every sequence of faces."""
    out: Counter[tuple[str, int | None]] = Counter()
    probs: dict[tuple[str, int | None], Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    while stack:
        prefix, p = stack.pop()
        runs += 1
        assert runs < limit, "too many dice paths for brute force"
        try:
            result = ctx.check.mechanic.resolve(ctx, _PrefixDice(prefix))
        except _Branch as branch:
            for face in branch.die.faces:
                stack.append(((*prefix, face), p / branch.die.sides))
            continue
        key = (result.outcome, result.value)
        out[key] += 1
        probs[key] = probs.get(key, Fraction(0)) + p
    return probs


def _odds_map(ctx: Context) -> dict[tuple[str, int | None], Fraction]:
    return {(o.outcome, o.value): o.p for o in odds(ctx)}


CASES: list[tuple[str, dict[str, Any], Any]] = [
    ("test", {}, []),
    ("test", {"quality": "green", "stands_lost": 2}, ["supported"]),
    ("test", {"elite": True, "stands_lost": 1}, {"obstacle": 2}),
    ("test", {"elite": True, "stands_lost": 3}, []),
    ("test", {"single": True, "stands_lost": 5}, []),
    ("morale_table", {"unit_type": "cavalry"}, ["shaken"]),
    ("morale_table", {"unit_type": "infantry"}, []),
    ("combat", {"general": True}, ["rear"]),
    ("combat", {"opponent_general": True}, []),
    ("fire", {"figures": 4}, ["close"]),
    ("fire", {"figures": 13}, ["cover"]),
    ("fire", {"figures": 1}, []),
    ("shoot", {"stands": 3}, ["long"]),
    ("shoot", {"stands": 2, "vs_elephants": True}, ["deep"]),
    ("shoot", {"stands": 1}, ["sharp"]),
    ("split", {"hits": 7}, []),
    ("move", {"condition": "column"}, {"road": 1, "half": 1}),
    ("move", {"condition": "fixed"}, {"obstacle": 3}),
]


@pytest.mark.parametrize(("check", "values", "mods"), CASES)
def test_odds_match_enumeration(check: str, values: dict[str, Any], mods: Any) -> None:
    ctx = prepare(mini(), check, values, mods)
    expected = enumerate_paths(ctx)
    assert sum(expected.values()) == 1
    assert _odds_map(ctx) == {k: v for k, v in expected.items() if v}


@settings(max_examples=examples(40), deadline=None)
@given(
    quality=st.sampled_from(["veteran", "regular", "green"]),
    start=st.integers(1, 8),
    lost=st.integers(0, 8),
    single=st.booleans(),
    elite=st.booleans(),
    supported=st.booleans(),
)
def test_target_odds_property(
    quality: str, start: int, lost: int, single: bool, elite: bool, supported: bool
) -> None:
    values = {
        "quality": quality,
        "stands_start": start,
        "stands_lost": lost,
        "single": single,
        "elite": elite,
    }
    ctx = prepare(mini(), "test", values, ["supported"] if supported else [])
    assert _odds_map(ctx) == {k: v for k, v in enumerate_paths(ctx).items() if v}


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None)
@given(figures=st.integers(0, 20), close=st.booleans(), cover=st.booleans())
def test_chart_odds_property(figures: int, close: bool, cover: bool) -> None:
    mods = [m for m, on in (("close", close), ("cover", cover)) if on]
    ctx = prepare(mini(), "fire", {"figures": figures}, mods)
    assert _odds_map(ctx) == {k: v for k, v in enumerate_paths(ctx).items() if v}
