"""MWAN #116 American Civil War rules: every table cell, band edge, ruling and gap.

Reference numbers come from the article (shared/seeds/002_a5828d3d965392ed.txt); the exact odds
are checked against brute-force enumeration of the d12 faces written out here independently.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest

from drumhead.checks.resolve import odds, prepare, resolve
from drumhead.cli.main import main
from drumhead.dice.roller import HandDice, RandomDice
from drumhead.errors import DiceError, InputError, MissingGapError
from drumhead.loading.loader import load_ruleset, read_toml

RULESET = "mwan116-acw"
D12 = range(1, 13)


@pytest.fixture(scope="module")
def rs():  # type: ignore[no-untyped-def]
    return load_ruleset(RULESET)


def _p(result: object, outcome: str, value: int | None = None) -> Fraction:
    return sum(
        (
            o.p
            for o in result  # type: ignore[attr-defined]
            if o.outcome == outcome and (value is None or o.value == value)
        ),
        Fraction(0),
    )


def _roll(rs, check: str, faces: list[int], values=None, mods=()):  # type: ignore[no-untyped-def]
    return resolve(prepare(rs, check, values or {}, mods), HandDice(faces))


# -- the Morale Results Table: 12 rows x 3 columns, exactly as printed ------------------------
MORALE_TABLE = {
    1: ("skedaddle", "retire_20", "battery_silenced"),
    2: ("lose_1_straggler", "good_order", "gun_quits_field"),
    3: ("brigadier_killed", "lose_1_straggler", "battery_retires_10"),
    4: ("retire_20", "good_order", "battery_quits_field"),
    5: ("lose_1_straggler", "lose_2_stragglers", "good_order"),
    6: ("charge_to_combat", "retire_20", "brigadier_killed"),
    7: ("sniper", "brigadier_killed", "gun_quits_field"),
    8: ("good_order", "quits_field", "good_order"),
    9: ("quits_field", "retire_30", "two_guns_quit_field"),
    10: ("lose_2_stragglers", "lose_1_straggler", "battery_silenced"),
    11: ("high_morale", "good_order", "battery_retires_10"),
    12: ("charge_to_combat", "lose_2_stragglers", "battery_retires_20"),
}
COLUMNS = ("infantry", "cavalry", "artillery")
MORALE_CELLS = [
    (roll, column, row[i]) for roll, row in MORALE_TABLE.items() for i, column in enumerate(COLUMNS)
]


@pytest.mark.parametrize(("roll", "unit_type", "expected"), MORALE_CELLS)
def test_morale_results_table_cell(rs, roll: int, unit_type: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "morale", [roll], {"unit_type": unit_type})
    assert res.outcome == expected
    assert res.rolls[0].faces == (roll,)


def test_morale_table_has_36_cells_and_every_result_once() -> None:
    assert len(MORALE_CELLS) == 36
    distinct = {cell for _, _, cell in MORALE_CELLS}
    assert len(distinct) == 17


@pytest.mark.parametrize("unit_type", COLUMNS)
def test_morale_odds_are_twelfths_of_the_column(rs, unit_type: str) -> None:  # type: ignore[no-untyped-def]
    column = COLUMNS.index(unit_type)
    result = odds(prepare(rs, "morale", {"unit_type": unit_type}))
    for outcome in {row[column] for row in MORALE_TABLE.values()}:
        count = sum(1 for row in MORALE_TABLE.values() if row[column] == outcome)
        assert _p(result, outcome) == Fraction(count, 12)


@pytest.mark.parametrize(
    ("roll", "unit_type", "kind", "amount"),
    [
        (2, "infantry", "lose", 1),  # lose 1 straggler
        (10, "infantry", "lose", 2),  # lose 2 stragglers
        (5, "cavalry", "lose", 2),
        (3, "cavalry", "lose", 1),
        (2, "artillery", "lose", 1),  # 1 gun quits the field
        (9, "artillery", "lose", 2),  # 2 guns quit the field
        (4, "infantry", "distance", 20),  # retire 20"
        (9, "cavalry", "distance", 30),  # retire 30"
        (3, "artillery", "distance", 10),  # battery retires 10"
        (12, "artillery", "distance", 20),  # battery retires 20"
        (9, "infantry", "distance", 20),  # quits the field: 20" at once
    ],
)
def test_morale_result_effects_carry_figures_and_inches(  # type: ignore[no-untyped-def]
    rs, roll: int, unit_type: str, kind: str, amount: int
) -> None:
    res = _roll(rs, "morale", [roll], {"unit_type": unit_type})
    assert [e.amount for e in res.effects if e.kind == kind] == [amount]


@pytest.mark.parametrize(
    ("roll", "unit_type", "state"),
    [
        (1, "infantry", "skedaddle"),
        (11, "infantry", "high_morale"),
        (8, "infantry", "good_order"),
        (6, "infantry", "charge_to_combat"),
        (8, "cavalry", "quits_field"),
        (1, "artillery", "battery_silenced"),
        (4, "artillery", "quits_field"),
        (1, "cavalry", "retire"),
    ],
)
def test_morale_result_sets_the_unit_status(rs, roll: int, unit_type: str, state: str) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "morale", [roll], {"unit_type": unit_type})
    assert [e.state for e in res.effects if e.kind == "state"] == [state]
    ladder = rs.ladder(rs.unit_type(unit_type).ladder)
    assert state in ladder.states


def test_high_morale_lets_the_unit_fire_again(rs) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "morale", [11], {"unit_type": "infantry"})
    assert any("fire again" in e.text for e in res.effects)


def test_brigadier_killed_falls_on_the_leader(rs) -> None:  # type: ignore[no-untyped-def]
    for roll, unit_type in ((3, "infantry"), (7, "cavalry"), (6, "artillery")):
        res = _roll(rs, "morale", [roll], {"unit_type": unit_type, "brigadier": True})
        leaders = [e for e in res.effects if e.kind == "leader"]
        assert len(leaders) == 1
        assert (leaders[0].state, leaders[0].who) == ("killed", "leader")
        # no brigadier with the unit or picked (ruling mwan-brigadier-picked): said, not refused
        res = _roll(rs, "morale", [roll], {"unit_type": unit_type})
        assert [e.kind for e in res.effects] == ["note"]


def test_only_one_morale_check_per_unit_per_turn(rs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match="at most once per turn"):
        odds(prepare(rs, "morale", {"checked_this_turn": True}))


# -- when to check, fought out ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("unit_type", "casualties", "expected"),
    [
        ("cavalry", 1, "no_check"),
        ("cavalry", 2, "check_morale"),
        ("cavalry", 3, "check_morale"),
        ("artillery", 0, "no_check"),
        ("artillery", 1, "check_morale"),
    ],
)
def test_when_to_check_morale(rs, unit_type: str, casualties: int, expected: str) -> None:  # type: ignore[no-untyped-def]
    ctx = prepare(rs, "morale_due", {"unit_type": unit_type, "casualties_this_turn": casualties})
    assert odds(ctx)[0].outcome == expected
    assert resolve(ctx, HandDice([])).outcome == expected


def test_infantry_morale_trigger_is_a_gap(rs) -> None:  # type: ignore[no-untyped-def]
    ctx = prepare(rs, "morale_due", {"unit_type": "infantry", "casualties_this_turn": 2})
    with pytest.raises(MissingGapError) as err:
        odds(ctx)
    assert err.value.gap == "infantry_morale_casualties"
    assert rs.gap("infantry_morale_casualties").value is None
    values = {"unit_type": "infantry", "casualties_this_turn": 2, "infantry_morale_casualties": 3}
    assert odds(prepare(rs, "morale_due", values))[0].outcome == "no_check"
    values["casualties_this_turn"] = 3
    assert odds(prepare(rs, "morale_due", values))[0].outcome == "check_morale"


@pytest.mark.parametrize(
    ("start", "now", "fought_out"),
    [(20, 5, True), (20, 6, False), (21, 5, True), (12, 3, True), (12, 4, False)],
)
def test_fought_out_at_a_quarter_strength(rs, start: int, now: int, fought_out: bool) -> None:  # type: ignore[no-untyped-def]
    values = {"unit_type": "cavalry", "strength_start": start, "strength_now": now}
    res = resolve(prepare(rs, "morale_due", values), HandDice([]))
    assert (res.outcome == "fought_out") is fought_out
    if fought_out:
        assert any(e.kind == "remove" for e in res.effects)


def test_when_to_check_explains_itself(rs) -> None:  # type: ignore[no-untyped-def]
    values = {"unit_type": "cavalry", "casualties_this_turn": 2}
    res = resolve(prepare(rs, "morale_due", values), HandDice([]))
    assert res.rolls == ()
    assert "2 casualties this turn reach the cavalry trigger" in res.steps[0]


def test_no_second_check_in_a_turn(rs) -> None:  # type: ignore[no-untyped-def]
    values = {"unit_type": "artillery", "casualties_this_turn": 4, "checked_this_turn": True}
    assert odds(prepare(rs, "morale_due", values))[0].outcome == "already_checked"


FIGHTER: dict[str, tuple[str, str]] = {
    "infantry": ("infantry", "line"),
    "dismounted_cavalry": ("cavalry", "dismounted"),
    "cavalry": ("cavalry", "mounted"),
    "artillery": ("artillery", "in_battery"),
}
"""A side of a close combat as the check reads it from the card: its type and formation
(cavalry mounted unless dismounted: ruling mwan-cavalry-mounted)."""


CHARGING = {"attacker_state": "charge_to_combat"}
"""A charging attacker (Charge to Combat on its card): the only infantry that may fight the
frontal table (ruling mwan-frontal-needs-charge)."""


def _fighting(values: dict[str, object]) -> dict[str, object]:
    """The close combat inputs for ``values`` naming the sides as ``attacker``/``defender``;
    the attacker is charging unless ``values`` gives its state."""
    out = {**CHARGING, **values}
    for side in ("attacker", "defender"):
        if side in out:
            kind, formation = FIGHTER[str(out.pop(side))]
            out[f"{side}_type"], out[f"{side}_formation"] = kind, formation
    return out


# -- close combat (frontal) -------------------------------------------------------------------
BANDS = [
    (9, 11, "swept_from_field"),
    (6, 8, "driven_back"),
    (3, 5, "hard_pressed"),
    (-2, 2, "desperate_struggle"),
    (-5, -3, "assault_checked"),
    (-8, -6, "attack_falters"),
    (-11, -9, "charge_repulsed"),
]


def _band(diff: int) -> str:
    diff = max(-11, min(11, diff))  # ruling mwan-close-combat-12
    return next(name for low, high, name in BANDS if low <= diff <= high)


@pytest.mark.parametrize(
    ("attacker", "defender", "general", "opponent_general", "expected"),
    [
        (12, 1, False, False, "swept_from_field"),  # +11
        (10, 1, False, False, "swept_from_field"),  # +9
        (9, 1, False, False, "driven_back"),  # +8
        (7, 1, False, False, "driven_back"),  # +6
        (6, 1, False, False, "hard_pressed"),  # +5
        (4, 1, False, False, "hard_pressed"),  # +3
        (3, 1, False, False, "desperate_struggle"),  # +2
        (1, 3, False, False, "desperate_struggle"),  # -2
        (1, 4, False, False, "assault_checked"),  # -3
        (1, 6, False, False, "assault_checked"),  # -5
        (1, 7, False, False, "attack_falters"),  # -6
        (1, 9, False, False, "attack_falters"),  # -8
        (1, 10, False, False, "charge_repulsed"),  # -9
        (1, 12, False, False, "charge_repulsed"),  # -11
        (12, 1, True, False, "swept_from_field"),  # +12 with the attacker's general
        (1, 12, False, True, "charge_repulsed"),  # -12 with the defender's general
        (8, 1, True, False, "driven_back"),  # 9 - 1 = +8
        (9, 1, True, False, "swept_from_field"),  # 10 - 1 = +9
        (3, 1, True, False, "hard_pressed"),  # 4 - 1 = +3
        (4, 1, False, True, "desperate_struggle"),  # 4 - 2 = +2
        (6, 6, True, True, "desperate_struggle"),
    ],
)
def test_close_combat_band_edges(  # type: ignore[no-untyped-def]
    rs, attacker: int, defender: int, general: bool, opponent_general: bool, expected: str
) -> None:
    values = {"general": general, "opponent_general": opponent_general, **CHARGING}
    res = _roll(rs, "close_combat", [attacker, defender], values)
    assert res.outcome == expected
    diff = attacker + general - defender - opponent_general
    assert res.modified == diff
    assert _band(diff) == expected
    if abs(diff) == 12:
        assert any("mwan-close-combat-12" in step for step in res.steps)


@pytest.mark.parametrize(
    ("general", "opponent_general"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_close_combat_exact_odds(rs, general: bool, opponent_general: bool) -> None:  # type: ignore[no-untyped-def]
    expected: dict[str, Fraction] = {}
    for a, d in itertools.product(D12, D12):
        name = _band(a + general - d - opponent_general)
        expected[name] = expected.get(name, Fraction(0)) + Fraction(1, 144)
    values = {"general": general, "opponent_general": opponent_general, **CHARGING}
    ctx = prepare(rs, "close_combat", values)
    result = odds(ctx)
    assert {o.outcome: o.p for o in result} == expected


def test_close_combat_odds_without_generals_are_symmetric(rs) -> None:  # type: ignore[no-untyped-def]
    result = odds(prepare(rs, "close_combat", CHARGING))
    assert _p(result, "swept_from_field") == Fraction(6, 144)
    assert _p(result, "charge_repulsed") == Fraction(6, 144)
    assert _p(result, "desperate_struggle") == Fraction(54, 144)
    with_general = odds(prepare(rs, "close_combat", {"general": True, **CHARGING}))
    assert _p(with_general, "swept_from_field") == Fraction(10, 144)
    assert _p(with_general, "charge_repulsed") == Fraction(3, 144)


@pytest.mark.parametrize(
    ("outcome", "faces", "attacker_loss", "defender_loss"),
    [
        ("swept_from_field", [12, 1], 2, 1),  # 1 stand, of its card's figures per stand
        ("driven_back", [8, 1], 2, 2),
        ("hard_pressed", [5, 1], 2, 2),
        ("desperate_struggle", [5, 5], 2, 2),
        ("assault_checked", [1, 5], 3, 2),
        ("attack_falters", [1, 8], 3, 2),
        ("charge_repulsed", [1, 11], 3, 1),
    ],
)
def test_close_combat_effects_on_both_sides(  # type: ignore[no-untyped-def]
    rs, outcome: str, faces: list[int], attacker_loss: int, defender_loss: int | None
) -> None:
    res = _roll(rs, "close_combat", faces, CHARGING)
    assert res.outcome == outcome
    losses = {e.who: e.amount for e in res.effects if e.kind == "lose"}
    assert losses.get("attacker") == attacker_loss
    assert losses.get("defender") == defender_loss
    counted = {e.who: e.attribute for e in res.effects if e.kind == "lose" and e.attribute}
    assert counted == ({"defender": "figures_per_stand"} if outcome == "swept_from_field" else {})


def test_desperate_struggle_both_retire_12(rs) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "close_combat", [6, 6], CHARGING)
    assert sorted((e.who, e.amount) for e in res.effects if e.kind == "distance") == [
        ("attacker", 12),
        ("defender", 12),
    ]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"attacker": "infantry", "defender": "cavalry"}, "will not attack mounted cavalry"),
        ({"attacker": "dismounted_cavalry", "defender": "cavalry"}, "will not attack mounted"),
        ({"attacker": "cavalry", "defender": "infantry"}, "cavalry will not attack"),
        ({"attacker": "cavalry", "defender": "artillery"}, "cavalry will not attack"),
        ({"attacker": "artillery"}, "artillery cannot attack"),
        ({"defender": "artillery"}, "fight it on the flank and rear table"),
        ({"attacker_strength_start": 20, "attacker_strength_now": 9}, "below half strength"),
        # issue 35: infantry close with the front only on a Charge to Combat result
        ({"attacker_state": "good_order"}, "only after a Charge to Combat result"),
        ({"attacker_state": "high_morale"}, "only after a Charge to Combat result"),
        (
            {"attacker": "dismounted_cavalry", "attacker_state": "good_order"},
            "only after a Charge to Combat result",
        ),
    ],
)
def test_close_combat_refusals(rs, values: dict[str, object], message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match=message):
        odds(prepare(rs, "close_combat", _fighting(values)))


def test_close_combat_allowed_cases(rs) -> None:  # type: ignore[no-untyped-def]
    for values in (
        {"attacker": "cavalry", "defender": "cavalry"},
        # cavalry attacking cavalry close automatically: no Charge to Combat result needed
        {"attacker": "cavalry", "defender": "cavalry", "attacker_state": "good_order"},
        {"attacker_strength_start": 20, "attacker_strength_now": 10},
    ):
        assert sum(o.p for o in odds(prepare(rs, "close_combat", _fighting(values)))) == 1


# -- close combat: flank, rear or artillery ---------------------------------------------------
@pytest.mark.parametrize(
    ("roll", "expected"),
    [(r, "driven_back") for r in range(1, 5)]
    + [(r, "swept_from_field") for r in range(5, 9)]
    + [(r, "enemy_destroyed") for r in range(9, 13)],
)
def test_close_combat_flank_table(rs, roll: int, expected: str) -> None:  # type: ignore[no-untyped-def]
    assert _roll(rs, "close_combat_flank", [roll]).outcome == expected


def test_close_combat_flank_effects(rs) -> None:  # type: ignore[no-untyped-def]
    driven = _roll(rs, "close_combat_flank", [1])
    assert {(e.who, e.amount) for e in driven.effects if e.kind == "lose"} == {
        ("attacker", 2),
        ("defender", 2),
    }
    swept = _roll(rs, "close_combat_flank", [5])
    assert [(e.who, e.amount, e.attribute) for e in swept.effects if e.kind == "lose"] == [
        ("defender", 1, "figures_per_stand"),  # a stand, of the figures its card gives
        ("attacker", 1, None),
    ]
    assert not [e for e in swept.effects if e.kind == "note" and e.who == "defender"]
    destroyed = _roll(rs, "close_combat_flank", [12])
    assert [e.who for e in destroyed.effects if e.kind == "remove"] == ["defender"]


def test_close_combat_flank_refusals(rs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match="cavalry will not attack artillery"):
        ctx = prepare(
            rs,
            "close_combat_flank",
            _fighting({"attack": "artillery_front", "attacker": "cavalry"}),
        )
        resolve(ctx, HandDice([12]))
    rear = prepare(rs, "close_combat_flank", _fighting({"attack": "rear", "attacker": "cavalry"}))
    assert resolve(rear, HandDice([12])).outcome == "enemy_destroyed"
    guns = prepare(
        rs, "close_combat_flank", _fighting({"attack": "artillery_front", "defender": "artillery"})
    )
    assert resolve(guns, HandDice([1])).outcome == "driven_back"
    # a battery's front is a frontal attack: infantry need a Charge to Combat result
    with pytest.raises(InputError, match="only after a Charge to Combat result"):
        prepare(
            rs,
            "close_combat_flank",
            _fighting(
                {
                    "attack": "artillery_front",
                    "defender": "artillery",
                    "attacker_state": "good_order",
                }
            ),
        )
    # from the flank or the rear they close during movement, whatever their state
    for attack in ("flank", "rear"):
        for attacker in ("infantry", "cavalry"):
            values = _fighting(
                {"attack": attack, "attacker": attacker, "attacker_state": "good_order"}
            )
            assert resolve(prepare(rs, "close_combat_flank", values), HandDice([1])).outcome


# -- initiative -------------------------------------------------------------------------------
BONUS = {"timid": 0, "steady": 2, "aggressive": 3}


def _initiative_reference(
    rating: str, opponent: str, turns: int, opp_turns: int, sides: int = 12, flat: bool = False
) -> dict[str, Fraction]:
    def catch_up(n: int) -> int:
        return (2 if n else 0) if flat else 2 * n

    two = list(itertools.product(range(1, sides + 1), repeat=2))
    out = {"wins": Fraction(0), "tie": Fraction(0), "loses": Fraction(0)}
    step = Fraction(1, len(two) ** 2)
    for mine, theirs in itertools.product(two, two):
        a = sum(mine) + BONUS[rating] + catch_up(turns)
        b = sum(theirs) + BONUS[opponent] + catch_up(opp_turns)
        out["wins" if a > b else "loses" if a < b else "tie"] += step
    return out


@pytest.mark.parametrize(
    ("rating", "opponent", "turns", "opp_turns"),
    [
        ("steady", "steady", 0, 0),
        ("aggressive", "timid", 0, 0),
        ("timid", "aggressive", 0, 0),
        ("timid", "aggressive", 2, 0),  # two turns without: +4 accumulated
        ("steady", "aggressive", 3, 1),
    ],
)
def test_initiative_odds_on_2d12(
    rs, rating: str, opponent: str, turns: int, opp_turns: int
) -> None:  # type: ignore[no-untyped-def]
    values = {
        "rating": rating,
        "opponent_rating": opponent,
        "turns_without": turns,
        "opponent_turns_without": opp_turns,
    }
    result = {o.outcome: o.p for o in odds(prepare(rs, "initiative", values))}
    assert result == _initiative_reference(rating, opponent, turns, opp_turns)


def test_initiative_equal_commanders_tie_289_in_5184(rs) -> None:  # type: ignore[no-untyped-def]
    result = odds(prepare(rs, "initiative", {"rating": "timid", "opponent_rating": "timid"}))
    assert _p(result, "tie") == Fraction(289, 5184)
    assert _p(result, "wins") == _p(result, "loses")


def test_initiative_catch_up_accumulates(rs) -> None:  # type: ignore[no-untyped-def]
    ctx = prepare(rs, "initiative", {"rating": "steady", "turns_without": 3})
    assert ctx.total("player") == 2 + 6
    res = resolve(ctx, HandDice([1, 1, 6, 6]))  # 2 + 8 = 10 against 12 + 2 = 14
    assert res.outcome == "loses"
    assert dict(res.values) == {"player": 10, "opponent": 14}


@pytest.mark.parametrize(
    ("faces", "values", "expected"),
    [
        ([6, 6, 6, 6], {}, "tie"),  # 12 + 2 v 12 + 2
        ([6, 7, 6, 6], {}, "wins"),  # 15 v 14
        ([1, 1, 1, 2], {"rating": "aggressive", "opponent_rating": "steady"}, "tie"),  # 5 v 5
        ([1, 1, 2, 2], {"rating": "aggressive", "opponent_rating": "steady"}, "loses"),  # 5 v 6
        ([3, 3, 3, 4], {"rating": "timid", "opponent_rating": "timid", "turns_without": 1}, "wins"),
        ([12, 12, 1, 1], {"rating": "timid", "opponent_turns_without": 11}, "loses"),  # 24 v 26
    ],
)
def test_initiative_resolves(
    rs, faces: list[int], values: dict[str, object], expected: str
) -> None:  # type: ignore[no-untyped-def]
    assert _roll(rs, "initiative", faces, values).outcome == expected


def test_initiative_tie_means_roll_again(rs) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "initiative", [4, 5, 5, 4])
    assert res.outcome == "tie"
    assert any("roll again" in e.text for e in res.effects)


def test_initiative_rolls_two_d12_per_side(rs) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "initiative", [12, 12, 1, 1])
    assert [r.notation for r in res.rolls] == ["2d12", "2d12"]
    with pytest.raises(DiceError):
        _roll(rs, "initiative", [12, 12, 1])


def test_initiative_2d6_option() -> None:
    rs6 = load_ruleset(RULESET, options=["initiative_2d6"])
    values = {"rating": "aggressive", "opponent_rating": "timid"}
    result = {o.outcome: o.p for o in odds(prepare(rs6, "initiative", values))}
    assert result == _initiative_reference("aggressive", "timid", 0, 0, sides=6)


def test_initiative_flat_catch_up_option() -> None:
    flat = load_ruleset(RULESET, options=["initiative_flat_catch_up"])
    values = {"turns_without": 3, "opponent_rating": "aggressive"}
    assert prepare(flat, "initiative", values).total("player") == 2 + 2
    result = {o.outcome: o.p for o in odds(prepare(flat, "initiative", values))}
    assert result == _initiative_reference("steady", "aggressive", 3, 0, flat=True)


# -- movement ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("face", "expected"), [(r, "continues") for r in range(1, 11)] + [(11, "ends"), (12, "ends")]
)
def test_movement_end_roll(rs, face: int, expected: str) -> None:  # type: ignore[no-untyped-def]
    assert _roll(rs, "movement_end", [face]).outcome == expected


def test_movement_end_odds(rs) -> None:  # type: ignore[no-untyped-def]
    assert _p(odds(prepare(rs, "movement_end")), "ends") == Fraction(1, 6)


MOVER: dict[str, dict[str, object]] = {
    "field_artillery": {"arm": "artillery"},
    "horse_artillery": {"arm": "artillery", "horse_artillery": True},
    "infantry": {"arm": "infantry"},
    "cavalry": {"arm": "cavalry", "formation": "mounted"},
    "dismounted_cavalry": {"arm": "cavalry", "formation": "dismounted"},
    "general": {"general": "mounted"},
    "dismounted_general": {"general": "dismounted"},
}
"""What moves, as the movement check reads it from the card (type, formation, horse
artillery) or, for a general, from the players."""


def _moving(values: dict[str, object] | None) -> dict[str, object]:
    """The movement inputs for ``values`` naming what moves as ``unit``."""
    out = dict(values or {})
    unit = out.pop("unit", None)
    return {**MOVER[str(unit)], **out} if unit is not None else out


def _inches(rs, values=None, mods=()):  # type: ignore[no-untyped-def]
    result = odds(prepare(rs, "movement", _moving(values), mods))
    assert len(result) == 1
    return result[0].value


@pytest.mark.parametrize(
    ("unit", "inches"),
    [
        ("field_artillery", 10),
        ("infantry", 20),
        ("horse_artillery", 20),
        ("cavalry", 30),
        ("dismounted_cavalry", 20),
        ("general", 40),
        ("dismounted_general", 20),
    ],
)
def test_basic_moves(rs, unit: str, inches: int) -> None:  # type: ignore[no-untyped-def]
    assert _inches(rs, {"unit": unit}) == inches
    assert _roll(rs, "movement", [], _moving({"unit": unit})).value == inches


@pytest.mark.parametrize(
    ("unit", "mods", "inches"),
    [
        ("cavalry", {"cavalry_charge": 1}, 40),
        ("infantry", {"rough": 1}, 10),
        ("infantry", {"wheel": 1}, 15),
        ("infantry", {"wheel": 2}, 10),
        ("infantry", {"stream": 1}, 16),
        ("infantry", {"side_move": 1}, 10),
        ("infantry", {"road": 1}, 40),
        ("field_artillery", {"road": 1}, 20),
        ("infantry", {"wheel": 1, "rough": 1}, 7),  # (20 - 5) / 2 = 7.5, rounded down
        ("cavalry", {"cavalry_charge": 1, "rough": 1}, 20),
        ("field_artillery", {"stream": 3}, 0),  # never below 0
    ],
)
def test_movement_modifiers(rs, unit: str, mods: dict[str, int], inches: int) -> None:  # type: ignore[no-untyped-def]
    assert _inches(rs, {"unit": unit}, mods) == inches


@pytest.mark.parametrize(("mods", "inches"), [({}, 10), ({"rough": 1}, 5)])
def test_a_formation_change_halves_the_move(rs, mods: dict[str, int], inches: int) -> None:  # type: ignore[no-untyped-def]
    """Formation Change 1/2: asked as the formation the unit changes to (ruling
    mwan-formation-on-the-card), the halving follows from it; none when it stays as it is."""
    column_to_line = {"unit": "infantry", "formation": "column", "new_formation": "line"}
    assert _inches(rs, column_to_line, mods) == inches
    assert _inches(rs, {**column_to_line, "new_formation": "column"}, mods) == inches * 2


@pytest.mark.parametrize(
    ("values", "mods", "message"),
    [
        ({"unit": "infantry"}, ["cavalry_charge"], "does not apply"),
        ({"formation": "column"}, ["wheel"], "does not apply"),
        ({"enemy_within_12": True, "new_formation": "column"}, [], "no formation change within 12"),
        ({"through_swamp": True}, [], "swamps"),
        ({"unit": "cavalry", "into_woods": True}, [], "only infantry"),
        ({"formation": "column", "into_woods": True}, [], "only in line"),
    ],
)
def test_movement_refusals(rs, values: dict[str, object], mods: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match=message):
        odds(prepare(rs, "movement", _moving(values), mods))


def test_woods_stop_the_move(rs) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "movement", [], _moving({"into_woods": True}))
    assert any(e.marker == "waiting_at_woods" for e in res.effects)


# -- woods, rally, sniper ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("face", "turns"), [(r, 1) for r in range(1, 9)] + [(9, 2), (10, 2), (11, 3), (12, 3)]
)
def test_woods_chart(rs, face: int, turns: int) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "woods", [face])
    assert (res.outcome, res.value) == ("turns", turns)


def test_woods_odds(rs) -> None:  # type: ignore[no-untyped-def]
    result = odds(prepare(rs, "woods"))
    assert [(o.value, o.p) for o in result] == [
        (1, Fraction(8, 12)),
        (2, Fraction(2, 12)),
        (3, Fraction(2, 12)),
    ]


@pytest.mark.parametrize(
    ("face", "expected"),
    [(r, "rallied") for r in range(1, 7)]
    + [(r, "failed") for r in range(7, 12)]
    + [(12, "general_killed")],
)
def test_major_general_rally(rs, face: int, expected: str) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "major_general_rally", [face])
    assert res.outcome == expected
    if expected == "rallied":
        assert [e.state for e in res.effects] == ["good_order"]
    if expected == "general_killed":
        assert [(e.kind, e.state) for e in res.effects] == [("leader", "killed")]


@pytest.mark.parametrize(
    ("face", "expected"),
    [(r, "killed") for r in range(1, 5)]
    + [(r, "wounded") for r in range(5, 9)]
    + [(r, "miss") for r in range(9, 13)],
)
def test_sniper(rs, face: int, expected: str) -> None:  # type: ignore[no-untyped-def]
    res = _roll(rs, "sniper", [face], {"range_inches": 30})
    assert res.outcome == expected
    states = [e.state for e in res.effects if e.kind == "leader"]
    assert states == {"killed": ["killed"], "wounded": ["wounded"], "miss": []}[expected]


FIRER: dict[str, dict[str, object]] = {
    "infantry": {"firer_type": "infantry"},
    "dismounted_cavalry": {"firer_type": "cavalry", "firer_formation": "dismounted"},
    "mounted_cavalry": {"firer_type": "cavalry", "firer_formation": "mounted"},
    "field_artillery": {"firer_type": "artillery", "firer_formation": "in_battery"},
    "horse_artillery": {
        "firer_type": "artillery",
        "firer_formation": "in_battery",
        "horse_artillery": True,
    },
}
"""The firing unit's card as the fire check reads it, for each row of the firing table."""

