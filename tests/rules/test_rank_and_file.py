"""Rank and File (seed 001 core excerpt + seed 000 Supplement 2): every rule and worked example.

The worked examples are reproduced with the text's own numbers: the Supplement 2 wave attack
(5 hits shared 4/1, the front wave's charge-home test, the two melees) and the three rally
examples of the British Veteran unit in the core excerpt.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

from drumhead.checks.resolve import odds, prepare, resolve
from drumhead.checks.results import Effect, OutcomeOdds, Resolution
from drumhead.cli.main import main
from drumhead.dice.roller import HandDice
from drumhead.errors import DiceError, InputError, MissingGapError
from drumhead.loading.loader import load_ruleset
from drumhead.rules.model import Ruleset

RID = "rank-and-file"
ROOT = Path(__file__).resolve().parents[2]
MORALE_NUMBER = {"veteran": 3, "regular": 4, "green": 5}
ALL_OPTIONS = (
    "rerolls",
    "artillery_rally",
    "no_removal_at_half",
    "artillery_hit_points",
    "elephant_stampede",
    "wave_attacks",
    "buck_and_ball",
    "pass_through_morale",
    "pass_through_max_unsteady",
)


def rs(*options: str) -> Ruleset:
    return load_ruleset(RID, options)


def p(result: Iterable[OutcomeOdds], outcome: str, value: int | None = None) -> Fraction:
    return sum(
        (o.p for o in result if o.outcome == outcome and (value is None or o.value == value)),
        Fraction(0),
    )


def roll(
    ruleset: Ruleset,
    check: str,
    values: dict[str, Any],
    faces: list[int],
    mods: Iterable[str] = (),
    **kw: Any,
) -> Resolution:
    return resolve(prepare(ruleset, check, values, list(mods), **kw), HandDice(faces))


def kinds(res: Resolution, kind: str) -> list[Effect]:
    return [e for e in res.effects if e.kind == kind]


# -- the file itself -------------------------------------------------------------------------


def test_loads_with_every_option_and_declares_them_all() -> None:
    ruleset = rs(*ALL_OPTIONS)
    assert ruleset.id == RID
    assert [o.id for o in ruleset.options] == list(ALL_OPTIONS)
    assert {c.id for c in ruleset.checks} >= {
        "morale",
        "rally",
        "fire",
        "melee",
        "wave_split",
        "stampede",
    }
    assert ruleset.qualities == ("green", "regular", "veteran")


def test_morale_numbers_are_the_sources() -> None:
    assert rs().lookup_tables()["morale_number"] == MORALE_NUMBER


def test_ladders_and_unit_types() -> None:
    ruleset = rs()
    default = ruleset.ladder("default")
    artillery = ruleset.ladder("artillery")
    assert default is not None and artillery is not None
    assert default.states == ("good_order", "unsteady", "routing", "removed")
    assert artillery.states == default.states
    assert default.label("routing") == "Rout"
    art = ruleset.unit_type("artillery")
    assert art is not None and art.ladder == "artillery" and art.single_stand
    for single in ("wagon", "elephant", "machine_gun"):
        ut = ruleset.unit_type(single)
        assert ut is not None and ut.single_stand and ut.ladder == "default"
    for body in ("infantry", "cavalry"):
        ut = ruleset.unit_type(body)
        assert ut is not None and not ut.single_stand


def test_gaps_only_prefill_what_the_text_gives() -> None:
    """Seed 001, Rally example (12" rout) and seed 000, Wave Attacks example (a D6 a stand):
    the only values filled in are read from those examples, each by a ruling that says so."""
    ruleset = rs()
    prefilled = {g.id: (g.value, g.ruling) for g in ruleset.gaps if g.value is not None}
    assert prefilled == {
        "rout_distance_infantry": (12, "rnf-rout-distance-infantry"),
        "melee_dice_per_stand": (1, "rnf-melee-die-per-stand"),
    }
    for ruling in ("rnf-rout-distance-infantry", "rnf-melee-die-per-stand"):
        assert ruleset.ruling(ruling).reading.startswith("From the example in R&F")
    for gap_id in ("buildings_bonus", "rout_distance_cavalry", "hits_per_stand_infantry"):
        assert ruleset.gap(gap_id) is not None


def test_every_ruling_and_reference_cites_a_source() -> None:
    ruleset = rs()
    assert len(ruleset.rulings) >= 10
    assert all(r.source and r.reason for r in ruleset.rulings)
    assert all(ref.source and ref.text for ref in ruleset.reference)
    assert all(c.source for c in ruleset.checks)


def test_sequence_names_the_phases_and_says_where_sources_are_silent() -> None:
    seq = rs().sequence
    assert seq is not None
    ids = [ph.id for ph in seq.phases]
    assert ids.index("rally") < ids.index("movement")
    assert ids.index("charge") < ids.index("melee")
    assert "not in our sources" in seq.note


# -- morale: every quality, loss and modifier against a reference ----------------------------


def reference_pass(
    natural: int, quality: str, start: int, lost: int, bonus: int, single: bool
) -> bool:
    """The rule as the sources state it, written out independently of the engine."""
    if not single and (start - lost) * 2 <= start:
        return False
    if natural == 6:
        return True
    if natural == 1:
        return False
    return natural + (0 if single else -lost) + bonus >= MORALE_NUMBER[quality]


@pytest.mark.parametrize("quality", ["green", "regular", "veteran"])
@pytest.mark.parametrize("lost", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("leader", [0, 1, 2])
@pytest.mark.parametrize("supported", [False, True])
def test_morale_every_face(quality: str, lost: int, leader: int, supported: bool) -> None:
    ruleset = rs()
    values = {
        "quality": quality,
        "stands_start": 8,
        "stands_lost": lost,
        "leader": leader,
        "cause": "charge",
    }
    mods = ["supported"] if supported else []
    bonus = leader + int(supported)
    passes = 0
    for face in range(1, 7):
        res = roll(ruleset, "morale", values, [face], mods)
        expected = reference_pass(face, quality, 8, lost, bonus, False)
        assert res.outcome == ("pass" if expected else "fail"), face
        passes += expected
    assert p(odds(prepare(ruleset, "morale", values, mods)), "pass") == Fraction(passes, 6)


@pytest.mark.parametrize("quality", ["green", "regular", "veteran"])
def test_starting_numbers_at_the_edge(quality: str) -> None:
    needed = MORALE_NUMBER[quality]
    res_pass = roll(rs(), "morale", {"quality": quality, "stands_start": 6}, [needed])
    res_fail = roll(rs(), "morale", {"quality": quality, "stands_start": 6}, [needed - 1])
    assert (res_pass.outcome, res_pass.target) == ("pass", needed)
    assert res_fail.outcome == "fail"


def test_a_natural_six_passes_whatever_the_modifiers() -> None:
    values = {"quality": "green", "stands_start": 20, "stands_lost": 8}
    assert roll(rs(), "morale", values, [6]).outcome == "pass"
    assert p(odds(prepare(rs(), "morale", values)), "pass") == Fraction(1, 6)


def test_a_natural_one_fails_whatever_the_modifiers() -> None:
    values = {"quality": "veteran", "stands_start": 6, "leader": 6, "cause": "charge"}
    assert roll(rs(), "morale", values, [1], ["supported"]).outcome == "fail"
    assert p(odds(prepare(rs(), "morale", values, ["supported"])), "fail") == Fraction(1, 6)


@pytest.mark.parametrize(
    ("start", "lost", "at_half"),
    [(6, 3, True), (6, 2, False), (7, 3, False), (7, 4, True), (8, 4, True), (2, 1, True)],
)
def test_fifty_percent_rule_fails_even_a_six(start: int, lost: int, at_half: bool) -> None:
    values = {"quality": "veteran", "stands_start": start, "stands_lost": lost, "leader": 6}
    res = roll(rs(), "morale", values, [6])
    assert res.outcome == ("fail" if at_half else "pass")
    if at_half:
        assert p(odds(prepare(rs(), "morale", values)), "fail") == 1
        assert any("50% rule" in s for s in res.steps)


@pytest.mark.parametrize("unit_type", ["infantry", "artillery", "wagon", "elephant", "machine_gun"])
def test_single_stands_escape_the_fifty_percent_rule_and_casualty_modifier(
    unit_type: str,
) -> None:
    single = unit_type == "infantry"  # infantry only when flagged; the others always are
    values = {
        "quality": "regular",
        "stands_start": 2,
        "stands_lost": 1,
        "unit_type": unit_type,
        "single_stand": single,
    }
    ctx = prepare(rs(), "morale", values)
    assert [m.id for m in ctx.modifiers] == []
    assert p(odds(ctx), "pass") == Fraction(1, 2)  # 4, 5, 6 at 4+
    assert roll(rs(), "morale", values, [4]).outcome == "pass"


def test_buildings_bonus_is_asked_for() -> None:
    values = {"quality": "regular", "stands_start": 6}
    with pytest.raises(MissingGapError) as err:
        prepare(rs(), "morale", values, ["buildings"])
    assert err.value.gap == "buildings_bonus"
    ctx = prepare(rs(), "morale", {**values, "buildings_bonus": 1}, ["buildings"])
    assert ctx.total() == 1
    assert p(odds(ctx), "pass") == Fraction(2, 3)


def test_bad_stand_counts_are_refused() -> None:
    with pytest.raises(InputError, match="stands lost so far"):
        odds(prepare(rs(), "morale", {"quality": "regular", "stands_start": 4, "stands_lost": 4}))
    with pytest.raises(InputError, match="quality"):
        prepare(rs(), "morale", {"quality": "elite", "stands_start": 4})
    with pytest.raises(InputError, match="stands_start"):
        prepare(rs(), "morale", {"quality": "regular"})


# -- morale results on the ladders -----------------------------------------------------------


def test_failure_from_good_order_steps_to_unsteady() -> None:
    res = roll(rs(), "morale", {"quality": "regular", "stands_start": 6}, [2])
    (step,) = kinds(res, "step")
    assert step.amount == 1
    assert "good order to unsteady" in step.text
    assert not kinds(res, "distance")


def test_failure_when_unsteady_routs_infantry_twelve_inches() -> None:
    values = {"quality": "regular", "stands_start": 6, "state": "unsteady"}
    res = roll(rs(), "morale", values, [2])
    (step,) = kinds(res, "step")
    assert step.amount == 1 and "unsteady to rout" in step.text
    (dist,) = kinds(res, "distance")
    assert dist.amount == 12


def test_routing_cavalry_asks_for_its_distance() -> None:
    values = {"quality": "regular", "stands_start": 6, "state": "unsteady", "unit_type": "cavalry"}
    with pytest.raises(MissingGapError) as err:
        roll(rs(), "morale", values, [2])
    assert err.value.gap == "rout_distance_cavalry"
    res = roll(rs(), "morale", {**values, "rout_distance_cavalry": 18}, [2])
    assert kinds(res, "distance")[0].amount == 18
    assert res.gaps_used == (("rout_distance_cavalry", 18),)


@pytest.mark.parametrize(("kind", "dice"), [("foot", "2d6"), ("horse", "3d6")])
def test_artillery_first_failure_limbers_and_retires(kind: str, dice: str) -> None:
    values = {"quality": "regular", "stands_start": 1, "unit_type": "artillery"}
    res = roll(rs(), "morale", {**values, "artillery_kind": kind}, [1])
    assert res.outcome == "fail"
    (dist,) = kinds(res, "distance")
    assert dist.dice == dice
    assert kinds(res, "step")[0].amount == 1


def test_siege_guns_stay_put_when_unsteady() -> None:
    values = {"quality": "regular", "stands_start": 1, "unit_type": "artillery"}
    res = roll(rs(), "morale", {**values, "artillery_kind": "siege"}, [1])
    assert not kinds(res, "distance")
    assert any("never move" in e.text for e in kinds(res, "note"))


def test_routed_artillery_is_removed_unless_the_option_is_on() -> None:
    values = {
        "quality": "regular",
        "stands_start": 1,
        "unit_type": "artillery",
        "state": "unsteady",
    }
    res = roll(rs(), "morale", values, [1])
    assert len(kinds(res, "remove")) == 1
    assert any("abandoned" in e.text for e in kinds(res, "note"))
    kept = roll(rs("artillery_rally"), "morale", {**values, "rout_distance_artillery": 6}, [1])
    assert not kinds(kept, "remove")
    assert kinds(kept, "distance")[0].amount == 6


@pytest.mark.parametrize(("cause", "captured"), [("fire", False), ("melee", True)])
def test_routed_wagons_flee_from_fire_and_are_captured_in_melee(cause: str, captured: bool) -> None:
    values = {
        "quality": "green",
        "stands_start": 1,
        "unit_type": "wagon",
        "state": "unsteady",
        "cause": cause,
        "rout_distance_other": 6,
    }
    res = roll(rs(), "morale", values, [1])
    assert bool(kinds(res, "remove")) is captured
    assert bool(kinds(res, "distance")) is not captured


def test_charge_home_test_failure_halts_the_charger() -> None:
    values = {"quality": "regular", "stands_start": 8, "stands_lost": 1, "cause": "charge"}
    res = roll(rs(), "morale", values, [2], ["supported"])
    assert any("halts unsteady" in e.text for e in kinds(res, "note"))
    ok = roll(rs(), "morale", values, [5], ["supported"])
    assert any("into contact" in e.text for e in kinds(ok, "note"))


# -- Supplement 2: the wave attack, worked through ------------------------------------------


def test_wave_split_worked_example_five_hits_four_and_one() -> None:
    res = roll(rs("wave_attacks"), "wave_split", {"hits": 5}, [])
    assert dict(res.values) == {"first": 4, "second": 1}
    # hits 1, 2 -> front; 3 -> second; 4, 5 -> front
    assert "1->first, 2->first, 3->second, 4->first, 5->first" in res.steps
    assert [(e.kind, e.amount) for e in res.effects if e.who == "first"] == [("hits", 4)]
    assert [(e.kind, e.amount) for e in res.effects if e.who == "second"] == [("hits", 1)]


@pytest.mark.parametrize("hits", range(0, 13))
def test_wave_split_repeats_two_to_one(hits: int) -> None:
    res = roll(rs("wave_attacks"), "wave_split", {"hits": hits}, [])
    order = ["first", "first", "second"]
    expected = {"first": 0, "second": 0}
    for i in range(hits):
        expected[order[i % 3]] += 1
    assert dict(res.values) == expected
    assert odds(prepare(rs("wave_attacks"), "wave_split", {"hits": hits}))[0].p == 1


def test_wave_split_needs_its_option() -> None:
    with pytest.raises(InputError, match="wave_attacks"):
        prepare(rs(), "wave_split", {"hits": 5})


def test_wave_front_unit_charge_home_test() -> None:
    """Regular, -1 (one stand lost), +1 supported, +1 leader on the other wave: needs 4, rolls 3."""
    values = {
        "quality": "regular",
        "stands_start": 8,
        "stands_lost": 1,
        "leader": 1,
        "cause": "charge",
    }
    ctx = prepare(rs("wave_attacks"), "morale", values, ["supported"])
    assert sorted(m.value for m in ctx.modifiers) == [-1, 1, 1]
    assert ctx.total() == 1
    assert p(odds(ctx), "pass") == Fraction(2, 3)  # 3, 4, 5, 6
    res = resolve(ctx, HandDice([3]))
    assert (res.outcome, res.target, res.modified) == ("pass", 4, 4)
    assert not kinds(res, "leader")  # the leader is with the other wave: no re-roll spent


def test_wave_first_melee_seven_stands_at_3_up_against_six_at_4_up() -> None:
    ruleset = rs("wave_attacks")
    csa = prepare(ruleset, "melee", {"stands": 7}, ["deeper_formation"])
    union = prepare(ruleset, "melee", {"stands": 6})
    csa_res = resolve(csa, HandDice([3, 4, 1, 2, 2, 1, 2]))
    union_res = resolve(union, HandDice([4, 5, 6, 1, 2, 3]))
    assert csa_res.target == 3 and union_res.target == 4
    assert (csa_res.value, union_res.value) == (2, 3)
    # the exact odds of the result in the text
    assert p(odds(csa), "hits", 2) == Fraction(comb(7, 2) * 2**2, 3**7) == Fraction(28, 729)
    assert p(odds(union), "hits", 3) == Fraction(comb(6, 3), 2**6) == Fraction(5, 16)
    for k in range(8):
        assert p(odds(csa), "hits", k) == Fraction(comb(7, k) * 2**k, 3**7)
    for k in range(7):
        assert p(odds(union), "hits", k) == Fraction(comb(6, k), 2**6)
    # 2 hits on the Union, 3 on the CSA: the Confederates lose and retire 2D6" unsteady
    result = roll(ruleset, "melee_result", {"attacker_hits": 2, "defender_hits": 3}, [])
    assert result.outcome == "defender_wins"
    attacker = [e for e in result.effects if e.who == "attacker"]
    assert {(e.kind, e.state, e.dice) for e in attacker} == {
        ("state", "unsteady", None),
        ("distance", None, "2d6"),
    }
    # the second wave goes in: the players' next melee (the table's note)
    assert any(e.who == "table" and "second wave moves up" in e.text for e in result.effects)


def test_wave_second_melee_leaders_melee_bonus_wins_a_drawn_count() -> None:
    ruleset = rs("wave_attacks")
    for side in ("csa", "union"):
        res = roll(ruleset, "melee", {"stands": 6}, [4, 1, 2, 3, 6, 2])
        assert (res.value, res.target) == (2, 4), side
    values = {"attacker_hits": 2, "defender_hits": 2, "attacker_leader": 1}
    result = roll(ruleset, "melee_result", values, [])
    assert result.outcome == "attacker_wins"
    assert {(e.who, e.kind) for e in result.effects} >= {
        ("defender", "state"),
        ("defender", "distance"),
    }


def test_drawn_melee_without_leaders_asks_the_players() -> None:
    values = {"attacker_hits": 2, "defender_hits": 2}
    assert p(odds(prepare(rs(), "melee_result", values)), "tied") == 1
    with pytest.raises(MissingGapError) as err:
        roll(rs(), "melee_result", values, [])
    assert err.value.gap == "melee_tie"
    res = roll(rs(), "melee_result", {**values, "melee_tie": "fight another round"}, [])
    assert res.text.endswith("fight another round (your club's answer)")


# -- fire and melee pools --------------------------------------------------------------------

ONE_DIE = {"fire_dice_per_stand": 1, "weapon_ranges": "muskets 12, long from 6"}
"""The players' answers for the fire dice a stand rolls and the weapon ranges: our sources give
neither (RULES-MAP: the published Fast Play Sheet, p.52, gives only 4+ to hit per die and
long range -1)."""


@pytest.mark.parametrize(
    ("options", "values", "mods", "p_hit"),
    [
        ((), {}, [], Fraction(1, 2)),
        ((), {}, ["long_range"], Fraction(1, 3)),
        (("buck_and_ball",), {"all_smoothbore": True}, ["buck_and_ball"], Fraction(2, 3)),
        (("buck_and_ball",), {"all_smoothbore": True}, [], Fraction(1, 2)),
    ],
)
def test_fire_dice(
    options: tuple[str, ...], values: dict[str, Any], mods: list[str], p_hit: Fraction
) -> None:
    ctx = prepare(rs(*options), "fire", {"stands": 4, **ONE_DIE, **values}, mods)
    for k in range(5):
        assert p(odds(ctx), "hits", k) == comb(4, k) * p_hit**k * (1 - p_hit) ** (4 - k)


def test_fire_six_always_hits_and_buck_and_ball_needs_option_and_smoothbores() -> None:
    res = roll(rs(), "fire", {"stands": 3, **ONE_DIE}, [6, 5, 4], ["long_range"])
    assert res.value == 2  # needs 5+: the 6 and the 5
    with pytest.raises(InputError, match="buck_and_ball"):
        prepare(rs(), "fire", {"stands": 3, "all_smoothbore": True, **ONE_DIE}, ["buck_and_ball"])
    with pytest.raises(InputError, match="does not apply"):
        prepare(rs("buck_and_ball"), "fire", {"stands": 3, **ONE_DIE}, ["buck_and_ball"])
    res = roll(
        rs("buck_and_ball"),
        "fire",
        {"stands": 3, "all_smoothbore": True, **ONE_DIE},
        [3, 2, 1],
        ["buck_and_ball"],
    )
    assert res.value == 1


ELEPHANTS = {"unit_type": "cavalry", "enemy_type": "elephant", "cavalry_vs_elephants": True}
"""Cavalry attacking elephants: both cards and the players' word that the cavalry attack."""


@pytest.mark.parametrize(
    ("values", "mods", "p_hit"),
    [
        ({}, [], Fraction(1, 2)),
        ({}, ["deeper_formation"], Fraction(2, 3)),
        ({"enemy_type": "cavalry"}, [], Fraction(1, 3)),  # foot fighting mounted, from the cards
        ({"enemy_type": "cavalry"}, ["deeper_formation"], Fraction(1, 2)),
        (ELEPHANTS, [], Fraction(1, 6)),
        (ELEPHANTS, ["deeper_formation"], Fraction(1, 6)),
    ],
)
def test_melee_dice(values: dict[str, Any], mods: list[str], p_hit: Fraction) -> None:
    ctx = prepare(rs(), "melee", {"stands": 3, **values}, mods)
    assert p(odds(ctx), "hits", 3) == p_hit**3


def test_melee_natural_one_always_misses(tmp_path: Path) -> None:
    house = tmp_path / "big.toml"
    house.write_text(
        'ruleset = "rank-and-file"\n[patch.checks.melee.modifiers.deeper_formation]\nvalue = 3\n'
    )
    ruleset = load_ruleset(RID, (), house)
    res = resolve(prepare(ruleset, "melee", {"stands": 2}, ["deeper_formation"]), HandDice([1, 2]))
    assert res.value == 1  # 2+3 hits; the 1 misses whatever the bonus
    fire = resolve(prepare(ruleset, "fire", {"stands": 1, **ONE_DIE}), HandDice([6]))
    assert fire.value == 1


# -- the three rally examples of the British Veteran unit ------------------------------------

BRITISH = {"quality": "veteran", "stands_start": 7}


@pytest.mark.parametrize("face", range(1, 7))
def test_rally_example_1_unsteady_needs_5_or_6(face: int) -> None:
    values = {**BRITISH, "stands_lost": 2, "state": "unsteady"}
    res = roll(rs(), "rally", values, [face])
    assert res.target == 3 and res.total_modifier == -2
    if face >= 5:
        assert res.outcome == "rallied"
        assert [(e.kind, e.state) for e in res.effects] == [("state", "good_order")]
    else:
        assert res.outcome == "stays_unsteady"
        assert not kinds(res, "state")
    assert p(odds(prepare(rs(), "rally", values)), "rallied") == Fraction(1, 3)


def test_rally_example_1_actual_roll_of_3_stays_unsteady() -> None:
    res = roll(rs(), "rally", {**BRITISH, "stands_lost": 2, "state": "unsteady"}, [3])
    assert res.outcome == "stays_unsteady"


def test_rally_example_2_morale_test_needs_a_6_and_routs_12_inches() -> None:
    values = {**BRITISH, "stands_lost": 3, "state": "unsteady"}
    ctx = prepare(rs(), "morale", values)
    assert ctx.total() == -3
    assert p(odds(ctx), "pass") == Fraction(1, 6)
    for face in range(1, 6):
        assert roll(rs(), "morale", values, [face]).outcome == "fail"
    res = roll(rs(), "morale", values, [4])
    assert kinds(res, "step")[0].amount == 1
    assert kinds(res, "distance")[0].amount == 12
    # 4 of 7 stands left: not yet at 50%, so the unit can still try to rally
    assert not any("50% rule" in s for s in res.steps)


def test_rally_example_3_a_2_would_remove_the_unit() -> None:
    values = {**BRITISH, "stands_lost": 3, "state": "routing", "leader": 1, "leader_rerolls": 1}
    ctx = prepare(rs(), "rally", values)
    assert ctx.total() == -2
    assert p(odds(ctx), "rallied") == Fraction(1, 3)  # a 5 or 6
    res = resolve(ctx, HandDice([2]))
    assert res.outcome == "rout_on"
    assert kinds(res, "lose")[0].amount == 1
    assert len(kinds(res, "remove")) == 1
    assert not kinds(res, "distance")


def test_rally_example_3_the_leaders_reroll_of_5_rallies_it_unsteady() -> None:
    values = {**BRITISH, "stands_lost": 3, "state": "routing", "leader": 1, "leader_rerolls": 1}
    ruleset = rs("rerolls")
    ctx = prepare(ruleset, "rally", values)
    assert p(odds(ctx), "rallied") == Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 3)
    res = resolve(ctx, HandDice([2, 5]))
    assert res.rerolled and res.dice == (2, 5)
    assert res.outcome == "rallied"
    assert [(e.kind, e.state) for e in kinds(res, "state")] == [("state", "unsteady")]
    (spent,) = kinds(res, "leader")
    assert (spent.amount, spent.who) == (1, "leader")


