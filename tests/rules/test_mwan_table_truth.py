"""MWAN #116: the cards are the truth (issue 35).

Each check reads the unit cards of First Bull Run: Henry Hill (its type, formation, leader,
markers), the rules that forbid an action refuse it before the roll, and every result names the
unit it falls on. The rule text is the article's (shared/seeds/002_a5828d3d965392ed.txt).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from drumhead.checks.resolve import odds, prepare
from drumhead.errors import InputError, MissingCardValueError
from drumhead.game import Game, load_scenario, new_game, unit_inputs
from drumhead.loading.loader import load_ruleset

from .table_truth import effects_without_who, run_cli

RULESET = "mwan116-acw"
AT = "2026-11-23T20:00:00Z"


@pytest.fixture
def game() -> Game:
    return new_game(RULESET, scenario=load_scenario("first-bull-run-henry-hill"), seed=11)


def inches(game: Game, unit: str, values: dict[str, object] | None = None, mods=()) -> int:  # type: ignore[no-untyped-def]
    _, result = game.resolve("movement", unit, values or {}, mods, at=AT)
    assert result.value is not None
    return result.value


# -- Artillery Rules: "Always treat as line formation" -----------------------------------------
def test_a_battery_wheels_as_a_line(game: Game) -> None:
    """Ricketts' battery (in battery on its card) wheels 45 degrees: a line's -5" off the field
    artillery's 10" (Basic Movement; Movement Modifiers: 45 degree wheel, line only)."""
    assert inches(game, "ricketts") == 10
    assert inches(game, "ricketts", mods=["wheel"]) == 5
    game.edit_unit("ricketts", "formation", "limbered", at=AT)
    assert inches(game, "ricketts", mods=["wheel"]) == 5


def test_a_column_still_may_not_wheel(game: Game) -> None:
    """The 38th New York is in column on its card: the wheel is a line's only."""
    with pytest.raises(InputError, match="does not apply"):
        inches(game, "ny38", mods=["wheel"])
    assert inches(game, "ny38") == 20


# -- Snipers: "Snipers will fire at exposed generals at ranges up to 900 yards (30")" ------------
def test_the_sniper_reaches_30_inches_and_no_further() -> None:
    """A general 31" from the sniper is out of its reach (900 yards at 1" = 30 yards): the shot
    is refused before the roll; at 30" it is taken (1-4 shot from the saddle)."""
    rs = load_ruleset(RULESET)
    with pytest.raises(InputError, match=r'30" \(900 yards\).*MWAN116 Firing: Snipers'):
        prepare(rs, "sniper", {"range_inches": 31})
    ctx = prepare(rs, "sniper", {"range_inches": 30})
    assert {o.outcome: o.p for o in odds(ctx)}["killed"] == Fraction(4, 12)
    with pytest.raises(InputError, match="line of sight"):
        prepare(rs, "sniper", {"range_inches": 12, "line_of_sight": False})


# -- Close Combat Moves: "Infantry will not attack mounted cavalry" ------------------------------
def test_infantry_will_not_attack_mounted_cavalry_in_the_flank_either(game: Game) -> None:
    """The 11th New York (infantry) against the flank of the 1st Virginia Cavalry (mounted on
    its card): refused on the flank/rear table as on the frontal one. Stuart's troopers on the
    Zouaves' flank are allowed (cavalry close automatically from the flank or rear)."""
    for check in ("close_combat", "close_combat_flank"):
        with pytest.raises(InputError, match="infantry will not attack mounted cavalry"):
            game.resolve(check, "ny11_zouaves", {}, at=AT, roles={"defender": "va1_cavalry"})
    _, result = game.resolve(
        "close_combat_flank",
        "va1_cavalry",
        {},
        hand_dice=[6],
        at=AT,
        roles={"defender": "ny11_zouaves"},
    )
    assert result.outcome == "swept_from_field"
    inputs = dict(result.inputs)
    assert (inputs["attacker_type"], inputs["attacker_formation"]) == ("cavalry", "mounted")
    assert (inputs["defender_type"], inputs["defender_formation"]) == ("infantry", "line")


