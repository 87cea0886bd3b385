"""Limits of issue 16, item 9: every dice notation `drumhead roll` accepts gets exact odds fast,
anything larger is refused with the limit named, and rule expressions are bounded in length,
depth, size and value when the ruleset loads.

No test asserts an absolute time: work is compared with an anchor timed in the same run.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.dice.notation import MAX_DICE, MAX_DICE_TIMES_SIDES, MAX_SIDES, parse
from drumhead.dice.odds import sum_counts
from drumhead.errors import ExpressionError, NotationError
from drumhead.rules.expr import (
    MAX_DEPTH,
    MAX_LENGTH,
    MAX_NODES,
    MAX_VALUE,
    Environment,
    compile_expr,
)

REPORTED = ("100d100", "30d100", "50d50", "10d1000")
"""The notations the issue found taking more than 10 s."""


def _best_of(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def _anchor() -> float:
    """A million additions of 900-bit whole numbers (the kind of step the dice counts take):
    about 0.2 s on the project's machines."""
    numbers = [(1 << 900) + i for i in range(1_000_000)]
    return _best_of(2, lambda: [a + b for a, b in zip(numbers, numbers, strict=True)])


@pytest.mark.parametrize(("sides", "count"), [(2, 0), (2, 5), (3, 4), (6, 3), (7, 5), (10, 4)])
def test_counts_are_the_brute_force_counts(sides: int, count: int) -> None:
    brute = Counter(sum(f) for f in itertools.product(range(sides), repeat=count))
    assert sum_counts(sides, count) == [brute[t] for t in range(count * (sides - 1) + 1)]


@pytest.mark.parametrize("text", REPORTED)
def test_reported_notations_get_exact_odds(text: str) -> None:
    expr = parse(text)
    assert expr.die is not None
    low, ways = expr.ways()
    n, s = expr.count, expr.die.sides
    assert sum(ways) == expr.outcomes == s**n
    assert ways[0] == ways[-1] == 1  # all ones, all sixes: one way each
    assert ways[1] == n  # one die shows 2, the rest 1
    assert ways == ways[::-1]
    # the ways to roll the total low + k with k < s (no die can exceed its faces yet)
    assert ways[s - 1] == comb(s - 1 + n - 1, n - 1)
    mean = Fraction(sum((low + i) * w for i, w in enumerate(ways)), expr.outcomes)
    assert mean == expr.mean()


def test_distribution_is_built_from_the_counts() -> None:
    dist = parse("3d6+1").distribution()
    assert dist[4] == Fraction(1, 216)
    assert dist[11] == dist[12] == Fraction(27, 216)
    assert sum(dist.values()) == 1


def test_the_largest_notations_take_a_fraction_of_the_anchor() -> None:
    """The slowest accepted notation (most dice of the most sides their product allows) costs
    less than three anchors, about 0.6 s on these machines: `drumhead roll` answers within 1 s.
    Before the counts were whole numbers, 100d100 alone took more than 50 anchors."""
    anchor = _anchor()
    worst = [
        (MAX_DICE_TIMES_SIDES // MAX_DICE, MAX_DICE),
        (MAX_SIDES, MAX_DICE_TIMES_SIDES // MAX_SIDES),
    ]
    for sides, count in worst:
        parse(f"{count}d{sides}")  # accepted
        took = _best_of(2, lambda s=sides, c=count: sum_counts(s, c))  # type: ignore[misc]
        assert took < 3 * anchor, (count, sides, took / anchor)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("101d6", f"at most {MAX_DICE}"),
        ("2d1001", f"at most {MAX_SIDES:,}"),
        ("100d1000", f"at most {MAX_DICE_TIMES_SIDES:,}"),
        ("51d1000", f"at most {MAX_DICE_TIMES_SIDES:,}"),
        ("9" * 5000, "at most 10,000"),
        ("9" * 5000 + "d6", f"at most {MAX_DICE}"),
        ("2d" + "9" * 5000, f"at most {MAX_SIDES:,}"),
        ("2d6+" + "9" * 5000, "at most 10,000"),
        ("-" + "9" * 5000, "at most 10,000"),
    ],
    ids=lambda v: v if len(v) < 30 else f"{v[:12]}...({len(v)} chars)",
)
def test_larger_notations_are_refused_with_the_limit(text: str, limit: str) -> None:
    with pytest.raises(NotationError, match=limit) as caught:
        parse(text)
    assert len(str(caught.value)) < 200  # a 5,000-digit number is not echoed whole


