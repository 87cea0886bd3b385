"""Issue 39, item 1 and the security of item 8: the hosted game over HTTP and WebSocket, in
process (aiohttp's test server): tokens carried once in the address then as an HttpOnly
cookie, Host and Origin checked as ``drumhead serve`` does, a display's and a wrong token's
commands refused, messages bounded, and a device in Python playing through it."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")
from aiohttp import WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from drumhead.host.client import HostError, TableClient
from drumhead.host.hub import Hub
from drumhead.host.limits import MAX_MESSAGE_BYTES
from drumhead.host.server import COOKIE, STATIC, TableServer, page_text
from drumhead.session import TableSession
from tests.support.webdriver import free_port


@pytest.fixture
async def served(hub: Hub) -> AsyncIterator[tuple[TestClient, TableServer]]:
    port = free_port()
    server = TableServer(hub, host="127.0.0.1", port=port)
    client = TestClient(TestServer(server.app(), host="127.0.0.1", port=port))
    await client.start_server()
    try:
        yield client, server
    finally:
        await client.close()


async def test_a_page_opens_once_with_its_token_then_by_its_cookie(
    served: tuple[TestClient, TableServer],
) -> None:
    client, server = served
    # random at each start, and never read as an option on a command line (no leading dash)
    assert all(len(t) == 48 and set(t) <= set("0123456789abcdef") for t in server.tokens.values())
    assert (await client.get("/display")).status == 403
    assert (await client.get("/display?token=wrong")).status == 403
    side = server.tokens["american"]
    assert (await client.get(f"/display?token={side}")).status == 403  # another role's token
    reply = await client.get(f"/side/american?token={side}", allow_redirects=False)
    assert reply.status == 303 and reply.headers["Location"] == "/side/american"
    cookie = reply.cookies[COOKIE]
    assert cookie.value == side and cookie["httponly"] and cookie["samesite"] == "Strict"
    assert cookie["path"] == "/side/american"
    page = await client.get("/side/american")
    assert page.status == 200 and "text/html" in page.headers["Content-Type"]
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    assert (await client.get("/side/british")).status == 403  # the cookie is the Americans'
    assert (await client.get("/side/prussians")).status == 404


async def test_another_host_or_page_is_refused_even_with_the_token(
    served: tuple[TestClient, TableServer],
) -> None:
    client, server = served
    token = server.tokens["display"]
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1:1"):
        reply = await client.get(f"/display?token={token}", headers={"Host": host})
        assert reply.status == 403, host
    reply = await client.get(f"/display?token={token}", headers={"Origin": "http://evil.example"})
    assert reply.status == 403


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:1"])
async def test_a_page_websocket_from_elsewhere_is_refused(
    origin: str, served: tuple[TestClient, TableServer]
) -> None:
    client, server = served
    await client.get(f"/display?token={server.tokens['display']}")  # the cookie
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect("/display/ws", headers={"Origin": origin})
    assert refused.value.status == 403
    with pytest.raises(WSServerHandshakeError):  # with the cookie but no Origin: not a page
        await client.ws_connect("/display/ws")
    own = f"http://127.0.0.1:{server.port}"
    ws = await client.ws_connect("/display/ws", headers={"Origin": own})
    await ws.send_str('{"type":"hello"}')
    assert (await ws.receive_json())["type"] == "welcome"
    await ws.close()


async def test_a_script_uses_its_token_as_a_bearer(
    served: tuple[TestClient, TableServer],
) -> None:
    client, server = served
    for token in ("", "wrong", server.tokens["american"][:-1]):
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect("/ws", headers={"Authorization": f"Bearer {token}"})
        assert refused.value.status == 403


async def test_a_side_plays_through_the_host_and_a_display_is_refused(
    served: tuple[TestClient, TableServer], session: TableSession
) -> None:
    _, server = served
    server.hub.set_auto("american", True)
    async with (
        TableClient(server.base_url, server.tokens["american"]) as side,
        TableClient(server.join_urls()["display"]) as display,
    ):
        assert side.role == "american" and display.role == "display"
        form = await side.form(check="morale", unit="nc_riflemen")
        assert form["ok"] and form["form"]["odds"]
        done = await side.command("propose", check="morale", unit="nc_riflemen")
        assert done["ok"] and done["status"] == "accepted"
        refused = await display.command("next_step")
        assert not refused["ok"] and "a display" in refused["reason"]
        for _ in range(50):  # the display hears the roll
            if display.n == done["n"]:
                break
            await asyncio.sleep(0.02)
        assert display.view["last"]["unit"].startswith("North Carolina")
        assert [x["n"] for x in display.lines] == list(range(1, display.n + 1))
    assert session.game is not None and session.game.log[0].kind == "resolution"


async def test_a_message_too_long_closes_the_socket(
    served: tuple[TestClient, TableServer],
) -> None:
    client, server = served
    ws = await client.ws_connect(
        "/ws", headers={"Authorization": f"Bearer {server.tokens['american']}"}
    )
    await ws.send_str(json.dumps({"type": "hello", "pad": "x" * MAX_MESSAGE_BYTES}))
    closing = await ws.receive()
    while closing.type.name == "TEXT":
        closing = await ws.receive()
    assert ws.closed or closing.type.name in ("CLOSE", "CLOSING", "CLOSED")
    assert ws.close_code == 1009
    assert not server.hub.devices  # it is gone from the host's list


async def test_a_wrong_address_or_token_is_a_clear_error() -> None:
    with pytest.raises(HostError, match="not a hosted game's address"):
        TableClient("ftp://x", "t")
    with pytest.raises(HostError, match="give the token"):
        TableClient("http://127.0.0.1:1/side/x")
    with pytest.raises(HostError, match="cannot reach the host"):
        await TableClient(f"http://127.0.0.1:{free_port()}", "t").connect()


async def test_the_pages_fetch_nothing_from_outside(
    served: tuple[TestClient, TableServer],
) -> None:
    """drumhead works with no internet: no CDN, no web font, no address but the page's own."""
    import re

    client, server = served
    await client.get(f"/display?token={server.tokens['display']}")
    await client.get(f"/side/american?token={server.tokens['american']}")
    texts = {}
    for path in ("/display", "/side/american", *(f"/static/{n}" for n in STATIC)):
        reply = await client.get(path)
        assert reply.status == 200, path
        texts[path] = await reply.text()
    for path, text in texts.items():
        hosts = re.findall(r"(?:https?:|wss?:)?//([\w.-]+)", text)
        assert hosts == [], (path, hosts)
        assert "@import" not in text and "@font-face" not in text, path
    referenced = re.findall(r'(?:src|href)="([^"]+)"', texts["/display"] + texts["/side/american"])
    assert referenced and all(r.startswith("/static/") for r in referenced)
    assert (await client.get("/static/../server.py")).status == 404
    assert (await client.get("/static/hub.py")).status == 404


@pytest.mark.parametrize("name", sorted(n for n in STATIC if n.endswith(".js")))
def test_the_pages_scripts_parse(name: str, tmp_path: Path) -> None:
    """A script that does not parse shows a blank page: node says so first (when it is here)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (the browser test reads the scripts too)")
    script = tmp_path / name
    script.write_bytes(page_text(name))
    done = subprocess.run([node, "--check", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
