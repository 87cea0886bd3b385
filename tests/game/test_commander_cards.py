"""One If By Land's optional commander cards (p.4, optional turn sequence rules one and two):
their phases are walked after a commander's card is drawn, never after a brigade's card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from drumhead.errors import DrumheadError
from drumhead.game import Game, load_scenario, new_game
from drumhead.game.walk import walked_for

AT = "2026-11-23T20:00:00Z"
COMMANDER_PHASES = {"division_card", "army_card"}


def walk(game: Game) -> list[tuple[str | None, str]]:
    """(card drawn, phase) for every step of turn 1, walked with next_step."""
    out = []
    while game.state.turn == 1:
        drawn = game.state.activation.drawn
        out.append((drawn[-1] if drawn else None, game.state.phase))
        game.next_step(at=AT)
    return out


def cowpens(cards: tuple[str, ...] = ()) -> Game:
    scenario = replace(load_scenario("cowpens-1781"), cards=cards)
    return new_game(
        "one-if-by-land", scenario=scenario, seed=3, options=["division_cards", "army_cards"]
    )


def test_after_a_brigade_card_no_commander_phase_is_walked() -> None:
    game = cowpens()
    walked = walk(game)
    assert not {phase for _, phase in walked} & COMMANDER_PHASES
    assert {card for card, phase in walked if phase == "morale"} == set(
        game.start.activation.cards
    )  # steps 1-6 for every brigade's card


def test_after_a_commanders_card_its_phases_are_walked_then_steps_one_to_six() -> None:
    game = cowpens(cards=("army_commander_morgan",))
    walked = walk(game)
    commander = [phase for card, phase in walked if card == "army_commander_morgan"]
    assert commander[:2] == ["division_card", "army_card"]
    assert "melee" in commander  # then the six steps, as for a brigade
    brigade_phases = {
        phase for card, phase in walked if card not in (None, "army_commander_morgan")
    }
    assert not brigade_phases & COMMANDER_PHASES
    assert game.state.turn == 2


def test_stepping_back_skips_the_phases_not_walked_for_the_card() -> None:
    game = cowpens()
    game.next_step(at=AT)  # the shuffle
    game.next_step(at=AT)  # draw: a brigade card, straight to step 1
    assert game.state.phase == "morale"
    with pytest.raises(DrumheadError, match="has been drawn"):
        game.previous_step(at=AT)


def test_walked_for_reads_the_card_kind() -> None:
    game = cowpens()
    phases = {p.id: p for p in game.phases()}
    brigade = game.state.units[0].brigade
    assert not walked_for(phases["division_card"], game.state, brigade)
    assert walked_for(phases["division_card"], game.state, "army_commander_morgan")
    assert not walked_for(phases["division_card"], game.state, None)
    assert walked_for(phases["morale"], game.state, brigade)


def test_a_phase_for_one_kind_of_card_must_be_repeated_per_card(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from drumhead.loading.loader import load_ruleset_file

    path = tmp_path / "cards-kind.toml"
    path.write_text(
        'id = "cards-kind"\ntitle = "T"\nversion = "0.0.1"\ndescription = "x"\nsource = "x"\n'
        '[sequence]\nactivation = "none"\n[[sequence.phases]]\nid = "p"\ntitle = "P"\n'
        'cards = "commander"\nsteps = [{ id = "a", text = "A" }]\n',
        encoding="utf-8",
    )
    with pytest.raises(DrumheadError, match="only a phase repeated per card") as caught:
        load_ruleset_file(path)
    assert "cards-kind.toml" in str(caught.value)
