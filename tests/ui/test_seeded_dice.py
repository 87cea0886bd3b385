"""Every die the app rolls during a game comes from the game's seeded dice and is logged: a
replay of the save gives the same faces (issue: every tick counts, item 3). Here the key that
rolls a distance on the result (d); the same facts, and the roller's, are asserted through
the session in tests/session/test_seeded_dice.py."""

from __future__ import annotations

import random

from drumhead.dice.notation import parse
from drumhead.game import derive_seed, replay
from tests.ui.helpers import cards_app, red_line_morale, start_game, until


async def test_distance_dice_come_from_the_game_and_are_logged() -> None:
    """A rout's 2d6 fall-back, rolled with d on the result, is a logged roll whose faces the
    game's seed gives; the effect applied carries that total; the log replays to the state."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        game = app.session.game
        assert game is not None
        screen = await red_line_morale(pilot)
        await pilot.press("h", "9", "enter")  # 9 against 7: routs, falls back 2d6
        assert screen.result is not None and screen.result.outcome == "rout"
        await pilot.press("d")
        roll = game.log[-1]
        assert roll.kind == "roll" and roll.data["notation"] == "2d6"
        assert roll.data["unit"] == "red_line"
        seed = derive_seed(game.state.seed, f"roll:{roll.seq}")
        faces, total = parse("2d6").roll(random.Random(seed))
        assert roll.data["seed"] == seed
        assert (roll.data["faces"], roll.data["total"]) == (list(faces), total)
        distance = next(e for e in screen.effects if e.kind == "distance")
        assert distance.amount == total
        await pilot.press("a")
        await until(pilot, lambda: game.log[-1].kind == "apply_effects")
        applied = game.log[-1].data["effects"]
        assert any(e["kind"] == "distance" and e["amount"] == total for e in applied)
        assert replay(game.start, game.log) == game.state
