"""Resolutions: the record, the arithmetic shown, effects, re-rolls, hand dice and bad input."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from drumhead.checks.resolve import available_modifiers, odds, prepare, resolve
from drumhead.dice.roller import HandDice, RandomDice
from drumhead.errors import DiceError, InputError, MissingGapError
from drumhead.loading.ruleset import build_ruleset

from .minirules import document, mini


def test_target_record_carries_everything() -> None:
    ctx = prepare(mini(), "test", {"quality": "regular", "stands_lost": 2}, ["supported"])
    res = resolve(ctx, HandDice([5]))
    assert res.outcome == "pass"
    assert res.dice == (5,)
    assert res.total_modifier == -1
    assert res.modified == 4 and res.target == 4
    assert [(m.id, m.value, m.explain) for m in res.modifiers] == [
        ("lost", -2, "2 stands lost"),
        ("supported", 1, ""),
    ]
    assert res.steps[0] == "modifiers: -2: 2 stands lost; +1: supported"
    assert "rolled 5 -1 = 4 against 4: pass" in res.steps
    assert sum(o.p for o in res.odds) == 1
    assert res.hand_dice
    data = res.to_dict()
    assert data["dice"] == [5] and data["outcome"] == "pass"
    assert data["odds"][0] == {
        "outcome": "pass",
        "value": None,
        "p": "1/3",
        "percent": 33.3,
        "source": "T 1",
    }
    assert data["source"] == "T 1" and data["outcome_source"] == "T 1"


def test_natural_six_passes_and_one_fails() -> None:
    rs = mini()
    ctx = prepare(rs, "test", {"quality": "green", "stands_start": 8, "stands_lost": 3})
    assert resolve(ctx, HandDice([6])).outcome == "pass"  # 6-3 = 3 < 5, but a natural 6
    ctx = prepare(rs, "test", {"quality": "veteran"}, ["supported"])
    res = resolve(ctx, HandDice([1]))
    assert res.outcome == "fail"
    assert "(a natural 1 always fails)" in res.steps[-2]


def test_auto_fail_beats_a_natural_six() -> None:
    ctx = prepare(mini(), "test", {"stands_start": 6, "stands_lost": 3})
    res = resolve(ctx, HandDice([6]))
    assert res.outcome == "fail"
    assert "the 50% rule" in res.steps[-2]
    assert odds(ctx)[0].outcome == "fail" and odds(ctx)[0].p == 1


def test_effects_are_proposed() -> None:
    ctx = prepare(mini(), "test", {"quality": "veteran"})
    res = resolve(ctx, HandDice([2]))
    assert res.outcome == "fail"
    assert [(e.kind, e.amount, e.text) for e in res.effects] == [("step", 1, "one step down")]


def test_reroll_uses_the_second_hand_die() -> None:
    ctx = prepare(mini(), "test", {"elite": True})
    res = resolve(ctx, HandDice([2, 5]))
    assert res.rerolled and res.outcome == "pass" and res.dice == (2, 5)
    assert [r.label for r in res.rolls] == ["test", "re-roll"]


def test_reroll_not_taken_when_only_one_die_is_entered() -> None:
    ctx = prepare(mini(), "test", {"elite": True})
    res = resolve(ctx, HandDice([2]))
    assert not res.rerolled and res.outcome == "fail"


def test_reroll_can_be_declined() -> None:
    ctx = prepare(mini(), "test", {"elite": True}, use_reroll=False)
    assert dict((o.outcome, o.p) for o in odds(ctx))["pass"] == Fraction(1, 2)
    res = resolve(ctx, RandomDice(random.Random(3)))
    assert len(res.rolls) == 1


def test_countable_modifier() -> None:
    ctx = prepare(mini(), "test", {}, {"obstacle": 3})
    assert ctx.total() == -3
    assert ctx.modifiers[0].count == 3


def test_an_exclusive_group_is_one_choice_never_two_ticks() -> None:
    """Ticking two of a group counted one silently (issue 35): refused, naming both and
    the group's rule."""
    ctx = prepare(mini(), "combat", {}, ["rear"])
    assert [(m.id, m.value) for m in ctx.modifiers] == [("rear", -4)]
    assert ctx.total("defender") == -4
    with pytest.raises(InputError) as refused:
        prepare(mini(), "combat", {}, ["flank", "rear"])
    assert str(refused.value) == (
        "'flank' (flank) and 'rear' (rear) are one choice "
        "(group position: the rules count only the smallest): tick one"
    )


