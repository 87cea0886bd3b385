"""The unit picker, asked which unit of a group takes an effect the rules leave at random
(Republique 4.4's base hits), offers the game's dice as its last line: Enter on it dismisses
with ``random``, which the session hands the game to roll (tests/rules/
test_republique_chart_parts.py); a pick the rules leave to the players offers no roll."""

from __future__ import annotations

from drumhead.screens.dialogs.pick_unit import ROLL, UnitPickModal
from textual.app import App
from textual.widgets import OptionList

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app

RULE = "Republique 4.4 Base hits (distributed randomly)"


async def _picked(roll: str | None, keys: list[str]) -> tuple[str | None, int]:
    game = new_game("republique", scenario=load_scenario("aspern-1809"), seed=1, name="pick")
    units = [game.state.unit("ligne_67"), game.state.unit("ligne_37")]
    app: App[None] = make_app()
    picked: list[str | None] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        modal = UnitPickModal(
            "Which unit of the defender takes it?", ["Base hit"], units, roll=roll
        )
        app.push_screen(modal, picked.append)
        await pilot.pause()
        count = modal.query_one(OptionList).option_count
        await pilot.press(*keys)
        await pilot.pause()
    return (picked[0] if picked else None), count


async def test_the_dice_are_offered_where_the_rules_say_at_random() -> None:
    picked, count = await _picked(
        f"Roll for it: the rules say at random ({RULE})", ["end", "enter"]
    )
    assert (picked, count) == (ROLL, 3)


async def test_a_pick_left_to_the_players_offers_only_the_units() -> None:
    picked, count = await _picked(None, ["end", "enter"])
    assert (picked, count) == ("ligne_37", 2)
