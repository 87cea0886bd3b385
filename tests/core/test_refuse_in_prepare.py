"""``[[checks.ID.refuse]]``: input combinations a ruleset forbids are refused, in prepare, with its message."""

from __future__ import annotations

import pytest

from drumhead.checks.resolve import RefusedError, prepare
from drumhead.errors import InputError, RulesetError
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.model import Ruleset


def _ruleset(reject: list[dict[str, str]]) -> Ruleset:
    check = {
        "title": "Movement",
        "kind": "roll",
        "source": "s",
        "summary": "s",
        "dice": "'1d6'",
        "outcome": "inches",
        "inputs": {
            "a": {"type": "int", "default": 0, "label": "a"},
            "b": {"type": "int", "default": 0, "label": "b"},
        },
        "derived": {"total": "a + b"},
        "refuse": reject,
        "outcomes": {"inches": {"text": "{value}"}},
    }
    return build_ruleset(
        {
            "id": "mini",
            "title": "Mini",
            "version": "1",
            "description": "test ruleset",
            "sources": [{"id": "t", "title": "t", "document": "t"}],
            "checks": {"c": check},
        },
        file="mini.toml",
    )


def test_a_rejected_combination_names_the_values() -> None:
    rs = _ruleset([{"when": "a > 0 and b > 0", "text": "give a or b, not both (a={a}, b={b})"}])
    prepare(rs, "c", {"a": 1})
    with pytest.raises(InputError, match=r"Movement refused: give a or b, not both \(a=1, b=2\)"):
        prepare(rs, "c", {"a": 1, "b": 2})


def test_reject_may_read_derived_values() -> None:
    rs = _ruleset([{"when": "total > 5", "text": "at most 5 in all, not {total}"}])
    with pytest.raises(RefusedError) as refused:  # a derived value: the inputs it reads
        prepare(rs, "c", {"a": 4, "b": 2})
    assert refused.value.inputs == ("a", "b")
    with pytest.raises(InputError, match="not 7"):
        prepare(rs, "c", {"a": 3, "b": 4})


def test_reject_names_are_checked_at_load() -> None:
    with pytest.raises(RulesetError, match="unknown"):
        _ruleset([{"when": "c > 1", "text": "x"}])
