"""Exact odds for each mechanic, with the numbers the foundation issue names."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from drumhead.checks.resolve import odds, prepare
from drumhead.dice.odds import binomial, constant, convolve, difference, mean, repeat_sum, uniform
from drumhead.loading.ruleset import build_ruleset
from tests.support.lanes import examples

D6 = uniform(range(1, 7))


def _mini(check: dict, **extra: object) -> object:
    data = {
        "id": "mini",
        "title": "Mini",
        "version": "1",
        "description": "test ruleset",
        "sources": [{"id": "t", "title": "t", "document": "t"}],
        "checks": {"c": check},
        **extra,
    }
    return build_ruleset(data, file="mini.toml")


TARGET = {
    "title": "t",
    "kind": "target",
    "source": "s",
    "summary": "s",
    "dice": "1d6",
    "compare": ">=",
    "target": 4,
    "reroll": "reroll_ok",
    "inputs": {"reroll_ok": {"type": "bool", "default": False, "label": "re-roll"}},
    "modifiers": {"plus": {"label": "+1", "value": 1, "source": "s"}},
    "outcomes": {
        "pass": {"result": "pass", "text": "pass"},
        "fail": {"result": "fail", "text": "fail"},
    },
}


def _p(result: object, outcome: str) -> Fraction:
    return sum((o.p for o in result if o.outcome == outcome), Fraction(0))  # type: ignore[attr-defined]


def test_d6_need_4_at_plus_1_is_two_thirds() -> None:
    rs = _mini(TARGET)
    assert _p(odds(prepare(rs, "c", {}, ["plus"])), "pass") == Fraction(2, 3)


def test_with_one_reroll_of_a_failure_is_eight_ninths() -> None:
    rs = _mini(TARGET)
    assert _p(odds(prepare(rs, "c", {"reroll_ok": True}, ["plus"])), "pass") == Fraction(8, 9)


def test_zero_based_d10_roll_under_7_with_plus_2_passes_on_0_to_5() -> None:
    check = {
        **TARGET,
        "dice": "1d10z",
        "compare": "<=",
        "target": 7,
        "modifiers": {"bad": {"label": "+2", "value": 2, "source": "s"}},
    }
    rs = _mini(check)
    assert _p(odds(prepare(rs, "c", {}, ["bad"])), "pass") == Fraction(3, 5)


def test_opposed_difference_sums_to_one() -> None:
    diff = difference(uniform(range(1, 13)), uniform(range(1, 13)))
    assert sum(diff.values()) == 1
    assert diff[0] == Fraction(12, 144)
    assert diff[11] == diff[-11] == Fraction(1, 144)


def test_binomial_matches_repeated_convolution() -> None:
    p = Fraction(1, 2)
    dist = binomial(4, p)
    assert dist[2] == Fraction(6, 16)
    assert mean(dist) == 2
    for n in range(0, 9):
        for q in (Fraction(1, 6), Fraction(2, 3), Fraction(0), Fraction(1)):
            expected = repeat_sum({1: q, 0: 1 - q}, n)
            got = {k: v for k, v in binomial(n, q).items() if v}
            assert got == {k: v for k, v in expected.items() if v}


@settings(max_examples=examples(50), deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=4))
def test_convolution_sums_to_one(sides: list[int]) -> None:
    dist = constant(0)
    for s in sides:
        dist = convolve(dist, uniform(range(1, s + 1)))
    assert sum(dist.values()) == 1
    assert mean(dist) == sum(Fraction(s + 1, 2) for s in sides)
