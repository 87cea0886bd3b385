"""The hosted game over HTTP and WebSocket (aiohttp, the ``[web]`` extra).

Routes: ``/display`` and ``/side/<id>`` (the pages), their WebSockets ``/display/ws`` and
``/side/<id>/ws``, ``/ws`` (a script's WebSocket: its role is its token's), and the pages'
files under ``/static/``. Every request goes through :meth:`TableServer.guard`:

* the **Host** header must be the served address (``ADDRESS:PORT``; ``localhost:PORT`` too on
  a loopback address): a web site pointing its own name at this address (DNS rebinding) is
  refused;
* an **Origin**, when sent, must be the served pages' own; a WebSocket with a cookie must
  send one (a browser always does), so no other page can open it with the player's cookie;
* a **token** opens a page once in its address (``/side/american?token=...``): it is
  compared in constant time with each role's, set as an HttpOnly, SameSite=Strict cookie
  scoped to that page's path, and the page is reloaded without it. A script sends its token
  as ``Authorization: Bearer TOKEN`` (no cookie, no Origin needed: nothing ambient);
* request bodies and messages are bounded (:mod:`drumhead.host.limits`).

Tokens are random, made when a game is first hosted and kept beside its save (``--new-tokens``
makes them again). Plain HTTP: anyone on the same network can
read what passes (the tokens too); the host says so when it serves beyond this machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

from drumhead.host.asks import Refused
from drumhead.host.limits import MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES, SEND_TIMEOUT
from drumhead.host.tokens import game_tokens
from drumhead.host.views import DISPLAY

if TYPE_CHECKING:
    from drumhead.host.hub import Device, Hub

COOKIE = "drumhead_table"
"""The cookie a page gets once opened with its token (scoped to the page's own path)."""

PAGES = {"display": "display.html", "side": "side.html"}
"""The pages, files of ``drumhead.host`` (``pages/``)."""

STATIC = {
    "table.css": "text/css",
    "table.js": "text/javascript",
    "display.js": "text/javascript",
    "side.js": "text/javascript",
}
"""The pages' files served under ``/static/`` (nothing else is)."""

SECURITY_HEADERS = {
    # no outside request at all: scripts, styles, fonts, images from here only
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def page_text(name: str) -> bytes:
    """A page's file, read from the package."""
    return resources.files("drumhead.host").joinpath("pages", name).read_bytes()


def host_port(host: str, port: int) -> str:
    name = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"{name}:{port}"


class TableServer:
    """The web front of a :class:`~drumhead.host.hub.Hub` (see the module's description)."""

    def __init__(
        self, hub: Hub, *, host: str, port: int, tokens: dict[str, str] | None = None
    ) -> None:
        self.hub = hub
        self.host = host
        self.port = port
        """The port served (a free one is picked for 0: set once started)."""
        self.tokens = tokens if tokens is not None else game_tokens(None, hub.roles())
        """Each role's token: the display's and one per side (:mod:`drumhead.host.tokens`:
        kept beside the save, so that devices join again after a restart)."""
        self.sockets: set[web.WebSocketResponse] = set()

    # -- addresses ----------------------------------------------------------------------------
    @property
    def local(self) -> bool:
        return self.host in ("127.0.0.1", "::1", "localhost")

    @property
    def base_url(self) -> str:
        return f"http://{host_port(self.host, self.port)}"

    def join_urls(self) -> dict[str, str]:
        """The address each role opens, with its token (the display's first)."""
        return {role: f"{self.base_url}{_path(role)}?token={t}" for role, t in self.tokens.items()}

    @property
    def hosts(self) -> frozenset[str]:
        """The Host headers accepted."""
        names = {self.host, "localhost", "127.0.0.1"} if self.local else {self.host}
        return frozenset(host_port(name, self.port) for name in names)

    @property
    def origins(self) -> frozenset[str]:
        return frozenset(f"http://{h}" for h in self.hosts)

    # -- the application ----------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard], client_max_size=MAX_REQUEST_BYTES)
        app.router.add_get("/", self.index)
        app.router.add_get("/display", self.page)
        app.router.add_get("/side/{side}", self.page)
        app.router.add_get("/display/ws", self.socket)
        app.router.add_get("/side/{side}/ws", self.socket)
        app.router.add_get("/ws", self.socket)
        app.router.add_get("/static/{name}", self.static)
        app.on_shutdown.append(self._close_sockets)
        return app

    def role_of(self, token: str) -> str | None:
        """The role whose token this is (each compared in constant time, every one tried)."""
        found = None
        for role, known in self.tokens.items():
            if hmac.compare_digest(token.encode(), known.encode()):
                found = role
        return found

    def refusal(self, request: web.Request) -> str | None:
        """Why ``request`` is refused before any route sees it (None: it may go on)."""
        if request.host not in self.hosts:
            return "this server answers only to its own address"
        origin = request.headers.get("Origin")
        if origin is not None and origin not in self.origins:
            return "this server answers only to its own pages"
        return None

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        why = self.refusal(request)
        if why is not None:
            raise web.HTTPForbidden(text=f"drumhead: {why}\n")
        response = await handler(request)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    async def index(self, request: web.Request) -> web.StreamResponse:
        return web.Response(
            text="drumhead: a hosted game. Open the address the host printed for your role "
            "(the display's, or your side's), with its token.\n"
        )

    def _role_of_path(self, request: web.Request) -> str:
        side = request.match_info.get("side")
        if side is None:
            return DISPLAY
        if side == DISPLAY or side not in self.tokens:
            raise web.HTTPNotFound(text=f"drumhead: no side '{side[:40]}' in this game\n")
        return side

    def _holder(self, request: web.Request, *, cookie: bool) -> str | None:
        """The role of the token the request carries (Authorization, or the cookie)."""
        header = request.headers.get("Authorization", "")
        if header.startswith("Bearer "):
            return self.role_of(header.removeprefix("Bearer ").strip())
        if cookie and COOKIE in request.cookies:
            return self.role_of(request.cookies[COOKIE])
        return None

    async def page(self, request: web.Request) -> web.StreamResponse:
        role = self._role_of_path(request)
        token = request.query.get("token")
        if token is not None:
            if self.role_of(token) != role:
                raise web.HTTPForbidden(text=f"drumhead: this is not the token of {_path(role)}\n")
            # carried once in the address: kept as a cookie, and the address loses it
            found = web.HTTPSeeOther(_path(role))
            found.set_cookie(
                COOKIE, token, httponly=True, samesite="Strict", path=_path(role), max_age=None
            )
            raise found
        if self._holder(request, cookie=True) != role:
            raise web.HTTPForbidden(
                text="drumhead: open the address the host printed for this page (with its token)\n"
            )
        kind = "display" if role == DISPLAY else "side"
        return web.Response(body=page_text(PAGES[kind]), content_type="text/html")

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=page_text(name), content_type=STATIC[name])

    async def socket(self, request: web.Request) -> web.StreamResponse:
        with_cookie = request.path != "/ws"
        holder = self._holder(request, cookie=with_cookie)
        if with_cookie:
            role = self._role_of_path(request)
            by_cookie = "Authorization" not in request.headers
            if by_cookie and request.headers.get("Origin") is None:
                raise web.HTTPForbidden(text="drumhead: a page's WebSocket comes from the page\n")
        else:
            role = holder or ""
        if holder is None or holder != role:
            raise web.HTTPForbidden(text="drumhead: a valid token is needed\n")
        try:
            device = self.hub.connect(role, _agent(request))
        except Refused as exc:
            raise web.HTTPServiceUnavailable(text=f"drumhead: {exc}\n") from None
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=20.0)
        try:
            await ws.prepare(request)
        except BaseException:
            self.hub.disconnect(device)
            raise
        self.sockets.add(ws)
        writer = asyncio.create_task(self._write(ws, device, request.transport))
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    self.hub.receive(device, message.data)
                elif message.type == WSMsgType.BINARY:
                    self.hub.receive(device, b"\x00")  # answered: a message is JSON text
        finally:
            self.sockets.discard(ws)
            self.hub.disconnect(device)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        return ws

    async def _write(
        self, ws: web.WebSocketResponse, device: Device, transport: asyncio.Transport | None
    ) -> None:
        """Send ``device``'s outbox as it fills; a device that takes longer than
        :data:`SEND_TIMEOUT` for one message is dropped (it reconnects and catches up)."""
        ready = asyncio.Event()
        device.wake = ready.set
        try:
            while not ws.closed:
                while device.outbox:
                    out = device.outbox.popleft()
                    await asyncio.wait_for(ws.send_str(out.text), SEND_TIMEOUT)
                    device.delivered = out.n
                ready.clear()
                if not device.outbox:
                    await ready.wait()
        except (TimeoutError, ConnectionError):
            device.outbox.clear()
            if transport is not None:
                transport.abort()  # it stopped reading: drop it, never wait for it
        finally:
            device.wake = None

    async def _close_sockets(self, app: web.Application) -> None:
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=1001, message=b"the host stopped"), 2)


def _path(role: str) -> str:
    return "/display" if role == DISPLAY else f"/side/{role}"


def _agent(request: web.Request) -> str:
    """A short name of what connected, for the host's list."""
    agent = request.headers.get("X-Drumhead-Device") or request.headers.get("User-Agent") or ""
    for word in ("drumhead", "iPhone", "iPad", "Android", "Firefox", "Chrome", "Safari"):
        if word.lower() in agent.lower():
            return word if word != "drumhead" else agent[:40]
    return agent[:40] or "a device"
