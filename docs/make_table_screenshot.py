"""Make README's picture of a hosted game's display (docs/screenshot-table-display.png).

Run: ``.venv/bin/python docs/make_table_screenshot.py`` (needs the [web] extra, chromium and
chromedriver). Hosts Cowpens (seeded) in its own process, plays a few checks from the sides as
phones would (the host accepts them), draws a card, and photographs /display in a headless
Chromium at 1920x1080, a TV's size.
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from drumhead.host.client import TableClient  # noqa: E402
from tests.support.webdriver import Browser, find_browser  # noqa: E402

CHECKS = [
    ("american", "nc_riflemen", {}),
    ("british", "7th_fusiliers", {"light_cover": 1}),
    ("american", "sc_militia_spartan", {}),
    ("british", "legion_infantry", {}),
    ("american", "va_militia", {}),
]


async def play(first: dict[str, str | dict[str, str]]) -> None:
    url, tokens = str(first["url"]), first["tokens"]
    assert isinstance(tokens, dict)
    async with (
        TableClient(url, tokens["american"]) as us,
        TableClient(url, tokens["british"]) as them,
    ):
        sides = {"american": us, "british": them}
        await us.command("next_step")
        await us.command("next_step")
        for side, unit, mods in CHECKS:
            await sides[side].command("propose", check="morale", unit=unit, modifiers=mods)


def main() -> None:
    browser = find_browser()
    if browser is None:
        raise SystemExit("needs chromium and chromedriver")
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder) / "saves"
        drumhead = [sys.executable, "-m", "drumhead", "--saves", str(saves)]
        made = ["new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "Cowpens"]
        subprocess.run([*drumhead, *made, "--seed", "1781"], check=True, capture_output=True)
        host = subprocess.Popen(
            [*drumhead, "host", "Cowpens", "--json", "--port", "0", "--auto", "all"],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert host.stdout is not None
        first = json.loads(host.stdout.readline())
        try:
            asyncio.run(play(first))
            with Browser(*browser) as chromium:
                chromium.command("POST", "/window/rect", {"width": 1920, "height": 1080})
                chromium.open(first["join"]["display"])
                chromium.wait_for("return document.querySelector('.last-head') !== null", 20)
                time.sleep(0.5)
                chromium.screenshot(DOCS / "screenshot-table-display.png")
        finally:
            host.send_signal(signal.SIGTERM)
            host.wait(timeout=30)


if __name__ == "__main__":
    main()
