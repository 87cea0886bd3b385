"""Where the game is, in its three lengths: whole, without the phase title's aside, and (for
a line that must hold more) the turn and the phase's number alone."""

from __future__ import annotations

import pytest

from drumhead.game import load_scenario, new_game


@pytest.mark.parametrize(
    ("scenario", "whole", "short", "tight"),
    [
        (
            "aspern-1809",
            "Turn 1 · Phase 1: Command",
            "Turn 1 · Phase 1: Command",
            "Turn 1 · Phase 1",
        ),
        ("cowpens-1781", "Turn 1 · Draw a card", "Turn 1 · Draw a card", "Turn 1 · Draw a card"),
        ("rnf-wave-attack", "Turn 1 · Rally phase", "Turn 1 · Rally phase", "Turn 1 · Rally phase"),
    ],
)
def test_the_turn_label_in_each_length(scenario: str, whole: str, short: str, tight: str) -> None:
    loaded = load_scenario(scenario)
    game = new_game(loaded.ruleset, scenario=loaded, seed=1)
    assert game.turn_label() == whole
    assert game.turn_label(short=True) == short
    assert game.turn_label(tight=True) == tight


def test_a_tight_label_leaves_out_the_aside_and_the_title() -> None:
    """One If By Land's phase 2 (after drawing a card, then phase 1) has an aside in
    brackets: short drops it, tight drops the title with it."""
    loaded = load_scenario("cowpens-1781")
    game = new_game(loaded.ruleset, scenario=loaded, seed=1)
    game.next_phase(at="1781-01-17T07:00:00Z")
    game.next_phase(at="1781-01-17T07:01:00Z")
    assert game.turn_label() == "Turn 1 · Phase 2: Charge declarations (charge steps 1-2)"
    assert game.turn_label(short=True) == "Turn 1 · Phase 2: Charge declarations"
    assert game.turn_label(tight=True) == "Turn 1 · Phase 2"