# -- re-rolls --------------------------------------------------------------------------------

ROUTED = {"quality": "regular", "stands_start": 10, "state": "routing"}


def test_rerolls_are_an_option() -> None:
    res = roll(rs(), "rally", {**ROUTED, "leader_rerolls": 2, "elite": True}, [2])
    assert not res.rerolled and res.outcome == "rout_on"


def test_only_one_reroll_per_test_even_with_elite_and_a_leader() -> None:
    values = {**ROUTED, "leader_rerolls": 2, "elite": True}
    ctx = prepare(rs("rerolls"), "rally", values)
    assert p(odds(ctx), "rallied") == Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 2)
    with pytest.raises(DiceError, match="more dice"):
        resolve(ctx, HandDice([2, 2, 6]))


def test_elite_reroll_is_used_first_and_costs_the_leader_nothing() -> None:
    values = {**ROUTED, "leader_rerolls": 1, "elite": True}
    res = roll(rs("rerolls"), "rally", values, [2, 5])
    assert res.rerolled and res.outcome == "rallied"
    assert not kinds(res, "leader")


def test_leader_reroll_is_spent_even_when_the_reroll_fails() -> None:
    res = roll(
        rs("rerolls"),
        "morale",
        {"quality": "green", "stands_start": 6, "leader_rerolls": 1},
        [2, 3],
    )
    assert res.rerolled and res.outcome == "fail"
    assert kinds(res, "leader")[0].amount == 1


