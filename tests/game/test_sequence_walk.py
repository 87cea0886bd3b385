"""The sequence of play as the rulesets lay it out, walked step by step by the game: One If By
Land's card deck, MWAN's initiative and per-side movement, Republique's assault rounds."""

from __future__ import annotations

import tomllib

import pytest

from drumhead.errors import InputError, RulesetError
from drumhead.game import load_scenario, new_game, replay
from drumhead.game.codec import read_state, state_to_dict
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.reader import Reader

AT = "2026-11-23T20:00:00Z"


def oibl():  # type: ignore[no-untyped-def]
    return new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)


def mwan():  # type: ignore[no-untyped-def]
    return new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)


def test_oibl_walks_every_card_through_steps_1_to_6_and_reaches_turn_2_only_when_the_deck_is_empty() -> (
    None
):
    game = oibl()
    cards = game.state.activation.cards
    assert len(cards) == 8 and game.state.phase == "draw"
    card_phases = [
        "morale",
        "charge_declarations",
        "charge_moves",
        "movement",
        "firing",
        "melee",
    ]
    drawn: list[str] = []
    walked: list[str] = []
    while game.state.turn == 1:
        before = len(game.state.activation.deck)
        event = game.next_step(at=AT)
        if event.kind == "draw_card":
            drawn.append(event.data["card"])
            assert game.state.phase == "morale" and game.state.step == "panic_tests"
            assert game.active_card() == event.data["card"]
            walked = []
        elif game.state.turn == 1 and game.state.phase not in walked:
            walked.append(game.state.phase)
        if game.state.turn == 2:
            assert before == 0, "the turn ended with cards still in the deck"
            assert walked == ["melee"] or walked[-1] == "melee"
        elif game.state.phase == "draw" and drawn:
            assert walked[: len(card_phases)] == card_phases  # every step 1-6 for that card
    assert sorted(drawn) == sorted(cards)  # each card drawn once
    assert game.state.phase == "draw" and len(game.state.activation.deck) == 8
    assert replay(game.start, game.log) == game.state


def test_drawing_a_card_never_strands_the_phase() -> None:
    """Drawing from any step starts that card's phases at step 1; next phase goes on from
    there (the issue: a draw left the phase on melee with no way back)."""
    game = oibl()
    game.next_step(at=AT)
    game.draw_card(at=AT)
    for _ in range(5):
        game.next_phase(at=AT)
    assert game.state.phase == "melee"
    event = game.draw_card(at=AT)
    assert game.state.phase == "morale" and game.state.step == "panic_tests"
    assert game.state.activation.drawn[-1] == event.data["card"]
    game.next_phase(at=AT)
    assert game.state.phase == "charge_declarations" and game.state.turn == 1


def test_next_phase_in_the_drawing_phase_draws_and_after_the_last_card_starts_turn_2() -> None:
    game = oibl()
    for _ in range(8):
        assert game.state.phase == "draw"
        event = game.next_phase(at=AT)
        assert event.kind == "draw_card"
        for _ in range(6):
            game.next_phase(at=AT)
    assert game.state.turn == 2 and game.state.phase == "draw"


def test_previous_step_goes_back_but_never_over_a_drawn_card_or_into_the_last_turn() -> None:
    game = oibl()
    with pytest.raises(InputError, match="start of turn 1: undo"):
        game.previous_step(at=AT)
    game.next_step(at=AT)
    game.next_step(at=AT)  # draws
    card = game.active_card()
    game.next_step(at=AT)
    assert game.state.step == "rally"
    game.previous_step(at=AT)
    assert (game.state.phase, game.state.step) == ("morale", "panic_tests")
    game.next_phase(at=AT)
    game.previous_step(at=AT)
    assert (game.state.phase, game.state.step) == ("morale", "rout_moves")
    game.previous_step(at=AT)
    game.previous_step(at=AT)
    with pytest.raises(InputError, match=f"card '{str(card).replace('_', ' ')}' has been drawn"):
        game.previous_step(at=AT)
    for _ in range(6):
        game.next_phase(at=AT)
    assert (game.state.phase, game.state.step) == ("draw", "draw")
    game.previous_step(at=AT)  # before the next draw: the last card's final step
    assert (game.state.phase, game.state.step) == ("melee", "compulsory_routs")


