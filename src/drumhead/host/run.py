"""``drumhead host`` without a screen: the game opened, served, and a console on standard input
for the referee (accept or refuse proposals, see the devices), until Ctrl+C or SIGTERM: then
the game is saved and its lock released.

The console reads one command a line: ``accept P``, ``refuse P [why]``, ``auto SIDE on|off``,
``pick P UNIT|random`` (which unit of a group takes an effect, when its side cannot say),
``leave P`` (that effect left to the players), ``devices``, ``proposals``, ``stop``. It prints each numbered change of the game, each
proposal as it comes, and devices joining and leaving (with ``--json``, one JSON object a
line after the first, which gives the address and the tokens).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from drumhead.errors import DrumheadError
from drumhead.host.hub import Hub
from drumhead.host.ledger import Ledger, ledger_path
from drumhead.host.proposals import ProposalBook, proposals_path

if TYPE_CHECKING:
    from drumhead.host.picking import Picking
    from drumhead.host.server import TableServer
    from drumhead.session import Change, TableSession


@dataclass(frozen=True, slots=True)
class HostPlan:
    """What ``drumhead host`` was asked for."""

    save: str
    """The save's name or the path of its ``.toml``."""
    saves: str | None
    address: str
    port: int
    as_json: bool = False
    auto: frozenset[str] = frozenset()
    sides_walk: bool = True
    new_tokens: bool = False
    """Make the devices' tokens again (no device that had the old ones can join)."""


def save_of(plan: HostPlan) -> Path:
    """The snapshot of the save asked for (a name in the saves folder, or a ``.toml``)."""
    from drumhead.saves import saves_dir
    from drumhead.saves.files import save_path

    given = Path(plan.save)
    path = given if given.suffix == ".toml" else save_path(saves_dir(plan.saves), plan.save)
    if not path.exists():
        raise DrumheadError(f"no save '{plan.save}' (drumhead saves lists them)")
    return path


def open_hosted(plan: HostPlan) -> tuple[TableSession, Hub]:
    """The save opened at a table session (its lock held) and shared by a hub."""
    from drumhead.session import TableSession

    session = TableSession(plan.saves)
    session.resume(save_of(plan))
    save = session.save
    assert save is not None
    sides = {s.id for s in session.state.sides}
    unknown = sorted(plan.auto - sides - {"all"})
    if unknown:
        session.close()
        raise DrumheadError(
            f"--auto {unknown[0]}: no such side (sides: {', '.join(sorted(sides))})"
        )
    auto = frozenset(sides) if "all" in plan.auto else plan.auto
    hub = Hub(
        session,
        ledger=Ledger(ledger_path(save.path)),
        proposals=ProposalBook(proposals_path(save.path)),
        auto=auto,
        sides_walk=plan.sides_walk,
    )
    return session, hub


def plan_tokens(plan: HostPlan, hub: Hub) -> dict[str, str]:
    """The devices' tokens of the hosted game (kept beside its save)."""
    from drumhead.host.tokens import game_tokens

    save = hub.session.save
    return game_tokens(save.path if save else None, hub.roles(), fresh=plan.new_tokens)


def announcement(server: TableServer, *, as_json: bool, qr: bool) -> str:
    """What the host prints first: where each role joins (and the warning for a network)."""
    urls = server.join_urls()
    if as_json:
        return json.dumps({"url": server.base_url, "tokens": dict(server.tokens), "join": urls})
    lines = [f"drumhead hosts '{server.hub.session.state.name}' on {server.base_url}"]
    if not server.local:
        lines.append(
            "Plain HTTP: anyone on this network can read what passes, the tokens too. Host "
            "only on a network you trust (your own Wi-Fi, not a café's)."
        )
    names = {s.id: s.name for s in server.hub.session.state.sides}
    for role, url in urls.items():
        who = "The display (TV)" if role == "display" else f"{names.get(role, role)} ({role})"
        lines.append(f"\n{who}: {url}")
        if qr:
            from drumhead.host.qr import qr_text

            lines.append(qr_text(url))
    lines.append(
        "Ctrl+C saves and stops. Type: accept P, refuse P [why], auto SIDE on|off, "
        "pick P UNIT|random, leave P, devices, proposals, stop."
    )
    return "\n".join(lines)


