"""Issue 35, checked when a ruleset is loaded: an effect that falls only on the units of its
role of some unit types (``types``), and one whose units take none of the outcome's other
effects (``instead``: Republique's captured artillery), each mistake refused at its file,
line and key."""

from __future__ import annotations

import textwrap
import tomllib

import pytest

from drumhead.errors import RulesetError, RulesetErrors
from drumhead.loading.loader import load_ruleset
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.model import Ruleset

BASE = """
id = "mini"
title = "Mini"
version = "1"
description = "An assault whose result falls on the defending guns alone."
[[sources]]
id = "s"
title = "S"
document = "s.txt"
[ladders.default]
states = ["fresh", "shaken"]
[unit_types.infantry]
label = "Infantry"
strength = "bases"
[unit_types.artillery]
label = "Artillery"
strength = "bases"
[checks.assault]
title = "Assault"
kind = "table"
source = "s p.1"
summary = "Roll."
dice = "1d6"
roles = { attacker = "The attacker", defender = { title = "The defenders", max = 4 } }
rows = [{ roll = [1, 6], outcome = "won" }]
[checks.assault.outcomes.won]
text = "Won"
"""


def build(effect: str) -> Ruleset:
    text = textwrap.dedent(BASE) + f"effects = [\n    {effect},\n]\n"
    return build_ruleset(tomllib.loads(text), file="mini.toml", text=text)


def refusal(effect: str) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        build(effect)
    found = info.value.errors if isinstance(info.value, RulesetErrors) else (info.value,)
    assert len(found) == 1, [e.format() for e in found]
    return found[0]


def test_a_capture_of_the_guns_alone_is_read() -> None:
    rs = build(
        '{ kind = "remove", who = "defender", types = ["artillery"], instead = true, '
        'text = "guns taken" }'
    )
    effect = rs.check("assault").outcome("won").effects[0]
    assert (effect.types, effect.instead) == (("artillery",), True)


@pytest.mark.parametrize(
    ("effect", "key", "message"),
    [
        (
            '{ kind = "remove", who = "defender", types = ["guns"], text = "guns taken" }',
            "types",
            "no unit type 'guns' (unit types: artillery, infantry)",
        ),
        (
            '{ kind = "remove", who = "defender", types = [], text = "guns taken" }',
            "types",
            "name the unit types it falls on (artillery, infantry)",
        ),
        (
            '{ kind = "remove", who = "defender", types = "artillery", text = "guns taken" }',
            "types",
            "expected a list of text",
        ),
        (
            '{ kind = "note", who = "table", types = ["artillery"], text = "guns taken" }',
            "types",
            "a 'note' effect on 'table' changes no unit's card: no unit type to choose",
        ),
        (
            '{ kind = "step", amount = "1", who = "pick:defender", instead = true, text = "x" }',
            "instead",
            "only an effect on the units of a role by name",
        ),
        (
            '{ kind = "remove", who = "defender", instead = "yes", text = "guns taken" }',
            "instead",
            "expected true or false",
        ),
    ],
)
def test_a_wrong_unit_type_filter_is_refused_at_its_key(
    effect: str, key: str, message: str
) -> None:
    error = refusal(effect)
    assert error.key == f"checks.assault.outcomes.won.effects.0.{key}"
    assert error.line == textwrap.dedent(BASE).count("\n") + 2  # the effect's own line
    assert error.format().startswith("mini.toml:")
    assert message in error.message, error.message


def test_republique_captures_the_defending_artillery_instead() -> None:
    """4.4 Artillery effects: the capture falls on the defending batteries alone, primary and
    incidental, in place of the cell's hits, in every outcome the cell may be read in."""
    rs = load_ruleset("republique")
    check = rs.check("assault")
    for outcome in check.outcomes:
        captures = [e for e in outcome.effects if e.instead]
        assert [(e.kind, e.who, e.types) for e in captures] == [
            ("remove", "defender", ("artillery",)),
            ("remove", "defender_incidental", ("artillery",)),
        ]
        assert all(e.ruling == "rep-artillery-captured" for e in captures)
