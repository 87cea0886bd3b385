"""Issue 36: what ``drumhead serve`` prints and serves.

Item 7: ``--host ::1`` printed ``http://::1:PORT/``, which no browser opens.

Item 8: the page fetched Google Fonts from the internet (textual-serve's template), though
drumhead promises to work offline. Every page is now loaded in a headless Chromium with no
host but this machine, and its requests to other hosts counted: none. The browser test skips
without chromium and chromedriver (Debian: apt-get install chromium chromium-driver; CI
installs them).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

web = pytest.importorskip("drumhead.cli.web", reason="the [web] extra is not installed")

from drumhead.cli.main import main  # noqa: E402
from tests.support.webdriver import OFFLINE, Browser, find_browser, free_port  # noqa: E402


@pytest.mark.parametrize(
    ("host", "url"),
    [("::1", "http://[::1]:8123/?token="), ("127.0.0.1", "http://127.0.0.1:8123/?token=")],
)
def test_the_address_printed_opens_in_a_browser(host: str, url: str) -> None:
    """An IPv6 address goes in brackets, in the address and in the Host header accepted."""
    server = web.GuardedServer("true", host=host, port=8123)
    assert server.url.startswith(url)
    assert url.removeprefix("http://").split("/?")[0] in server.hosts


# -- item 8: the pages make no outside request -----------------------------------------------
ADDRESS = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)|url\(\s*["']?([^"')]+)""")
"""An address a page fetches: a link's, a script's, a style's ``url(...)``."""


async def test_the_page_fetches_nothing_from_another_host() -> None:
    """textual-serve's page fetched Roboto Mono from Google Fonts: drumhead's gives the same
    font from the server's own files."""
    from aiohttp.test_utils import TestClient, TestServer

    port = free_port()
    server = web.GuardedServer("true", host="127.0.0.1", port=port)
    client = TestClient(TestServer(await server._make_app(), host="127.0.0.1", port=port))
    await client.start_server()
    try:
        page = await client.get(f"/?token={server.token}")
        assert page.status == 200
        html = await page.text()
        fetched = [a or b for a, b in ADDRESS.findall(html)]
        assert len(fetched) >= 3  # its style, its script, its font
        assert _elsewhere(fetched) == [] and "googleapis" not in html
        assert "Roboto Mono" in html and "/static/js/textual.js" in html
        font = re.search(r'url\("(http://[^"]+\.ttf)"\)', html)
        assert font is not None
        assert (await client.get(font.group(1).split(str(port), 1)[1])).status == 200
    finally:
        await client.close()


BROWSER = find_browser()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``drumhead serve`` in its own process, on a saves folder holding one game."""
    saves = tmp_path / "saves"
    new = ["new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "web", "--seed", "1"]
    assert main(["--saves", str(saves), *new]) == 0
    port = free_port()
    argv = ["--saves", str(saves), "serve", "--port", str(port), "--json"]
    process = subprocess.Popen(
        [sys.executable, "-m", "drumhead", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "TERM": "xterm-256color"},
        start_new_session=True,  # the app processes it starts end with it
    )
    try:
        assert process.stdout is not None
        yield json.loads(process.stdout.readline().decode())["url"], saves
    finally:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()


def _elsewhere(urls: list[str]) -> list[str]:
    """The addresses on another host than this machine (pages, files, fonts, sockets)."""
    out = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about", "chrome", "file"):
            continue
        if parts.hostname not in ("127.0.0.1", "localhost"):
            out.append(url)
    return out


@pytest.mark.slow
@pytest.mark.ui
@pytest.mark.skipif(
    BROWSER is None and not os.environ.get("DRUMHEAD_REQUIRE_BROWSER"),
    reason="needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver)",
)
def test_every_page_loads_with_the_network_off_and_asks_no_other_host(
    served: tuple[str, Path], tmp_path: Path
) -> None:
    """The app's page (to the battle screen), the refusal without the token, the printed
    cards and quick reference: in Chromium with no host but this machine, each request
    counted."""
    url, saves = served
    assert BROWSER is not None, "DRUMHEAD_REQUIRE_BROWSER is set: chromium must be installed"
    cards, sheet = tmp_path / "cards.html", tmp_path / "sheet.html"
    assert main(["--saves", str(saves), "print", "web", "-o", str(cards)]) == 0
    assert main(["print", "--reference", "one-if-by-land", "-o", str(sheet)]) == 0
    asked: list[str] = []
    with Browser(*BROWSER, flags=OFFLINE) as browser:
        browser.open(url)
        browser.wait_for("return document.body.classList.contains('-first-byte')", 20)
        browser.wait_for("return document.fonts.status === 'loaded'", 10)
        loaded = "return [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
        assert any("Roboto Mono" in family for family in browser.script(loaded))  # served here
        time.sleep(1.0)  # the app's first screens, over the WebSocket
        asked += browser.requested()
        browser.command("DELETE", "/cookie")
        browser.open(url.split("?")[0])
        assert "drumhead: open the address" in browser.script("return document.body.innerText")
        for page in (cards, sheet):
            browser.open(page.as_uri())
            browser.wait_for("return document.readyState === 'complete'", 10)
        asked += browser.requested()
    assert any("/static/js/textual.js" in a for a in asked)  # the log saw the page's files
    assert any(a.startswith("ws://127.0.0.1") for a in asked)
    assert _elsewhere(asked) == []  # of 90 requests or so
