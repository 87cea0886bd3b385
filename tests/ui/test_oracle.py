"""The oracle on the real resolve screen, by keys: one probe of each kind per ruleset answers
exactly as the rules core does.

Every probe of the plan (348: every check x input x modifier of the four rulesets) is played
on the table session's form in tests/session/test_oracle.py, with the calls the screen makes.
What the screen adds to the form is the same for every probe of a kind
(:func:`tests.oracle.plan.screen_kind`): the widget a value goes through (a number typed, a
yes/no, a choice's menu, the modifiers' list with space and +, the re-roll box, the dice
field), where the answer is shown (the odds, a refusal under a field or over the odds, the
result), and a unit's card filling the fields. Here the first probe of each kind in each
ruleset's plan is played by keys (37 in all), and what the screen shows and logs is compared
with the core (:mod:`tests.ui.oracle.driver`). Measured before the split: the whole plan
played on the screen agreed with the core for all 348 probes, and no planned value is one a
field refuses to take as typed (a minus sign in a count that cannot be negative), so the
form's answer is what the screen shows for each.

One app plays a ruleset's probes (a test per probe reads its share of that run), so they run
on one worker (``xdist_group``).
"""

from __future__ import annotations

import asyncio

import pytest

from drumhead.loading.loader import ruleset_ids
from tests.oracle.plan import Probe, one_of_each_kind, screen_kind
from tests.ui.oracle.driver import run_oracle

PROBES = [p for ruleset_id in ruleset_ids() for p in one_of_each_kind(ruleset_id)]

_runs: dict[str, dict[str, list[str]]] = {}
"""Each ruleset's run, once per worker: probe key -> what disagreed."""


def played(ruleset_id: str) -> dict[str, list[str]]:
    if ruleset_id not in _runs:
        keys = {p.key for p in PROBES if p.ruleset == ruleset_id}
        _runs[ruleset_id] = asyncio.run(run_oracle(ruleset_id, keys))
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
    assert not problems, (
        f"{probe.key} ({screen_kind(probe)}): the app disagrees with the rules core:\n"
        + "\n".join(problems)
    )