TARGET: dict[str, dict[str, object]] = {
    "infantry": {"target_type": "infantry"},
    "mounted_cavalry": {"target_type": "cavalry", "target_formation": "mounted"},
    "dismounted_cavalry": {"target_type": "cavalry", "target_formation": "dismounted"},
    "artillery": {"target_type": "artillery", "target_formation": "in_battery"},
}


def _firing(values: dict[str, object] | None) -> dict[str, object]:
    """The fire inputs for ``values`` naming the target as ``target``; the firer's card agrees
    with its ``firer`` row."""
    out = dict(values or {})
    target = out.pop("target", None)
    row = str(out.get("firer", "infantry"))
    return {**FIRER[row], **(TARGET[str(target)] if target else {}), **out}


# -- fire -------------------------------------------------------------------------------------
def _fire_reference(dice: int, faces: set[int]) -> dict[int, Fraction]:
    p = Fraction(len(faces), 12)
    return {k: math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)}


def test_fire_needs_the_missing_table_as_gaps(rs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(MissingGapError) as err:
        odds(prepare(rs, "fire"))
    # kept per firer and range band (ruling mwan-fire-range-band): asked for this situation
    assert err.value.gap == "fire_dice.infantry.1"
    assert err.value.gap_id == "fire_dice"
    assert "--set fire_dice.infantry.1=" in str(err.value)
    assert "Who fires: infantry" in err.value.question
    with pytest.raises(MissingGapError) as err:
        odds(prepare(rs, "fire", {"fire_dice": 3}))
    assert err.value.gap == "fire_hit_numbers.infantry.1"
    assert rs.gap("fire_dice").value is None
    assert rs.gap("fire_hit_numbers").value is None


@pytest.mark.parametrize(
    ("values", "mods", "dice"),
    [
        ({}, [], 4),
        ({"target_formation": "column"}, [], 7),
        ({"moved": True}, [], 3),  # infantry moved -1 die (auto)
        ({"target": "mounted_cavalry"}, [], 6),
        ({"sharpshooters": True}, [], 6),  # 4 + 1 1/2 rounded up
        ({"fire_dice": 3, "sharpshooters": True}, [], 5),  # 3 + 1 1/2 = 4 1/2 -> 5
        ({"firer": "field_artillery"}, ["smoothbore_shot_shell"], 3),
        ({"firer": "field_artillery"}, ["rifled_shot_shell"], 5),
        ({"firer": "horse_artillery", "moved": True}, [], 4),  # may move and fire, no -1
        ({}, ["flank"], 8),  # roll again
        ({"target": "mounted_cavalry", "target_formation": "column"}, ["flank"], 18),  # (4+3+2) x 2
    ],
)
def test_fire_dice_modifiers(rs, values: dict[str, object], mods: list[str], dice: int) -> None:  # type: ignore[no-untyped-def]
    gaps = {"fire_dice": 4, "fire_hit_numbers": "10-12", **values}
    result = {o.value: o.p for o in odds(prepare(rs, "fire", _firing(gaps), mods))}
    assert result == {k: p for k, p in _fire_reference(dice, {10, 11, 12}).items() if p}


def test_fire_counts_hits_with_set_gaps(rs) -> None:  # type: ignore[no-untyped-def]
    ctx = prepare(rs, "fire", {"fire_dice": 5, "fire_hit_numbers": "9-12"})
    res = resolve(ctx, HandDice([9, 8, 12, 1, 10]))
    assert (res.outcome, res.value) == ("hits", 3)
    assert [e.amount for e in res.effects if e.kind == "lose"] == [3]
    assert dict(res.gaps_used) == {"fire_dice": 5, "fire_hit_numbers": "9-12"}


def test_fire_hit_numbers_may_be_a_list(rs) -> None:  # type: ignore[no-untyped-def]
    ctx = prepare(rs, "fire", {"fire_dice": 4, "fire_hit_numbers": "1, 2,3"})
    assert resolve(ctx, HandDice([1, 3, 4, 12])).value == 2
    with pytest.raises(InputError, match="not a list of faces"):
        odds(prepare(rs, "fire", {"fire_dice": 4, "fire_hit_numbers": "nine"}))
    with pytest.raises(InputError, match="outside 1-12"):
        odds(prepare(rs, "fire", {"fire_dice": 4, "fire_hit_numbers": "10-13"}))
    plus = odds(prepare(rs, "fire", {"fire_dice": 1, "fire_hit_numbers": "10+"}))
    assert _p(plus, "hits", 1) == Fraction(3, 12)
    with pytest.raises(InputError, match="0 or more"):
        odds(prepare(rs, "fire", {"fire_dice": -2, "fire_hit_numbers": "10+"}))


def test_flank_fire_rolls_the_dice_again(rs) -> None:  # type: ignore[no-untyped-def]
    ctx = prepare(rs, "fire", {"fire_dice": 2, "fire_hit_numbers": "11-12"}, ["flank"])
    res = resolve(ctx, HandDice([11, 1, 12, 12]))
    assert res.value == 3
    assert len(res.rolls) == 4
    assert any("rolled again (flank)" in step for step in res.steps)


def test_fire_at_a_battery_two_hits_per_gunner(rs) -> None:  # type: ignore[no-untyped-def]
    values = {"fire_dice": 3, "fire_hit_numbers": "10-12", "target": "artillery"}
    res = resolve(prepare(rs, "fire", _firing(values)), HandDice([10, 11, 12]))
    assert res.value == 3
    # 3 hits: one gunner off the battery's card (the odd hit does nothing), stopping at none
    gunners = [e for e in res.effects if e.kind == "attribute"]
    assert [(e.attribute, e.amount, e.beyond, e.who) for e in gunners] == [
        ("gunners", -1, "clamp", "target")
    ]
    assert gunners[0].text.startswith("3 hits on the battery: two hits remove one gunner")
    assert gunners[0].source == "MWAN116 Artillery: Artillery Rules"
    assert not [e for e in res.effects if e.kind in ("lose", "note") and "gunner" in e.text]
    assert not [e for e in res.effects if e.kind == "lose"]
    one = resolve(prepare(rs, "fire", _firing(values)), HandDice([10, 1, 1]))
    assert one.value == 1 and not [e for e in one.effects if e.kind == "attribute"]


def test_fire_from_a_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "our_table.toml"
    house.write_text(
        'ruleset = "mwan116-acw"\ntitle = "Our firing table"\n'
        '[gaps]\nfire_dice = 3\nfire_hit_numbers = "9-12"\nfire_cover_dice = 1\n'
    )
    club = load_ruleset(RULESET, house_rules=house)
    ctx = prepare(club, "fire", {}, ["cover"])
    assert {o.value: o.p for o in odds(ctx)} == _fire_reference(2, {9, 10, 11, 12})
    res = resolve(ctx, HandDice([9, 2]))
    assert res.value == 1


def test_house_rules_can_make_the_dice_a_formula(tmp_path: Path) -> None:
    house = tmp_path / "per_figures.toml"
    house.write_text(
        'ruleset = "mwan116-acw"\n[gaps]\nfire_hit_numbers = "10-12"\n'
        '[patch.checks.fire]\ncount = "ceil_div(figures, 2)"\n'
    )
    club = load_ruleset(RULESET, house_rules=house)
    ctx = prepare(club, "fire", {"figures": 7})  # odd figures round up: 4 dice
    assert {o.value: o.p for o in odds(ctx)} == _fire_reference(4, {10, 11, 12})


def test_cover_value_is_a_gap(rs) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(MissingGapError) as err:
        prepare(rs, "fire", {"fire_dice": 4, "fire_hit_numbers": "10-12"}, ["cover"])
    assert err.value.gap == "fire_cover_dice"


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"firer_formation": "column"}, "from column"),
        ({"firer": "field_artillery", "moved": True}, "may not fire"),
        ({"passed_through": True}, "through other units"),
    ],
)
def test_fire_refusals(rs, values: dict[str, object], message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match=message):
        odds(prepare(rs, "fire", _firing(values)))