def test_no_reroll_without_a_leader_reroll_or_elite() -> None:
    res = roll(rs("rerolls"), "morale", {"quality": "green", "stands_start": 6}, [2])
    assert not res.rerolled


def test_no_reroll_can_beat_the_fifty_percent_rule() -> None:
    values = {"quality": "veteran", "stands_start": 6, "stands_lost": 3, "elite": True}
    ctx = prepare(rs("rerolls"), "morale", values)
    assert p(odds(ctx), "fail") == 1
    assert not resolve(ctx, HandDice([6])).rerolled


def test_no_reroll_flag_declines_it() -> None:
    ctx = prepare(
        rs("rerolls"),
        "morale",
        {"quality": "green", "stands_start": 6, "elite": True},
        use_reroll=False,
    )
    assert p(odds(ctx), "pass") == Fraction(1, 3)


# -- rally: every branch ---------------------------------------------------------------------


def test_routing_pass_halts_unsteady() -> None:
    res = roll(rs(), "rally", ROUTED, [4])
    assert res.outcome == "rallied"
    assert kinds(res, "state")[0].state == "unsteady"


def test_routing_fail_routs_on_and_loses_a_stand() -> None:
    res = roll(rs(), "rally", {**ROUTED, "stands_lost": 1}, [3])
    assert res.outcome == "rout_on"
    assert kinds(res, "lose")[0].amount == 1
    assert kinds(res, "distance")[0].amount == 12
    assert not kinds(res, "remove")


