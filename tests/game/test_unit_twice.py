"""Issue 35: a unit takes one part in a check. Picked for two sides of one check (67e Ligne as
the defender and again as a defending unit in incidental contact: its morale hits would fall
twice), twice for one side, or the unit the check is made for picked again (both waves of a
wave attack the same regiment), it is refused before the roll, by the game's roll, its effects
and an entry read from a save alike, with the side it already takes part for named; nothing is
logged. The form refuses the pick itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import InputError, UnitTwiceError
from drumhead.game import Game, load_scenario, new_game
from drumhead.game.events import Event
from drumhead.session import TableSession
from tests.support.phases import to_phase

AT = "2026-11-26T20:00:00Z"
HOUSE = Path(__file__).resolve().parents[2] / "data" / "house-rules"
CLUB = str(HOUSE / "republique-sample-club-values.toml")


def aspern() -> Game:
    """Aspern at its assault phase (the only phase an assault is rolled in: 4.1)."""
    game = new_game("republique", scenario=load_scenario("aspern-1809"), seed=3, house_rules=CLUB)
    return to_phase(game)


def test_a_defender_picked_again_in_incidental_contact_is_refused_before_the_roll() -> None:
    game = aspern()
    logged = game.event_count
    with pytest.raises(UnitTwiceError) as refused:
        game.resolve(
            "assault",
            "ir15_zach",
            {},
            at=AT,
            roles={"defender": ["ligne_67"], "defender_incidental": ["ligne_67"]},
            hand_dice=[6, 1],
        )
    assert refused.value.role == "defender_incidental"
    assert str(refused.value) == (
        "67e Ligne is already in this check (the defending units in primary contact): "
        "a unit takes one part in a check"
    )
    assert game.event_count == logged


@pytest.mark.parametrize(
    "roles",
    [
        {"defender": ["ligne_67", "ligne_67"]},  # twice for one side
        {"defender": ["ligne_67"], "attacker_incidental": ["ir15_zach"]},  # the unit itself
        {"attacker": ["ir15_zach", "hiller_line", "hiller_line"], "defender": ["ligne_67"]},
    ],
)
def test_every_other_way_of_naming_a_unit_twice_is_refused(roles: dict[str, list[str]]) -> None:
    game = aspern()
    with pytest.raises(UnitTwiceError, match="is already in this check"):
        game.resolve("assault", "ir15_zach", {}, at=AT, roles=roles, hand_dice=[6, 1])


def test_the_unit_heading_its_own_side_is_not_twice() -> None:
    """The first side's group starts with the unit the check is made for: that is once."""
    game = aspern()
    roles = {"attacker": ["ir15_zach", "hiller_line"], "defender": ["ligne_67"]}
    event, _ = game.resolve("assault", "ir15_zach", {}, at=AT, roles=roles, hand_dice=[6, 1])
    assert event.data["roles"]["attacker"] == ["ir15_zach", "hiller_line"]


def test_both_waves_the_same_regiment_is_refused() -> None:
    game = new_game("rank-and-file", scenario=load_scenario("rnf-wave-attack"), seed=3)
    with pytest.raises(UnitTwiceError, match=r"^Confederate regiment \(first wave\) is already"):
        game.resolve(
            "wave_attack",
            "csa_first_wave",
            {},
            at=AT,
            roles={"second": ["csa_first_wave"], "target": ["union_regiment"]},
        )


def test_effects_and_a_saved_entry_naming_a_unit_twice_are_refused_at_their_key() -> None:
    game = aspern()
    event, result = game.resolve(
        "assault", "ir15_zach", {}, at=AT, roles={"defender": ["ligne_67"]}, hand_dice=[6, 1]
    )
    twice = {"defender": ["ligne_67"], "defender_incidental": ["ligne_67"]}
    with pytest.raises(UnitTwiceError):
        game.apply_effects(
            "ir15_zach", list(result.effects), at=AT, resolution=event.seq, roles=twice
        )
    forged = {**event.data, "roles": twice}
    state = game.state
    entry = Event(game.event_count + 1, "resolution", forged, state.turn, state.phase, AT)
    with pytest.raises(InputError) as refused:
        game.add_event(entry, record=False)
    assert "data.roles.defender_incidental" in str(refused.value)
    assert "is already in this check" in str(refused.value)


def test_the_form_refuses_a_unit_already_in_the_check(tmp_path: Path) -> None:
    table = TableSession(str(tmp_path), ruleset="republique", seed=7)
    try:
        table.new_game("republique", "twice", scenario="aspern-1809", house_rules=CLUB)
        to_phase(table)
        form = table.form("assault", "ir15_zach")
        assert form is not None
        form.set_role("defender", "ligne_67")
        with pytest.raises(InputError, match="is already in this check"):
            form.set_role("defender_incidental", "ligne_67")
        with pytest.raises(InputError, match="is already in this check"):
            form.set_role("attacker_incidental", "ir15_zach")
        assert "defender_incidental" not in form.roles
    finally:
        table.close(force=True)