def test_an_effect_cites_its_own_rule_else_its_outcomes() -> None:
    """Issue 35: each effect cites the rule it applies, not its check's."""
    doc = document()
    fail = doc["checks"]["test"]["outcomes"]["fail"]
    fail["source"] = "T 9"
    fail["effects"] = [
        {"kind": "step", "amount": 1, "text": "one step down"},
        {"kind": "note", "text": "friends nearby test", "who": "table", "source": "T 12"},
    ]
    ctx = prepare(build_ruleset(doc, file="mini.toml"), "test", {"quality": "veteran"})
    res = resolve(ctx, HandDice([2]))
    assert [e.source for e in res.effects] == [None, "T 12"]
    assert [e["source"] for e in res.to_dict()["effects"]] == ["T 9", "T 12"]
    assert "source" not in res.effects[1].to_dict()  # the applied effect, as journaled


def test_opposed_sides_and_beyond_the_table() -> None:
    ctx = prepare(mini(), "combat", {"general": True})
    res = resolve(ctx, HandDice([12, 1]))
    assert res.modified == 12 and res.outcome == "win"
    assert res.values == (("attacker", 13), ("defender", 1))
    assert any("past the table's ends" in s and "ruling ends" in s for s in res.steps)


def test_chart_rolls_again_for_the_excess() -> None:
    ctx = prepare(mini(), "fire", {"figures": 15}, ["close"])
    res = resolve(ctx, HandDice([1, 9, 0]))
    assert [r.label for r in res.rolls] == ["chart", "excess 6 figures", "excess 3 figures"]
    # 1+2=3 on row 4-6 -> 2; 9+2=11 reads column 3 -> 2; 0+2=2 on row 2-3 -> 1
    assert res.value == 2 + 2 + 1
    assert res.steps[-2] == "total 6 + 6 + 3 figures -> 5"


def test_chart_below_lowest_column_misses_and_top_clamps() -> None:
    ctx = prepare(mini(), "fire", {"figures": 5}, ["cover"])
    res = resolve(ctx, HandDice([1]))
    assert res.value == 0 and "a miss" in res.steps[-2]
    ctx = prepare(mini(), "fire", {"figures": 5}, ["close"])
    res = resolve(ctx, HandDice([9]))
    assert res.value == 2 and "(11 counts as 3)" in res.steps[-2]


def test_pool_counts_hits_with_naturals() -> None:
    ctx = prepare(mini(), "shoot", {"stands": 4}, ["long"])
    res = resolve(ctx, HandDice([6, 5, 4, 1]))
    assert res.value == 2  # 6 always, 5-1 = 4 hits, 4-1 = 3 misses, 1 misses
    ctx = prepare(mini(), "shoot", {"stands": 3, "vs_elephants": True}, ["deep"])
    assert resolve(ctx, HandDice([6, 5, 5])).value == 1


def test_pool_fractional_dice_round_up() -> None:
    ctx = prepare(mini(), "shoot", {"stands": 2}, ["sharp"])
    res = resolve(ctx, HandDice([4, 4, 4, 4]))
    assert len(res.rolls) == 4  # 2 + 1.5 dice -> 4


def test_split_two_to_one() -> None:
    ctx = prepare(mini(), "split", {"hits": 5})
    res = resolve(ctx, HandDice([]))
    assert dict(res.values) == {"first": 4, "second": 1}
    assert res.text == "4 to the first unit, 1 to the second"
    assert [(e.who, e.amount) for e in res.effects] == [("first", 4), ("second", 1)]