def test_fire_with_random_dice_is_reproducible(rs) -> None:  # type: ignore[no-untyped-def]
    import random

    ctx = prepare(rs, "fire", {"fire_dice": 6, "fire_hit_numbers": "10-12"})
    first = resolve(ctx, RandomDice(random.Random(7)))
    second = resolve(ctx, RandomDice(random.Random(7)))
    assert first.rolls == second.rolls
    assert first.value == sum(1 for r in first.rolls if r.total >= 10)


def test_sharpshooters_half_die_option() -> None:
    half = load_ruleset(RULESET, options=["sharpshooters_half_die"])
    values = {"fire_dice": 4, "fire_hit_numbers": "12", "sharpshooters": True}
    ctx = prepare(half, "fire", values)
    assert max(o.value for o in odds(ctx) if o.value is not None) == 5  # 4 1/2 -> 5


# -- the ruleset as a whole -------------------------------------------------------------------
def test_every_cited_ruling_exists(rs) -> None:  # type: ignore[no-untyped-def]
    text = (resources.files("drumhead.data") / "rulesets" / f"{RULESET}.toml").read_text()
    cited = set(re.findall(r"ruling (mwan-[a-z0-9-]+)", text))
    ids = {r.id for r in rs.rulings}
    assert cited
    assert cited <= ids


