"""Issue 35: the effects of a roll are held to the side rule the roll is
(:func:`drumhead.game.sides.wrong_side`): :meth:`Game.apply_effects` refuses a unit picked on
the wrong side of its role (an ally as the defender) with the same words and the role named,
before a card changes or a line is logged; and an entry added to the log by hand (as a save's
journal adds it) is refused naming its key, for a roll and for its effects alike."""

from __future__ import annotations

import pytest

from drumhead.checks.results import Effect
from drumhead.errors import InputError, WrongSideError
from drumhead.game import Game, load_scenario, new_game
from drumhead.game.events import Event

AT = "2026-11-23T20:00:00Z"
ALLY = "5th Virginia is on the side of 4th Virginia: the defending unit is the enemy's"


def fought() -> tuple[Game, int, list[Effect]]:
    """First Bull Run (MWAN #116): the 4th Virginia (Confederate) in close combat with the 1st
    Minnesota (Union), 6 and 6 rolled; the roll's seq and its effects."""
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)
    event, result = game.resolve(
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        hand_dice=[6, 6],
        at=AT,
        roles={"defender": "minn1"},
    )
    return game, event.seq, list(result.effects)


def test_the_effects_refuse_an_ally_as_the_defender_before_anything_changes() -> None:
    game, seq, effects = fought()
    before, logged = game.state, game.event_count
    with pytest.raises(WrongSideError) as refused:
        game.apply_effects(
            "va4",
            effects,
            at=AT,
            resolution=seq,
            roles={"attacker": "va4", "defender": ["va5"]},
        )
    assert refused.value.role == "defender"
    assert str(refused.value) == ALLY
    assert game.state is before and game.event_count == logged  # nothing logged, no card
    # a group with one enemy and one ally: the ally refused all the same
    with pytest.raises(WrongSideError, match="5th Virginia is on the side of 4th Virginia"):
        game.apply_effects(
            "va4", effects, at=AT, resolution=seq, roles={"defender": ["minn1", "va5"]}
        )
    assert game.state is before
    done = game.apply_effects(
        "va4", effects, at=AT, resolution=seq, roles={"attacker": "va4", "defender": "minn1"}
    )
    # 6+6 in close combat: both sides lose 2 figures (MWAN #116 close combat table)
    assert [(e["unit"], e["kind"]) for e in done.data["effects"] if e["kind"] == "lose"] == [
        ("va4", "lose"),
        ("minn1", "lose"),
    ]


def _entry(game: Game, kind: str, data: dict[str, object]) -> Event:
    state = game.state
    return Event(game.event_count + 1, kind, data, state.turn, state.phase, AT)


def test_a_roll_added_with_an_ally_as_the_defender_is_refused_at_its_key() -> None:
    game, seq, _ = fought()
    forged = {**game.entries[seq - 1].data, "roles": {"defender": ["va5"]}}
    with pytest.raises(InputError) as refused:
        game.add_event(_entry(game, "resolution", forged), record=False)
    assert "data.roles.defender" in str(refused.value)
    assert ALLY in str(refused.value)
    assert game.event_count == seq


def test_effects_added_with_an_ally_as_the_defender_are_refused_at_their_key() -> None:
    """The entry's roll says which check's sides the roles are held to."""
    game, seq, _ = fought()
    effect = {"kind": "note", "who": "defender", "text": 'Defender falls back 12"', "unit": "va5"}
    data = {"unit": "va4", "roles": {"defender": ["va5"]}, "effects": [effect], "resolution": seq}
    with pytest.raises(InputError) as refused:
        game.add_event(_entry(game, "apply_effects", data), record=False)
    assert "data.roles.defender" in str(refused.value)
    assert ALLY in str(refused.value)
    fine = {**data, "roles": {"defender": ["minn1"]}, "effects": [{**effect, "unit": "minn1"}]}
    game.add_event(_entry(game, "apply_effects", fine), record=False)
    assert game.event_count == seq + 1