def test_roll_command_refuses_a_huge_number_as_data_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["roll", "9" * 5000]) == 1
    err = capsys.readouterr().err
    assert "internal error" not in err
    assert "at most 10,000" in err


@pytest.mark.parametrize("text", REPORTED)
def test_roll_command_gives_exact_odds_for_the_reported_notations(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roll", text, "--seed", "5", "--json"]) == 0
    roll = json.loads(capsys.readouterr().out)["rolls"][0]
    expr = parse(text)
    low, ways = expr.ways()
    total = roll["total"]
    assert roll["p_total"] == _frac(Fraction(ways[total - low], expr.outcomes))
    assert roll["p_at_least"] == _frac(Fraction(sum(ways[total - low :]), expr.outcomes))


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


# -- expressions ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("'a' * 1000000000", "only numbers"),
        ("(1, 2) * 1000000000", "only numbers"),
        ("[1] * 1000000000", "only numbers"),
        ("'a' + 'b'", "only numbers"),
        ("-'a'", "only numbers"),
        ("max(" + "1," * 450 + "1)", f"at most {MAX_NODES}"),
        ("x" + " + x" * 400, f"at most {MAX_LENGTH:,}"),
        ("1" + " + 1" * 40, f"at most {MAX_DEPTH} levels"),
        ("-(" * 40 + "1" + ")" * 40, f"at most {MAX_DEPTH} levels"),
        ("(" * 300 + "1" + ")" * 300, "too many nested parentheses"),
        ("-" * 999 + "1", f"at most {MAX_DEPTH} levels"),
        ("not " * 200 + "x", f"at most {MAX_DEPTH} levels"),
        ("9" * 5000, f"at most {MAX_LENGTH:,}"),
        ("x * 10000000000000", f"±{MAX_VALUE:,}"),
    ],
    ids=lambda v: v if len(v) < 30 else f"{v[:12]}...({len(v)} chars)",
)
def test_expressions_beyond_the_limits_are_refused_when_loaded(text: str, says: str) -> None:
    with pytest.raises(ExpressionError, match=says) as caught:
        compile_expr(text)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("x * x * x", {"x": 100_000}),  # grows past the limit as it is computed
        ("q * 1000000000", {"q": "veteran"}),  # a text input used as a number
        ("x", {"x": 10**13}),  # an input beyond the limit
        ("max(x, 1) * 2", {"x": MAX_VALUE}),
    ],
)
def test_values_beyond_the_limits_are_refused_when_computed(
    text: str, values: dict[str, int | str]
) -> None:
    with pytest.raises(ExpressionError, match="cannot evaluate"):
        compile_expr(text).evaluate(Environment(values))


def test_expressions_within_the_limits_still_work() -> None:
    env = Environment({"x": 3, "q": "veteran"}, {"t": {"veteran": 2}})
    assert compile_expr("x * 4 - t[q]").evaluate(env) == 10
    assert compile_expr("q in ('veteran', 'elite')").evaluate(env) is True
    assert compile_expr("(" * 20 + "x" + ")" * 20).evaluate(env) == 3
    assert compile_expr(str(MAX_VALUE)).evaluate(env) == MAX_VALUE


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("'a' * 1000000000", "only numbers"),
        ("(1, 2) * 1000000000", "only numbers"),
        ("-(" * 200 + "1" + ")" * 200, f"at most {MAX_DEPTH} levels"),
        ("quality * 1000000000", "uses 'quality' as a number"),
    ],
    ids=["text", "tuple", "deep", "text input"],
)
def test_house_rules_expressions_are_refused_by_check_at_their_line(
    value: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'ruleset = "one-if-by-land"\n'
        "[patch.checks.morale.modifiers.light_cover]\n"
        f'value = "{value}"\n',
        encoding="utf-8",
    )
    assert main(["check", str(house), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert says in error["message"]
    assert (error["file"], error["line"]) == (str(house), 3)
    assert error["key"] == "checks.morale.modifiers.light_cover.value"
