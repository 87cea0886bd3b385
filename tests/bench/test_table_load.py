"""The hosted game under load, briefly (issue 39, item 6): eight devices on the loopback, 20
commands a second for three seconds against ``drumhead host`` in its own process. Nothing
lost, nothing done twice, every device of a role with the same state as the save's.
``python -m tests.bench.bench_table`` runs the full minute and prints the figures."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("aiohttp", reason="the [web] extra is not installed")

from tests.bench.bench_table import make_save, run

pytestmark = pytest.mark.xdist_group("bench")


def test_eight_devices_at_twenty_commands_a_second_lose_nothing(tmp_path: Path) -> None:
    make_save(tmp_path)
    report = asyncio.run(run(tmp_path, seconds=3.0, devices=8, rate=20.0))
    print(report.text())
    assert report.problems == []
    # every command answered; the rules may refuse a morale test (One If By Land's step 1 is
    # for a unit with a panic marker; a routing unit may not charge): a refusal is an answer
    answered = report.accepted + report.walked + report.stale + report.refused
    assert report.sent == 60 and answered == 60 and report.accepted + report.walked >= 30
    assert len(report.latencies) >= report.accepted + report.walked
