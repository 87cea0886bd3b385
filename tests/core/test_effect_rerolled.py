"""Effects may read ``rerolled``: a re-roll's cost is proposed only when one was rolled."""

from __future__ import annotations

import pytest

from drumhead.checks.resolve import prepare, resolve
from drumhead.dice.roller import HandDice
from drumhead.errors import RulesetError
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.model import Ruleset

CHECK = {
    "title": "t",
    "kind": "target",
    "source": "s",
    "summary": "s",
    "dice": "1d6",
    "compare": ">=",
    "target": 4,
    "reroll": "rerolls > 0",
    "inputs": {"rerolls": {"type": "int", "default": 1, "label": "re-rolls left"}},
    "outcomes": {
        "pass": {
            "result": "pass",
            "text": "pass",
            "effects": [
                {"kind": "leader", "amount": 1, "text": "re-roll spent", "when": "rerolled"}
            ],
        },
        "fail": {"result": "fail", "text": "fail"},
    },
}


def _ruleset(check: dict[str, object]) -> Ruleset:
    return build_ruleset(
        {
            "id": "mini",
            "title": "Mini",
            "version": "1",
            "description": "d",
            "sources": [{"id": "t", "title": "t", "document": "t"}],
            "checks": {"c": check},
            # what a leader effect's amount is taken off
            "leader_attributes": {
                "rerolls": {
                    "type": "int",
                    "min": 0,
                    "default": 0,
                    "label": "Re-rolls",
                    "used_by": "leader",
                    "source": "t",
                }
            },
        },
        file="mini.toml",
    )


@pytest.mark.parametrize(("faces", "spent"), [([5], False), ([2, 5], True)])
def test_effect_when_reads_rerolled(faces: list[int], spent: bool) -> None:
    res = resolve(prepare(_ruleset(CHECK), "c"), HandDice(faces))
    assert res.outcome == "pass"
    assert [e.kind for e in res.effects] == (["leader"] if spent else [])


def test_rerolled_is_not_a_check_input() -> None:
    bad = {**CHECK, "derived": {"x": "rerolled"}}
    with pytest.raises(RulesetError, match="unknown 'rerolled'"):
        _ruleset(bad)