def test_dismounted_cavalry_act_as_infantry_and_may_be_attacked(game: Game) -> None:
    """Dismounted, the 1st Virginia Cavalry may be attacked by infantry (ruling
    mwan-dismounted-cavalry); the frontal table then reads both cards."""
    game.edit_unit("va1_cavalry", "formation", "dismounted", at=AT)
    game.edit_unit("ny11_zouaves", "state", "charge_to_combat", at=AT)  # a frontal attack
    _, result = game.resolve(
        "close_combat",
        "ny11_zouaves",
        {},
        hand_dice=[7, 1],
        at=AT,
        roles={"defender": "va1_cavalry"},
    )
    assert result.outcome == "driven_back"  # 7 + 1 (Willcox with the Zouaves) - 1 = +7


def test_cavalry_will_not_attack_a_battery_from_the_front(game: Game) -> None:
    with pytest.raises(InputError, match="cavalry will not attack artillery from the front"):
        game.resolve(
            "close_combat_flank",
            "va1_cavalry",
            {"attack": "artillery_front"},
            at=AT,
            roles={"defender": "ricketts"},
        )
    with pytest.raises(InputError, match="artillery attacked from the front"):
        game.resolve(
            "close_combat_flank",
            "va4",
            {"attack": "artillery_front"},
            at=AT,
            roles={"defender": "ny11_zouaves"},
        )
    # infantry close with a battery's front only on a Charge to Combat result (issue 35)
    with pytest.raises(InputError, match="only after a Charge to Combat result"):
        game.resolve(
            "close_combat_flank",
            "va4",
            {"attack": "artillery_front"},
            at=AT,
            roles={"defender": "ricketts"},
        )
    game.edit_unit("va4", "state", "charge_to_combat", at=AT)
    _, result = game.resolve(
        "close_combat_flank",
        "va4",
        {"attack": "artillery_front"},
        hand_dice=[10],
        at=AT,
        roles={"defender": "ricketts"},
    )
    assert result.outcome == "enemy_destroyed"


# -- Cavalry Rules: "4" penalty for mounting or dismounting" (ruling mwan-move-mount) -----------
def test_mounting_costs_4_inches_instead_of_the_halving(game: Game) -> None:
    """Mounting or dismounting is the cavalry's formation change; the ruleset's ruling
    mwan-move-mount says its 4" replaces the halving, so both may not apply: the halving is
    refused while the unit mounts or dismounts. The move is made at the new state's speed
    (ruling mwan-move-mount-speed): dismounting, 20" - 4" = 16"; mounting, 30" - 4" = 26"."""
    assert inches(game, "va1_cavalry") == 30
    assert inches(game, "va1_cavalry", {"mounting": True}) == 16
    with pytest.raises(InputError, match=r'costs 4" instead of halving.*mwan-move-mount'):
        inches(game, "va1_cavalry", {"mounting": True, "new_formation": "line"})
    assert inches(game, "va1_cavalry", {"new_formation": "line"}) == 15
    game.edit_unit("va1_cavalry", "formation", "dismounted", at=AT)
    assert inches(game, "va1_cavalry") == 20
    assert inches(game, "va1_cavalry", {"mounting": True}) == 26
    with pytest.raises(InputError, match="only cavalry mount or dismount"):
        inches(game, "va4", {"mounting": True})


# -- Firing: the target's and the firer's cards ---------------------------------------------------
TABLE = {"fire_dice": 4, "fire_hit_numbers": "10-12"}  # the players' (missing) firing table


def fire_dice(game: Game, firer: str, target: str, values=None, mods=()) -> int:  # type: ignore[no-untyped-def]
    """The dice the firer rolls at the target, as the fire check reads both cards (the most
    hits its odds can give)."""
    check = game.ruleset.check("fire")
    cards = {
        **unit_inputs(game.ruleset, check, game.state, firer),
        **unit_inputs(game.ruleset, check, game.state, target, "target"),
    }
    ctx = prepare(game.ruleset, "fire", {**cards, **TABLE, **(values or {})}, mods)
    return max(o.value for o in odds(ctx) if o.value is not None)


