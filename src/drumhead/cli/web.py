"""``drumhead serve``'s web server: textual-serve with a door that only this machine's player
can open.

textual-serve (the optional ``[web]`` extra, pinned) serves the app to a browser with no
authentication and takes a WebSocket from any page: any web site the player visits could
drive the app and its saves through it. :class:`GuardedServer` puts a guard in front of every
request:

* a random **token**, printed in the address at start (as a notebook server does): the page
  is served only with ``?token=...``, which also sets a cookie (HttpOnly, SameSite=Strict) so
  the page's own files and WebSocket get through; anything else is refused (403);
* the **Host** header must be the served address itself (``127.0.0.1:PORT``, or
  ``localhost:PORT`` when serving on a loopback address): a web site that points its own name
  at 127.0.0.1 (DNS rebinding) is refused;
* an **Origin**, when a browser sends one (it always does for a WebSocket), must be the served
  page's own: a page elsewhere cannot open the WebSocket even with the cookie.

The page itself makes no request to another host (drumhead works offline): textual-serve's
template fetches its font, Roboto Mono, from Google Fonts; :func:`offline_page` serves the
same template with the same font from textual-serve's own static files instead, and refuses
to start if the template still names another host.

This is the one module that reaches into textual-serve: it overrides
``Server._make_app`` (private in 1.1.3) and ``Server.on_startup``, and reads its page
template. tests/cli/test_serve.py fails loudly if the pinned version changes either.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

TEXTUAL_SERVE_VERSION = "1.1.3"
"""The textual-serve version whose internals this module relies on (pyproject pins it)."""

COOKIE = "drumhead_token"
"""The cookie the page gets once it was opened with the token."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class GuardedServer(Server):
    """textual-serve's server with a token, and the Host and Origin of each request checked.

    ``announce`` prints the address to open (``as_json``: one JSON line,
    ``{"url", "host", "port"}``, for scripts)."""

    def __init__(self, command: str, *, host: str, port: int, as_json: bool = False) -> None:
        # an IPv6 address is written in brackets in an address: http://[::1]:8000/
        own = f"http://{_host_port(host, port)}"
        super().__init__(command, host=host, port=port, title="drumhead", public_url=own)
        self.token = secrets.token_urlsafe(32)
        """The secret the address carries; a new one each time the server starts."""
        self.as_json = as_json
        local = host in ("127.0.0.1", "::1", "localhost")
        names = {host, "localhost", "127.0.0.1"} if local else {host}
        self.hosts = frozenset(_host_port(name, port) for name in names)
        """The Host headers accepted: the served address (and its loopback names)."""
        self.origins = frozenset(f"http://{h}" for h in self.hosts)
        """The Origin headers accepted: pages served from here."""

    @property
    def url(self) -> str:
        """The address to open, token included."""
        return f"{self.public_url}/?token={self.token}"

    async def _make_app(self) -> web.Application:
        app: web.Application = await super()._make_app()
        app.middlewares.append(self.guard)
        page = offline_page(Path(self.templates_path) / PAGE)
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({PAGE: page}))
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Say where the app is served (replaces textual-serve's banner)."""
        if self.as_json:
            line = json.dumps({"url": self.url, "host": self.host, "port": self.port})
        else:
            line = (
                f"drumhead is served on this machine: open {self.url}\n"
                "(the token is the key: anyone with this address can use the app; Ctrl+C stops)"
            )
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def refusal(self, request: web.Request) -> str | None:
        """Why ``request`` is refused, or None when it may go through."""
        if request.host not in self.hosts:
            return "this server answers only to its own address"
        origin = request.headers.get("Origin")
        if origin is not None and origin not in self.origins:
            return "this server answers only to its own pages"
        is_websocket = request.headers.get("Upgrade", "").lower() == "websocket"
        if is_websocket and origin is None:
            return "a WebSocket must come from the served page"
        if not self.has_token(request):
            return "open the address drumhead serve printed (with its token)"
        return None

    def has_token(self, request: web.Request) -> bool:
        given = request.query.get("token") or request.cookies.get(COOKIE) or ""
        return hmac.compare_digest(given.encode(), self.token.encode())

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse a request without the token, or from another host or page (403)."""
        why = self.refusal(request)
        if why is not None:
            raise web.HTTPForbidden(text=f"drumhead: {why}\n")
        response = await handler(request)
        if request.query.get("token") and isinstance(response, web.Response):
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict", path="/")
        return response


PAGE = "app_index.html"
"""textual-serve's page template (the page the token opens)."""

_WEB_FONT = re.compile(r"\s*<link\b[^>]*fonts\.googleapis\.com[^>]*>", re.IGNORECASE)
_OUTSIDE = re.compile(
    r"""(?:href|src)\s*=\s*["']?(?:https?:)?//|url\(\s*["']?(?:https?:)?//|@import""",
    re.IGNORECASE,
)
"""Anything in a page that would fetch from another host (its own files are named through
``config.static.url``)."""

_FONT_FACE = """
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf")
          format("truetype");
        font-weight: 100 700;
      }"""
"""Roboto Mono from textual-serve's own static files (it ships the font)."""


def offline_page(template: Path) -> str:
    """textual-serve's page template without its Google Fonts link, the same font served from
    here. Raises RuntimeError when the template would still fetch from another host (a new
    textual-serve: read its template before moving the pin)."""
    text = _WEB_FONT.sub("", template.read_text(encoding="utf-8"))
    text = text.replace("<style>", "<style>" + _FONT_FACE, 1)
    found = _OUTSIDE.search(text)
    if found is not None or _FONT_FACE not in text:
        raise RuntimeError(
            f"textual-serve's page {template} would fetch from another host "
            f"({found.group(0) if found else 'no <style> for its font'}): drumhead serves "
            "nothing that leaves this machine"
        )
    return text


def _host_port(host: str, port: int) -> str:
    name = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"{name}:{port}"


def origin_of(url: str) -> str:
    """The Origin a browser sends for a page at ``url``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def textual_serve_version() -> str:
    from importlib.metadata import version

    return version("textual-serve")


def internals() -> dict[str, Any]:
    """What this module relies on in textual-serve, for the test that guards the pin."""
    return {
        "version": textual_serve_version(),
        "make_app": getattr(Server, "_make_app", None),
        "on_startup": getattr(Server, "on_startup", None),
        "public_url": "public_url" in Server.__init__.__code__.co_names,
        "templates_path": "templates_path" in Server.__init__.__code__.co_names,
    }
