"""Issue 39, item 5: ``drumhead join``: the hosted game in a terminal on another computer, as
the token's role sees it; a side proposes the highlighted unit's morale test and the referee's
verdict comes back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")
from aiohttp.test_utils import TestServer
from drumhead.screens.joined import JoinedApp
from textual.widgets import DataTable, Static

from drumhead.cli.main import main
from drumhead.host.hub import Hub
from drumhead.host.server import TableServer
from drumhead.session import TableSession
from tests.support.webdriver import free_port

pytestmark = pytest.mark.ui


@pytest.fixture
async def served(hub: Hub) -> AsyncIterator[TableServer]:
    port = free_port()
    server = TableServer(hub, host="127.0.0.1", port=port)
    test_server = TestServer(server.app(), host="127.0.0.1", port=port)
    await test_server.start_server()
    try:
        yield server
    finally:
        await test_server.close()


async def settle(pilot: object, condition: object, what: str) -> None:
    deadline = time.monotonic() + 10
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited for {what}")
        await asyncio.sleep(0.05)
        await pilot.pause()  # type: ignore[attr-defined]


async def test_a_side_joins_proposes_and_hears_the_verdict(
    served: TableServer, session: TableSession
) -> None:
    app = JoinedApp(served.join_urls()["american"])
    async with app.run_test(size=(140, 40)) as pilot:
        table = app.query_one("#units", DataTable)
        await settle(pilot, lambda: table.row_count > 0, "the side's units")
        assert table.row_count == 8  # its own units only
        assert "Americans" in str(app.query_one("#where", Static).render())
        await pilot.press("m")  # the highlighted unit (the first): its morale test
        await settle(pilot, lambda: served.hub.proposals.waiting(), "the proposal")
        (proposal,) = served.hub.proposals.waiting()
        assert proposal.summary["unit"].startswith("North Carolina")
        served.hub.accept(proposal.id)
        await settle(pilot, lambda: app.note.startswith("accepted"), "the verdict")
        await settle(
            pilot,
            lambda: "Morale test" in str(app.query_one("#last", Static).render()),
            "the result shown",
        )
    assert session.game is not None and session.game.log[0].kind == "resolution"


async def test_a_display_joins_and_sends_nothing(served: TableServer) -> None:
    app = JoinedApp(served.base_url, served.tokens["display"])
    async with app.run_test(size=(140, 40)) as pilot:
        table = app.query_one("#units", DataTable)
        await settle(pilot, lambda: table.row_count == 16, "every unit")
        await pilot.press("n")
        await settle(pilot, lambda: app.note.startswith("refused"), "the refusal")
        assert "a display" in app.note


def test_join_says_what_is_wrong_before_opening_anything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["join", "http://127.0.0.1:1/display"]) == 1
    assert "give the token" in capsys.readouterr().err
    assert main(["join", "nowhere", "--token", "t"]) == 1
