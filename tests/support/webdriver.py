"""A small WebDriver client (the W3C protocol chromedriver speaks, over HTTP with JSON): just
what the browser test of ``drumhead serve`` needs, with no dependency beyond the standard
library. chromedriver and chromium come from the system's packages (Debian: chromium,
chromium-driver)."""

from __future__ import annotations

import base64
import json
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1000,700",
)
"""Headless, with nothing reaching out to the network on its own."""

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
"""The key of an element reference in W3C WebDriver replies."""

_ESCAPES = re.compile(
    r"\x1b\[[0-9;?<=>]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07"
)


OFFLINE = (
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    "--proxy-server=127.0.0.1:9",
    "--proxy-bypass-list=127.0.0.1;localhost",
)
"""The network off but for this machine: every other host's name resolves to nothing, and
any request that would go out goes to a closed port instead."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def find_browser() -> tuple[str, str] | None:
    """(chromium, chromedriver) when both are installed."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


class Browser:
    """A headless Chromium driven through chromedriver; use as a context manager."""

    def __init__(self, browser: str, driver: str, *, flags: tuple[str, ...] = ()) -> None:
        self.browser = browser
        self.driver_path = driver
        self.flags = flags
        """Chromium flags besides :data:`CHROMIUM_FLAGS` (:data:`OFFLINE`: no other host)."""
        self.port = free_port()
        self.profile = tempfile.mkdtemp(prefix="drumhead-chromium-")
        self.process: subprocess.Popen[bytes] | None = None
        self.session = ""

    def __enter__(self) -> Browser:
        self.process = subprocess.Popen(
            [self.driver_path, f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                if self._call("GET", "/status")["ready"]:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.05)
        options = {
            "binary": self.browser,
            "args": [*CHROMIUM_FLAGS, *self.flags, f"--user-data-dir={self.profile}"],
        }
        capabilities = {
            "goog:chromeOptions": options,
            # the browser's network events: what the page's WebSocket receives
            "goog:loggingPrefs": {"performance": "ALL"},
        }
        reply = self._call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = reply["sessionId"]
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            if self.session:
                self._call("DELETE", f"/session/{self.session}")
        except OSError:
            pass
        finally:
            if self.process is not None:
                self.process.terminate()
                try:
                    self.process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return json.loads(reply.read())["value"]
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"WebDriver {method} {path}: {error.read()[:500]!r}") from None

    def command(self, method: str, path: str, body: Any = None) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body)

    def open(self, url: str) -> None:
        self.command("POST", "/url", {"url": url})

    def script(self, source: str, *args: Any) -> Any:
        return self.command("POST", "/execute/sync", {"script": source, "args": list(args)})

    def find(self, css: str) -> str:
        found = self.command("POST", "/element", {"using": "css selector", "value": css})
        element: str = found[ELEMENT]
        return element

    def type(self, element: str, text: str) -> None:
        self.command("POST", f"/element/{element}/value", {"text": text})

    def wait_for(self, source: str, timeout: float = 10.0) -> Any:
        """Poll the script ``source`` until it returns something true."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.script(source)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for: {source}")
            time.sleep(0.1)

    def websocket_text(self) -> str:
        """What the page's WebSockets received since the last call, as text without the
        terminal's escape codes (the words a terminal app wrote on the screen)."""
        out = []
        for entry in self.command("POST", "/se/log", {"type": "performance"}):
            message = json.loads(entry["message"])["message"]
            if message["method"] != "Network.webSocketFrameReceived":
                continue
            frame = message["params"]["response"]
            data = frame["payloadData"]
            if frame["opcode"] == 2:  # binary: sent base64-encoded
                data = base64.b64decode(data).decode("utf-8", "replace")
            out.append(data)
        return _ESCAPES.sub("", "".join(out))

    def requested(self) -> list[str]:
        """Every address the browser asked for since the log was last read (pages, their
        files and fonts, WebSockets)."""
        out = []
        for entry in self.command("POST", "/se/log", {"type": "performance"}):
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message["method"] == "Network.requestWillBeSent":
                out.append(params["request"]["url"])
            elif message["method"] == "Network.webSocketCreated":
                out.append(params["url"])
        return out

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self.command("GET", "/screenshot")))
