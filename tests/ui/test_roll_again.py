"""A check rolled again from the same resolve screen: a key pressed twice is no second check.
The players are asked, with the roll the log holds; Escape or Enter keeps it, y rolls again."""

from __future__ import annotations

from drumhead.screens.dialogs.roll_again import RollAgainModal
from textual.widgets import Static

from tests.ui.helpers import cards_app, red_line_morale, start_game, until


def resolutions(app: object) -> int:
    game = app.session.game  # type: ignore[attr-defined]
    return sum(1 for e in game.log if e.kind == "resolution")


async def test_a_second_roll_is_asked_for_and_escape_or_enter_keeps_the_first() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        screen = await red_line_morale(pilot)
        await pilot.press("h", "6", "enter")
        assert resolutions(app) == 1
        first = screen.form.result  # type: ignore[union-attr]
        assert first is not None
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RollAgainModal))
        body = str(app.screen.query_one("#roll-again-body", Static).render())
        entry = app.session.last_resolution_seq
        assert body.startswith(f"Entry {entry} of the log: {first.text}.")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert resolutions(app) == 1 and screen.form.result is first  # type: ignore[union-attr]
        await pilot.press("h", "2", "enter")  # dice typed again: asked too
        await until(pilot, lambda: isinstance(app.screen, RollAgainModal))
        await pilot.press("enter")  # Enter is "keep the first"
        await until(pilot, lambda: app.screen is screen)
        assert resolutions(app) == 1


async def test_y_rolls_again_and_an_undone_roll_is_rolled_again_without_asking() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        screen = await red_line_morale(pilot)
        await pilot.press("h", "6", "enter")
        await pilot.press("h", "9", "enter")
        await until(pilot, lambda: isinstance(app.screen, RollAgainModal))
        await pilot.press("y")
        await until(pilot, lambda: app.screen is screen and resolutions(app) == 2)
        assert screen.form.result.dice == (9,)  # type: ignore[union-attr]
        app.action_undo()  # the second roll taken back
        await pilot.pause()
        assert resolutions(app) == 1
        await pilot.press("r")  # the form's last roll is gone: rolled at once
        await until(pilot, lambda: resolutions(app) == 2)
        assert app.screen is screen
