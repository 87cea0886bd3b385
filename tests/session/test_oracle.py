"""The oracle on the table session's check form: every check x input x modifier of the shipped
rulesets, played with the calls the resolve screen makes, answers exactly as the rules core.

The probes are generated from the shipped ruleset data (:mod:`tests.oracle.plan`): a new check,
input, choice or modifier is tested without writing a test for it. For each probe the form
must give the number needed, every outcome's exact odds, the modifiers offered and applied
(or the rules' refusal) as the core computes them for the same values, and the roll it logs
must be the core's resolution of those values and dice (:mod:`tests.oracle.form`). The
resolve screen plays one probe of each kind per ruleset by keys (tests/ui/test_oracle.py):
what it adds to the form is the same for every probe of a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.oracle.form import FormOracle
from tests.oracle.plan import Probe, all_probes, game_ruleset

PROBES = all_probes()


@pytest.fixture(scope="module")
def oracle_for(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], FormOracle]]:
    """Each ruleset's oracle: one session, its oracle game open (opened when first asked,
    closed after the module)."""
    opened: dict[str, FormOracle] = {}

    def get(ruleset_id: str) -> FormOracle:
        if ruleset_id not in opened:
            saves = str(tmp_path_factory.mktemp("oracle"))
            opened[ruleset_id] = FormOracle.open(ruleset_id, saves)
        return opened[ruleset_id]

    yield get
    for each in opened.values():
        each.table.close(force=True)


@pytest.mark.parametrize("probe", PROBES, ids=[p.key for p in PROBES])
def test_the_form_answers_as_the_rules_core(
    probe: Probe, oracle_for: Callable[[str], FormOracle]
) -> None:
    problems = oracle_for(probe.ruleset).play(probe)
    assert not problems, f"{probe.key}: the form disagrees with the rules core:\n" + "\n".join(
        problems
    )


def test_every_input_and_modifier_has_a_probe() -> None:
    """Every input of every check, and every modifier a player may tick, has a probe (a
    modifier only some combination of inputs offers is the one exception, and is listed)."""
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