def test_gaps_are_the_missing_values_only(rs) -> None:  # type: ignore[no-untyped-def]
    assert {g.id for g in rs.gaps} == {
        "fire_dice",
        "fire_hit_numbers",
        "fire_cover_dice",
        "infantry_morale_casualties",
    }
    assert all(g.value is None for g in rs.gaps)


def test_sequence_of_play(rs) -> None:  # type: ignore[no-untyped-def]
    assert [p.id for p in rs.sequence.phases] == [
        "initiative",
        "movement",
        "artillery_fire",
        "small_arms_fire",
        "morale",
        "close_combat",
    ]
    checks = {s.check for p in rs.sequence.phases for s in p.steps if s.check}
    assert {c.id for c in rs.checks} <= checks


REFERENCE_NAMES = {
    "Skedaddle": "skedaddle",
    'Retire 20"': "retire_20",
    'Retire 30"': "retire_30",
    "Battery silenced": "battery_silenced",
    "Lose 1 straggler": "lose_1_straggler",
    "Lose 2 stragglers": "lose_2_stragglers",
    "Good order": "good_order",
    "1 gun quits field": "gun_quits_field",
    "2 guns quit field": "two_guns_quit_field",
    "Brigadier killed": "brigadier_killed",
    'Battery retires 10"': "battery_retires_10",
    'Battery retires 20"': "battery_retires_20",
    "Battery quits field": "battery_quits_field",
    "Charge to combat": "charge_to_combat",
    "Sniper": "sniper",
    "Quits field": "quits_field",
    "High morale, fire again": "high_morale",
}