def test_fire_reads_the_target_from_its_card(game: Game) -> None:
    """The 38th New York is in column on its card: +3 dice (Fire Modifiers: column; ruling
    mwan-fire-column); the 1st Virginia Cavalry is mounted: +2 (ruling
    mwan-fire-mounted-cavalry). Neither is ticked: both cards say so."""
    assert fire_dice(game, "va4", "minn1") == 4
    assert fire_dice(game, "va4", "ny38") == 7
    assert fire_dice(game, "ny11_zouaves", "va1_cavalry") == 6
    game.edit_unit("va1_cavalry", "formation", "dismounted", at=AT)
    assert fire_dice(game, "ny11_zouaves", "va1_cavalry") == 4
    with pytest.raises(InputError, match="follows from the inputs"):
        fire_dice(game, "va4", "minn1", mods=["column"])


def test_a_battery_is_never_a_column_target(game: Game) -> None:
    """Artillery Rules: always treat as line formation, even limbered."""
    game.edit_unit("ricketts", "formation", "column", at=AT)
    assert fire_dice(game, "va4", "ricketts") == 4


def test_the_firer_must_be_what_its_card_says(game: Game) -> None:
    """The firing table's row (it keys the players' answers) is read from the firer's card
    (field artillery for a battery that is not horse artillery); a row typed over it is held to
    the card: a battery's card refuses an infantry row, a cavalry card one that is not
    cavalry's, and the horse or field row must be the card's. (An infantry card on a battery's row is not refused: the app's
    oracle offers each tick by one input changed, and the guns' ticks need the row alone.)"""
    check = game.ruleset.check("fire")
    assert unit_inputs(game.ruleset, check, game.state, "rockbridge")["firer"] == "field_artillery"
    with pytest.raises(InputError, match="the firing unit's card is a battery"):
        fire_dice(game, "rockbridge", "ny38", {"firer": "infantry"})
    with pytest.raises(InputError, match="the firing unit's card is cavalry"):
        fire_dice(game, "va1_cavalry", "ny38", {"firer": "infantry"})
    with pytest.raises(InputError, match="horse artillery"):
        fire_dice(game, "rockbridge", "ny38", {"firer": "horse_artillery"})
    assert fire_dice(game, "rockbridge", "ny38", {"firer": "field_artillery"}) == 7


def test_the_guns_on_the_card_say_which_shot_and_shell_modifier(game: Game) -> None:
    """The Rockbridge Artillery's guns are smoothbore on its card (-1 die firing shot and
    shell); Ricketts' are rifled (+1: Artillery Rules). Only the card's one is offered."""
    battery = {"firer": "field_artillery"}
    assert fire_dice(game, "rockbridge", "minn1", battery, ["smoothbore_shot_shell"]) == 3
    with pytest.raises(InputError, match="does not apply"):
        fire_dice(game, "rockbridge", "minn1", battery, ["rifled_shot_shell"])
    assert fire_dice(game, "ricketts", "va4", battery, ["rifled_shot_shell"]) == 5
    with pytest.raises(InputError, match="does not apply"):
        fire_dice(game, "ricketts", "va4", battery, ["smoothbore_shot_shell"])


def test_sharpshooters_are_read_from_the_card(game: Game) -> None:
    """A regiment whose card carries the sharpshooters marker adds 1 1/2 dice, rounded up
    (Sharpshooters; ruling mwan-fire-sharpshooters, mwan-fire-rounding): 4 + 1 1/2 -> 6."""
    assert fire_dice(game, "minn1", "va4") == 4
    game.edit_unit("minn1", "markers", ["sharpshooters"], at=AT)
    assert fire_dice(game, "minn1", "va4") == 6


