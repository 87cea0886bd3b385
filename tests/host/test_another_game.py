"""Another save opened in the hosting app: the server takes that game's tokens, and the
devices holding the first game's are told why and disconnected (over real WebSockets)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")
from aiohttp import WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer

from drumhead.host.hub import Hub
from drumhead.host.server import TableServer
from drumhead.host.tokens import game_tokens
from drumhead.session import TableSession
from tests.host.conftest import open_table
from tests.support.webdriver import free_port


@pytest.fixture
async def served(hub: Hub) -> AsyncIterator[tuple[TestClient, TableServer]]:
    save = hub.session.save
    assert save is not None
    port = free_port()
    server = TableServer(
        hub, host="127.0.0.1", port=port, tokens=game_tokens(save.path, hub.roles())
    )
    client = TestClient(TestServer(server.app(), host="127.0.0.1", port=port))
    await client.start_server()
    try:
        yield client, server
    finally:
        await client.close()


async def test_another_game_opened_brings_its_own_tokens(
    served: tuple[TestClient, TableServer], session: TableSession, saves: Path
) -> None:
    client, server = served
    first = dict(server.tokens)
    other = open_table(saves, "second")  # another game, saved beside the first
    second_path = other.save.path if other.save else None
    other.close(force=True)
    assert second_path is not None
    second = game_tokens(second_path, server.hub.roles())
    assert second != first

    ws = await client.ws_connect("/ws", headers={"Authorization": f"Bearer {first['american']}"})
    await ws.send_str(json.dumps({"type": "hello"}))
    assert json.loads((await ws.receive()).data)["type"] == "welcome"
    await ws.receive()  # the state

    session.resume(second_path)  # the hosting app opens the other save

    seen = json.loads((await ws.receive(timeout=5)).data)
    while seen.get("reason") == "the host closed the game":  # the first game closing
        seen = json.loads((await ws.receive(timeout=5)).data)
    assert seen["type"] == "closed"
    assert "another game" in seen["reason"]
    assert (await ws.receive(timeout=5)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
    assert server.tokens == second
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect("/ws", headers={"Authorization": f"Bearer {first['american']}"})
    assert refused.value.status == 403
    ws = await client.ws_connect("/ws", headers={"Authorization": f"Bearer {second['american']}"})
    await ws.send_str(json.dumps({"type": "hello"}))
    welcome = json.loads((await ws.receive()).data)
    assert welcome["game"] == session.state.name == "second"
    await ws.close()
