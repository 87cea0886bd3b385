"""Republique, the leader of a side of several units (issue 35; ruling rep-side-leader). 4.3:
"a unit with an attached leader receives that leader's value added to the assault roll";
the unit must be in his chain of command unless he is charismatic. The side's leader is the
one attached to any of its units in primary contact, read with the unit he is with, not only
the leader of the unit picked first; with two attached, the rules do not say whose value
counts, so the roll waits for the players to pick (or type the values), never chosen for
them.

Aspern 1809 (data/scenarios/aspern-1809.toml): Archduke Charles (value 2, charismatic) is
with IR 15 Zach; the Grenz battalion has no leader; Hiller (value 1, commands the Hiller
column: the Grenz's brigade) is with no unit; Molitor (value 1) is with the 67e Ligne, not
with the 16e. The sample club's values fill what our source lacks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from phases import to_phase

from drumhead.errors import LeaderNeededError
from drumhead.game import Game, load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
AT = "2026-11-23T20:00:00Z"


@pytest.fixture
def game() -> Game:
    return to_phase(
        new_game(
            "republique", scenario=load_scenario("aspern-1809"), seed=5, house_rules=str(HOUSE)
        )
    )


def assault(
    game: Game, attackers: list[str], defenders: list[str], **kwargs: object
) -> tuple[dict[str, object], dict[str, int]]:
    values = kwargs.pop("values", {})
    assert isinstance(values, dict)
    _, result = game.resolve(
        "assault",
        attackers[0],
        values,
        hand_dice=[5, 5],
        at=AT,
        roles={"attacker": attackers, "defender": defenders},
        **kwargs,  # type: ignore[arg-type]
    )
    return dict(result.inputs), {m.id: m.value for m in result.modifiers}


def test_the_leader_with_the_sides_second_unit_is_read(game: Game) -> None:
    """The Grenz picked first (no leader), Zach second (Charles, 2): the side has Charles's
    +2, as it would with Zach picked first; the 16e picked first, the 67e second (Molitor,
    1): the defender has Molitor's +1. The first card alone read 0 for both."""
    inputs, mods = assault(game, ["hiller_grenz", "ir15_zach"], ["ligne_16", "ligne_67"])
    assert (inputs["attacker_leader"], inputs["attacker_leader_charismatic"]) == (2, True)
    assert (inputs["defender_leader"], inputs["defender_leader_in_command"]) == (1, True)
    assert (mods["attacker_leader"], mods["defender_leader"]) == (2, 1)
    again, same = assault(game, ["ir15_zach", "hiller_grenz"], ["ligne_67", "ligne_16"])
    keys = ("attacker_leader", "defender_leader", "attacker_leader_charismatic")
    assert {k: again[k] for k in keys} == {k: inputs[k] for k in keys}
    assert (same["attacker_leader"], same["defender_leader"]) == (2, 1)


def test_his_chain_of_command_is_read_with_the_unit_he_is_with(game: Game) -> None:
    """Hiller (value 1, not charismatic, commands the Hiller column) moved to the Grenz, and
    Charles taken off Zach: Zach picked first (the Charles column), the Grenz second. The
    unit Hiller leads is in his command: +1. Read with Zach's card it would not be, and
    the modifier would be lost."""
    game.edit_leader("charles", "attached_to", None, at=AT)
    game.edit_leader("hiller", "attached_to", "hiller_grenz", at=AT)
    inputs, mods = assault(game, ["ir15_zach", "hiller_grenz"], ["ligne_16"])
    assert (inputs["attacker_leader"], inputs["attacker_leader_in_command"]) == (1, True)
    assert mods["attacker_leader"] == 1


def test_two_leaders_with_one_side_wait_for_the_players(game: Game) -> None:
    """Charles with Zach, Hiller with the Grenz: the rules do not say whose value counts, so
    the roll is refused before a die, naming both; picked (Hiller) or typed (3, both added
    as the players read it), it rolls with theirs."""
    game.edit_leader("hiller", "attached_to", "hiller_grenz", at=AT)
    logged = game.event_count
    with pytest.raises(LeaderNeededError) as asked:
        assault(game, ["hiller_grenz", "ir15_zach"], ["ligne_16"])
    assert asked.value.role == "attacker"
    assert asked.value.leaders == ("hiller", "charles")
    assert str(asked.value) == (
        "2 leaders are with the assaulting units in primary contact (FML Johann von Hiller "
        "with Grenz infantry battalion, Hiller's VI Korps column; Archduke Charles with IR 15 "
        "Zach): the rules do not say whose value counts for one side, so it is yours to say: "
        "pick the side's leader, or give his values yourself"
    )
    assert game.event_count == logged  # nothing rolled, nothing logged
    picked, mods = assault(
        game, ["hiller_grenz", "ir15_zach"], ["ligne_16"], leaders={"attacker": "hiller"}
    )
    assert (picked["attacker_leader"], mods["attacker_leader"]) == (1, 1)
    _, mods = assault(
        game,
        ["hiller_grenz", "ir15_zach"],
        ["ligne_16"],
        values={
            "attacker_leader": 3,
            "attacker_leader_in_command": True,
            "attacker_leader_charismatic": True,
        },
    )
    assert mods["attacker_leader"] == 3


def test_a_side_of_one_unit_reads_its_own_leader_only(game: Game) -> None:
    """No group, no change: the Grenz alone has no leader (0), whoever else has one."""
    inputs, mods = assault(game, ["hiller_grenz"], ["ligne_16"])
    assert inputs["attacker_leader"] == 0 and "attacker_leader" not in mods
