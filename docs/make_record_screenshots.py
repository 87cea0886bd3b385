"""Make docs/app.md's pictures of the game's record: the luck screen (Textual's SVG screenshot)
and a printed unit card (the HTML of ``p``, rendered by headless Chromium to a PNG).

Run: ``.venv/bin/python docs/make_record_screenshots.py`` (writes docs/screenshot-luck.svg and
docs/printed-cards.png; the PNG needs ``chromium`` on the PATH). Seeded, so the pictures only
change when the app does.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import tempfile
from pathlib import Path

from drumhead.screens.app import DrumheadApp

DOCS = Path(__file__).resolve().parent


async def play(saves: str) -> Path:
    """Two turns of Cowpens by keyboard (morale tests rolled and typed in), the luck screen
    on the British side pictured, the unit cards printed; the cards' HTML file."""
    app = DrumheadApp(saves=saves, seed=1781, start="start")
    async with app.run_test(size=(120, 40)) as pilot:
        app.session.new_game("one-if-by-land", "Cowpens", scenario="cowpens-1781")
        await pilot.pause()
        for keys in (("m", "r", "a"), ("down", "m", "h", "9", "enter", "a"), ("down", "m", "r")):
            await pilot.press(*keys)
            await pilot.pause()
            await pilot.press("escape")  # back to the roster (a test with nothing to apply)
            await pilot.pause()
        await pilot.press("T")  # the next turn
        await pilot.pause()
        for keys in (("down", "down", "m", "r", "a"), ("down", "m", "h", "2", "enter", "a")):
            await pilot.press(*keys)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("p")  # print the unit cards beside the save
        await pilot.pause()
        await pilot.press("l", "s")  # the log, then its luck statistics
        await pilot.pause()
        await pilot.press("down")  # the first side
        await pilot.pause()
        app.clear_notifications()
        await pilot.pause()
        app.save_screenshot("screenshot-luck.svg", str(DOCS))
        await pilot.press("ctrl+q")
    return Path(saves) / "Cowpens-cards.html"


def render(html: Path, png: Path) -> None:
    """The top of the printed page (the heading and the first cards) as a PNG."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        raise SystemExit("no chromium on the PATH: the printed card's PNG is not made")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "--window-size=820,560",
                f"--screenshot={png}",
                html.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


async def main() -> None:
    with tempfile.TemporaryDirectory() as saves:
        cards = await play(saves)
        render(cards, DOCS / "printed-cards.png")


if __name__ == "__main__":
    asyncio.run(main())