# -- Major General: "rally one unit of his command by moving to that unit" -----------------------
def test_the_major_general_rallies_only_his_own_command(game: Game) -> None:
    """Heintzelman commands Willcox's brigade: he may rally the 38th New York (1-6 rallies).
    Franklin commands only his own brigade: the 38th is not his to rally."""
    game.edit_unit("ny38", "state", "quits_field", at=AT)
    _, result = game.resolve(
        "major_general_rally", "ny38", {}, hand_dice=[4], at=AT, leaders={"self": "heintzelman"}
    )
    assert result.outcome == "rallied" and dict(result.inputs)["in_command"] is True
    with pytest.raises(InputError, match="a unit of his command"):
        game.resolve("major_general_rally", "ny38", {}, at=AT, leaders={"self": "franklin"})
    with pytest.raises(InputError, match="by moving to it"):
        game.resolve("major_general_rally", "minn1", {}, at=AT)  # no general with or picked


def test_the_major_general_tries_one_rally_a_turn(game: Game) -> None:
    """MWAN116 Major General: 'Once each turn, the major general may attempt to rally one
    unit'. Heintzelman fails to rally the 38th New York (7-11: nothing happens); trying the 1st
    Minnesota the same turn is refused, picked or moved to it, whatever the die would say, and
    a brigadier's rally of his own is not his. Next turn he may try again."""
    for unit in ("ny38", "minn1"):
        game.edit_unit(unit, "state", "quits_field", at=AT)
    heintzelman = {"self": "heintzelman"}
    _, tried = game.resolve(
        "major_general_rally", "ny38", {}, hand_dice=[9], at=AT, leaders=heintzelman
    )
    assert tried.outcome == "failed" and dict(tried.inputs)["rallied_this_turn"] is False
    with pytest.raises(InputError, match=r"one unit a turn.*\(MWAN116 Major General\)"):
        game.resolve("major_general_rally", "minn1", {}, at=AT, leaders=heintzelman)
    game.attach_leader("heintzelman", "minn1", at=AT)  # he rides over to the Minnesotans
    with pytest.raises(InputError, match="one unit a turn"):
        game.resolve("major_general_rally", "minn1", {}, at=AT)
    game.next_turn(at=AT)
    _, again = game.resolve("major_general_rally", "minn1", {}, hand_dice=[2], at=AT)
    assert again.outcome == "rallied"


def test_a_logged_rally_names_a_leader_of_the_game(game: Game) -> None:
    """The leader a rally was made with is logged with it (it says who tried this turn); a log
    naming a leader the game lacks is refused at that key, like a picked leader."""
    import dataclasses

    from drumhead.game.event_rules import check_event

    game.edit_unit("ny38", "state", "quits_field", at=AT)
    before = game.state
    event, _ = game.resolve(
        "major_general_rally", "ny38", {}, hand_dice=[9], at=AT, leaders={"self": "heintzelman"}
    )
    assert event.data["leader"] == "heintzelman"
    check_event(game.ruleset, game.phases(), before, event)
    bad = dataclasses.replace(event, data={**event.data, "leader": "nobody"})
    with pytest.raises(InputError, match=r"data\.leader: no leader 'nobody'"):
        check_event(game.ruleset, game.phases(), before, bad)
    game.resolve("sniper", "ny38", {"range_inches": 10}, hand_dice=[10], at=AT)
    assert "leader" not in game.log[-1].data  # a check that never asks who led this turn


def test_one_rally_a_turn_from_the_command_line(tmp_path: Path) -> None:
    """The same refusal through ``drumhead play --json``: the second unit's rally is a JSON
    error naming the rule, exit 1, nothing logged."""
    import json

    from drumhead.saves import load_save

    def drumhead(*args: str) -> tuple[int, str]:
        return run_cli(tmp_path, *args)

    scenario = ("--scenario", "first-bull-run-henry-hill", "--name", "b")
    assert drumhead("new", RULESET, *scenario)[0] == 0
    rally = ("play", "b", "major_general_rally", "--leader", "self=heintzelman", "--json")
    code, out = drumhead(*rally, "--role", "self=ny38", "--dice", "9")
    assert code == 0 and json.loads(out)["outcome"] == "failed"
    logged = len(load_save(tmp_path / "b.toml").game.events())
    code, out = drumhead(*rally, "--role", "self=minn1", "--dice", "2")
    assert code == 1
    message = json.loads(out)["error"]["message"]
    assert "one unit a turn" in message and "(MWAN116 Major General)" in message
    assert len(load_save(tmp_path / "b.toml").game.events()) == logged


