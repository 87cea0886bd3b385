"""The headless host's console: the referee's commands on standard input, and output that never
blocks the host when nobody reads it (a script that read the first line and no more)."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

from drumhead.host.hub import Hub
from drumhead.host.run import Console, Output
from tests.host.conftest import command, joined


def test_output_nobody_reads_never_blocks_and_stays_bounded() -> None:
    read, write = os.pipe()
    with os.fdopen(write, "w") as out:
        output = Output(out)
        assert output.fd is not None
        started = time.perf_counter()
        for i in range(20_000):
            output.write(f"{i:>6} a line of the game's log, as the host prints it\n")
        output.close()
        assert time.perf_counter() - started < 5
        assert len(output.pending) <= Output.LIMIT and output.dropped > 0
    os.close(read)


def test_the_referee_accepts_refuses_and_lists_on_the_console(hub: Hub) -> None:
    out = io.StringIO()
    stopped: list[bool] = []
    console = Console(hub, out, as_json=False, stop=lambda: stopped.append(True))
    side = joined(hub, "american")
    command(hub, side, "a", "propose", check="morale", unit="nc_riflemen")
    command(hub, side, "b", "propose", check="morale", unit="ga_riflemen")
    assert "proposal p1 from american: Morale test" in out.getvalue()
    console.command("accept p1")
    console.command("refuse p2 not in range")
    console.command("accept p2")
    console.command("auto american on")
    console.command("devices")
    console.command("dance")
    console.command("stop")
    said = out.getvalue()
    assert "p1 accepted" in said and "p2 refused" in said
    assert "proposal p2 is refused already" in said
    assert "auto-accept for american: on" in said and "d1 american" in said
    assert "commands: accept P" in said and stopped == [True]
    assert "    1  Morale test for North Carolina riflemen" in said


def test_the_console_says_when_a_proposal_cannot_be_kept(hub: Hub, tmp_path: Path) -> None:
    """The proposals file cannot be written (its folder gone, the disk full): the proposal
    still waits, in memory, and the referee reads that a restart would lose it."""
    hub.proposals.path = tmp_path / "gone" / "cowpens.proposals.json"
    out = io.StringIO()
    Console(hub, out, as_json=False, stop=lambda: None)
    command(hub, joined(hub, "american"), "a", "propose", check="morale", unit="nc_riflemen")
    assert [p.id for p in hub.proposals.waiting()] == ["p1"]
    said = out.getvalue()
    assert "cannot be written down in cowpens.proposals.json" in said
    assert "a restarted host would not have them" in said
    assert said.count("cannot be written down") == 1  # said once, not at every change


def test_the_console_says_when_a_command_done_cannot_be_kept(hub: Hub, tmp_path: Path) -> None:
    """The commands done cannot be written (their folder gone, the disk full): the command is
    done and remembered in memory, and the referee reads that a restart would forget it."""
    hub.ledger.path = tmp_path / "gone" / "cowpens.commands.jsonl"
    out = io.StringIO()
    Console(hub, out, as_json=False, stop=lambda: None)
    side = joined(hub, "american")
    assert command(hub, side, "a", "next_step")[-1]["ok"]
    assert command(hub, side, "b", "next_step", against=hub.n)[-1]["ok"]
    said = out.getvalue()
    assert "the commands done cannot be written down in cowpens.commands.jsonl" in said
    assert "sent again after a restart" in said
    assert said.count("cannot be written down") == 1  # said once, not at every command
