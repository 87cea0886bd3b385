"""Issue 36: what ``drumhead serve`` prints and serves.

Item 7: ``--host ::1`` printed ``http://::1:PORT/``, which no browser opens.
"""

from __future__ import annotations

import pytest

web = pytest.importorskip("drumhead.cli.web", reason="the [web] extra is not installed")


@pytest.mark.parametrize(
    ("host", "url"),
    [("::1", "http://[::1]:8123/?token="), ("127.0.0.1", "http://127.0.0.1:8123/?token=")],
)
def test_the_address_printed_opens_in_a_browser(host: str, url: str) -> None:
    """An IPv6 address goes in brackets, in the address and in the Host header accepted."""
    server = web.GuardedServer("true", host=host, port=8123)
    assert server.url.startswith(url)
    assert url.removeprefix("http://").split("/?")[0] in server.hosts
