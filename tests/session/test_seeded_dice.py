"""Every die rolled at the table during a game comes from the game's seeded dice and is logged:
a replay of the save gives the same faces (issue: every tick counts, item 3). Asserted through
the session the screens call (tests/ui/test_seeded_dice.py keeps the key that rolls a
distance; the roller's keys are pictured in tests/ui/test_snapshots_tools.py)."""

from __future__ import annotations

import random

from drumhead.dice.notation import parse
from drumhead.game import derive_seed, replay
from drumhead.session import TableSession


def test_a_distance_rolled_on_a_result_is_the_games_roll_and_is_applied(
    played: TableSession,
) -> None:
    """Red Line routs (9 typed in, against 7): its 2d6 fall-back, rolled on the result, is a
    logged roll for the unit whose faces the game's seed gives; the effect applied carries
    that total; the log replays to the state."""
    game = played.open_game_or_fail()
    form = played.form("morale", "red_line")
    assert form is not None
    assert form.roll([9]).outcome == "rout" and form.distances_to_roll
    assert form.roll_distances()
    roll = game.log[-1]
    assert roll.kind == "roll" and roll.data["notation"] == "2d6"
    assert roll.data["unit"] == "red_line"
    seed = derive_seed(game.state.seed, f"roll:{roll.seq}")
    faces, total = parse("2d6").roll(random.Random(seed))
    assert roll.data["seed"] == seed
    assert (roll.data["faces"], roll.data["total"]) == (list(faces), total)
    distance = next(e for e in form.effects if e.kind == "distance")
    assert distance.amount == total
    assert played.apply_effects("red_line", form.effects)
    applied = game.log[-1].data["effects"]
    assert any(e["kind"] == "distance" and e["amount"] == total for e in applied)
    assert replay(game.start, game.log) == game.state


def test_the_roller_rolls_the_games_dice_during_a_game(played: TableSession) -> None:
    """The roller's roll (2d6, what it opens on) is the game's: logged with the faces its
    seed gives, for the dice roller, and kept in the roller's history."""
    game = played.open_game_or_fail()
    notation, faces, total = played.roll_in_roller("2d6")
    roll = game.log[-1]
    assert roll.kind == "roll" and roll.data["notation"] == notation == "2d6"
    seed = derive_seed(game.state.seed, f"roll:{roll.seq}")
    assert (tuple(faces), total) == parse("2d6").roll(random.Random(seed))
    assert roll.data["total"] == total and roll.data["faces"] == list(faces)
    assert roll.data["purpose"] == "the dice roller"
    assert played.roll_history[0] == (notation, faces, total)
