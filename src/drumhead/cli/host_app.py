"""``drumhead host SAVE`` in a terminal: the app as always, on the hosted game, served to the
devices at the table from the app's own event loop (one thread: the app and the devices take
turns at the one table session), with F8 for the devices and the proposals waiting
(:mod:`drumhead.screens.table_host`) and a notice as each proposal comes.

The only module that joins the app and the host: imported only when ``drumhead host`` runs
in a terminal.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from drumhead.errors import DrumheadError
from drumhead.host.hub import Hub
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.proposals import ProposalBook, proposals_path
from drumhead.screens import app as app_module
from drumhead.screens.app import DrumheadApp
from drumhead.screens.table_host import TableHostScreen

if TYPE_CHECKING:
    from aiohttp import web

    from drumhead.host.run import HostPlan
    from drumhead.host.server import TableServer


class HubDesk:
    """The hosted game as the host's screen asks for it (``TableDesk``)."""

    def __init__(self, hub: Hub, server: TableServer) -> None:
        self.hub = hub
        self.server = server
        self.listeners: list[Callable[[], None]] = hub.listeners

    def join_addresses(self) -> list[tuple[str, str, str]]:
        names = {s.id: s.name for s in self.hub.session.state.sides}
        return [
            (role, "The display" if role == "display" else names.get(role, role), url)
            for role, url in self.server.join_urls().items()
        ]

    def devices(self) -> list[tuple[str, str, str]]:
        return [(d.id, d.role, d.name) for d in self.hub.devices.values()]

    def waiting(self) -> list[dict[str, Any]]:
        return [p.to_dict() for p in self.hub.proposals.waiting()]

    def accept(self, proposal: str) -> str:
        try:
            done = self.hub.accept(proposal)
        except DrumheadError as exc:
            return str(exc)
        return f"{done.status}: {done.reason}"

    def refuse(self, proposal: str, why: str) -> str:
        try:
            return self.hub.refuse(proposal, why).status
        except DrumheadError as exc:
            return str(exc)

    def toggle_auto(self, side: str) -> bool:
        on = side not in self.hub.auto
        self.hub.set_auto(side, on)
        return on

    def qr(self, url: str) -> str:
        from drumhead.host.qr import qr_text

        return qr_text(url)


class HostedApp(DrumheadApp):
    """The app on a hosted game (see the module)."""

    CSS_PATH = str(Path(app_module.__file__).parent / str(DrumheadApp.CSS_PATH))
    """The app's own stylesheet (a relative path would be read beside this module)."""
    BINDINGS = [
        *DrumheadApp.BINDINGS,
        Binding("f8", "table_host", "Devices", tooltip="Devices, proposals, join addresses"),
    ]

    def __init__(self, plan: HostPlan) -> None:
        from drumhead.session import TableSession

        super().__init__(session=TableSession(plan.saves), start="menu")
        self.plan = plan
        self.hub: Hub | None = None
        self.server: TableServer | None = None
        self.runner: web.AppRunner | None = None
        self.problem: str | None = None
        """Why hosting could not start (said after the app closes)."""
        self.told: set[str] = set()
        self.told_problems: list[str] = []
        """The problems told last: the proposals' or the commands done's (each told again
        only when it changes)."""

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self.begin_hosting)

    async def begin_hosting(self) -> None:
        """Open the save (as the app opens a game), share it, serve it."""
        from aiohttp import web

        from drumhead.host.run import plan_tokens, save_of
        from drumhead.host.server import TableServer

        try:
            path = save_of(self.plan)
            self.session.resume(path)
            save = self.session.save
            assert save is not None
            hub = Hub(
                self.session,
                ledger=Ledger(ledger_path(save.path)),
                proposals=ProposalBook(proposals_path(save.path)),
                auto=self.plan.auto,
                sides_walk=self.plan.sides_walk,
            )
            server = TableServer(
                hub, host=self.plan.address, port=self.plan.port, tokens=plan_tokens(self.plan, hub)
            )
            runner = web.AppRunner(server.app(), handle_signals=False, shutdown_timeout=1.0)
            await runner.setup()
            await web.TCPSite(runner, server.host, server.port).start()
        except (DrumheadError, OSError) as exc:
            self.problem = f"cannot host: {exc}"
            self.exit()
            return
        server.port = int(runner.addresses[0][1])
        self.hub, self.server, self.runner = hub, server, runner
        hub.listeners.append(self.proposals_changed)
        self.proposals_changed()  # a proposals file that could not be read: said now
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(signum, self.exit)  # saved and released as on quitting
        where = "this machine only" if server.local else "the local network"
        self.notify(
            f"Hosted on {where}: {server.base_url}. F8: devices, proposals, join addresses.",
            title="Hosting",
            timeout=12,
        )
        if not server.local:
            self.notify(
                "Plain HTTP: anyone on this network can read what passes, the tokens too. "
                "Host only on a network you trust.",
                severity="warning",
                timeout=20,
            )

    def proposals_changed(self) -> None:
        if self.hub is None:
            return
        problems = self.hub.problems()
        for problem in problems:
            if problem not in self.told_problems:
                self.notify(problem, severity="warning", timeout=20)
        self.told_problems = problems
        asked = self.hub.picking()
        if asked is not None and f"{asked[0]}#{asked[1].index}" not in self.told:
            pid, question = asked
            self.told.add(f"{pid}#{question.index}")
            names = {s.id: s.name for s in self.hub.session.state.sides}
            self.notify(
                f"{names.get(question.side, question.side)} pick which unit takes "
                f"'{question.text}' on their device; no other proposal is rolled until then "
                "(a change made here leaves the effects to the players).",
                title=f"Proposal {pid} waits for a pick",
                timeout=12,
            )
        for proposal in self.hub.proposals.waiting():
            if proposal.id not in self.told:
                self.told.add(proposal.id)
                s = proposal.summary
                self.notify(
                    f"{proposal.side}: {s['check']} for {s['unit']}. F8 to accept or refuse.",
                    title=f"Proposal {proposal.id}",
                    timeout=10,
                )

    def action_table_host(self) -> None:
        if self.hub is None or self.server is None:
            self.notify("Not hosting yet.", severity="warning")
            return
        self.push_screen(TableHostScreen(HubDesk(self.hub, self.server)))

    async def action_quit(self) -> None:
        if self.runner is not None and self.hub is not None:
            self.hub.close()
            await self.runner.cleanup()
            self.runner = None
        await super().action_quit()


def run_hosted_app(plan: HostPlan) -> int:
    """Run the app on the hosted game until it quits; the save is closed however it ends."""
    from drumhead.cli.app_entry import terminal_settings

    terminal_settings()
    app = HostedApp(plan)
    try:
        app.run()
    finally:
        app.session.close()  # saved, and the lock released
    if app.problem is not None:
        raise DrumheadError(app.problem)
    return 0