def test_ticks_stay_while_the_walk_stays_in_a_phase_and_go_when_it_leaves() -> None:
    game = oibl()
    game.next_step(at=AT)
    game.next_step(at=AT)
    game.tick_step("panic_tests", True, at=AT)
    game.next_step(at=AT)
    assert game.state.ticked == {"morale.panic_tests"}
    game.next_phase(at=AT)
    assert game.state.ticked == frozenset()


def test_mwan_movement_is_walked_by_the_side_moving_first_then_the_other() -> None:
    game = mwan()
    sides = [s.id for s in game.state.sides]
    game.set_initiative(sides[1], sides[1], at=AT)
    game.next_phase(at=AT)
    assert (game.state.phase, game.state.step, game.acting_side()) == ("movement", "move", sides[1])
    game.next_step(at=AT)
    assert game.state.step == "end_roll"
    assert game.step_check() is not None and game.step_check().id == "movement_end"  # type: ignore[union-attr]
    game.tick_step("end_roll", True, at=AT)
    game.next_step(at=AT, again=True)  # the roll did not end it: the next brigade
    assert (game.state.step, game.acting_side()) == ("move", sides[1])
    assert game.state.ticked == frozenset()
    with pytest.raises(InputError, match="does not repeat"):
        game.next_step(at=AT, again=True)
    game.next_phase(at=AT)
    assert (game.state.phase, game.state.step, game.acting_side()) == ("movement", "move", sides[0])
    game.previous_step(at=AT)
    assert (game.state.step, game.acting_side()) == ("reserves", sides[1])
    game.next_step(at=AT)
    game.next_phase(at=AT)
    assert game.state.phase == "artillery_fire" and game.acting_side() is None
    assert game.state.activation.acting is None
    assert replay(game.start, game.log) == game.state


def test_the_acting_side_is_kept_in_the_save() -> None:
    game = mwan()
    game.next_phase(at=AT)
    game.next_phase(at=AT)
    assert game.state.activation.acting == game.state.sides[1].id
    again = read_state(Reader(state_to_dict(game.state)))
    assert again.activation.acting == game.state.activation.acting


def test_fire_opens_the_fire_check_in_both_fire_phases_of_mwan() -> None:
    """The issue: ``c`` in either fire phase opened 'End of movement roll'."""
    game = mwan()
    while game.state.phase != "artillery_fire":
        game.next_phase(at=AT)
    assert game.step_check("va4").id == "fire"  # type: ignore[union-attr]
    game.next_phase(at=AT)
    assert game.state.phase == "small_arms_fire"
    assert game.step_check("va4").id == "fire"  # type: ignore[union-attr]
    assert load_ruleset("mwan116-acw").check("fire").phases == ("artillery_fire", "small_arms_fire")


def test_republique_repeats_the_assault_steps_for_the_next_assault_and_round() -> None:
    game = new_game("republique", scenario=load_scenario("aspern-1809"), seed=1)
    while game.state.phase != "assault":
        game.next_phase(at=AT)
    while game.state.step != "step6_moves":
        game.next_step(at=AT)
    game.next_step(at=AT, again=True)
    assert game.state.step == "step1_roll" and game.state.phase == "assault"
    assert game.step_check() is not None and game.step_check().id == "assault"  # type: ignore[union-attr]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_check_of_a_shipped_ruleset_is_in_a_phase(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id, [o.id for o in load_ruleset(ruleset_id).options])
    assert ruleset.sequence is not None
    for check in ruleset.checks:
        assert check.phases and check.phase == check.phases[0], check.id