class Console:
    """The referee's console over standard input and output (see the module)."""

    def __init__(self, hub: Hub, out: TextIO, *, as_json: bool, stop: Callable[[], None]) -> None:
        self.hub = hub
        self.writer = Output(out)
        self.as_json = as_json
        self.stop = stop
        self.printed = hub.n
        self.known_devices: set[str] = set()
        self.known_proposals: set[str] = set()
        self.asked: tuple[str, Picking] | None = None
        """The pick said last (said again only when another is asked)."""
        self.told_problems: list[str] = []
        """The problems said last (each said again only when it changes)."""
        hub.listeners.append(self.heard)
        hub.session.subscribe(self.changed)
        self.tell_problem()

    def say(self, text: str, **data: Any) -> None:
        line = json.dumps(data, ensure_ascii=False) if self.as_json else text
        self.writer.write(line + "\n")

    def changed(self, change: Change) -> None:
        self.print_lines()

    def print_lines(self) -> None:
        """Print the numbered changes not printed yet."""
        for line in self.hub.lines:
            if line.n > self.printed:
                self.say(f"{line.n:>5}  {line.text}", event=line.to_dict())
                self.printed = line.n

    def tell_problem(self) -> None:
        """Say when the proposals (or the commands done) cannot be kept beside the save (or
        read), once each."""
        problems = self.hub.problems()
        for problem in problems:
            if problem not in self.told_problems:
                self.say(f"drumhead: {problem}", error=problem)
        self.told_problems = problems

    def heard(self) -> None:
        self.print_lines()
        self.tell_problem()
        devices = self.hub.devices
        for ident in sorted(set(devices) - self.known_devices):
            d = devices[ident]
            self.say(f"device {d.id} joined as {d.role} ({d.name})", joined=d.id, role=d.role)
        for ident in sorted(self.known_devices - set(devices)):
            self.say(f"device {ident} left", left=ident)
        self.known_devices = set(devices)
        asked = self.hub.picking()
        if asked is not None and asked != self.asked:
            pid, q = asked
            units = ", ".join(q.units) + (", random" if q.at_random else "")
            self.say(
                f"{pid}: '{q.text}' falls on one unit of the {q.role.replace('_', ' ')}: "
                f"{q.side} picks (or: pick {pid} {units} / leave {pid})",
                picking=q.shown(self.hub.session, pid),
            )
        self.asked = asked
        for proposal in self.hub.proposals.waiting():
            if proposal.id not in self.known_proposals:
                self.known_proposals.add(proposal.id)
                s = proposal.summary
                dice = "dice " + " ".join(map(str, s["dice"])) if s.get("dice") else "host rolls"
                self.say(
                    f"proposal {proposal.id} from {proposal.side}: {s['check']} for {s['unit']} "
                    f"({dice}): accept {proposal.id} / refuse {proposal.id}",
                    proposal=proposal.to_dict(),
                )

    def command(self, text: str) -> None:
        """One line typed by the referee."""
        words = text.split()
        if not words:
            return
        verb, rest = words[0].lower(), words[1:]
        try:
            if verb == "accept" and rest:
                done = self.hub.accept(rest[0])
                self.say(f"{done.id} {done.status}: {done.reason}", answer=done.to_dict())
            elif verb == "refuse" and rest:
                why = " ".join(rest[1:]) or "refused by the referee"
                done = self.hub.refuse(rest[0], why)
                self.say(f"{done.id} refused", answer=done.to_dict())
            elif verb == "pick" and len(rest) == 2:
                done = self.hub.pick(rest[0], rest[1])
                self.say(f"{done.id}: {done.reason}", answer=done.to_dict())
            elif verb == "leave" and rest:
                done = self.hub.leave_pick(rest[0])
                self.say(f"{done.id}: {done.reason}", answer=done.to_dict())
            elif verb == "auto" and len(rest) == 2 and rest[1] in ("on", "off"):
                self.hub.set_auto(rest[0], rest[1] == "on")
                self.say(f"auto-accept for {rest[0]}: {rest[1]}", auto=sorted(self.hub.auto))
            elif verb == "devices":
                for d in self.hub.devices.values():
                    self.say(f"{d.id} {d.role} {d.name}", device=d.id, role=d.role)
            elif verb == "proposals":
                for p in self.hub.proposals.waiting():
                    self.say(f"{p.id} {p.side}: {p.summary['check']}", proposal=p.to_dict())
            elif verb in ("stop", "quit"):
                self.stop()
            else:
                raise DrumheadError(
                    "commands: accept P, refuse P [why], auto SIDE on|off, pick P UNIT|random, "
                    "leave P, devices, proposals, stop"
                )
        except DrumheadError as exc:
            self.say(f"drumhead: {exc}", error=str(exc))


