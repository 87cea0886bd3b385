"""Conditions over every unit picked for a role (issue 35): ``any(ROLE.FIELD ...)``,
``all(...)``, ``count(...)``, the language an input's ``from_units`` is written in, checked
when a ruleset loads (each problem at its file and line) and worked out against brute force:
Python's own any/all/sum over the same cards."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from drumhead.checks.reach import Span, _Evaluator, _Names
from drumhead.errors import ExpressionError, RulesetError
from drumhead.loading.loader import load_ruleset
from drumhead.rules.expr import Environment, compile_expr

TYPES = ("infantry", "cavalry", "artillery")
FORMATIONS = ("line", "column", "square")


def _cards(n: int) -> list[list[dict[str, str]]]:
    cards = [{"type": t, "formation": f} for t in TYPES for f in FORMATIONS]
    return [list(c) for c in itertools.product(cards, repeat=n)]


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_any_all_count_agree_with_python_over_every_group(n: int) -> None:
    expr = {
        "any": compile_expr("any(defender.type == 'cavalry')"),
        "all": compile_expr("all(defender.formation == 'line')"),
        "count": compile_expr(
            "count(defender.type != 'artillery' and defender.formation != 'square')"
        ),
    }
    for group in _cards(n):
        env = Environment({}, units={"defender": group})
        assert expr["any"].evaluate(env) is any(c["type"] == "cavalry" for c in group)
        assert expr["all"].evaluate(env) is all(c["formation"] == "line" for c in group)
        assert expr["count"].evaluate(env) == sum(
            c["type"] != "artillery" and c["formation"] != "square" for c in group
        )


def test_two_roles_are_two_calls() -> None:
    expr = compile_expr(
        "'with_infantry' if any(attacker.type == 'infantry') or "
        "any(attacker_incidental.type == 'infantry') else 'solo'"
    )
    assert expr.fields == {("attacker", "type"), ("attacker_incidental", "type")}
    cavalry, infantry = {"type": "cavalry"}, {"type": "infantry"}
    alone = Environment({}, units={"attacker": [cavalry], "attacker_incidental": []})
    helped = Environment({}, units={"attacker": [cavalry], "attacker_incidental": [infantry]})
    assert (expr.evaluate(alone), expr.evaluate(helped)) == ("solo", "with_infantry")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("attacker.type == 'cavalry'", "inside any(...), all(...), count(...), sum(...) or most"),
        ("any(attacker.type == defender.type)", "one role a group function"),
        ("any(1 == 1)", "reads no ROLE.FIELD"),
        ("any(all(attacker.type == 'x'))", "cannot be inside another group function"),
        ("any(attacker.type == 'x', 2)", "takes one condition"),
    ],
)
def test_a_group_condition_out_of_shape_is_refused(text: str, words: str) -> None:
    with pytest.raises(ExpressionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        compile_expr(text)


def test_a_role_nobody_was_picked_for_is_a_clear_error() -> None:
    with pytest.raises(ExpressionError, match="no units are picked for the defender"):
        compile_expr("any(defender.type == 'cavalry')").evaluate(Environment({}))


def test_reach_reads_a_truth_and_a_count() -> None:
    rules = load_ruleset("republique")
    names = _Names(rules, rules.check("assault"))
    assert _Evaluator(names).span(compile_expr("any(attacker.type == 'cavalry')").tree) == Span(
        0, 1
    )
    assert _Evaluator(names).span(compile_expr("count(attacker.type == 'x')").tree) == Span(0, None)


HOUSE = {
    "role": (
        "[patch.checks.assault.inputs.vs_square]\nfrom_units = \"any(flank.formation == 'square')\"\n",
        "no role 'flank' in this check",
    ),
    "field": (
        "[patch.checks.assault.inputs.vs_square]\nfrom_units = \"any(defender.colour == 'blue')\"\n",
        "no card field 'colour'",
    ),
    "derived": (
        "[patch.checks.assault.derived]\nsquare = \"any(defender.formation == 'square')\"\n",
        "fill an input (from_units)",
    ),
}


def assert_refused_at_its_line(tmp_path: Path, patch: str, words: str) -> None:
    """A house-rules file patching Republique with ``patch`` (from its line 4) is refused at
    that line, saying ``words``."""
    house = tmp_path / "ours.toml"
    house.write_text(f'ruleset = "republique"\ntitle = "ours"\n{patch}', encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset("republique", house_rules=house)
    assert (info.value.path, info.value.line) == (str(house), 4)
    assert words in str(info.value)


@pytest.mark.parametrize("case", sorted(HOUSE))
def test_a_group_condition_that_names_what_is_not_there_is_refused_at_its_line(
    tmp_path: Path, case: str
) -> None:
    assert_refused_at_its_line(tmp_path, *HOUSE[case])


# -- totals over a side (issue 35: "most bases" of a side of several units) ----------------------
GRADES = ("elite", "regular", "green")


def _weighted(n: int) -> list[list[dict[str, object]]]:
    cards = [{"quality": q, "strength_now": b} for q in GRADES for b in (0, 1, 2, 3)]
    return [list(c) for c in itertools.product(cards, repeat=n)]


def _plain_most(pairs: list[tuple[object, int]]) -> object:
    """The value with strictly the greatest total weight, worked by hand: '' on a tie or none."""
    totals: dict[object, int] = {}
    for value, weight in pairs:
        totals[value] = totals.get(value, 0) + weight
    best = sorted(totals.values(), reverse=True)
    if not best or best[0] == 0 or (len(best) > 1 and best[0] == best[1]):
        return ""
    return next(v for v, t in totals.items() if t == best[0])


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_sum_and_most_agree_with_python_over_every_group(n: int) -> None:
    """``sum`` of a whole number and ``most`` of a value weighted by bases, over every group of
    up to three cards (and a second role counted at half, as incidental units are), against the
    same totals worked in plain Python."""
    total = compile_expr("sum(attacker.strength_now)")
    green = compile_expr("sum(attacker.strength_now if attacker.quality == 'green' else 0)")
    most = compile_expr("most(attacker.quality, attacker.strength_now)")
    both = compile_expr(
        "most(attacker.quality, attacker.strength_now, "
        "attacker_incidental.quality, half_down(attacker_incidental.strength_now))"
    )
    incidental = [{"quality": "green", "strength_now": 3}]  # weighs 1
    for group in _weighted(n):
        env = Environment({}, units={"attacker": group, "attacker_incidental": incidental})
        bases = [(str(c["quality"]), int(str(c["strength_now"]))) for c in group]
        assert total.evaluate(env) == sum(b for _, b in bases)
        assert green.evaluate(env) == sum(b for q, b in bases if q == "green")
        assert most.evaluate(env) == _plain_most(bases)
        assert both.evaluate(env) == _plain_most([*bases, ("green", 1)])


def test_a_tie_says_so_and_the_ruleset_says_what_it_means() -> None:
    expr = compile_expr("most(defender.quality, defender.strength_now) or 'regular'")
    tied = [{"quality": "elite", "strength_now": 3}, {"quality": "green", "strength_now": 3}]
    ahead = [*tied, {"quality": "green", "strength_now": 1}]
    assert expr.evaluate(Environment({}, units={"defender": tied})) == "regular"
    assert expr.evaluate(Environment({}, units={"defender": ahead})) == "green"
    assert expr.evaluate(Environment({}, units={"defender": []})) == "regular"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("most(attacker.quality)", "most(...) takes pairs"),
        ("most(attacker.quality, defender.strength_now)", "one role a group function"),
        ("sum(attacker.strength_now, 1)", "sum(...) takes one whole number"),
        ("sum('a')", "only numbers can be added"),
        ("sum(attacker.strength_now) + most(1, 2)", "reads no ROLE.FIELD"),
    ],
)
def test_a_total_out_of_shape_is_refused(text: str, words: str) -> None:
    with pytest.raises(ExpressionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        compile_expr(text)


def test_a_weight_below_zero_or_not_a_number_is_a_clear_error() -> None:
    expr = compile_expr("most(attacker.quality, attacker.strength_now)")
    below = Environment({}, units={"attacker": [{"quality": "green", "strength_now": -1}]})
    with pytest.raises(ExpressionError, match="a weight of -1, below 0"):
        expr.evaluate(below)
    text = Environment({}, units={"attacker": [{"quality": "green", "strength_now": "two"}]})
    with pytest.raises(ExpressionError, match="only numbers"):
        compile_expr("sum(attacker.strength_now)").evaluate(text)


MOST_HOUSE = {
    "field": (
        "[patch.checks.assault.inputs.attacker_grade]\n"
        "from_units = \"most(attacker.formation, attacker.strength_now) or 'regular'\"\n",
        "a card's formation can be column, limbered, line, square, unlimbered, which is not one "
        "of attacker_grade's choices",
    ),
    "tie": (
        "[patch.checks.assault.inputs.attacker_grade]\n"
        "from_units = \"most(attacker.quality, attacker.strength_now) or 'average'\"\n",
        "'average' is not one of attacker_grade's choices",
    ),
}


@pytest.mark.parametrize("case", sorted(MOST_HOUSE))
def test_most_filling_a_choice_gives_only_its_choices_or_is_refused_at_its_line(
    tmp_path: Path, case: str
) -> None:
    assert_refused_at_its_line(tmp_path, *MOST_HOUSE[case])


def test_reach_reads_a_total_as_unbounded() -> None:
    rules = load_ruleset("republique")
    names = _Names(rules, rules.check("assault"))
    span = _Evaluator(names).span(compile_expr("sum(attacker.strength_now)").tree)
    assert span == Span(None, None)
