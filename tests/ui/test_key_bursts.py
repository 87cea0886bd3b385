"""Keys typed in one burst (fast typing, a paste, keys sent together over ssh) reach the
field the first of them opened: Textual's ``focus()`` moves the focus only after the keys
already read, so the rest went to the widget focused before."""

from __future__ import annotations

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.resolve import ResolveScreen
from textual import events
from textual.pilot import Pilot

from tests.ui.helpers import cards_app, start_game, until

NAMES = {"/": "slash"}
"""Keys whose name is not their character."""


async def burst(pilot: Pilot, *keys: str) -> None:
    """``keys`` read all at once, as from one read of the terminal, then handled."""
    for key in keys:
        char = key if len(key) == 1 else None
        pilot.app.post_message(events.Key(NAMES.get(key, key), char))
    await pilot.pause()
    await pilot.pause()


async def test_dice_typed_in_a_burst_are_the_roll_and_the_ticks_stay() -> None:
    """h 6 Enter in one burst: the roll is the 6 typed, with the ticked Outflanked (+2):
    8 against 7, fails by 1. Before, the 6 and the Enter went to the modifiers list: the
    Enter unticked Outflanked, and nothing was rolled."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await pilot.press("down", "down", "down", "m")  # Red Line Regiment's morale test
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        await pilot.press("down", "space")  # tick "Outflanked" (+2)
        assert screen.ticked == {"flank": 1}
        await burst(pilot, "h", "6", "enter")
        assert screen.ticked == {"flank": 1}
        assert screen.result is not None
        assert (screen.result.modified, screen.result.outcome) == (8, "shaken")


async def test_a_roster_filter_typed_in_a_burst_filters() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        assert isinstance(app.screen, BattleScreen)
        await burst(pilot, "/", "r", "e", "d")
        field = app.screen.query_one("#roster-filter")
        assert field.value == "red"  # type: ignore[attr-defined]