@pytest.mark.parametrize(
    ("start", "lost", "removed"),
    [(10, 3, False), (10, 4, True), (7, 2, False), (7, 3, True), (8, 3, True), (9, 3, False)],
)
def test_failed_rally_removes_at_fifty_percent_losses(start: int, lost: int, removed: bool) -> None:
    values = {**ROUTED, "stands_start": start, "stands_lost": lost}
    res = roll(rs(), "rally", values, [1])
    assert bool(kinds(res, "remove")) is removed
    kept = roll(rs("no_removal_at_half"), "rally", values, [1])
    assert not kinds(kept, "remove")
    assert kinds(kept, "distance")[0].amount == 12
    assert any("keeps routing" in e.text for e in kinds(kept, "note")) is removed


def test_no_removal_option_still_removes_the_last_stand() -> None:
    res = roll(
        rs("no_removal_at_half"), "rally", {**ROUTED, "stands_start": 3, "stands_lost": 2}, [1]
    )
    assert len(kinds(res, "remove")) == 1


def test_single_stand_failing_to_rally_is_gone() -> None:
    values = {"quality": "regular", "stands_start": 1, "state": "routing", "unit_type": "elephant"}
    res = roll(rs(), "rally", values, [2])
    assert res.outcome == "rout_on" and len(kinds(res, "remove")) == 1


