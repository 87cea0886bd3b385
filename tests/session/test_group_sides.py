"""A side of several units at the table (issue 35): the form takes more units for a role that
holds a group (Republique's assault), the roll and its effects take them all, and an effect
the rules leave to the players (base hits, 4.4) asks which of them.

Worked by hand (the sample club's values; its +6 infantry cell given base hits, as a printed
chart's would: 'Defender 3M 2B 2P; attacker carries the position'): Hiller's line (6 bases,
in line) assaults the 67e and 37e Ligne. Both cards fill the defender's inputs (veteran,
in line, Molitor of value 1); both cards give the group's 8 bases. Attacker in line +1;
defender in line +1, veteran +1, Molitor +1 = +3; 6 bases against 8, no outnumbering. Dice 9
and 1: 10 against 4, +6: 3 morale hits on both (shaken), 2 base hits picked, 2 panic hits.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from phases import to_phase
from table_turn import open_table

from drumhead.errors import DrumheadError, InputError, PickNeededError
from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"


@pytest.fixture
def table(tmp_path: Path):  # type: ignore[no-untyped-def]
    text = re.sub(
        r'(?m)^chart_infantry_p6 = ".*"$',
        'chart_infantry_p6 = "Defender 3M 2B 2P; attacker carries the position"',
        SAMPLE.read_text(encoding="utf-8"),
    )
    house = tmp_path / "club.toml"
    house.write_text(text, encoding="utf-8")
    table = open_table(tmp_path / "saves", "republique", "aspern-1809", str(house))
    to_phase(table)
    yield table
    table.close(force=True)


def test_a_side_of_two_units_is_rolled_and_its_base_hits_picked(table: TableSession) -> None:
    form = table.form("assault", "hiller_line")
    form.set_role("defender", "ligne_67")
    form.add_to_role("defender", "ligne_37")
    assert form.picked_roles() == {"defender": ["ligne_67", "ligne_37"]}
    assert form.values["defender_bases_primary"] == 8  # 4 + 4, from both cards
    result = form.roll([9, 1])
    assert result.value == 6
    first = form.check.role_ids[0]
    roles = {first: "hiller_line", **form.picked_roles()}
    with pytest.raises(PickNeededError) as asked:
        table.apply_effects("hiller_line", form.effects, roles)
    assert asked.value.units == ("ligne_67", "ligne_37")
    assert table.apply_effects(
        "hiller_line", form.effects, roles, {"defender": ["ligne_37", "ligne_67"]}
    )
    state = table.open_game_or_fail().state
    cards = {u: (state.unit(u).strength_now, state.unit(u).state) for u in ("ligne_67", "ligne_37")}
    assert cards == {"ligne_67": (3, "shaken"), "ligne_37": (3, "shaken")}


def test_a_side_takes_more_units_after_its_first_and_each_unit_once(table: TableSession) -> None:
    form = table.form("assault", "hiller_line")
    with pytest.raises(DrumheadError, match="first unit first"):
        form.add_to_role("defender", "ligne_37")
    form.set_role("defender", "ligne_67")
    with pytest.raises(DrumheadError, match="already in this check"):
        form.add_to_role("defender", "ligne_67")
    with pytest.raises(DrumheadError, match="already in this check"):
        form.add_to_role("defender", "hiller_line")
    form.set_role("defender", None)
    assert form.picked_roles() == {}


def test_the_side_the_check_is_made_for_takes_more_units_of_its_own(table: TableSession) -> None:
    form = table.form("assault", "hiller_line")
    assert form is not None
    form.set_role("defender", "ligne_67")
    with pytest.raises(DrumheadError, match="not on the side of"):
        form.add_to_role("attacker", "ligne_37")
    # an ally among the defenders: refused with the words that keep it out of the picker
    with pytest.raises(DrumheadError, match=r"is on the side of .*: the defending .* enemy's"):
        form.add_to_role("defender", "hiller_grenz")
    form.add_to_role("attacker", "hiller_grenz")
    assert form.picked_roles() == {
        "defender": ["ligne_67"],
        "attacker": ["hiller_line", "hiller_grenz"],
    }
    form.roll([5, 5])
    rolled = table.open_game_or_fail().log[-1]
    assert rolled.data["roles"] == {
        "defender": ["ligne_67"],
        "attacker": ["hiller_line", "hiller_grenz"],
    }


def test_a_side_of_several_refuses_a_unit_on_the_wrong_side(table: TableSession) -> None:
    """Issue 35: a French battalion among the defenders only (an Austrian one is refused
    there), and incidental contact beside the attacker takes Austrians only (``side =
    "own"``): the form's pick and the game's roll refuse alike, before the roll."""
    form = table.form("assault", "hiller_line")
    assert form is not None
    form.set_role("defender", "ligne_67")
    form.add_to_role("defender", "ligne_37")
    with pytest.raises(InputError, match=r"is not on the side of .*: assaulting units in"):
        form.set_role("attacker_incidental", "ligne_16")
    form.set_role("attacker_incidental", "hiller_grenz")
    assert form.picked_roles()["attacker_incidental"] == ["hiller_grenz"]
    game = table.open_game_or_fail()
    logged = game.event_count
    with pytest.raises(InputError, match=r"is on the side of .*: the defending units"):
        game.resolve(
            "assault",
            "hiller_line",
            {},
            at="t",
            roles={"defender": ["ligne_67", "hiller_grenz"]},  # an ally among the enemy
            hand_dice=[5, 5],
        )
    with pytest.raises(InputError, match=r"is not on the side of .*: assaulting units in"):
        game.resolve(
            "assault",
            "hiller_line",
            {},
            at="t",
            roles={"defender": ["ligne_67"], "attacker_incidental": ["ligne_16"]},
            hand_dice=[5, 5],
        )
    assert game.event_count == logged


def test_the_effects_list_names_the_units_a_group_effect_falls_on(table: TableSession) -> None:
    """Beside each effect the resolve screen names whom it falls on: a side of two units by
    both names, a base hit as 'one of' them (picked when it is applied)."""
    form = table.form("assault", "hiller_line")
    assert form is not None
    form.set_role("defender", "ligne_67")
    form.add_to_role("defender", "ligne_37")
    form.roll([9, 1])
    named = {(e.kind, e.who): form.falls_on(e) for e in form.effects}
    assert named[("step", "defender")] == "67e Ligne, 37e Ligne"
    assert named[("lose", "pick:defender")] == "one of 67e Ligne, 37e Ligne"


def test_the_sides_leader_is_read_from_any_of_its_units_and_two_are_asked(
    table: TableSession,
) -> None:
    """Ruling rep-side-leader: the Grenz (no leader) assaults with IR 15 Zach added
    (Archduke Charles, 2, charismatic): the form shows Charles's +2, as the roll reads it.
    With Hiller (1) moved to the Grenz, two leaders are with the side: the roll waits for
    the players to pick, and rolls with the one picked."""
    form = table.form("assault", "hiller_grenz")
    form.set_role("defender", "ligne_16")
    assert form.values["attacker_leader"] == 0  # the Grenz alone: no leader
    form.add_to_role("attacker", "ir15_zach")
    assert (form.values["attacker_leader"], form.values["attacker_leader_charismatic"]) == (
        2,
        True,
    )
    assert (
        "The side's leader: Archduke Charles, with IR 15 Zach (his values are read)"
        in form.card_lines()
    )
    game = table.open_game_or_fail()
    game.edit_leader("hiller", "attached_to", "hiller_grenz", at="2026-11-23T20:00:00Z")
    logged = game.event_count
    with pytest.raises(InputError, match="2 leaders are with the assaulting units"):
        form.roll([5, 5])
    assert game.event_count == logged
    form.set_leader("attacker", "hiller")
    assert form.values["attacker_leader"] == 1
    result = form.roll([5, 5])
    assert {m.id: m.value for m in result.modifiers}["attacker_leader"] == 1