def test_reference_morale_table_matches_the_check(rs) -> None:  # type: ignore[no-untyped-def]
    entry = next(e for e in rs.reference if e.id == "morale_table")
    assert entry.columns == ("d12", *COLUMNS)
    shown = {int(row[0]): tuple(REFERENCE_NAMES[cell] for cell in row[1:]) for row in entry.rows}
    assert shown == MORALE_TABLE


# -- scenario ---------------------------------------------------------------------------------
def test_first_bull_run_scenario_fits_the_ruleset(rs) -> None:  # type: ignore[no-untyped-def]
    shipped = resources.files("drumhead.data") / "scenarios" / "first-bull-run-henry-hill.toml"
    data, _ = read_toml("first-bull-run-henry-hill.toml", shipped.read_text(encoding="utf-8"))
    assert data["ruleset"] == RULESET
    sides = {s["id"] for s in data["sides"]}
    assert sides == {"union", "confederate"}
    for side in data["sides"]:
        assert side["rating"] in BONUS
    types = {u.id for u in rs.unit_types}
    for unit in data["units"]:
        assert unit["side"] in sides
        assert unit["type"] in types
        assert unit.get("formation", "line") in rs.formations
        ladder = rs.ladder(rs.unit_type(unit["type"]).ladder)
        assert unit.get("state", ladder.states[0]) in ladder.states
    leader_units = {u["id"] for u in data["units"]}
    for leader in data["leaders"]:
        assert leader["side"] in sides
        if "attached_to" in leader:
            assert leader["attached_to"] in leader_units


