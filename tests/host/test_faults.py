"""Issue 39, item 6: faults, over real WebSockets on this machine (the host in process). A device
dropped mid-command, a command sent twice, two sides proposing at once, a stale device, the
host restarted with devices reconnecting, a slow device that stops reading: each device ends
with the host's state, and every command is done once."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")
from aiohttp import web

from drumhead.host.client import TableClient
from drumhead.host.hub import Hub
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.server import TableServer
from drumhead.host.tokens import game_tokens
from drumhead.session import TableSession
from tests.host.conftest import open_table
from tests.support.webdriver import free_port

MORALE = {"check": "morale", "unit": "nc_riflemen"}


class Running:
    """A hosted game served on this machine, in this process; stopped and started again."""

    def __init__(self, saves: Path, port: int) -> None:
        self.saves = saves
        self.port = port
        self.session: TableSession | None = None
        self.hub: Hub | None = None
        self.server: TableServer | None = None
        self.runner: web.AppRunner | None = None
        self.tokens: dict[str, str] = {}

    async def start(self) -> None:
        self.session = open_table(self.saves)
        assert self.session.save is not None
        self.hub = Hub(self.session, ledger=Ledger(ledger_path(self.session.save.path)))
        self.hub.set_auto("american", True)
        self.hub.set_auto("british", True)
        tokens = game_tokens(self.session.save.path, self.hub.roles())  # the game's own
        self.server = TableServer(self.hub, host="127.0.0.1", port=self.port, tokens=tokens)
        self.tokens = dict(self.server.tokens)
        self.runner = web.AppRunner(self.server.app(), shutdown_timeout=1.0)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        assert self.runner is not None and self.hub is not None and self.session is not None
        self.hub.close()
        await self.runner.cleanup()
        self.session.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def client(self, role: str) -> TableClient:
        return TableClient(self.url, self.tokens[role], name=f"test {role}")


@pytest.fixture
async def running(saves: Path) -> AsyncIterator[Running]:
    hosted = Running(saves, free_port())
    await hosted.start()
    try:
        yield hosted
    finally:
        if hosted.session is not None and hosted.session.game is not None:
            await hosted.stop()


async def until(condition: object, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        await asyncio.sleep(0.02)


def resolutions(session: TableSession | None) -> list[str]:
    assert session is not None and session.game is not None
    return [e.data["unit"] for e in session.game.log if e.kind == "resolution"]


async def test_a_device_dropped_mid_command_gets_its_answer_and_the_command_is_done_once(
    running: Running,
) -> None:
    async with running.client("american") as side:
        asking = asyncio.create_task(side.command("propose", id="drop-1", **MORALE))
        await asyncio.sleep(0)  # sent...
        await side.drop()  # ...and the line drops before the answer is read
        answer = await asyncio.wait_for(asking, 10)
        assert answer["ok"] and answer["status"] == "accepted"
        assert side.reconnections >= 1
    assert resolutions(running.session) == ["nc_riflemen"]


async def test_a_command_sent_twice_over_the_wire_is_done_once(running: Running) -> None:
    async with running.client("american") as side:
        assert side.ws is not None
        text = json.dumps(
            {"type": "command", "id": "twice", "against": 0, "do": "propose", **MORALE}
        )
        heard: list[dict[str, object]] = []
        side.on_message = heard.append
        await side.ws.send_str(text)
        await side.ws.send_str(text)
        await until(lambda: sum(m.get("repeat") is True for m in heard) >= 1, "the repeat")
    assert resolutions(running.session) == ["nc_riflemen"]


async def test_two_sides_proposing_at_once_are_both_rolled_once(running: Running) -> None:
    async with running.client("american") as us, running.client("british") as them:
        ours, theirs = await asyncio.gather(
            us.command("propose", **MORALE),
            them.command("propose", check="morale", unit="7th_fusiliers"),
        )
        assert ours["status"] == theirs["status"] == "accepted"
        await until(lambda: us.n == them.n == running.hub.n, "both devices up to date")  # type: ignore[union-attr]
        assert us.view["sides"] == them.view["sides"]
    assert sorted(resolutions(running.session)) == ["7th_fusiliers", "nc_riflemen"]


async def test_a_stale_device_is_refused_with_the_state_as_it_is(running: Running) -> None:
    async with running.client("american") as fresh, running.client("british") as stale:
        old = stale.n
        assert (await fresh.command("next_step"))["ok"]
        # the stale device walks the turn on from what it saw before
        refused = await stale.command("next_step", against=old)
        assert not refused["ok"] and "moved on" in refused["reason"]
        assert stale.view["step"] == fresh.view["step"]
        assert (await stale.command("next_step", against=stale.n))["ok"]


@pytest.mark.slow
async def test_a_restarted_host_is_rejoined_and_a_resent_command_is_done_once(
    running: Running,
) -> None:
    async with running.client("american") as side, running.client("display") as display:
        first = await side.command("propose", id="before", **MORALE)
        assert first["status"] == "accepted"
        old_host = side.host
        await running.stop()
        await running.start()
        await until(lambda: side.host not in (None, old_host), "the side back on the new host")
        await until(lambda: display.host == side.host, "the display back")
        # the answer was lost? sent again with the same id: done once, from the host's ledger
        again = await side.command("propose", id="before", **MORALE)
        assert again["repeat"] and again["status"] == "accepted"
        assert resolutions(running.session) == ["nc_riflemen"]
        assert display.view["sides"] == json.loads(running.hub.view("display"))["sides"]  # type: ignore[union-attr]


@pytest.mark.slow
async def test_a_device_that_stops_reading_never_blocks_the_host(
    running: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("drumhead.host.server.SEND_TIMEOUT", 0.5)
    hub, session = running.hub, running.session
    assert hub is not None and session is not None
    # a device that connects, says hello, and never reads again (a tiny receive buffer)
    stuck = socket.socket()
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    stuck.connect(("127.0.0.1", running.port))
    stuck.sendall(
        (
            "GET /ws HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{running.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            f"Authorization: Bearer {running.tokens['american']}\r\n\r\n"
        ).encode()
    )
    hello = b'{"type":"hello"}'
    stuck.sendall(bytes([0x81, 0x80 | len(hello)]) + b"\0\0\0\0" + hello)  # masked, key 0
    await until(lambda: any(d.ready for d in hub.devices.values()), "the stuck device joined")
    async with running.client("american") as reader:
        longest = 0.0
        for i in range(400):
            started = time.perf_counter()
            # its side's view holds the unit's notes: 10 kB a message, more than the
            # kernel's buffers hold (4 MB) in all
            session.edit_unit("nc_riflemen", "notes", f"note {i} " + "x" * 10_000)
            longest = max(longest, time.perf_counter() - started)
            assert all(len(d.outbox) <= 256 for d in hub.devices.values())
            await asyncio.sleep(0)
        assert longest < 0.5  # the host never waited for the stuck device
        await until(lambda: len(hub.devices) == 1, "the stuck device dropped")
        await until(lambda: reader.n == hub.n, "the reading device up to date")
        assert [x["n"] for x in reader.lines] == list(range(1, hub.n + 1))
    stuck.close()
