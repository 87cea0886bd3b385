"""A role that is part of its check only in some situations (``when``) and one the log fills
(``from_log = "picked_as:CHECK.ROLE"``, ``from_log_when``): each mistake is refused when the
ruleset loads, at its line and key (docs/ruleset-format.md, "Roles: both sides of a check")."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import RulesetErrors
from drumhead.loading.loader import load_ruleset_file

ROOT = Path(__file__).resolve().parents[2]
MORALE_ROLES = (
    'charger = { title = "The unit charging it (its test when charged)", min = 0, '
    'when = "being_charged", from_log = "picked_as:morale.charged" }'
)


@pytest.mark.parametrize(
    ("replacement", "key", "says"),
    [
        (
            MORALE_ROLES.replace("min = 0", "min = 1"),
            "checks.morale.roles.charger.when",
            "only an optional role (min = 0)",
        ),
        (
            MORALE_ROLES.replace("picked_as:morale.charged", "morale.charged"),
            "checks.morale.roles.charger.from_log",
            "is not picked_as:CHECK.ROLE",
        ),
        (
            MORALE_ROLES.replace("picked_as:morale.charged", "picked_as:charge.charged"),
            "checks.morale.roles.charger.from_log",
            "no check 'charge'",
        ),
        (
            MORALE_ROLES.replace("picked_as:morale.charged", "picked_as:morale.target"),
            "checks.morale.roles.charger.from_log",
            "morale has no other role 'target'",
        ),
        (
            MORALE_ROLES.replace(', from_log = "picked_as:morale.charged"', "").replace(
                "}", ', from_log_when = "being_charged" }'
            ),
            "checks.morale.roles.charger.from_log_when",
            "give from_log",
        ),
        (
            MORALE_ROLES.replace('"being_charged"', '"charged_by"'),
            "checks.morale.roles.charger.when",
            "charged_by",
        ),
    ],
)
def test_a_wrong_role_condition_is_refused_at_its_key(
    tmp_path: Path, replacement: str, key: str, says: str
) -> None:
    text = (ROOT / "data/rulesets/one-if-by-land.toml").read_text(encoding="utf-8")
    assert text.count(MORALE_ROLES) == 1
    path = tmp_path / "one-if-by-land.toml"
    path.write_text(text.replace(MORALE_ROLES, replacement), encoding="utf-8")
    with pytest.raises(RulesetErrors) as refused:
        load_ruleset_file(path)
    (error,) = refused.value.errors
    assert (error.key, says in error.message) == (key, True), error