def test_voluntary_continued_rout_rolls_nothing_but_loses_a_stand() -> None:
    values = {**ROUTED, "stands_lost": 1, "voluntary_rout": True}
    ctx = prepare(rs(), "rally", values)
    assert [(o.outcome, o.p) for o in odds(ctx)] == [("rout_on", 1)]
    res = resolve(ctx, HandDice([]))
    assert res.outcome == "rout_on" and res.rolls == ()
    assert kinds(res, "lose")[0].amount == 1
    with pytest.raises(InputError, match="only a routing unit"):
        odds(prepare(rs(), "rally", {**values, "state": "unsteady"}))


@pytest.mark.parametrize("status", ["charging", "charged", "evaded"])
@pytest.mark.parametrize("state", ["unsteady", "routing"])
def test_units_charging_charged_or_evaded_may_not_rally(status: str, state: str) -> None:
    with pytest.raises(InputError, match="may not try to rally") as info:
        prepare(rs(), "rally", {**ROUTED, "state": state, status: True})
    assert status in str(info.value)


def test_routed_artillery_may_not_rally_without_the_option() -> None:
    values = {"quality": "regular", "stands_start": 1, "state": "routing", "unit_type": "artillery"}
    with pytest.raises(InputError, match="Routed artillery may rally"):
        odds(prepare(rs(), "rally", values))
    res = roll(rs("artillery_rally"), "rally", values, [4])
    assert res.outcome == "rallied"
    unsteady = roll(rs(), "rally", {**values, "state": "unsteady"}, [4])
    assert unsteady.outcome == "rallied"
    assert kinds(unsteady, "state")[0].state == "good_order"


