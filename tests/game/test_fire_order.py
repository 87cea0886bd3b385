"""MWAN #116 fires in the turn's order: "Artillery will fire first with both sides firing
simultaneously ... After artillery fire, small arms fire will take place" (MWAN116 Firing).
Infantry firing in the artillery fire phase, or a battery in the small-arms fire phase, is
refused before the roll with that citation (a refusal bound to phases: ``phase`` in a
check's ``refuse``), in the form as in the game's roll; a check prepared without a game
(``drumhead check``) knows no phase and is not refused by it. A refusal naming a phase the
sequence lacks is a ruleset error at its key."""

from __future__ import annotations

import tomllib

import pytest
from test_sequence_walk import MINI, SEQUENCE

from drumhead.checks.resolve import prepare
from drumhead.errors import InputError, RulesetError
from drumhead.game import Game, load_scenario, new_game
from drumhead.loading.ruleset import build_ruleset

AT = "2026-11-23T20:00:00Z"
CITED = "(MWAN116 Firing ('Artillery will fire first'; 'After artillery fire, small arms fire will take place'))"


def at_phase(phase: str) -> Game:
    """First Bull Run, the turn walked on to ``phase``."""
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)
    while game.state.phase != phase:
        game.next_phase(at=AT)
    return game


def fire(game: Game, unit: str) -> None:
    """``unit`` fires at the 1st Minnesota: two d12s hitting on a 12 (the players' table)."""
    values = {"figures": 10, "fire_dice": 2, "fire_hit_numbers": "12"}
    game.resolve("fire", unit, values, hand_dice=[1, 1], at=AT, roles={"target": "minn1"})


def test_infantry_fire_waits_for_the_small_arms_phase() -> None:
    game = at_phase("artillery_fire")
    logged = game.event_count
    with pytest.raises(InputError) as refused:
        fire(game, "va4")  # the 4th Virginia, infantry
    assert str(refused.value) == (
        "Fire refused: small-arms fire takes place after the artillery fire: infantry and "
        f"cavalry fire in the small-arms fire phase {CITED}"
    )
    assert game.event_count == logged  # no die, no line
    fire(game, "rockbridge")  # the Rockbridge Artillery fires in its phase
    game.next_phase(at=AT)
    assert game.state.phase == "small_arms_fire"
    fire(game, "va4")
    with pytest.raises(InputError, match="artillery fires first, before small-arms fire"):
        fire(game, "rockbridge")


def test_the_form_shows_the_refusal_before_the_roll(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from drumhead.session import TableSession

    table = TableSession(str(tmp_path), ruleset="mwan116-acw", seed=7)
    table.new_game("mwan116-acw", "order", scenario="first-bull-run-henry-hill")
    try:
        game = table.open_game_or_fail()
        while game.state.phase != "artillery_fire":
            game.next_phase(at=AT)
        form = table.form("fire", "va4")
        assert form is not None
        form.set_role("target", "minn1")
        with pytest.raises(InputError, match="small-arms fire takes place after the artillery"):
            form.context({})
    finally:
        table.close(force=True)


def test_without_a_game_no_phase_refuses() -> None:
    ruleset = at_phase("artillery_fire").ruleset
    ctx = prepare(ruleset, "fire", {"figures": 10, "firer_type": "infantry"})
    assert ctx.phase is None


def test_a_refusal_naming_no_phase_of_the_sequence_is_an_error_at_its_key() -> None:
    extra = SEQUENCE.format(
        activation="none", phase="", steps='{ id = "a", text = "A", check = "fire" }'
    )
    refused = '[[checks.fire.refuse]]\nwhen = "True"\nphase = "nowhere"\ntext = "no"\n'
    text = MINI + refused + extra
    with pytest.raises(RulesetError, match="a refusal names no phase 'nowhere'") as caught:
        build_ruleset(tomllib.loads(text), file="mini.toml", text=text)
    assert "checks.fire.refuse" in str(caught.value)
