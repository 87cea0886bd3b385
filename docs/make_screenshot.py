"""Make README's screenshots: the battle and resolve screens over the Cowpens scenario.

Run: ``.venv/bin/python docs/make_screenshot.py`` (writes docs/screenshot-*.svg). Seeded, so
the pictures only change when the app does.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from drumhead.screens.app import DrumheadApp

from drumhead.game import load_scenario, new_game

DOCS = Path(__file__).resolve().parent


async def main() -> None:
    with tempfile.TemporaryDirectory() as saves:
        app = DrumheadApp(saves=saves, seed=1781, start="start")
        async with app.run_test(size=(120, 40)) as pilot:
            game = new_game(
                "one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=1781, name="Cowpens"
            )
            app.session.open_game(game)
            await pilot.pause()
            await pilot.press("d")  # draw the first brigade card
            await pilot.pause()
            app.save_screenshot("screenshot-battle.svg", str(DOCS))
            await pilot.press("m")  # morale test of the highlighted unit
            await pilot.pause()
            await pilot.press("space")  # tick the first modifier (light cover)
            await pilot.press("h", "8", "enter")  # the die rolled at the table: an 8
            await pilot.pause()
            app.save_screenshot("screenshot-resolve.svg", str(DOCS))
            await pilot.press("ctrl+q")


if __name__ == "__main__":
    asyncio.run(main())
