"""Keys typed in one burst (fast typing, a paste, keys sent together over ssh) reach the
field the first of them opened: Textual's ``focus()`` moves the focus only after the keys
already read, so the rest went to the widget focused before."""

from __future__ import annotations

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from drumhead.screens.views.reference import ReferenceScreen
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from tests.ui.helpers import cards_app, red_line_morale, start_game, until

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
        screen = await red_line_morale(pilot)
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


async def test_a_slash_typed_in_the_roster_filter_is_part_of_it() -> None:
    """``/`` opens the filter; typed in it, it is a character of the filter (the priority
    binding took it, and the filter lost it)."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await burst(pilot, "/", "a")
        await burst(pilot, "/", "b")
        assert app.screen.query_one("#roster-filter", Input).value == "a/b"


async def test_a_log_search_typed_in_a_burst_searches_what_was_typed() -> None:
    """``/`` then the words in one burst: the words are in the search field, not keys for the
    log (``d`` would have been nothing, ``r`` the revert of an entry); ``/`` typed in the
    search is a character of it, and Enter searches."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await pilot.press("d", "l")  # a card drawn: the log has an entry
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        screen = app.screen
        await burst(pilot, "/", "r", "e", "d")
        search = screen.query_one("#log-search", Input)
        assert search.display and search.has_focus and search.value == "red"
        await burst(pilot, "/", "x")
        assert search.value == "red/x"
        assert isinstance(app.screen, LogScreen)  # no log key acted meanwhile


async def test_a_reference_search_typed_in_a_burst_filters_the_entries() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, ReferenceScreen))
        field = app.screen.query_one("#ref-search", Input)
        listing = app.screen.query_one("#ref-list")
        app.screen.set_focus(listing)
        await pilot.pause()
        await burst(pilot, "/", "m", "o", "r")
        assert field.has_focus and field.value == "mor"


async def test_backspace_and_a_digit_in_one_burst_replace_a_count() -> None:
    """MWAN's casualties this turn showed 0 (selected as the field took the focus); the
    players' "Backspace 2" sent together (tmux, ssh, a paste) left the field blank: the 2
    replaced the selected 0 first, then Backspace, a binding run after the keys read with
    it, deleted the 2. Backspace is typed in its place among the keys; one alone deletes one
    character."""
    from drumhead.screens.views.resolve import ResolveScreen

    from tests.ui.helpers import make_app, new_game_on_battle

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "mwan116-acw", "first-bull-run-henry-hill")
        app.action_open_resolve("morale_due", "ny11_zouaves")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        screen = app.screen
        assert isinstance(screen, ResolveScreen) and screen.form is not None
        field = screen.query_one("#in-casualties_this_turn", Input)
        field.focus()
        await until(pilot, lambda: field.has_focus)
        await pilot.pause()
        assert field.value == "0"
        await burst(pilot, "backspace", "2")
        assert field.value == "2" and screen.form.values["casualties_this_turn"] == 2
        await pilot.press("1", "backspace")
        assert field.value == "2"
