"""Issue 35: what a unit's card, its leader or the log already says fills every check; an input
none of them can answer says why the players must (``asked``). This walks every input of every
check of every shipped ruleset, each optional rule switched on too (an optional rule may add
checks and inputs)."""

from __future__ import annotations

import pytest

from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.rules.model import Ruleset


def _every_rules(ruleset_id: str) -> list[Ruleset]:
    base = load_ruleset(ruleset_id)
    return [base, *(load_ruleset(ruleset_id, [o.id]) for o in base.options)]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_input_is_bound_to_the_table_or_says_why_the_players_answer_it(
    ruleset_id: str,
) -> None:
    unanswered = {
        f"{check.id}.{spec.name}"
        for rules in _every_rules(ruleset_id)
        for check in rules.checks
        for spec in check.inputs
        if spec.from_unit is None and spec.from_log is None and not spec.asked
    }
    assert unanswered == set()


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_reason_to_ask_is_a_reason(ruleset_id: str) -> None:
    """Reasons are words for the players, not placeholders."""
    for check in load_ruleset(ruleset_id).checks:
        for spec in check.inputs:
            if spec.asked is not None:
                assert len(spec.asked.split()) >= 2, (check.id, spec.name, spec.asked)
                assert "engine" not in spec.asked and "TODO" not in spec.asked