# -- every result names the unit it falls on -----------------------------------------------------
def test_every_effect_names_whom_it_falls_on() -> None:
    assert effects_without_who(RULESET) == []


def _retire(game: Game) -> tuple[dict[str, object], list[str]]:
    """The 1st Minnesota rolls 4 on the Morale Results Table (Retire 20"), applied as the app
    applies a check without sides; returns the applied event's data and the card's notes."""
    event, result = game.resolve("morale", "minn1", {}, hand_dice=[4], at=AT)
    assert result.outcome == "retire_20"
    applied = game.apply_effects(
        "minn1", list(result.effects), at=AT, resolution=event.seq, roles={"self": "minn1"}
    )
    return applied.data, game.state.unit("minn1").notes.splitlines()


def test_instructions_are_addressed_to_the_table(game: Game) -> None:
    """The card says the unit retires; 'may move and fire next turn; a blocked path means
    surrender' is for the players: the effect falls on no unit."""
    data, _ = _retire(game)
    assert game.state.unit("minn1").state == "retire"
    effects = data["effects"]
    assert isinstance(effects, list)
    assert [e["text"] for e in effects if "unit" not in e] == [
        "May move and fire next turn; a blocked path means surrender; retiring through woods "
        "means quitting the field"
    ]


def test_a_table_note_is_never_written_on_the_card(game: Game) -> None:
    _, notes = _retire(game)
    assert notes == ["Col. Willis Gorman; on the batteries' right"]


# every input is bound or says why it is asked: tests/rules/test_inputs_bound_or_asked.py


# -- Swept from the field: "1 stand of figures are captured" -------------------------------------
def test_a_stand_captured_comes_off_the_card_that_gives_its_stand_size(game: Game) -> None:
    """The 1st Minnesota swept from the field on the flank table (5-8): it quits the field and
    loses a stand captured. Its card gives 4 figures a stand (the players' basing): 19 -> 15.
    A card that gives no stand size asks the players for it (tests/game/test_stand_captured.py),
    never a note left on the card."""
    game.edit_unit("minn1", "figures_per_stand", 4, at=AT)
    event, result = game.resolve(
        "close_combat_flank", "va33", {}, hand_dice=[6], at=AT, roles={"defender": "minn1"}
    )
    assert result.outcome == "swept_from_field"
    game.apply_effects(
        "va33",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles={"attacker": "va33", "defender": "minn1"},
    )
    assert (game.state.unit("minn1").strength_now, game.state.unit("minn1").state) == (
        15,
        "quits_field",
    )
    again, plain = game.resolve(
        "close_combat_flank", "va33", {}, hand_dice=[6], at=AT, roles={"defender": "ny38"}
    )
    assert [e.kind for e in plain.effects if e.who == "defender"] == ["state", "distance", "lose"]
    with pytest.raises(MissingCardValueError, match="38th New York has no value for 'Figures"):
        game.apply_effects(
            "va33",
            list(plain.effects),
            at=AT,
            resolution=again.seq,
            roles={"attacker": "va33", "defender": "ny38"},
        )


def test_a_picked_major_general_killed_is_the_one_picked_not_the_brigadier() -> None:
    """MWAN116 Major General: on a 12 the major general is killed. With Beauregard picked for
    the 4th Virginia (Jackson is attached to it), the kill falls on Beauregard, not on the
    brigadier with the unit. Found by the data work of issue 35."""
    from drumhead.game import load_scenario, new_game

    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=2)
    event, result = game.resolve(
        "major_general_rally", "va4", {}, hand_dice=[12], at=AT, leaders={"self": "beauregard"}
    )
    assert result.outcome == "general_killed"
    game.apply_effects("va4", list(result.effects), at=AT, resolution=event.seq)
    assert game.state.leader("beauregard").status == "killed"
    assert game.state.leader("jackson").status == "active"
