"""What undo and redo did, said on the status line of every screen (SessionActions.say), not in
a toast: the words are the session's own for the event, they follow the player from screen
to screen, and they go when their time is up."""

from __future__ import annotations

import pytest
from drumhead.screens import actions
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from textual.pilot import Pilot

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import NARROW, make_app, open_on_battle, status_line, until


def cowpens_with_a_card_drawn() -> object:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3, name="mill")
    game.next_phase(at="1781-01-17T07:00:00Z")  # draws a card: an event to undo
    return game


async def undo_the_card_drawn(pilot: Pilot) -> None:
    """Open Cowpens with a card drawn and undo it: said on the status line."""
    await open_on_battle(pilot, cowpens_with_a_card_drawn())
    await pilot.press("u")
    await pilot.pause()
    assert "Undone:" in status_line(pilot.app)


async def test_undo_and_redo_say_what_they_did_on_every_screen() -> None:
    """At 80x24, the smallest terminal, where the words must fit the line with the game's
    place (the walk at 120x40 said the same words: the other tests here are at 120x40)."""
    size = NARROW
    game = cowpens_with_a_card_drawn()
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_on_battle(pilot, game)
        session = app.session
        assert session.game is not None
        drawn = session.describe(session.game.log[-1])
        await pilot.press("u")
        await pilot.pause()
        line = status_line(app)
        assert f"Undone: {drawn} (U redoes)" in line, line
        assert session.game.turn_label(tight=True) in line  # where the game is now
        assert len(line) <= size[0]
        assert not app._notifications  # no toast: its layout cost a key 55 ms
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        assert f"Undone: {drawn}" in status_line(app)  # it follows the player
        await pilot.press("U")
        await pilot.pause()
        assert f"Redone: {drawn}" in status_line(app)
        assert "Undone" not in status_line(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert f"Redone: {drawn}" in status_line(app)


async def test_what_was_said_goes_when_its_time_is_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(actions, "SAID_FOR", 1.5)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await undo_the_card_drawn(pilot)
        await until(pilot, lambda: "Undone:" not in status_line(app))
        line = status_line(app)
        assert "mill · One If By Land" in line, line  # the game's name and ruleset are back
        assert app.session.game is not None
        assert app.session.game.turn_label() in line  # and the phase title whole


async def test_nothing_to_undo_is_still_a_warning() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(
            pilot, new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
        )
        await pilot.press("u")
        await pilot.pause()
        shown = [(n.message, n.severity) for n in app._notifications]
        assert shown == [("Nothing to undo.", "warning")]
        assert "Undone" not in status_line(app)


async def test_closing_the_game_takes_what_was_said_of_it_away() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await undo_the_card_drawn(pilot)
        await pilot.press("ctrl+w")
        await until(pilot, lambda: app.session.game is None)
        await pilot.pause()
        assert "Undone" not in status_line(app), status_line(app)
        assert app.said is None