SEQUENCE = """
[sequence]
activation = "{activation}"

[[sequence.phases]]
id = "one"
title = "One"
{phase}
steps = [{steps}]
"""


MINI = """
id = "mini"
title = "Mini"
version = "1"
description = "A ruleset for the sequence's own tests."
[[sources]]
id = "s"
title = "S"
document = "s.txt"
[checks.fire]
title = "Fire"
kind = "roll"
source = "s p.1"
summary = "Roll."
dice = "1"
outcome = "hits"
[checks.fire.outcomes.hits]
text = "Hits"
"""


def _load(extra: str) -> None:
    text = MINI + extra
    build_ruleset(tomllib.loads(text), file="mini.toml", text=text)


@pytest.mark.parametrize(
    ("activation", "phase", "steps", "message"),
    [
        ("none", "", '{ id = "a", text = "A" }', r"check 'fire' is in no phase"),
        ("none", 'repeat = "side"', '{ id = "a", text = "A", check = "fire" }', "per side"),
        ("initiative", 'repeat = "card"', '{ id = "a", text = "A", check = "fire" }', "cards"),
        ("cards", 'repeat = "card"', '{ id = "a", text = "A", check = "fire" }', "draw_card"),
        (
            "none",
            "",
            '{ id = "a", text = "A", check = "fire", does = "draw_card" }',
            "first phase of the run",
        ),
        (
            "none",
            "",
            '{ id = "a", text = "A", check = "fire", again = "b" }, { id = "b", text = "B" }',
            "'again' names a step",
        ),
        ("none", 'acts = "card"', '{ id = "a", text = "A", check = "fire" }', "repeated per"),
        ("none", 'acts = "everyone"', '{ id = "a", text = "A", check = "fire" }', "everyone"),
    ],
)
def test_a_bad_sequence_is_an_error_with_its_file_and_line(
    activation: str, phase: str, steps: str, message: str
) -> None:
    extra = SEQUENCE.format(activation=activation, phase=phase, steps=steps)
    with pytest.raises(RulesetError, match=message) as caught:
        _load(extra)
    assert "mini.toml:" in str(caught.value)


def test_the_players_may_switch_off_an_optional_rule_the_scenario_switches_on() -> None:
    scenario = load_scenario("rnf-wave-attack")
    assert set(scenario.options) == {"wave_attacks", "rerolls"}
    game = new_game("rank-and-file", scenario=scenario, seed=1, without=["rerolls"])
    assert game.state.options == {"wave_attacks"}
    assert "rerolls" not in game.ruleset.active_options
    with pytest.raises(InputError, match="no optional rule 'nope' to switch off"):
        new_game("rank-and-file", scenario=scenario, seed=1, without=["nope"])


def test_the_initiative_roll_for_a_side_is_recorded_in_the_same_breath() -> None:
    """The initiative is made for a side (army level), not a unit: rolled for the Union,
    a won roll is recorded at once, the winner moving first unless the players say not."""
    game = mwan()
    with pytest.raises(InputError, match="no initiative roll this turn names a winner"):
        game.record_rolled_initiative(at=AT)
    steady = {"rating": "steady", "opponent_rating": "steady"}
    game.resolve("initiative", None, steady, hand_dice=[12, 12, 1, 1], at=AT, side="union")
    game.record_rolled_initiative(at=AT)
    assert (game.state.activation.initiative, game.state.activation.first) == ("union", "union")
    game.resolve("initiative", None, steady, hand_dice=[1, 1, 12, 12], at=AT, side="union")
    game.record_rolled_initiative(at=AT, first="union")
    assert game.state.activation.initiative == "confederate"
    assert game.state.activation.first == "union"
    with pytest.raises(InputError, match="no side 'nobody'"):
        game.resolve("initiative", None, steady, hand_dice=[1, 1, 1, 1], at=AT, side="nobody")
