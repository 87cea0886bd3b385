"""Issue 39, item 1: ``drumhead host`` in a terminal is the app as always, on the hosted game,
plus the devices connected and the proposals waiting (F8): the referee accepts a phone's
proposal there, and the phone hears the verdict."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")
from drumhead.screens.table_host import TableHostScreen
from textual.widgets import DataTable

from drumhead.cli.host_app import HostedApp
from drumhead.host.client import TableClient
from drumhead.host.run import HostPlan
from tests.host.conftest import open_table
from tests.support.webdriver import free_port

pytestmark = pytest.mark.ui


async def settle(pilot: object, condition: object, what: str) -> None:
    deadline = time.monotonic() + 15
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited for {what}")
        await asyncio.sleep(0.05)
        await pilot.pause()  # type: ignore[attr-defined]


async def test_the_referee_accepts_a_phones_proposal_in_the_app(saves: Path) -> None:
    open_table(saves).close()
    plan = HostPlan(save="cowpens", saves=str(saves), address="127.0.0.1", port=free_port())
    app = HostedApp(plan)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(pilot, lambda: app.hub is not None, "hosting")
            assert app.server is not None and app.hub is not None
            assert app.session.game is not None and app.session.game.state.name == "cowpens"
            async with TableClient(app.server.join_urls()["american"]) as phone:
                asking = asyncio.create_task(
                    phone.command("propose", check="morale", unit="nc_riflemen")
                )
                await settle(pilot, lambda: app.hub.proposals.waiting(), "the proposal")  # type: ignore[union-attr]
                await pilot.press("f8")
                await settle(pilot, lambda: isinstance(app.screen, TableHostScreen), "F8")
                table = app.screen.query_one("#proposals", DataTable)
                await settle(pilot, lambda: table.row_count == 1, "the proposal listed")
                devices = app.screen.query_one("#devices", DataTable)
                assert devices.row_count == 1
                await pilot.press("a")
                answer = await asyncio.wait_for(asking, 10)
                assert answer["status"] == "accepted"
                await settle(pilot, lambda: table.row_count == 0, "the list emptied")
            await pilot.press("escape")
            log = app.session.game.log
            assert log[0].kind == "resolution" and log[0].data["unit"] == "nc_riflemen"
    finally:
        app.session.close()
    open_table(saves).close()  # saved and released: it opens again


async def test_a_save_another_drumhead_holds_is_not_hosted(saves: Path) -> None:
    holder = open_table(saves)
    try:
        app = HostedApp(HostPlan("cowpens", str(saves), "127.0.0.1", free_port()))
        async with app.run_test() as pilot:
            await settle(pilot, lambda: app.problem is not None, "the refusal")
        assert "open in another drumhead" in (app.problem or "")
    finally:
        holder.close()


async def test_the_app_says_when_a_command_done_cannot_be_kept(saves: Path) -> None:
    open_table(saves).close()
    plan = HostPlan(save="cowpens", saves=str(saves), address="127.0.0.1", port=free_port())
    app = HostedApp(plan)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(pilot, lambda: app.hub is not None, "hosting")
            assert app.server is not None and app.hub is not None
            app.hub.ledger.path = saves / "gone" / "cowpens.commands.jsonl"
            async with TableClient(app.server.join_urls()["american"]) as phone:
                answer = await asyncio.wait_for(phone.command("next_step"), 10)
                assert answer["ok"]

            def told() -> bool:
                return any("cannot be written down" in str(n.message) for n in app._notifications)

            await settle(pilot, told, "the notice")
    finally:
        app.session.close()


async def test_the_referee_is_told_when_a_roll_waits_for_a_pick(tmp_path: Path) -> None:
    """Issue 35: the base hits of an accepted assault fall on one of two French units; the
    referee's app says the French pick it, and that the game waits."""
    import json

    from tests.host.test_group_picks import ASSAULT, club
    from tests.support.phases import to_phase
    from tests.support.table_turn import open_table as new_table

    saves = tmp_path / "saves"
    table = new_table(saves, "republique", "aspern-1809", club(tmp_path))
    to_phase(table)  # an assault is rolled in the assault phase (Republique 4.1)
    table.close()
    plan = HostPlan(save="turn", saves=str(saves), address="127.0.0.1", port=free_port())
    app = HostedApp(plan)
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await settle(pilot, lambda: app.hub is not None, "hosting")
            hub = app.hub
            assert hub is not None
            phone = hub.connect("austrian")
            hub.receive(
                phone,
                json.dumps(
                    {"type": "command", "id": "a", "against": hub.n, "do": "propose", **ASSAULT}
                ),
            )
            (waiting,) = hub.proposals.waiting()
            hub.accept(waiting.id)

            def told() -> bool:
                return any("waits for a pick" in str(n.title) for n in app._notifications)

            await settle(pilot, told, "the notice")
            said = next(n for n in app._notifications if "waits for a pick" in str(n.title))
            assert "French (defending Aspern) pick which unit takes 'Base hit" in said.message
    finally:
        app.session.close()
