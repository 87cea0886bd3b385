"""Issue 39, item 7: real browsers. ``drumhead host`` in its own process; a headless Chromium
with the display and both sides' pages open at once. A morale test proposed on the American
phone is accepted on the host's console, and seen on the British phone and on the display; a
page reloaded mid-game resumes; the host stopped, the pages say they are stale, and join again
by themselves when it starts again. Skips without chromium and chromedriver, unless
DRUMHEAD_REQUIRE_BROWSER is set (CI sets it)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")

from drumhead.cli.main import main
from drumhead.saves import load_save
from tests.host.test_host_command import Hosted, start_host, stop_host
from tests.support.webdriver import Browser, find_browser

BROWSER = find_browser()

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        BROWSER is None and not os.environ.get("DRUMHEAD_REQUIRE_BROWSER"),
        reason="needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver)",
    ),
]


@pytest.fixture
def table(saves: Path) -> Path:
    """The saves folder holding Cowpens as ``table``."""
    made = ["new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "table"]
    assert main(["--saves", str(saves), *made, "--seed", "1"]) == 0
    return saves


@pytest.fixture
def hosted(table: Path) -> Iterator[Hosted]:
    hosted = start_host(table)
    try:
        yield hosted
    finally:
        if hosted.process.poll() is None:
            stop_host(hosted)


class Tabs:
    """One browser, one tab a page (each page keeps its own cookie: they are scoped by path)."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.handles: dict[str, str] = {}

    def open(self, name: str, url: str) -> None:
        if self.handles:
            made = self.browser.command("POST", "/window/new", {"type": "tab"})
            self.handles[name] = made["handle"]
        else:
            self.handles[name] = self.browser.command("GET", "/window")
        self.to(name)
        self.browser.open(url)

    def to(self, name: str) -> Browser:
        self.browser.command("POST", "/window", {"handle": self.handles[name]})
        return self.browser

    def text(self, name: str) -> str:
        return str(self.to(name).script("return document.body.innerText"))

    def wait_text(self, name: str, words: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while words not in self.text(name):
            if time.monotonic() > deadline:
                raise AssertionError(f"{name} never showed {words!r}: {self.text(name)[:800]}")
            time.sleep(0.2)


def test_a_proposal_from_a_phone_is_accepted_on_the_host_and_seen_everywhere(
    hosted: Hosted, table: Path
) -> None:
    saves = table
    assert BROWSER is not None, "DRUMHEAD_REQUIRE_BROWSER is set: chromium must be installed"
    with Browser(*BROWSER) as browser:
        tabs = Tabs(browser)
        tabs.open("display", hosted.join["display"])
        tabs.open("american", hosted.join["american"])
        tabs.open("british", hosted.join["british"])
        for name in ("display", "american", "british"):
            tabs.wait_text(name, "live")
        assert "token=" not in str(tabs.to("british").command("GET", "/url"))  # carried once
        tabs.wait_text("british", "Light infantry companies")

        phone = tabs.to("american")
        phone.script("document.querySelector('[data-unit=nc_riflemen] button.check').click()")
        phone.wait_for("return document.querySelector('#propose') !== null", 15)
        phone.script("document.querySelector('#mod-light_cover').click()")
        phone.wait_for(
            "return document.querySelector('#mod-light_cover') && "
            "document.querySelector('#mod-light_cover').checked",
            15,
        )
        odds = phone.script("return document.querySelector('#odds').innerText")
        assert "%" in odds
        phone.script("document.querySelector('#propose').click()")

        proposal = hosted.read_until("proposal")["proposal"]
        assert proposal["side"] == "american" and proposal["modifiers"] == ["In light cover"]
        hosted.tell(f"accept {proposal['id']}")

        tabs.wait_text("american", f"{proposal['id']} · accepted")
        tabs.wait_text("british", "Morale test for North Carolina riflemen")
        tabs.wait_text("display", "Morale test · North Carolina riflemen")
        shown = tabs.text("display")
        assert "%" in shown and "Americans" in shown and "British" in shown

        # a page reloaded mid-game resumes: the same state, the line it had, live again
        hosted.tell("devices")
        tabs.to("british").command("POST", "/refresh", {})
        tabs.wait_text("british", "live")
        tabs.wait_text("british", "Morale test for North Carolina riflemen")
        tabs.to("display").command("POST", "/refresh", {})
        tabs.wait_text("display", "Morale test · North Carolina riflemen")

        # the host stops: the pages say they are stale; it starts again on the same port:
        # they join again by themselves (the tokens are the game's)
        port = hosted.url.rsplit(":", 1)[1]
        assert stop_host(hosted) == 0
        tabs.wait_text("display", "reconnecting")
        again = start_host(saves, "--port", port)
        try:
            for name in ("display", "british"):
                tabs.wait_text(name, "live")
            tabs.wait_text("display", "Morale test · North Carolina riflemen")
        finally:
            assert stop_host(again) == 0

    game = load_save(saves / "table.toml").game
    rolled = [e for e in game.log if e.kind == "resolution"]
    assert len(rolled) == 1 and rolled[0].data["unit"] == "nc_riflemen"
    assert rolled[0].data["modifiers"] == {"light_cover": 1}
