"""The unit picker fits the screen however many units a game has: its question on top, the
effects, the hint at the bottom; the list scrolls (with Cowpens' units it ran off the top of
the screen, even at 100x32, and the question was not seen)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from textual.app import App
from textual.widgets import Label, OptionList, Static

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_question_and_the_hint_stay_on_the_screen(size: tuple[int, int]) -> None:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=1, name="pick")
    unit = game.state.units[0]
    units = [replace(unit, id=f"u{i}", name=f"{unit.name} {i}") for i in range(40)]
    effects = [
        "The target loses 4 figure(s)",
        "The target took casualties: it receives a panic marker and tests morale",
        "A general with the target rolls risk to generals for 4 hits",
    ]
    app: App[None] = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(UnitPickModal("Which unit is the target?", effects, units))
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        question = dialog.query_one(Label).region
        hint = dialog.query(Static).last().region
        listing = dialog.query_one(OptionList)
        assert question.y >= 0 and question.height > 0
        assert hint.bottom <= size[1] and hint.height > 0
        assert dialog.query_one("#pick-effects").region.height >= len(effects)  # all shown
        assert 0 < listing.region.height < len(units)  # the list scrolls


async def test_the_leader_picker_fits_as_well() -> None:
    from drumhead.screens.dialogs.pick_leader import LeaderPickModal

    leaders = [(f"l{i}", f"General number {i} (rating 2, with nobody)") for i in range(40)]
    app: App[None] = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(LeaderPickModal("Attacker's leader?", leaders))
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert dialog.query_one(Label).region.y >= 0
        assert dialog.query(Static).last().region.bottom <= 24