# -- CLI --------------------------------------------------------------------------------------
def _json(capsys, argv: list[str]) -> object:  # type: ignore[no-untyped-def]
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_checks_lists_the_contract(capsys) -> None:  # type: ignore[no-untyped-def]
    data = _json(capsys, ["checks", RULESET, "--json"])
    ids = {c["id"] for c in data["checks"]}  # type: ignore[index]
    assert {
        "initiative",
        "movement_end",
        "morale",
        "close_combat",
        "close_combat_flank",
        "sniper",
        "woods",
        "major_general_rally",
        "fire",
        "movement",
    } <= ids
    morale = _json(capsys, ["checks", RULESET, "morale", "--json"])
    inputs = {i["name"]: i for i in morale["checks"][0]["inputs"]}  # type: ignore[index]
    assert inputs["unit_type"]["choices"] == ["infantry", "cavalry", "artillery"]


def test_cli_odds_close_combat_with_general(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["odds", RULESET, "close_combat", "--set", "general=true"]
    data = _json(capsys, [*argv, "--set", "attacker_state=charge_to_combat", "--json"])
    p = {o["outcome"]: o["p"] for o in data["odds"]}  # type: ignore[index]
    assert p["swept_from_field"] == "5/72"


def test_cli_resolve_morale_by_hand(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["resolve", RULESET, "morale", "--set", "unit_type=artillery", "--dice", "9", "--json"]
    data = _json(capsys, argv)
    assert data["outcome"] == "two_guns_quit_field"  # type: ignore[index]


def test_cli_resolve_fire_with_set_gaps(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["resolve", RULESET, "fire", "--set", "fire_dice=2", "--set", "fire_hit_numbers=9-12"]
    argv += [
        "--set",
        "target_formation=column",
        "--dice",
        "9",
        "--dice",
        "1",
        "--dice",
        "12",
        "--dice",
        "3",
    ]
    argv += ["--dice", "10", "--json"]
    data = _json(capsys, argv)
    assert data["value"] == 3  # type: ignore[index]


def test_cli_missing_gap_is_a_clear_error(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["odds", RULESET, "fire"]) == 1
    err = capsys.readouterr().err
    assert "--set fire_dice.infantry.1=VALUE" in err and "missing value: How many d12s" in err
    assert "Traceback" not in err


def test_cli_refusal_is_a_clear_error(capsys) -> None:  # type: ignore[no-untyped-def]
    argv = ["odds", RULESET, "close_combat", "--set", "attacker_type=cavalry"]
    assert main(argv) == 1
    assert "cavalry will not attack" in capsys.readouterr().err


def test_cli_house_rules(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    house = tmp_path / "house.toml"
    house.write_text('ruleset = "mwan116-acw"\n[gaps]\nfire_dice = 1\nfire_hit_numbers = "7-12"\n')
    data = _json(capsys, ["odds", RULESET, "fire", "--house-rules", str(house), "--json"])
    assert [(o["value"], o["p"]) for o in data["odds"]] == [(0, "1/2"), (1, "1/2")]  # type: ignore[index]


# -- issue 19: artillery formation changes, once-a-game charges, snipers, woods, terrain ------
@pytest.mark.parametrize("unit", ["field_artillery", "horse_artillery"])
def test_artillery_changes_formation_without_a_movement_penalty(rs, unit: str) -> None:  # type: ignore[no-untyped-def]
    """MWAN #116, Artillery Rules: 'No movement penalty for limbering or unlimbering'; the
    movement modifiers' formation change (1/2) is refused for guns, citing the rule."""
    with pytest.raises(InputError, match="follows from the inputs"):
        prepare(rs, "movement", _moving({"unit": unit}), ["formation_change"])
    full = {"field_artillery": 10, "horse_artillery": 20}[unit]
    for change in ("limbered", "in_battery"):
        assert _inches(rs, {"unit": unit, "new_formation": change}) == full
    with pytest.raises(InputError, match=r"no movement penalty\) \(MWAN116 Artillery"):
        odds(prepare(rs, "movement", _moving({"unit": unit, "new_formation": "column"})))
    assert _inches(rs, {"unit": "infantry", "new_formation": "column"}) == 10


def test_formation_changes_near_the_enemy_unless_behind_it(rs) -> None:  # type: ignore[no-untyped-def]
    """MWAN #116, Movement: no formation change (mounting included) within 12\" of the enemy;
    'there are no limitations when the entire unit is behind the enemy'."""
    near = {"unit": "dismounted_cavalry", "enemy_within_12": True}
    with pytest.raises(InputError, match="within 12"):
        odds(prepare(rs, "movement", _moving({**near, "new_formation": "line"})))
    with pytest.raises(InputError, match="within 12"):
        prepare(rs, "movement", _moving({**near, "mounting": True}))
    behind = {**near, "behind_enemy": True}
    assert _inches(rs, {**behind, "new_formation": "line"}) == 10
    assert _inches(rs, {**behind, "mounting": True}) == 26  # mounts: 30" - 4"
    res = _roll(rs, "movement", [], _moving(behind))
    assert not any("within 12" in e.text for e in res.effects)


def test_a_cavalry_charge_once_a_game(rs) -> None:  # type: ignore[no-untyped-def]
    """MWAN #116, Cavalry Charges and Cavalry Rules: one charge move per unit per game."""
    res = _roll(rs, "movement", [], _moving({"unit": "cavalry"}), ["cavalry_charge"])
    assert res.value == 40
    assert [e.marker for e in res.effects if e.kind == "marker"] == ["charge_used", "moved"]
    plain = _roll(rs, "movement", [], _moving({"unit": "cavalry"}))
    assert not any(e.marker == "charge_used" for e in plain.effects)
    with pytest.raises(InputError, match=r"one cavalry charge a game.*Cavalry Charges"):
        prepare(
            rs, "movement", _moving({"unit": "cavalry", "charge_used": True}), ["cavalry_charge"]
        )


def test_the_game_remembers_the_charge(rs) -> None:  # type: ignore[no-untyped-def]
    """The charge is kept on the unit card (marker charge_used) and read from it next time."""
    from drumhead.game.game import new_game
    from drumhead.game.state import Side, Unit

    at = "2024-05-01T20:00:00"
    game = new_game(RULESET, seed=3)
    game.add_side(Side("usa", "Union"), at=at)
    cav = Unit(
        id="buford",
        name="Buford",
        side="usa",
        brigade="b1",
        type="cavalry",
        strength_start=20,
        strength_now=20,
        state="good_order",
    )
    game.add_unit(cav, at=at)
    _, first = game.resolve("movement", "buford", {}, ["cavalry_charge"], at=at)
    game.apply_effects("buford", [e for e in first.effects if e.kind == "marker"], at=at)
    assert "charge_used" in game.state.unit("buford").markers
    game.next_turn(at=at)
    with pytest.raises(InputError, match="one cavalry charge a game"):
        game.resolve("movement", "buford", {}, ["cavalry_charge"], at=at)
    game.undo()  # the next turn
    game.undo()  # the marker: the charge is free again
    assert game.resolve("movement", "buford", {}, ["cavalry_charge"], at=at)


def test_a_sniper_does_not_fire_after_moving(rs) -> None:  # type: ignore[no-untyped-def]
    """MWAN #116, Snipers: they may move 20\" a turn but not fire the turn they move."""
    with pytest.raises(
        InputError, match=r"may not fire in a turn it moves \(MWAN116 Firing: Snipers\)"
    ):
        prepare(rs, "sniper", {"sniper_moved": True, "range_inches": 20})
    assert _roll(rs, "sniper", [3], {"range_inches": 20}).outcome == "killed"


def test_woods_edges_have_secure_flanks(rs) -> None:  # type: ignore[no-untyped-def]
    """MWAN #116, Rules for Woods 5: units on a woods' edge can only be attacked from the
    front or rear."""
    with pytest.raises(InputError, match=r"secure flanks.*Rules for Woods 5"):
        prepare(
            rs, "close_combat_flank", _fighting({"attack": "flank", "defender_on_woods_edge": True})
        )
    assert prepare(
        rs, "close_combat_flank", _fighting({"attack": "rear", "defender_on_woods_edge": True})
    )


@pytest.mark.parametrize(
    ("values", "check", "message"),
    [
        ({"unit": "cavalry", "crosses_stone_wall": True}, "movement", "stone walls"),
        ({"unit": "field_artillery", "crosses_stone_wall": True}, "movement", "stone walls"),
        ({"unit": "horse_artillery", "crosses_river": True}, "movement", "ford or a bridge"),
        (
            {"unit": "field_artillery", "new_formation": "in_battery", "enemy_within_24": True},
            "movement",
            "within 24",
        ),
        ({"unit": "infantry", "new_formation": "in_battery"}, "movement", "only artillery"),
        ({"firer": "field_artillery", "on_bridge": True}, "fire", "from a bridge"),
    ],
)
def test_cavalry_and_artillery_terrain_limits(rs, values, check: str, message: str) -> None:  # type: ignore[no-untyped-def]
    """MWAN #116, Cavalry Rules (no stone walls; woods edges only) and Artillery Rules (no
    stone walls, rivers only at fords or bridges, never into battery within 24\", no fire from
    a bridge)."""
    with pytest.raises(InputError, match=message):
        odds(
            prepare(
                rs,
                check,
                _moving(values) if check == "movement" else _firing(values),
                (),
                {"fire_dice": 4, "fire_hit_numbers": "10+"},  # the players' (missing) table
            )
        )
    allowed = {"unit": "infantry", "crosses_stone_wall": True, "crosses_river": True}
    assert _inches(rs, allowed) == 20


def test_cavalry_may_not_charge_through_units(rs) -> None:  # type: ignore[no-untyped-def]
    """MWAN #116, Movement: units may move through each other (no firing that turn), but
    cavalry may not charge through units."""
    values = {"unit": "cavalry", "through_units": True}
    with pytest.raises(InputError, match=r"may not charge through units \(MWAN116 Movement\)"):
        prepare(rs, "movement", _moving(values), ["cavalry_charge"])
    res = _roll(rs, "movement", [], _moving(values))
    assert [e.marker for e in res.effects if e.kind == "marker"] == ["moved", "passed_through"]
