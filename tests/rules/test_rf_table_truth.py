"""Rank and File: the cards are the truth (issue 35).

Melee hits and the wave attack's shared defensive fire land as hits on the unit that took
them; each full set of its card's hits per stand takes a stand away (ruling
rnf-hits-carry-over). Rule text: seeds 001 (core) and 000 (Supplement 2, Wave Attacks).
"""

from __future__ import annotations

import pytest

from drumhead.errors import InputError
from drumhead.game import Game, load_scenario, new_game

from .table_truth import effects_without_who

RULESET = "rank-and-file"
AT = "2026-11-23T20:00:00Z"


@pytest.fixture
def game() -> Game:
    g = new_game(RULESET, scenario=load_scenario("rnf-wave-attack"), seed=4)
    for unit in ("csa_first_wave", "csa_second_wave", "union_regiment"):
        # the players' answer to 'hits a stand can take' (not in our sources): 2 for the example
        g.edit_unit(unit, "hits_per_stand", 2, at=AT)
    return g


def apply(game: Game, unit: str, check: str, values, roles, dice=None):  # type: ignore[no-untyped-def]
    """Resolve a check for ``unit`` with the roles picked and apply every effect as the app
    does (both sides in one event; the table's notes on no card)."""
    event, result = game.resolve(check, unit, values, hand_dice=dice, at=AT, roles=roles)
    first = game.ruleset.check(check).role_ids[0]
    game.apply_effects(
        unit, list(result.effects), at=AT, resolution=event.seq, roles={first: unit, **roles}
    )
    return result


# -- melee: the hits a unit scores fall on the enemy ---------------------------------------------
def test_melee_hits_land_on_the_enemy(game: Game) -> None:
    """The first wave (8 stands, 1 D6 each: ruling rnf-melee-die-per-stand) rolls against the
    Union regiment: 4, 5, 6 and 4 hit on 4+; 1, 2, 3, 3 miss. Four hits on the Union card at
    2 hits a stand: two stands lost, no hits left over."""
    result = apply(
        game,
        "csa_first_wave",
        "melee",
        {},
        {"enemy": "union_regiment"},
        [4, 5, 6, 4, 1, 2, 3, 3],
    )
    assert result.value == 4
    union = game.state.unit("union_regiment")
    assert (union.strength_now, union.hits) == (4, 0)
    assert game.state.unit("csa_first_wave").strength_now == 8


def test_foot_fighting_mounted_is_read_from_the_cards(game: Game) -> None:
    """Fast Play Sheet p.52: foot fighting mounted -1. The Union regiment is made cavalry on
    its card: the first wave (infantry) hits on 5+; the tick is no longer the players'."""
    game.edit_unit("union_regiment", "type", "cavalry", at=AT)
    _, result = game.resolve(
        "melee", "csa_first_wave", {}, hand_dice=[4] * 8, at=AT, roles={"enemy": "union_regiment"}
    )
    assert result.value == 0 and {m.id for m in result.modifiers} == {"foot_vs_mounted"}
    with pytest.raises(InputError, match="cavalry attacking elephants"):
        game.resolve(
            "melee",
            "csa_first_wave",
            {"cavalry_vs_elephants": True},
            at=AT,
            roles={"enemy": "union_regiment"},
        )


# -- wave attacks: the defensive fire shared 2:1 -------------------------------------------------
def test_the_wave_split_lands_on_both_waves(game: Game) -> None:
    """Supplement 2's example: the battery's and the regiment's combined defensive fire, 5
    hits, go 1, 2 to the front, 3 to the second, 4, 5 to the front: 4 and 1. At 2 hits a
    stand the front wave loses 2 stands (8 -> 6), the second wave marks 1 hit."""
    result = apply(game, "csa_first_wave", "wave_split", {"hits": 5}, {"second": "csa_second_wave"})
    assert dict(result.values) == {"first": 4, "second": 1}
    first, second = (game.state.unit(u) for u in ("csa_first_wave", "csa_second_wave"))
    assert (first.strength_now, first.hits) == (6, 0)
    assert (second.strength_now, second.hits) == (6, 1)


def test_fire_at_a_wave_attack_leaves_its_hits_to_the_split(game: Game) -> None:
    """The front wave carries the wave_attack marker: the regiment's defensive fire names its
    hits for the split instead of marking them on the front wave (so they are not counted
    twice). Without the marker they land on the target."""
    values = {"fire_dice_per_stand": 1}
    game.edit_unit("csa_first_wave", "markers", ["wave_attack"], at=AT)
    apply(game, "union_regiment", "fire", values, {"target": "csa_first_wave"}, [4, 4, 4, 1, 1, 1])
    assert game.state.unit("csa_first_wave").hits == 0
    game.edit_unit("csa_first_wave", "markers", [], at=AT)
    apply(game, "union_regiment", "fire", values, {"target": "csa_first_wave"}, [4, 1, 1, 1, 1, 1])
    assert game.state.unit("csa_first_wave").hits == 1