def test_roll_scales_and_rounds_down() -> None:
    ctx = prepare(mini(), "move", {"condition": "line"}, {"road": 1, "half": 1})
    res = resolve(ctx, HandDice([4]))
    assert res.value == (4 + 2 + 3) // 2


def test_table_column_and_numeric_cell() -> None:
    ctx = prepare(mini(), "morale_table", {"unit_type": "cavalry"}, ["shaken"])
    res = resolve(ctx, HandDice([5]))
    assert res.outcome == "lose" and res.value == 2 and res.text == "loses 2"
    assert res.effects[0].amount == 2
    assert not any("read as" in step for step in res.steps)
    res = resolve(
        prepare(mini(), "morale_table", {"unit_type": "cavalry"}, ["shaken"]), HandDice([1])
    )
    assert any("(read as 1, the table's end)" in step for step in res.steps)


@pytest.mark.parametrize(
    ("values", "mods", "message"),
    [
        ({"colour": "red"}, [], "has no input 'colour'"),
        ({"quality": "elite"}, [], "quality takes one of veteran, regular, green"),
        ({"stands_lost": -1}, [], "at least 0"),
        ({"stands_lost": "two"}, [], "takes a whole number"),
        ({"elite": "maybe"}, [], "true or false"),
        ({}, ["nope"], "has no modifier 'nope'"),
        ({}, ["lost"], "follows from the inputs"),
        ({}, {"supported": 2}, "can be applied once"),
    ],
)
def test_bad_input_is_refused_with_the_reason(
    values: dict[str, object], mods: object, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        prepare(mini(), "test", values, mods)  # type: ignore[arg-type]


def test_modifier_condition_blocks_ticking() -> None:
    doc = document()
    doc["checks"]["test"]["modifiers"]["supported"]["when"] = "not single"
    from drumhead.loading.ruleset import build_ruleset

    rs = build_ruleset(doc, file="m.toml")
    with pytest.raises(InputError, match="does not apply here"):
        prepare(rs, "test", {"single": True}, ["supported"])
    ctx = prepare(rs, "test", {"single": True})
    assert "supported" not in [m.id for m in available_modifiers(ctx)]


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([], "needs 1 d6 face, 0 left"),
        ([7], "7 is not a face of a d6"),
        ([3, 4], "1 more dice entered"),
    ],
)
def test_hand_dice_errors(faces: list[int], message: str) -> None:
    ctx = prepare(mini(), "test", {"quality": "veteran"})
    with pytest.raises(DiceError, match=message):
        resolve(ctx, HandDice(faces))


def test_missing_gap_names_the_value_and_question() -> None:
    doc = document()
    doc["gaps"] = {"buildings": {"question": "Buildings bonus?", "source": "T 12"}}
    doc["checks"]["test"]["inputs"]["in_buildings"] = {
        "type": "bool",
        "default": False,
        "label": "b",
    }
    doc["checks"]["test"]["modifiers"]["buildings"] = {
        "label": "in buildings",
        "value": "buildings",
        "auto": True,
        "when": "in_buildings",
        "source": "T 12",
    }
    from drumhead.loading.ruleset import build_ruleset

    rs = build_ruleset(doc, file="m.toml")
    prepare(rs, "test", {})  # not needed: no error
    with pytest.raises(MissingGapError) as info:
        prepare(rs, "test", {"in_buildings": True})
    assert info.value.gap == "buildings" and "Buildings bonus?" in str(info.value)
    ctx = prepare(rs, "test", {"in_buildings": True, "buildings": 1})
    assert ctx.total() == 1
    res = resolve(ctx, HandDice([3]))
    assert dict(res.gaps_used) == {"buildings": 1}


def test_resolve_with_seed_is_reproducible() -> None:
    ctx = prepare(mini(), "fire", {"figures": 20})
    a = resolve(ctx, RandomDice(random.Random(11)))
    b = resolve(ctx, RandomDice(random.Random(11)))
    assert a == b