def test_supported_only_when_charging() -> None:
    with pytest.raises(InputError, match="does not apply"):
        prepare(rs(), "morale", {"quality": "regular", "stands_start": 6}, ["supported"])


def test_one_morale_test_per_morale_phase() -> None:
    values = {"quality": "regular", "stands_start": 6, "tested_this_phase": True}
    with pytest.raises(InputError, match="only once"):
        odds(prepare(rs(), "morale", values))
    charge = prepare(rs(), "morale", {**values, "cause": "charge"})
    assert p(odds(charge), "pass") == Fraction(1, 2)


# -- pass-through morale ---------------------------------------------------------------------

THROUGH = {"quality": "regular", "stands_start": 6, "cause": "pass_through", "state": "unsteady"}


def test_pass_through_tests_need_the_option() -> None:
    with pytest.raises(InputError, match="Pass-through morale tests"):
        odds(prepare(rs(), "morale", THROUGH))
    with pytest.raises(InputError, match="Pass-through morale tests"):
        odds(prepare(rs("pass_through_max_unsteady"), "morale", THROUGH))


def test_pass_through_failure_routs_an_unsteady_unit() -> None:
    res = roll(rs("pass_through_morale"), "morale", THROUGH, [2])
    assert kinds(res, "step")[0].amount == 1
    assert kinds(res, "distance")[0].amount == 12


def test_pass_through_worst_result_unsteady() -> None:
    ruleset = rs("pass_through_morale", "pass_through_max_unsteady")
    res = roll(ruleset, "morale", THROUGH, [2])
    assert res.outcome == "fail"
    assert not kinds(res, "step") and not kinds(res, "distance")
    assert any("stays unsteady" in e.text for e in kinds(res, "note"))
    fresh = roll(ruleset, "morale", {**THROUGH, "state": "good_order"}, [2])
    assert kinds(fresh, "step")[0].amount == 1
    # other causes are not capped
    fire = roll(ruleset, "morale", {**THROUGH, "cause": "fire"}, [2])
    assert kinds(fire, "step")[0].amount == 1


# -- elephants -------------------------------------------------------------------------------

ELEPHANT = {"quality": "regular", "stands_start": 1, "unit_type": "elephant"}


def test_failed_morale_reminds_of_stampede_only_with_the_option() -> None:
    off = roll(rs(), "morale", ELEPHANT, [1])
    on = roll(rs("elephant_stampede"), "morale", ELEPHANT, [1])
    assert not any("stampede" in e.text for e in off.effects)
    assert any("stampede" in e.text for e in on.effects)
    rally = roll(rs("elephant_stampede"), "rally", {**ELEPHANT, "state": "unsteady"}, [1])
    assert not any("stampede" in e.text for e in rally.effects)


@pytest.mark.parametrize("face", range(1, 7))
def test_stampede_table(face: int) -> None:
    res = roll(rs("elephant_stampede"), "stampede", {}, [face])
    assert res.outcome == ("stampedes" if face <= 2 else "holds")
    if face <= 2:
        assert kinds(res, "distance")[0].dice == "3d6"


def test_stampede_odds_and_option() -> None:
    assert p(odds(prepare(rs("elephant_stampede"), "stampede")), "stampedes") == Fraction(1, 3)
    with pytest.raises(InputError, match="elephant_stampede"):
        prepare(rs(), "stampede")


# -- hits per stand --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "guns", "hits"),
    [
        ((), "6", 3),
        ((), "8", 3),
        (("artillery_hit_points",), "6", 3),
        (("artillery_hit_points",), "8", 4),
    ],
)
def test_hits_per_gun_model(options: tuple[str, ...], guns: str, hits: int) -> None:
    values = {"unit_type": "artillery", "battery_guns": guns}
    res = roll(rs(*options), "hits_per_stand", values, [])
    assert res.value == hits


