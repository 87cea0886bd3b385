"""The other end of a hosted game: a device in Python (``drumhead play URL``, ``drumhead
join``, the tests and the load test).

:class:`TableClient` keeps what its role may see (the view, the event number, the host run)
as the host sends it, and sends commands with ids of its own. When the connection drops it
connects again, says the last number it has, and sends any command still unanswered again
with the same id: the host does it once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp

from drumhead.errors import DrumheadError
from drumhead.host.limits import MAX_HOST_MESSAGE_BYTES, MAX_MESSAGE_BYTES

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for the host to answer a connection."""

RECONNECT_TRIES = 30
"""Connections tried in a row before giving up (0.2 s apart, then up to 2 s)."""


class HostError(DrumheadError):
    """The host could not be reached, or refused us (the reason, as it said)."""


def split_url(url: str, token: str | None) -> tuple[str, str]:
    """(the host's base address, the token): the token from ``token`` or the address's own
    ``?token=``, as the host printed it."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise HostError(f"'{url}' is not a hosted game's address (http://ADDRESS:PORT/...)")
    given = token or next(iter(parse_qs(parts.query).get("token", ())), None)
    if not given:
        raise HostError("give the token the host printed: --token T (or the address with it)")
    return f"{parts.scheme}://{parts.netloc}", given


class TableClient:
    """A device of a hosted game (use ``async with``)."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        *,
        name: str = "drumhead play",
        on_message: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.base, self.token = split_url(url, token)
        self.name = name
        self.on_message = on_message
        """Told of every message from the host (after the client's own state is updated)."""
        self.host: str | None = None
        """The host run heard last."""
        self.n = 0
        """The last event number heard."""
        self.role: str | None = None
        self.view: dict[str, Any] = {}
        """What the role may see, as the host sent it last."""
        self.lines: list[dict[str, Any]] = []
        """The numbered log lines heard, in order (each once)."""
        self.http: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.sent: dict[str, dict[str, Any]] = {}
        """Commands sent and not yet answered for good (sent again after a reconnection)."""
        self.joined = asyncio.Event()
        self.closed = False
        """We closed (no reconnecting)."""
        self.host_closed: str | None = None
        """What the host said when it last stopped or closed the game."""
        self.reconnections = 0

    async def __aenter__(self) -> TableClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- the connection -----------------------------------------------------------------------
    async def connect(self) -> None:
        """Connect (again) and wait for the state."""
        if self.http is None:
            self.http = aiohttp.ClientSession()
        self.joined.clear()
        headers = {"Authorization": f"Bearer {self.token}", "X-Drumhead-Device": self.name}
        try:
            self.ws = await self.http.ws_connect(
                f"{self.base}/ws",
                headers=headers,
                max_msg_size=MAX_HOST_MESSAGE_BYTES,  # a view, whole
                timeout=aiohttp.ClientWSTimeout(ws_close=5.0),
                heartbeat=20.0,
            )
        except aiohttp.WSServerHandshakeError as exc:
            await self._give_up()
            raise HostError(f"the host refused: {exc.status} {exc.message}") from None
        except (aiohttp.ClientError, OSError) as exc:
            await self._give_up()
            raise HostError(f"cannot reach the host at {self.base}: {exc}") from None
        hello: dict[str, Any] = {"type": "hello"}
        if self.host is not None:
            hello.update(host=self.host, since=self.n)
        await self.ws.send_str(json.dumps(hello))
        self.reader = asyncio.create_task(self._read(self.ws))
        try:
            await asyncio.wait_for(self.joined.wait(), CONNECT_TIMEOUT)
        except TimeoutError:
            raise HostError("the host did not send the game's state") from None
        for message in list(self.sent.values()):  # unanswered: again, the same id
            await self._send(message)

    async def _give_up(self) -> None:
        """A first connection failed: nothing is kept open."""
        if self.host is None and self.http is not None:
            await self.http.close()
            self.http = None

    async def close(self) -> None:
        self.closed = True
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(HostError("closed before the host answered"))

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.heard(json.loads(message.data))
        if not self.closed:
            await self._reconnect()

    async def _reconnect(self) -> None:
        delay = 0.2
        for _ in range(RECONNECT_TRIES):
            try:
                self.reconnections += 1
                await self.connect()
                return
            except HostError:
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(HostError("the host is gone"))

    async def drop(self) -> None:
        """Drop the connection as a network would (the client connects again)."""
        if self.ws is not None:
            await self.ws.close()

    # -- what the host says -------------------------------------------------------------------
    def heard(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            self.role = message.get("role")
        elif kind in ("reset", "catchup", "update", "view"):
            if kind == "reset":  # the whole state: the lines kept start afresh
                self.lines = []
            self.host = message.get("host")
            for line in message.get("lines", ()):
                self._line(line)
            if kind == "update":
                self._line(message["line"])
            self.n = int(message.get("n", self.n))
            self.view = message.get("view", self.view)
            if kind in ("reset", "catchup"):
                self.joined.set()
        elif kind in ("answer", "form", "error"):
            if "view" in message:
                self.view = message["view"]
            ident = message.get("id")
            final = kind != "answer" or message.get("status") != "waiting"
            if final and ident in self.sent:
                del self.sent[ident]
            future = self.waiting.get(str(ident)) if ident is not None else None
            if future is not None and not future.done() and final:
                future.set_result(message)
            elif future is not None and not future.done() and kind == "answer":
                self.proposed(message)
        elif kind == "closed":  # the host stopped: it may come back (we try to reconnect)
            self.host_closed = str(message.get("reason", ""))
        if self.on_message is not None:
            self.on_message(message)

    def proposed(self, message: dict[str, Any]) -> None:
        """A proposal is waiting for the referee (a hook for front ends)."""

    def _line(self, line: dict[str, Any]) -> None:
        if not self.lines or line["n"] > self.lines[-1]["n"]:
            self.lines.append(line)

    # -- what we say --------------------------------------------------------------------------
    async def _send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        if len(text) > MAX_MESSAGE_BYTES:
            raise HostError(f"a message is {MAX_MESSAGE_BYTES} bytes at most")
        if self.ws is None or self.ws.closed:
            return  # sent again once connected
        with contextlib.suppress(ConnectionError, aiohttp.ClientError):
            await self.ws.send_str(text)

    async def request(self, message: dict[str, Any], *, timeout: float = 30.0) -> dict[str, Any]:
        """Send a message with an ``id`` and wait for its final answer (a proposal: until the
        referee decides it)."""
        ident = str(message.setdefault("id", uuid.uuid4().hex))
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[ident] = future
        if message.get("type") == "command":
            self.sent[ident] = message
        try:
            await self._send(message)
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise HostError(f"no answer from the host in {timeout:g} s") from None
        finally:
            self.waiting.pop(ident, None)

    async def command(self, do: str, *, timeout: float = 30.0, **fields: Any) -> dict[str, Any]:
        """A command (against the number heard last unless ``against`` is given)."""
        fields.setdefault("against", self.n)
        return await self.request({"type": "command", "do": do, **fields}, timeout=timeout)

    async def form(self, **ask: Any) -> dict[str, Any]:
        return await self.request({"type": "form", **ask})
