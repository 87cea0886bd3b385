"""The hosted game under load (issue 39, item 6): ``drumhead host`` in its own process, devices
on this machine's loopback sending commands at a steady rate.

    python -m tests.bench.bench_table [--seconds 60] [--devices 8] [--rate 20]

Each side's phones propose morale tests for their units (the host accepts them by itself and
rolls) and now and then walk the turn on (refused when another device moved it first: that
is the rule, not a loss); the displays only listen. At the end: every device heard every
event number once, in order; the devices of a role hold the same state; the save holds each
accepted check once. Printed: the commands, their answers, and the time from sending a
command to the moment every device has heard its result (median, 95th percentile).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drumhead.host.client import TableClient

WALKS = 0.15
"""The share of commands that walk the turn on (the rest propose a morale test)."""


@dataclass
class Device:
    client: TableClient
    role: str
    heard: dict[int, float] = field(default_factory=dict)
    """When it heard each event number (perf_counter)."""


@dataclass
class Report:
    seconds: float
    devices: int
    sent: int = 0
    accepted: int = 0
    refused: int = 0
    walked: int = 0
    stale: int = 0
    latencies: list[float] = field(default_factory=list)
    """Seconds from sending a command to every device having heard its result."""
    events: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.latencies) * 1000 if self.latencies else float("nan")

    @property
    def p95_ms(self) -> float:
        if len(self.latencies) < 2:
            return self.median_ms
        return statistics.quantiles(self.latencies, n=20)[-1] * 1000

    def text(self) -> str:
        return (
            f"{self.devices} devices, {self.sent} commands in {self.seconds:.0f} s "
            f"({self.sent / self.seconds:.1f} a second): {self.accepted} checks accepted, "
            f"{self.walked} walks, {self.stale} walks refused as stale, {self.refused} other "
            f"refusals; {self.events} events. Command to every device: median "
            f"{self.median_ms:.1f} ms, 95th percentile {self.p95_ms:.1f} ms. "
            + ("No event lost or applied twice." if not self.problems else "PROBLEMS: ")
            + "; ".join(self.problems)
        )


def make_save(folder: Path) -> None:
    """A Cowpens game saved as ``load`` in ``folder/saves``."""
    made = ["new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "load"]
    subprocess.run(
        [sys.executable, "-m", "drumhead", "--saves", str(folder / "saves"), *made, "--seed", "39"],
        check=True,
        capture_output=True,
    )


async def run(folder: Path, *, seconds: float, devices: int, rate: float) -> Report:
    host = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "drumhead",
            "--saves",
            str(folder / "saves"),
            "host",
            "load",
            "--json",
            "--port",
            "0",
            "--auto",
            "all",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None
    first = json.loads(host.stdout.readline())
    report = Report(seconds, devices)
    try:
        await _load(first, report, seconds=seconds, devices=devices, rate=rate)
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(timeout=30)
    _check_save(folder, report)
    return report


async def _load(
    first: dict[str, Any], report: Report, *, seconds: float, devices: int, rate: float
) -> None:
    sides = [role for role in first["tokens"] if role != "display"]
    roles = ["display" if i % 4 == 3 else sides[i % len(sides)] for i in range(devices)]
    fleet: list[Device] = []
    for role in roles:
        device = Device(TableClient(first["url"], first["tokens"][role], name=f"load {role}"), role)

        def heard(message: dict[str, Any], device: Device = device) -> None:
            now = time.perf_counter()
            lines = message.get("lines") or ([message["line"]] if "line" in message else [])
            for line in lines:
                device.heard.setdefault(int(line["n"]), now)

        device.client.on_message = heard
        await device.client.connect()
        fleet.append(device)
    players = [d for d in fleet if d.role != "display"]
    dice = random.Random(39)
    tasks = []
    started = time.perf_counter()
    for i in range(int(seconds * rate)):
        await asyncio.sleep(max(0.0, started + i / rate - time.perf_counter()))
        device = players[i % len(players)]
        tasks.append(asyncio.create_task(_one(device, dice, report, fleet)))
    await asyncio.gather(*tasks)
    last = max(d.client.n for d in fleet)
    deadline = time.monotonic() + 30
    while any(d.client.n < last for d in fleet) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    report.events = last
    for device in fleet:
        numbers = [x["n"] for x in device.client.lines]
        if numbers != list(range(1, last + 1)):
            report.problems.append(f"a {device.role} device heard {len(numbers)} of {last} lines")
    for role in set(roles):
        views = {json.dumps(d.client.view, sort_keys=True) for d in fleet if d.role == role}
        if len(views) != 1:
            report.problems.append(f"the {role} devices disagree")
    for device in fleet:
        await device.client.close()


async def _one(device: Device, dice: random.Random, report: Report, fleet: list[Device]) -> None:
    client = device.client
    report.sent += 1
    sent = time.perf_counter()
    if dice.random() < WALKS:
        answer = await client.command("next_step")
        if answer["ok"]:
            report.walked += 1
        elif "moved on" in answer.get("reason", ""):
            report.stale += 1
        else:
            report.refused += 1
    else:
        mine = [u for s in client.view["sides"] if s["id"] == device.role for u in s["units"]]
        unit = dice.choice([u for u in mine if not u["removed"]] or mine)
        answer = await client.command("propose", check="morale", unit=unit["id"])
        if answer.get("status") == "accepted":
            report.accepted += 1
        else:
            report.refused += 1
    if answer.get("ok") and answer.get("status") in ("done", "accepted"):
        n = int(answer["n"])
        deadline = time.monotonic() + 30
        while any(n not in d.heard for d in fleet) and time.monotonic() < deadline:
            await asyncio.sleep(0.002)
        report.latencies.append(max(d.heard.get(n, time.perf_counter()) for d in fleet) - sent)


def _check_save(folder: Path, report: Report) -> None:
    from drumhead.saves import load_save

    game = load_save(folder / "saves" / "load.toml").game
    rolled = sum(1 for e in game.log if e.kind == "resolution")
    if rolled != report.accepted:
        report.problems.append(f"the save holds {rolled} checks; {report.accepted} were accepted")
    ledger = (folder / "saves" / "load.commands.jsonl").read_text(encoding="utf-8").splitlines()
    keys = [json.loads(line)["key"] for line in ledger]
    if len(keys) != len(set(keys)):
        report.problems.append("a command was answered as done twice")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.bench_table", description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--rate", type=float, default=20.0, help="commands a second in all")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        make_save(Path(folder))
        report = asyncio.run(
            run(Path(folder), seconds=args.seconds, devices=args.devices, rate=args.rate)
        )
    print(report.text())
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