def test_hits_per_stand_of_other_troops_is_asked_for() -> None:
    with pytest.raises(MissingGapError) as err:
        roll(rs(), "hits_per_stand", {"unit_type": "infantry"}, [])
    assert err.value.gap == "hits_per_stand_infantry"
    res = roll(rs(), "hits_per_stand", {"unit_type": "infantry", "hits_per_stand_infantry": 3}, [])
    assert res.value == 3


# -- the wave-attack scenario ----------------------------------------------------------------


def test_wave_attack_scenario_fits_the_ruleset() -> None:
    data = tomllib.loads((ROOT / "data" / "scenarios" / "rnf-wave-attack.toml").read_text())
    assert data["ruleset"] == RID
    ruleset = rs(*data["options"])
    sides = {s["id"] for s in data["sides"]}
    units = {u["id"]: u for u in data["units"]}
    for unit in units.values():
        assert unit["side"] in sides
        assert ruleset.unit_type(unit["type"]) is not None
        assert unit["quality"] in ruleset.qualities
    (leader,) = data["leaders"]
    assert (leader["value"], leader["rerolls"]) == (1, 1)
    assert leader["attached_to"] == "csa_second_wave"
    # the front wave loses its first stand to the fire and fights with 7; the others have 6
    assert units["csa_first_wave"]["strength"] - 1 == 7
    assert units["csa_second_wave"]["strength"] == units["union_regiment"]["strength"] == 6
    assert units["union_battery"]["type"] == "artillery"
    gun = roll(ruleset, "hits_per_stand", {"unit_type": "artillery"}, [])
    assert units["union_battery"]["hits_per_stand"] == gun.value


# -- the command line ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_checks_lists_every_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "checks", RID, "--json", *[a for o in ALL_OPTIONS for a in ("--option", o)]
    )
    assert code == 0
    ids = [c["id"] for c in json.loads(out)["checks"]]
    assert ids[:7] == [
        "morale",
        "rally",
        "fire",
        "melee",
        "melee_result",
        "wave_attack",
        "wave_split",
    ]
    code, out, _ = run(capsys, "checks", RID, "rally", "--json")
    inputs = {i["name"] for i in json.loads(out)["checks"][0]["inputs"]}
    assert inputs >= {
        "quality",
        "stands_start",
        "stands_lost",
        "single_stand",
        "leader",
        "elite",
        "leader_rerolls",
        "state",
        "unit_type",
    }


