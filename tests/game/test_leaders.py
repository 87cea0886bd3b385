"""Leaders picked from the roster for a side of a check fill its leader inputs (Republique's
assault leader, MWAN's general with the unit), the nearest leaders offered first."""

from __future__ import annotations

from pathlib import Path

import pytest
from phases import to_phase

from drumhead.errors import InputError
from drumhead.game import load_scenario, new_game, unit_inputs

AT = "2026-11-23T20:00:00Z"
ROOT = Path(__file__).resolve().parents[2]


def aspern():  # type: ignore[no-untyped-def]
    game = new_game(
        "republique",
        scenario=load_scenario("aspern-1809"),
        seed=5,
        house_rules=str(ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"),
    )
    return to_phase(game)


def test_the_leaders_offered_for_a_unit_are_the_nearest_first() -> None:
    game = aspern()
    ids = [x.id for x in game.leader_choices("hiller_line")]
    assert ids[0] == "hiller"  # commands its brigade (hiller_column); none is with it
    assert set(ids) == {"hiller", "charles"}  # its own side's only
    assert game.leader_choices("ir15_zach")[0].id == "charles"  # the one with the unit


def test_a_leader_picked_for_each_side_of_an_assault_fills_its_inputs() -> None:
    """Hiller (value 1, commands hiller_column) leads the attack of Hiller's line; Massena
    (value 2, charismatic, commands molitor_reserve) is picked for the defending 16e Ligne."""
    game = aspern()
    check = game.ruleset.check("assault")
    plain = unit_inputs(game.ruleset, check, game.state, "hiller_line")
    assert plain["attacker_leader"] == 0 and "attacker_leader_in_command" not in plain
    event, result = game.resolve(
        "assault",
        "hiller_line",
        {},
        [],
        hand_dice=[5, 5],
        at=AT,
        roles={"defender": "ligne_16"},
        leaders={"attacker": "hiller", "defender": "massena"},
    )
    inputs = dict(result.inputs)
    assert inputs["attacker_leader"] == 1 and inputs["attacker_leader_in_command"] is True
    assert inputs["attacker_leader_charismatic"] is False
    assert inputs["defender_leader"] == 2 and inputs["defender_leader_charismatic"] is True
    assert inputs["defender_leader_in_command"] is True
    assert event.data["leaders"] == {"attacker": "hiller", "defender": "massena"}


def test_a_leader_outside_the_units_command_is_marked_so() -> None:
    game = aspern()
    fields = unit_inputs(
        game.ruleset, "assault", game.state, "ligne_16", "defender", leader_id="molitor"
    )
    assert fields["defender_leader_in_command"] is True  # molitor_reserve is his
    fields = unit_inputs(game.ruleset, "assault", game.state, "marulaz_chasseurs", "defender",
                         leader_id="molitor")  # fmt: skip
    assert fields["defender_leader_in_command"] is False


@pytest.mark.parametrize(
    ("attacker", "picked", "general"),
    [
        ("va4", None, True),  # Jackson is with the 4th Virginia on its card
        ("va4", "beauregard", True),  # Beauregard picked: Jackson is still with it
        ("va33", "beauregard", False),  # no general with the 33rd: picking one is not him
        ("va33", "jackson", False),  # Jackson picked, with the 4th Virginia
    ],
)
def test_mwan_general_with_the_unit_reads_its_card_not_the_leader_picked(
    attacker: str, picked: str | None, general: bool
) -> None:
    """MWAN116 Close Combat: "Add 1 to roll if general is with unit" (ruling
    mwan-close-combat-general). The box is filled from the card (a leader attached, not
    killed): a leader picked for the roll who is not with the unit does not count (issue 35:
    any leader picked ticked it), and one with it counts whoever else is picked."""
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=2)
    _, result = game.resolve(
        "close_combat",
        attacker,
        {"attacker_state": "charge_to_combat"},  # a frontal attack needs it (issue 35)
        [],
        hand_dice=[6, 6],
        at=AT,
        roles={"defender": "ny11_zouaves"},
        leaders={"attacker": picked} if picked else None,
    )
    inputs = dict(result.inputs)
    assert inputs["general"] is general
    assert inputs["opponent_general"] is True  # Willcox is with the Zouaves
    assert result.modified == (0 if general else -1)  # 6 + 1 - 6 - 1, or the defender's +1 only


def test_mwan_general_killed_is_no_longer_with_the_unit() -> None:
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=2)
    game.edit_leader("jackson", "status", "killed", at=AT)
    check = game.ruleset.check("close_combat")
    assert unit_inputs(game.ruleset, check, game.state, "va4")["general"] is False
    # the box reads no leader, so none is offered to pick for either side
    assert not any((i.from_unit or "").startswith("leader_") for i in check.inputs)


@pytest.mark.parametrize(
    ("leaders", "message"),
    [({"attacker": "nobody"}, "no leader 'nobody'"), ({"flank": "hiller"}, "no role 'flank'")],
)
def test_a_bad_leader_pick_is_refused(leaders: dict[str, str], message: str) -> None:
    game = aspern()
    logged = game.log
    with pytest.raises(InputError, match=message):
        game.resolve("assault", "hiller_line", {}, [], hand_dice=[5, 5], at=AT, leaders=leaders)
    assert game.log == logged