# -- every result names the unit it falls on -----------------------------------------------------
def test_every_effect_names_whom_it_falls_on() -> None:
    assert effects_without_who(RULESET) == []


# -- what the cards say, never a tick ------------------------------------------------------------
def test_a_battery_retires_as_its_card_says(game: Game) -> None:
    """Core, Artillery: a first failure limbers and retires 2D6" for foot artillery, 3D6" for
    horse. The Union battery's card says foot; made horse, it retires 3D6"."""
    _, result = game.resolve("morale", "union_battery", {}, hand_dice=[1], at=AT)
    assert [e.dice for e in result.effects if e.kind == "distance"] == ["2d6"]
    game.edit_unit("union_battery", "subtype", "horse", at=AT)
    _, result = game.resolve("morale", "union_battery", {}, hand_dice=[1], at=AT)
    assert [e.dice for e in result.effects if e.kind == "distance"] == ["3d6"]


@pytest.mark.parametrize("marker", ["charging", "charged", "evaded"])
def test_a_unit_marked_charging_charged_or_evaded_may_not_rally(game: Game, marker: str) -> None:
    """Core, Rally: a unit that is the target of a charge, is charging or has evaded may not
    rally; the card's marker says so."""
    game.edit_unit("union_regiment", "state", "unsteady", at=AT)
    game.edit_unit("union_regiment", "markers", [marker], at=AT)
    with pytest.raises(InputError, match=f"may not try to rally \\(this one is {marker}\\)"):
        game.resolve("rally", "union_regiment", {}, at=AT)
    game.edit_unit("union_regiment", "markers", [], at=AT)
    _, result = game.resolve("rally", "union_regiment", {}, hand_dice=[6], at=AT)
    assert result.outcome == "rallied"


def test_the_wave_attack_ends_with_its_first_melee(game: Game) -> None:
    """Supplement 2: if the front wave loses, the second wave 'immediately fights a melee
    against the target using all of the usual melee rules': an ordinary melee, so the wave
    attack's markers (read by the defensive fire) come off both waves with the first melee's
    result (ruling rnf-wave-attack-ends)."""
    for unit in ("csa_first_wave", "csa_second_wave"):
        game.edit_unit(unit, "markers", ["wave_attack"], at=AT)
    apply(
        game,
        "csa_first_wave",
        "melee_result",
        {"attacker_hits": 2, "defender_hits": 3},
        {"defender": "union_regiment", "second": "csa_second_wave"},
    )
    assert game.state.unit("csa_first_wave").state == "unsteady"
    for unit in ("csa_first_wave", "csa_second_wave"):
        assert game.state.unit(unit).markers == frozenset(), unit


def test_buck_and_ball_is_read_from_the_card(game: Game) -> None:
    """ACW Buck & Ball: units armed entirely with smoothbore muskets add +1 to hit within 2"
    (the optional rule): the card says whether the unit is so armed."""
    game.edit_unit("union_regiment", "smoothbore", True, at=AT)
    _, result = game.resolve(
        "fire", "union_regiment", {"fire_dice_per_stand": 1}, hand_dice=[3] * 6,
        at=AT, roles={"target": "csa_first_wave"},
    )  # fmt: skip
    assert dict(result.inputs)["all_smoothbore"] is True


# every input is bound or says why it is asked: tests/rules/test_inputs_bound_or_asked.py


def test_effects_on_a_second_wave_nobody_picked_do_not_apply(game: Game) -> None:
    """A role the check may leave empty (the second wave, min = 0) that nobody was picked for
    has no unit: its effects do not apply, rather than stopping the rest ('pick it'). Found
    with the wave attack's markers when the players fought without naming the second wave."""
    game.edit_unit("csa_first_wave", "markers", ["wave_attack"], at=AT)
    apply(
        game,
        "csa_first_wave",
        "melee_result",
        {"attacker_hits": 2, "defender_hits": 3},
        {"defender": "union_regiment"},
    )
    assert game.state.unit("csa_first_wave").state == "unsteady"
    assert game.state.unit("csa_first_wave").markers == frozenset()
    applied = game.log[-1]
    assert all(e.get("who") != "second" for e in applied.data["effects"])