def test_cli_odds_of_the_wave_charge_home_test(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "odds",
        RID,
        "morale",
        "--set",
        "quality=regular",
        "--set",
        "stands_start=8",
        "--set",
        "stands_lost=1",
        "--set",
        "leader=1",
        "--set",
        "cause=charge",
        "--mod",
        "supported",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["total_modifier"] == 1
    assert {o["outcome"]: o["p"] for o in data["odds"]} == {"pass": "2/3", "fail": "1/3"}


def test_cli_resolve_rally_with_the_leaders_reroll(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["resolve", RID, "rally", "--set", "quality=veteran", "--set", "stands_start=7"]
    args += ["--set", "stands_lost=3", "--set", "state=routing", "--set", "leader=1"]
    args += ["--set", "leader_rerolls=1", "--json"]
    code, out, _ = run(capsys, *args, "--option", "rerolls", "--dice", "2", "--dice", "5")
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == "rallied"
    assert [e["kind"] for e in data["effects"]] == ["state", "leader"]
    code, out, _ = run(capsys, *args, "--dice", "2")
    data = json.loads(out)
    assert data["outcome"] == "rout_on"
    assert [e["kind"] for e in data["effects"]] == ["lose", "remove"]


def test_cli_refusals_are_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys,
        "resolve",
        RID,
        "rally",
        "--set",
        "quality=regular",
        "--set",
        "stands_start=6",
        "--set",
        "state=unsteady",
        "--set",
        "evaded=true",
        "--dice",
        "6",
    )
    assert code == 1 and "may not try to rally" in err and "Traceback" not in err
    code, _, err = run(capsys, "odds", RID, "wave_split", "--set", "hits=5")
    assert code == 1 and "wave_attacks" in err
    code, _, err = run(capsys, "checks", RID, "--option", "no_such_rule")
    assert code == 1 and "unknown optional rule 'no_such_rule'" in err


def test_cli_wave_split_with_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "resolve",
        RID,
        "wave_split",
        "--option",
        "wave_attacks",
        "--set",
        "hits=5",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["values"] == {"first": 4, "second": 1}
    assert data["outcome"] == "split" and data["rolls"] == []


# -- the rnf_test mechanic: odds agree with resolving every dice path ------------------------


def enumerated(ctx: Any) -> dict[str, Fraction]:
    """Outcome probabilities from resolving every first roll (and re-roll, when one is taken)."""
    out: dict[str, Fraction] = {}
    for first in range(1, 7):
        for second in range(1, 7):
            try:
                res = resolve(ctx, HandDice([first, second]))
            except DiceError:  # no re-roll taken: the second face was not wanted
                res = resolve(ctx, HandDice([first]))
                assert not res.rerolled
                out[res.outcome] = out.get(res.outcome, Fraction(0)) + Fraction(1, 6)
                break
            assert res.rerolled
            out[res.outcome] = out.get(res.outcome, Fraction(0)) + Fraction(1, 36)
    return out


@pytest.mark.parametrize("check", ["morale", "rally"])
@pytest.mark.parametrize("quality", ["green", "veteran"])
@pytest.mark.parametrize("lost", [0, 2, 4])
@pytest.mark.parametrize(("elite", "rerolls"), [(False, 0), (False, 1), (True, 0)])
def test_odds_match_every_dice_path(
    check: str, quality: str, lost: int, elite: bool, rerolls: int
) -> None:
    state = "routing" if check == "rally" else "good_order"
    values = {
        "quality": quality,
        "stands_start": 8,
        "stands_lost": lost,
        "leader": 1,
        "elite": elite,
        "leader_rerolls": rerolls,
        "state": state,
    }
    ctx = prepare(rs("rerolls"), check, values)
    assert {o.outcome: o.p for o in odds(ctx)} == enumerated(ctx)


# -- issue 19: wagons, the published rulebook, and values read from the examples ---------------


def test_wagons_never_fire() -> None:
    """Seed 001, Wagons: wagons, caissons and carts have no firing ability."""
    with pytest.raises(InputError, match=r"wagons.*no fire \(R&F core: Wagons\)"):
        prepare(rs(), "fire", {"stands": 1, "unit_type": "wagon", **ONE_DIE})
    assert prepare(rs(), "fire", {"stands": 1, "unit_type": "artillery", **ONE_DIE})


def test_published_values_cite_the_fast_play_sheet_and_chapter_12() -> None:
    """RULES-MAP: the published rulebook's facts are cited 'Rank and File, Appendix 1 Fast Play
    Sheet, p.52' (to-hit, long range, foot v mounted, horse v camel, morale numbers) and 'Rank
    and File, ch. 12' (shell or shrapnel at a target behind an obstacle -1); never an unnamed
    sheet."""
    text = (ROOT / "data" / "rulesets" / f"{RID}.toml").read_text(encoding="utf-8")
    assert "fast play sheet" not in text.lower().replace("appendix 1 fast play sheet", "")
    ruleset = rs()
    p52 = "Rank and File, Appendix 1 Fast Play Sheet, p.52"
    fire, melee = ruleset.check("fire"), ruleset.check("melee")
    assert fire.modifier("long_range").source == p52
    assert melee.modifier("foot_vs_mounted").source == p52
    camel = melee.modifier("horse_vs_camel")
    assert (camel.source, camel.value.text) == (p52, "-1")
    shell = fire.modifier("shell_behind_obstacle")
    assert (shell.source, shell.value.text) == ("Rank and File, ch. 12", "-1")
    values = {"stands": 2, "unit_type": "artillery", **ONE_DIE}
    assert prepare(ruleset, "fire", values, ["shell_behind_obstacle"]).total() == -1
    with pytest.raises(InputError, match="does not apply"):
        prepare(ruleset, "fire", {**values, "unit_type": "infantry"}, ["shell_behind_obstacle"])
    with pytest.raises(InputError, match="does not apply"):
        prepare(ruleset, "melee", {"stands": 2}, ["horse_vs_camel"])
    assert prepare(ruleset, "melee", {"stands": 2, "unit_type": "cavalry"}, ["horse_vs_camel"])


def test_fire_dice_per_stand_stay_a_question_for_the_players() -> None:
    """RULES-MAP: no source gives the fire dice per stand; the players are asked."""
    with pytest.raises(MissingGapError) as asked:
        odds(prepare(rs(), "fire", {"stands": 4}))
    assert asked.value.gap == "fire_dice_per_stand"
    res = roll(rs(), "fire", {"stands": 2, "fire_dice_per_stand": 2}, [4, 4, 1, 1])
    assert res.value == 2 and len(res.dice) == 4
    assert [(g.id, g.kind) for g in res.gaps] == [("fire_dice_per_stand", "players")]


def test_values_from_the_examples_are_rulings_saying_so() -> None:
    """Seed 001, Rally example: 12" rout; seed 000, Wave Attacks example: one D6 a stand in
    melee, the loser retires 2D6" unsteady, the leader's melee bonus counts toward the score.
    Each answer using one of them names the ruling, 'from the example in ...'."""
    melee = roll(rs(), "melee", {"stands": 2}, [4, 1])
    assert [(g.id, g.kind) for g in melee.gaps] == [("melee_dice_per_stand", "ruling")]
    assert "rnf-melee-die-per-stand" in [r.id for r in melee.rulings]
    result = roll(
        rs(), "melee_result", {"attacker_hits": 2, "defender_hits": 2, "attacker_leader": 1}, []
    )
    assert result.outcome == "attacker_wins"
    rulings = {r.id: r.reading for r in result.rulings}
    assert rulings.keys() >= {"rnf-melee-loser-retires", "rnf-leader-melee-bonus"}
    assert all(reading.startswith("From the example in R&F") for reading in rulings.values())
    routs = roll(
        rs(), "morale", {"quality": "veteran", "stands_start": 7, "state": "unsteady"}, [1]
    )
    assert [(g.id, g.value, g.kind) for g in routs.gaps] == [
        ("rout_distance_infantry", 12, "ruling")
    ]
    assert "rnf-rout-distance-infantry" in [r.id for r in routs.rulings]


def test_a_routing_single_stand_causes_no_pass_through_test() -> None:
    """Seed 000, Pass Through Morale Test: 'Single stands that rout do not cause pass through
    morale tests'."""
    ruleset = rs("pass_through_morale")
    values = {"quality": "regular", "stands_start": 6, "cause": "pass_through"}
    with pytest.raises(InputError, match=r"single stands that rout cause no pass-through"):
        prepare(ruleset, "morale", {**values, "passed_by_single_stand": True})
    assert prepare(ruleset, "morale", values)


def test_long_range_needs_the_clubs_ranges() -> None:
    """RULES-MAP: the weapon ranges are in no source; ticking long range (-1, p.52) asks them."""
    with pytest.raises(MissingGapError) as asked:
        prepare(rs(), "fire", {"stands": 2, "fire_dice_per_stand": 1}, ["long_range"])
    assert asked.value.gap == "weapon_ranges"
    res = roll(rs(), "fire", {"stands": 1, **ONE_DIE}, [4], ["long_range"])
    assert res.value == 0  # 4 - 1 = 3: a miss
    assert {g.id: g.kind for g in res.gaps}["weapon_ranges"] == "players"