class Output:
    """Lines for standard output that never block the host: when nobody reads them (a pipe
    left full by a script), they wait in a bounded buffer, and the oldest are dropped."""

    LIMIT = 256 * 1024
    """Bytes kept waiting for a reader."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.pending = bytearray()
        self.dropped = 0
        self.fd: int | None = None
        """Standard output's file when it is a pipe or a file, made non-blocking (a terminal,
        or a test's buffer, is written as it is)."""
        try:
            if not out.isatty():
                out.flush()
                self.fd = out.fileno()
                os.set_blocking(self.fd, False)
        except (AttributeError, ValueError, OSError):
            self.fd = None

    def close(self) -> None:
        """Write what waits as far as the reader takes it, and make standard output
        blocking again."""
        if self.fd is not None:
            with contextlib.suppress(OSError):
                while self.pending:  # what the reader takes now; never waits for it
                    del self.pending[: os.write(self.fd, self.pending)]
            with contextlib.suppress(OSError):
                os.set_blocking(self.fd, True)
            self.fd = None

    def write(self, text: str) -> None:
        if self.fd is None:
            with contextlib.suppress(OSError, ValueError):
                self.out.write(text)
                self.out.flush()
            return
        self.pending += text.encode("utf-8", "replace")
        if len(self.pending) > self.LIMIT:
            cut = self.pending.find(b"\n", len(self.pending) - self.LIMIT) + 1
            self.dropped += self.pending[:cut].count(b"\n")
            del self.pending[:cut]
        try:
            while self.pending:
                done = os.write(self.fd, self.pending)
                del self.pending[:done]
        except (BlockingIOError, InterruptedError):
            return
        except OSError:  # standard output closed: nothing more is printed
            self.pending.clear()


async def serve(
    server: TableServer,
    *,
    announce: Callable[[TableServer], None],
    console: Callable[[Callable[[], None]], Console | None] | None = None,
    started: Callable[[asyncio.Event], None] | None = None,
) -> None:
    """Serve until SIGINT, SIGTERM, or the console's ``stop``."""
    from aiohttp import web

    runner = web.AppRunner(server.app(), handle_signals=False, shutdown_timeout=2.0)
    await runner.setup()
    site = web.TCPSite(runner, server.host, server.port)
    try:
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        raise DrumheadError(
            f"cannot serve on {server.host}:{server.port}: {exc.strerror}"
        ) from None
    server.port = int(runner.addresses[0][1])
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    announce(server)
    reading = console(stop.set) if console is not None else None
    if reading is not None:
        _read_lines(loop, reading, stop)
    if started is not None:
        started(stop)
    try:
        await stop.wait()
    finally:
        with contextlib.suppress(ValueError, OSError):
            loop.remove_reader(sys.stdin.fileno())
        server.hub.close()
        await runner.cleanup()


def _read_lines(loop: asyncio.AbstractEventLoop, console: Console, stop: asyncio.Event) -> None:
    """The console's commands from standard input, a line at a time (never blocking)."""
    try:
        stream = sys.stdin
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        return
    pending = bytearray()

    def readable() -> None:
        import os

        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        if not chunk:  # no more input (a script's closed pipe): serve on, read no more
            loop.remove_reader(fd)
            return
        pending.extend(chunk)
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            console.command(line.decode("utf-8", "replace")[:200])
        if len(pending) > 1000:
            pending.clear()

    try:
        loop.add_reader(fd, readable)
    except (ValueError, OSError, NotImplementedError):
        return


def run_headless(plan: HostPlan, *, qr: bool) -> int:
    """Open, serve and close a hosted game without a screen (see the module)."""
    from drumhead.host.server import TableServer

    session, hub = open_hosted(plan)
    try:
        server = TableServer(hub, host=plan.address, port=plan.port, tokens=plan_tokens(plan, hub))

        def announce(served: TableServer) -> None:
            sys.stdout.write(announcement(served, as_json=plan.as_json, qr=qr) + "\n")
            sys.stdout.flush()

        consoles: list[Console] = []

        def console(stop: Callable[[], None]) -> Console:
            consoles.append(Console(hub, sys.stdout, as_json=plan.as_json, stop=stop))
            return consoles[-1]

        try:
            asyncio.run(serve(server, announce=announce, console=console))
        finally:
            for made in consoles:
                made.writer.close()
    finally:
        session.close()  # saved, and the lock released, however it stopped
    return 0
