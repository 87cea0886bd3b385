"""Property tests: a game's state is a pure function of its start and its log."""

from __future__ import annotations

import random

import gamegen
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drumhead.game import Game, replay
from tests.support.lanes import examples


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), events=st.integers(0, 120))
def test_replaying_random_logs_rebuilds_the_state(seed: int, events: int) -> None:
    game = gamegen.random_game(seed, events)
    assert replay(game.start, game.log) == game.state
    # a game rebuilt from its start and log is the same game
    again = Game(game.start, game.ruleset, game.log)
    assert again.state == game.state


@settings(max_examples=examples(5), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_undo_redo_of_200_random_events(seed: int) -> None:
    rng = random.Random(seed)
    game = gamegen.start_game(seed=seed)
    states = [game.state]
    for i in range(200):
        gamegen.random_event(game, rng, i)
        states.append(game.state)
    for n in range(200, 0, -1):
        game.undo()
        assert game.state == states[n - 1]
    assert not game.can_undo
    for n in range(1, 201):
        game.redo()
        assert game.state == states[n]
    # jump back to random entries; redo still possible until a new event
    for _ in range(5):
        target = rng.randint(0, len(game.log))
        game.jump_to(target)
        assert game.state == states[target]
        while game.can_redo:
            game.redo()
        assert game.state == states[200]


def test_a_game_rebuilt_with_its_redo_stack() -> None:
    game = gamegen.random_game(12, 30)
    game.jump_to(20)
    again = Game(game.start, game.ruleset, game.log, game.redo_stack)
    assert again.state == game.state and again.redo_stack == game.redo_stack
    while again.can_redo:
        again.redo()
    assert len(again.log) == 30
    assert again.state == replay(game.start, (*game.log, *game.redo_stack))
