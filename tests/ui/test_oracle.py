"""The oracle: every check x input x modifier of the four rulesets, played on the real resolve
screen by keys, answers exactly as the rules core does.

The probes are generated from the shipped ruleset data (:mod:`tests.ui.oracle.plan`): a new
check, input, choice or modifier is tested without writing a test for it. For each probe the
app must show the number needed, every outcome's exact odds, the modifiers offered and applied
(or the rules' refusal) as the core computes them for the same values, and the roll it logs
must be the core's resolution of those values and dice (see :mod:`tests.ui.oracle.driver`).

One app plays a whole ruleset (a test per probe reads its share of that run), so the
ruleset's probes run on one worker (``xdist_group``).
"""

from __future__ import annotations

import asyncio

import pytest

from tests.ui.oracle.driver import run_oracle
from tests.ui.oracle.plan import Probe, all_probes

PROBES = all_probes()

_runs: dict[str, dict[str, list[str]]] = {}
"""Each ruleset's run, once per worker: probe key -> what disagreed."""


def played(ruleset_id: str) -> dict[str, list[str]]:
    if ruleset_id not in _runs:
        _runs[ruleset_id] = asyncio.run(run_oracle(ruleset_id))
    return _runs[ruleset_id]


@pytest.mark.parametrize(
    "probe",
    [pytest.param(p, id=p.key, marks=pytest.mark.xdist_group(p.ruleset)) for p in PROBES],
)
def test_oracle(probe: Probe) -> None:
    """What the app showed and logged for this probe is what the rules core says."""
    found = played(probe.ruleset)
    assert probe.key in found, f"{probe.key} was not played"
    problems = found[probe.key]
    assert not problems, f"{probe.key}: the app disagrees with the rules core:\n" + "\n".join(
        problems
    )


def test_oracle_covers_every_input_and_modifier() -> None:
    """Every input of every check, and every modifier a player may tick, has a probe (a
    modifier only some combination of inputs offers is the one exception, and is listed)."""
    from tests.ui.oracle.plan import game_ruleset

    keys = {(p.ruleset, p.check, p.kind, p.name) for p in PROBES}
    missing = []
    for ruleset_id in sorted({p.ruleset for p in PROBES}):
        ruleset = game_ruleset(ruleset_id)
        for check in ruleset.checks:
            if (ruleset_id, check.id, "hand", "dice") not in keys:
                missing.append(f"{ruleset_id}/{check.id}: dice by hand")
            for spec in check.inputs:
                if (ruleset_id, check.id, "input", spec.name) not in keys:
                    missing.append(f"{ruleset_id}/{check.id}/{spec.name}")
            for mod in check.modifiers:
                if not mod.auto and (ruleset_id, check.id, "modifier", mod.id) not in keys:
                    missing.append(f"{ruleset_id}/{check.id}/modifier {mod.id}")
    assert missing == []
