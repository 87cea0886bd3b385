"""Issue 16, item 12: ``drumhead serve`` opens only with its token, and only to its own address
and pages.

Three layers: the textual-serve internals the guard relies on (fails loudly when the pinned
version changes them); the guard's answers to forged requests, in process; and a real
headless Chromium that opens the printed address and plays one check, while a client forging
the Origin is refused. The browser test skips, saying why, without chromium and chromedriver
(Debian: apt-get install chromium chromium-driver; .ci/run installs them).
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

web = pytest.importorskip("drumhead.cli.web", reason="the [web] extra is not installed")
aiohttp = pytest.importorskip("aiohttp")
from aiohttp import WSServerHandshakeError  # noqa: E402
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from drumhead.cli.main import main  # noqa: E402
from drumhead.saves import list_saves  # noqa: E402
from tests.support.webdriver import Browser, find_browser, free_port  # noqa: E402

GuardedServer = web.GuardedServer


def test_the_pinned_textual_serve_still_has_what_the_guard_relies_on() -> None:
    """If this fails, textual-serve changed: re-read its server.py before moving the pin."""
    found = web.internals()
    assert found["version"] == web.TEXTUAL_SERVE_VERSION == "1.1.3"
    assert inspect.iscoroutinefunction(found["make_app"])
    assert inspect.iscoroutinefunction(found["on_startup"])
    assert found["public_url"]
    server = GuardedServer("true", host="127.0.0.1", port=8123)
    app = asyncio.run(server._make_app())
    assert {"index", "websocket", "static", "download"} <= set(app.router.named_resources())
    assert server.guard in app.middlewares  # every route goes through it
    assert server.public_url == "http://127.0.0.1:8123"
    assert app.on_startup[-1] == server.on_startup


# -- the guard, in process -------------------------------------------------------------------
@pytest.fixture
async def guarded() -> AsyncIterator[tuple[TestClient, GuardedServer]]:
    port = free_port()
    server = GuardedServer("true", host="127.0.0.1", port=port)
    client = TestClient(TestServer(await server._make_app(), host="127.0.0.1", port=port))
    await client.start_server()
    try:
        yield client, server
    finally:
        await client.close()


async def test_the_page_needs_the_token(guarded: tuple[TestClient, GuardedServer]) -> None:
    client, server = guarded
    assert (await client.get("/")).status == 403
    assert (await client.get("/?token=wrong")).status == 403
    assert (await client.get(f"/?token={server.token[:-1]}")).status == 403
    page = await client.get(f"/?token={server.token}")
    assert page.status == 200
    cookie = page.cookies[web.COOKIE]
    assert cookie.value == server.token
    assert cookie["httponly"] and cookie["samesite"] == "Strict"
    # the page's own files come with the cookie; without it they are refused
    assert (await client.get("/static/js/textual.js")).status == 200
    client.session.cookie_jar.clear()
    assert (await client.get("/static/js/textual.js")).status == 403


async def test_another_host_is_refused_even_with_the_token(
    guarded: tuple[TestClient, GuardedServer],
) -> None:
    """A site that points its own name at 127.0.0.1 (DNS rebinding) gets nothing."""
    client, server = guarded
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1:1"):
        reply = await client.get(f"/?token={server.token}", headers={"Host": host})
        assert reply.status == 403, host
    ok = await client.get(f"/?token={server.token}", headers={"Host": f"localhost:{server.port}"})
    assert ok.status == 200


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1"]
)
async def test_a_websocket_from_another_page_is_refused(
    origin: str, guarded: tuple[TestClient, GuardedServer]
) -> None:
    client, server = guarded
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect(f"/ws?token={server.token}", headers={"Origin": origin})
    assert refused.value.status == 403


async def test_a_websocket_without_origin_or_token_is_refused(
    guarded: tuple[TestClient, GuardedServer],
) -> None:
    client, server = guarded
    own = f"http://127.0.0.1:{server.port}"
    for path, headers in (
        (f"/ws?token={server.token}", {}),  # no Origin: not from a page
        ("/ws", {"Origin": own}),  # the right page, no token
        ("/ws?token=wrong", {"Origin": own}),
    ):
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect(path, headers=headers)
        assert refused.value.status == 403


def test_serve_binds_this_machine_by_default() -> None:
    from drumhead.cli.parser import build_parser

    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1"


# -- a real browser --------------------------------------------------------------------------
BROWSER = find_browser()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``drumhead serve`` in its own process, on a saves folder holding one game."""
    saves = tmp_path / "saves"
    new = ["new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "web", "--seed", "1"]
    assert main(["--saves", str(saves), *new]) == 0
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "drumhead",
            "--saves",
            str(saves),
            "serve",
            "--port",
            str(port),
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "TERM": "xterm-256color"},
        start_new_session=True,  # the app processes it starts end with it
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline().decode()
        url = json.loads(line)["url"]
        assert url.startswith(f"http://127.0.0.1:{port}/?token=")
        yield url, saves
    finally:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()


def _journal(saves: Path) -> str:
    """The save's journal as it stands (every change is appended as it is made)."""
    return "".join(p.read_text(encoding="utf-8") for p in sorted(saves.glob("web.*.journal")))


def _wait(condition: object, what: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.1)


@pytest.mark.slow
@pytest.mark.ui
@pytest.mark.skipif(
    BROWSER is None and not os.environ.get("DRUMHEAD_REQUIRE_BROWSER"),
    reason="needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver)",
)
def test_a_browser_plays_a_check_and_a_forged_origin_is_refused(
    served: tuple[str, Path],
) -> None:
    url, saves = served
    assert BROWSER is not None, "DRUMHEAD_REQUIRE_BROWSER is set: chromium must be installed"
    with Browser(*BROWSER) as browser:
        browser.open(url)
        browser.wait_for("return document.body.classList.contains('-first-byte')", 20)
        seen = ""

        def shows(text: str) -> bool:
            nonlocal seen
            seen += browser.websocket_text()
            return text in seen

        _wait(lambda: shows("North Carolina riflemen"), "the battle screen")
        keys = browser.find("textarea.xterm-helper-textarea")
        seen = ""
        browser.type(keys, "m")  # the highlighted unit's morale test
        _wait(lambda: shows("Roll"), "the morale test")
        seen = ""
        browser.type(keys, "r")  # roll (the game's seeded dice)
        _wait(lambda: shows("Passes"), "the result")
        browser.type(keys, "a")  # apply: recorded, and in the save's journal at once
        _wait(lambda: "morale" in _journal(saves), "the saved resolution")

        # the address without the token, in a browser that never had it: refused
        browser.command("DELETE", "/cookie")
        browser.open(url.split("?")[0])
        assert "drumhead: open the address" in browser.script("return document.body.innerText")

    assert "morale" in _journal(saves) and list_saves(saves)[0].name == "web"

    # a page elsewhere, holding the token even, cannot open the app's WebSocket
    async def forged() -> int:
        ws_url = url.replace("http://", "ws://").replace("/?", "/ws?")
        async with aiohttp.ClientSession() as session:
            try:
                await session.ws_connect(ws_url, headers={"Origin": "http://evil.example"})
            except WSServerHandshakeError as refused:
                return refused.status
        return 101

    assert asyncio.run(forged()) == 403
