"""Check-level refusals: situations the rules forbid stop a check with a clear message."""

from __future__ import annotations

import pytest

from drumhead.checks.resolve import RefusedError, odds, prepare, refusal, resolve
from drumhead.checks.results import AppliedModifier
from drumhead.dice.roller import HandDice
from drumhead.errors import InputError, RulesetError
from drumhead.loading.ruleset import build_ruleset

CHECK = {
    "title": "Charge",
    "kind": "table",
    "source": "s",
    "summary": "s",
    "dice": "1d6",
    "rows": [{"roll": [1, 6], "outcome": "done"}],
    "inputs": {
        "attacker": {
            "type": "choice",
            "choices": ["foot", "horse"],
            "default": "foot",
            "label": "a",
        },
        "strength": {"type": "int", "default": 10, "label": "s"},
    },
    "refuse": [
        {"when": "attacker == 'horse'", "text": "horse may not attack", "source": "Rule 1"},
        {"when": "strength < 5", "text": "too weak ({strength} left)"},
    ],
    "outcomes": {"done": {"text": "done"}},
}


def _mini(check: dict) -> object:
    data = {
        "id": "mini",
        "title": "Mini",
        "version": "1",
        "description": "test ruleset",
        "sources": [{"id": "t", "title": "t", "document": "t"}],
        "checks": {"c": check},
    }
    return build_ruleset(data, file="mini.toml")


def test_a_refusal_names_the_rule_and_its_source() -> None:
    rs = _mini(CHECK)
    with pytest.raises(InputError, match=r"Charge refused: horse may not attack \(Rule 1\)"):
        odds(prepare(rs, "c", {"attacker": "horse"}))  # type: ignore[arg-type]


def test_a_refusal_fills_in_the_inputs() -> None:
    rs = _mini(CHECK)
    with pytest.raises(InputError, match=r"too weak \(3 left\)"):
        resolve(prepare(rs, "c", {"strength": 3}), HandDice([1]))  # type: ignore[arg-type]


def test_no_refusal_when_allowed() -> None:
    rs = _mini(CHECK)
    ctx = prepare(rs, "c", {"strength": 5})  # type: ignore[arg-type]
    assert refusal(ctx) is None
    assert resolve(ctx, HandDice([2])).outcome == "done"


def test_the_refusal_can_be_asked_before_rolling() -> None:
    rs = _mini(CHECK)
    with pytest.raises(InputError) as info:
        prepare(rs, "c", {"attacker": "horse"})  # type: ignore[arg-type]
    assert str(info.value) == "Charge refused: horse may not attack (Rule 1)"
    ctx = prepare(rs, "c", {"attacker": "foot"})  # type: ignore[arg-type]
    assert refusal(ctx) is None


def test_a_refusal_says_the_input_it_is_about() -> None:
    """Issue 35: the refusal carries the inputs its rule reads (in the check's order), so the
    app focuses that field and the CLI's JSON names it; no text is parsed for it."""
    rs = _mini(CHECK)
    with pytest.raises(RefusedError) as horse:
        prepare(rs, "c", {"attacker": "horse"})  # type: ignore[arg-type]
    assert (horse.value.check, horse.value.inputs, horse.value.roles) == ("c", ("attacker",), ())
    with pytest.raises(RefusedError) as weak:
        prepare(rs, "c", {"strength": 3})  # type: ignore[arg-type]
    assert weak.value.inputs == ("strength",)


def test_a_refusal_with_an_unknown_name_is_a_load_error() -> None:
    bad = {**CHECK, "refuse": [{"when": "cavalry", "text": "x"}]}
    with pytest.raises(RulesetError, match="cavalry"):
        _mini(bad)


def test_fractional_dice_modifiers_describe_themselves() -> None:
    half = AppliedModifier("s", "Sharpshooters", 3, "src", applies="dice", scale_by=2)
    assert half.describe() == "+3/2 dice: Sharpshooters"
    minus = AppliedModifier("m", "Moved", -1, "src", applies="dice")
    assert minus.describe() == "-1 dice: Moved"
