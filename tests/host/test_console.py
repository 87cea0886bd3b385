"""The headless host's console: the referee's commands on standard input, and output that never
blocks the host when nobody reads it (a script that read the first line and no more)."""

from __future__ import annotations

import io
import os
import time

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
