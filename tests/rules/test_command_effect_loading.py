"""Issue 35, checked when a ruleset is loaded: an effect on every unit under a leader's command
(``who = "command"`` / ``"command:ROLE"``) and a loss counted in stands of a card value
(``kind = "lose"`` with ``attribute``), each mistake refused at its file, line and key."""

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
description = "A check whose result falls on a general's command."
[[sources]]
id = "s"
title = "S"
document = "s.txt"
[markers.panic]
label = "Panic"
[unit_attributes.figures_per_stand]
type = "int"
min = 1
label = "Figures per stand"
source = "s p.2"
[unit_attributes.gunners]
type = "int"
min = 0
label = "Gunners"
source = "s p.2"
[unit_attributes.basing]
type = "text"
label = "Basing"
source = "s p.2"
[checks.risk]
title = "Risk"
kind = "table"
source = "s p.1"
summary = "Roll."
dice = "1d6"
roles = { unit = "The unit", enemy = "The enemy" }
rows = [{ roll = [1, 6], outcome = "killed" }]
[checks.risk.outcomes.killed]
text = "Killed"
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


@pytest.mark.parametrize("who", ["command", "command:unit", "command:enemy"])
def test_every_unit_of_a_command_is_a_target(who: str) -> None:
    rs = build(f'{{ kind = "marker", marker = "panic", who = "{who}", text = "panics" }}')
    assert rs.check("risk").outcome("killed").effects[0].who == who


@pytest.mark.parametrize(
    ("effect", "key", "message"),
    [
        (
            '{ kind = "marker", marker = "panic", who = "commanders", text = "panics" }',
            "who",
            "no one called 'commanders' in this check (an effect falls on one of: self, unit, "
            "enemy, leader, leader:unit, leader:enemy, command, command:unit, command:enemy, "
            "table;",
        ),
        (
            '{ kind = "marker", marker = "panic", who = "command:flank", text = "panics" }',
            "who",
            "no one called 'command:flank'",
        ),
        (
            '{ kind = "leader", state = "killed", who = "command", text = "they die" }',
            "who",
            "'command' is every unit under a leader's command: a 'leader' effect changes no "
            "unit's card",
        ),
        (
            '{ kind = "marker", marker = "panic", who = "pick:command", text = "one panics" }',
            "who",
            "'pick:command' picks one unit of a role: pick:ROLE with ROLE one of enemy, self, unit",
        ),
        (
            '{ kind = "lose", amount = "1", attribute = "stand", who = "enemy", text = "a stand" }',
            "attribute",
            "no 'stand': a 'lose' effect counts its amount in a whole-number unit attribute of "
            '1 or more ([unit_attributes] with type = "int", min = 1: figures_per_stand)',
        ),
        (
            '{ kind = "lose", amount = "1", attribute = "gunners", who = "enemy", text = "a crew" }',
            "attribute",
            "'gunners' may be less than 1 (min = 0)",
        ),
        (
            '{ kind = "lose", amount = "1", attribute = "basing", who = "enemy", text = "a stand" }',
            "attribute",
            "'basing' is a text",
        ),
        (
            '{ kind = "marker", marker = "panic", attribute = "figures_per_stand", text = "x" }',
            "attribute",
            "a 'marker' effect takes no attribute (only attribute, lose do)",
        ),
    ],
)
def test_a_wrong_target_or_stand_is_refused_at_its_key(effect: str, key: str, message: str) -> None:
    error = refusal(effect)
    assert error.key == f"checks.risk.outcomes.killed.effects.0.{key}"
    assert error.line == BASE.count("\n") + 2  # the effect's own line
    assert message in error.message, error.message


def test_a_lose_counted_in_stands_of_a_card_value_is_read() -> None:
    rs = build(
        '{ kind = "lose", amount = "1", attribute = "figures_per_stand", who = "enemy", '
        'text = "a stand captured" }'
    )
    effect = rs.check("risk").outcome("killed").effects[0]
    assert (effect.kind, effect.attribute, effect.who) == ("lose", "figures_per_stand", "enemy")


def test_the_shipped_rulesets_use_them() -> None:
    """OIBL's general killed marks his command (cited, with its ruling); MWAN's stand captured
    is counted off the card, with no note left for a card without a stand size."""
    oibl = load_ruleset("one-if-by-land")
    effects = oibl.check("general_risk").outcome("killed").effects
    assert [(e.kind, e.who) for e in effects] == [("leader", "leader"), ("marker", "command")]
    assert effects[1].source == "OIBL p.11 Risk to generals"
    ruling = oibl.ruling("oibl-general-command")
    assert ruling is not None and "asked" in ruling.reading and ruling.reason
    assert [i.name for i in oibl.check("general_risk").inputs] == ["hits"]
    mwan = load_ruleset("mwan116-acw")
    for check in ("close_combat", "close_combat_flank"):
        swept = mwan.check(check).outcome("swept_from_field").effects
        stand = [e for e in swept if e.who == "defender" and e.kind in ("lose", "note")]
        assert [(e.kind, e.attribute) for e in stand] == [("lose", "figures_per_stand")]
    generals = [i for i in mwan.check("close_combat").inputs if "general" in i.name]
    assert [(i.name, i.from_unit) for i in generals] == [
        ("general", "with_leader"),
        ("opponent_general", "with_leader"),
    ]
