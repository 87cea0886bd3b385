"""Luck orders: which results of a check are better for the unit rolled for, derived from the
mechanic where it is plain, declared in the ruleset (``luck``) where it is not, and refused at
load with the file and line when the declaration is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w

from drumhead.errors import RulesetError
from drumhead.loading.loader import load_ruleset, load_ruleset_file, ruleset_ids
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.luck import LuckOrder

from .minirules import document


def _luck(doc: dict[str, Any], check: str) -> LuckOrder:
    luck = build_ruleset(doc, file="mini.toml").check(check).luck
    assert luck is not None
    return luck


def _better(luck: LuckOrder, a: tuple[str, int | None], b: tuple[str, int | None]) -> bool:
    ka, kb = luck.key(*a), luck.key(*b)
    assert ka is not None and kb is not None
    return ka > kb


def test_a_target_test_puts_a_pass_first_and_smaller_misses_before_larger() -> None:
    luck = load_ruleset("one-if-by-land").check("morale").luck
    assert luck is not None and not luck.declared and luck.way == "outcomes"
    assert _better(luck, ("pass", None), ("fail_by_1", None))
    assert _better(luck, ("fail_by_1", None), ("fail_by_2", None))


def test_fails_without_a_margin_are_equally_bad() -> None:
    luck = load_ruleset("rank-and-file").check("rally").luck
    assert luck is not None
    assert luck.key("stays_unsteady", None) == luck.key("rout_on", None)
    assert _better(luck, ("rallied", None), ("rout_on", None))


def test_an_opposed_check_with_winners_puts_the_units_side_first() -> None:
    luck = load_ruleset("mwan116-acw").check("initiative").luck
    assert luck is not None
    assert _better(luck, ("wins", None), ("tie", None))
    assert _better(luck, ("tie", None), ("loses", None))


def test_an_opposed_roll_in_bands_puts_a_higher_difference_first() -> None:
    luck = _luck(document(), "combat")  # bands: lose -11..-3, draw -2..2, win 3..11
    assert _better(luck, ("win", None), ("draw", None))
    assert _better(luck, ("draw", None), ("lose", None))
    close = load_ruleset("mwan116-acw").check("close_combat").luck
    assert close is not None
    assert _better(close, ("swept_from_field", None), ("charge_repulsed", None))


def test_bands_whose_outcome_comes_back_are_not_an_order() -> None:
    doc = document()
    doc["checks"]["combat"]["bands"] = [
        {"diff": [3, 11], "outcome": "win"},
        {"diff": [-2, 2], "outcome": "lose"},
        {"diff": [-11, -3], "outcome": "win"},
    ]
    assert _luck(doc, "combat").way == "unknown"


def test_a_number_inflicted_is_better_higher_and_one_suffered_lower() -> None:
    fire = load_ruleset("one-if-by-land").check("fire").luck  # casualties on the opponent
    assert fire is not None and fire.way == "value" and fire.direction == 1
    doc = document()
    doc["checks"]["shoot"]["outcomes"]["hits"]["effects"] = [
        {"kind": "lose", "amount": "value", "text": "lose {value}"}
    ]
    suffered = _luck(doc, "shoot")
    assert suffered.way == "value" and suffered.direction == -1
    assert _better(suffered, ("hits", 0), ("hits", 2))
    # no effect says whose loss it is: not derived
    assert _luck(document(), "shoot").way == "unknown"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_shipped_check_has_a_luck_order(ruleset_id: str) -> None:
    """No shipped check is left unknown: each is derived or declared (``none`` included)."""
    for check in load_ruleset(ruleset_id).checks:
        assert check.luck is not None and check.luck.way != "unknown", check.id


def test_declared_orders() -> None:
    doc = document()
    table = doc["checks"]["morale_table"]
    table["luck"] = ["good", {"outcome": "lose", "value": "lower"}, "retire"]
    luck = _luck(doc, "morale_table")
    assert luck.declared and luck.way == "outcomes"
    assert _better(luck, ("good", None), ("lose", 1))
    assert _better(luck, ("lose", 1), ("lose", 2))
    assert _better(luck, ("lose", 2), ("retire", None))
    assert luck.key("lose", None) is None  # a lose without its number cannot be placed
    table["luck"] = "lower"
    luck = _luck(doc, "morale_table")
    assert _better(luck, ("lose", 1), ("lose", 2)) and luck.key("good", None) is None
    table["luck"] = "none"
    assert _luck(doc, "morale_table").counted is False
    doc["checks"]["move"]["luck"] = {"value": "higher", "then": ["inches"]}
    luck = _luck(doc, "move")
    assert luck.way == "value_then_outcomes" and _better(luck, ("inches", 5), ("inches", 4))


def test_the_oibl_movement_order_reads_quarters_after_whole_inches() -> None:
    luck = load_ruleset("one-if-by-land").check("movement").luck
    assert luck is not None
    assert _better(luck, ("inches_quarter", 4), ("inches", 4))
    assert _better(luck, ("inches", 5), ("inches_three_quarters", 4))
    assert _better(luck, ("inches", 1), ("three_quarters_inch", 0))


@pytest.mark.parametrize(
    ("luck", "key", "message"),
    [
        ("better", "checks.morale_table.luck", "'better' is not a luck order"),
        (3, "checks.morale_table.luck", "expected higher, lower, none"),
        (["good", "retire"], "checks.morale_table.luck", "lose missing"),
        (["good", "good", "retire", "lose"], "checks.morale_table.luck.1", "listed twice"),
        (["good", "gone", "retire", "lose"], "checks.morale_table.luck.1", "no outcome 'gone'"),
        (["good", 7, "retire", "lose"], "checks.morale_table.luck.1", "expected an outcome id"),
        (
            ["good", {"outcome": "lose", "value": "up"}, "retire"],
            "checks.morale_table.luck.1.value",
            "'up' is not one of: higher, lower",
        ),
        ({"value": "higher"}, "checks.morale_table.luck.then", "outcomes best first"),
        (
            {"value": "higher", "then": ["good", "retire", "lose"], "colour": 1},
            "checks.morale_table.luck.colour",
            "unknown key",
        ),
    ],
)
def test_a_wrong_luck_is_refused_at_its_key(luck: Any, key: str, message: str) -> None:
    doc = document()
    doc["checks"]["morale_table"]["luck"] = luck
    with pytest.raises(RulesetError) as info:
        build_ruleset(doc, file="bad.toml")
    assert any(e.key == key and message in e.message for e in _errors(info.value)), [
        (e.key, e.message) for e in _errors(info.value)
    ]


def test_higher_on_a_check_without_numbers_is_refused() -> None:
    doc = document()
    doc["checks"]["combat"]["luck"] = "higher"
    with pytest.raises(RulesetError) as info:
        build_ruleset(doc, file="bad.toml")
    assert "no outcome has one" in info.value.message


def test_a_wrong_luck_names_its_file_and_line(tmp_path: Path) -> None:
    doc = document()
    doc["checks"]["fire"]["luck"] = "sideways"
    path = tmp_path / "bad.toml"
    path.write_text(tomli_w.dumps(doc))
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    err = info.value
    assert err.line is not None and "sideways" in path.read_text().splitlines()[err.line - 1]
    assert err.format().startswith(f"{path}:{err.line}: checks.fire.luck:")


def _errors(error: RulesetError) -> list[RulesetError]:
    return list(getattr(error, "errors", [error]))
