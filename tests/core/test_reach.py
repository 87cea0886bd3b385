"""Issue 36, item 6: ``check`` passed what ``odds`` refused.

A morale test patched to ``100d500`` dice, whose outcomes stop at a fail by 1,000, or a
modifier multiplying an input by itself five times (500 to the fifth): ``drumhead check``
said valid, and ``odds`` failed a second later ("no outcome for a fail by 1001 (ruleset
error)", "a number beyond ±1,000,000,000,000"). What the format promises of a ruleset's
numbers is now checked as it loads (:mod:`drumhead.checks.reach`), each problem at the line
that causes it.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from drumhead.checks.reach import Span, _Evaluator, check_reach
from drumhead.cli.main import main
from drumhead.errors import RulesetError
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.rules.expr import Environment, compile_expr

HOUSE = {
    "dice": (
        '[patch.checks.morale]\ndice = "100d500"\n',
        3,
        "checks.morale.dice",
        "can fail by up to 50,011, but no outcome is for a fail by 1,001 to 50,011",
    ),
    "product": (
        '[patch.checks.morale.modifiers.crowd]\nlabel = "Crowd"\nsource = "ours"\nauto = '
        'true\nvalue = "figures_start * figures_start * figures_start * figures_start * '
        'figures_start"\n',
        6,
        "checks.morale.modifiers.crowd.value",
        "can reach 31,250,000,000,000 (reading figures_start 1..500): beyond ±1,000,000,000,000",
    ),
    "hole": (
        "[patch.checks.morale.outcomes.fail_by_2]\nby = [3, 1000]\n",
        3,
        "checks.morale.outcomes.fail_by_2.by",
        "no outcome is for a fail by 2 (the fail outcomes' by cover 1, 3 to 1,000)",
    ),
}


@pytest.mark.parametrize("case", sorted(HOUSE))
def test_check_refuses_what_odds_would_refuse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    patch, line, key, words = HOUSE[case]
    house = tmp_path / "ours.toml"
    house.write_text(f'ruleset = "one-if-by-land"\n{patch}', encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset("one-if-by-land", house_rules=house)
    assert (info.value.path, info.value.line, info.value.key) == (str(house), line, key)
    assert words in info.value.message
    assert main(["check", str(house)]) == 1
    assert f"{house}:{line}: {key}: " in capsys.readouterr().out
    odds = ["odds", "one-if-by-land", "morale", "--house-rules", str(house)]
    assert main([*odds, "--set", "quality=poor", "--set", "figures_start=500"]) == 1
    err = capsys.readouterr().err
    assert words in err and "ruleset error" not in err


def test_a_ruleset_file_is_checked_the_same(tmp_path: Path) -> None:
    from drumhead.loading.loader import load_ruleset_file

    shipped = Path(__file__).resolve().parents[2] / "data" / "rulesets" / "one-if-by-land.toml"
    text = shipped.read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(
        text.replace('dice = "1d10z"\ncompare = "<="', 'dice = "100d500"\ncompare = "<="')
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    assert info.value.key == "checks.morale.dice" and info.value.path == str(path)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_shipped_ruleset_and_option_reaches_nothing_it_should_not(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert check_reach(ruleset) == []
    for option in ruleset.options:
        assert check_reach(load_ruleset(ruleset_id, [option.id])) == []


# -- the spans, against every value the inputs can give ------------------------------------
EXPRESSIONS = [
    "a * b - c",
    "a * a * a",
    "-a + b // 2",
    "b // (b + 1)",
    "a // b",
    "max(a, b) - min(a, c)",
    "abs(a - b)",
    "half_up(a) + half_down(b)",
    "ceil_div(a, b)",
    "a if flag else b * 3",
    "(a > b) + flag * 4",
    "a and b",
    "a or b",
    "levels[pick] * a",
    "pick_rank - a",
]
BOUNDS = {"a": (-3, 4), "b": (1, 5), "c": (0, 2), "flag": (0, 1), "pick_rank": (0, 2)}
LEVELS = {"x": -2, "y": 0, "z": 7}


class _Bounds:
    """The names the expressions above read, with the bounds the brute force walks."""

    lookups = {"levels": Span(-2, 7)}

    def span(self, name: str) -> Span | None:
        return Span(*BOUNDS[name]) if name in BOUNDS else None  # pick: a choice, not a number


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_a_span_holds_every_value_the_expression_gives(text: str) -> None:
    """The span worked out for an expression holds every value it takes over every input
    combination the bounds allow (brute force)."""
    expr = compile_expr(text)
    span = _Evaluator(_Bounds()).span(expr.tree)  # type: ignore[arg-type]
    assert span is not None
    seen = []
    for a, b, c, flag, pick in itertools.product(
        range(-3, 5), range(1, 6), range(3), (False, True), ("x", "y", "z")
    ):
        values = {"a": a, "b": b, "c": c, "flag": flag, "pick": pick}
        values["pick_rank"] = ("x", "y", "z").index(pick)
        seen.append(int(expr.evaluate(Environment(values, {"levels": LEVELS}))))
    assert span.low is None or span.low <= min(seen), (span, min(seen))
    assert span.high is None or span.high >= max(seen), (span, max(seen))
