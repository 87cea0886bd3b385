"""Issue 18 item 5: a ruleset declares the values its cards keep and its standard morale test.

``[unit_attributes]`` / ``[leader_attributes]`` and a unit type's ``morale_check``: what they
accept, each mistake reported at its key, and what the shipped rulesets declare.
"""

from __future__ import annotations

from typing import Any

import pytest

from drumhead.errors import RulesetError, RulesetErrors
from drumhead.loading.loader import load_ruleset
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.model import AttributeSpec

from .minirules import document

ELITE = {"type": "bool", "default": False, "label": "Elite", "source": "T p.1"}
PER_STAND = {"type": "int", "min": 1, "label": "Hits per stand", "used_by": "hits", "source": "T"}
REROLLS = {
    "type": "int",
    "min": 0,
    "default": 0,
    "label": "Re-rolls",
    "used_by": "leader",
    "source": "T",
}
TYPES = {"infantry": {"label": "Infantry", "strength": "stands", "morale_check": "test"}}


def _doc(**extra: Any) -> dict[str, Any]:
    parts: dict[str, Any] = {
        "unit_attributes": {"elite": ELITE, "hits_per_stand": PER_STAND},
        "leader_attributes": {"rerolls": REROLLS},
        "unit_types": TYPES,
    }
    return document(**{**parts, **extra})


def _errors(doc: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(RulesetError) as info:
        build_ruleset(doc, file="bad.toml")
    found = info.value.errors if isinstance(info.value, RulesetErrors) else (info.value,)
    return {e.key or "": e.message for e in found}


def test_declared_attributes_and_morale_check_are_read() -> None:
    rs = build_ruleset(_doc(), file="mini.toml")
    assert rs.unit_attribute("elite") == AttributeSpec(
        "elite", "Elite", "bool", default=False, source="T p.1"
    )
    assert rs.attribute_used_by("hits") == rs.unit_attribute("hits_per_stand")
    assert rs.attribute_used_by("leader", leader=True) == rs.leader_attribute("rerolls")
    assert rs.unit_type("infantry").morale_check == "test"  # type: ignore[union-attr]
    assert rs.morale_check("infantry") == "test" and rs.morale_check(None) == "test"
    assert rs.morale_check("cavalry") is None


@pytest.mark.parametrize(
    ("section", "name", "change", "key", "message"),
    [
        ("unit_attributes", "strength_now", {}, "unit_attributes.strength_now", "every ruleset"),
        ("unit_attributes", "leader_value", {}, "unit_attributes.leader_value", "every ruleset"),
        ("leader_attributes", "value", {}, "leader_attributes.value", "every ruleset"),
        ("unit_attributes", "Bad", {}, "unit_attributes.Bad", "not a valid id"),
        ("unit_attributes", "x", {"default": 3}, "unit_attributes.x.default", "true or false"),
        ("unit_attributes", "x", {"type": "float"}, "unit_attributes.x.type", "float"),
        ("unit_attributes", "x", {"min": 1}, "unit_attributes.x.min", "only an int"),
        ("unit_attributes", "x", {"colour": 1}, "unit_attributes.x.colour", "unknown key"),
        ("unit_attributes", "x", {"used_by": "leader"}, "unit_attributes.x.used_by", "leader's"),
        ("leader_attributes", "x", {"used_by": "hits"}, "leader_attributes.x.used_by", "min = 1"),
        ("unit_attributes", "x", {"used_by": "fire"}, "unit_attributes.x.used_by", "fire"),
    ],
)
def test_a_wrong_attribute_is_reported_at_its_key(
    section: str, name: str, change: dict[str, Any], key: str, message: str
) -> None:
    doc = _doc()
    doc[section][name] = {**ELITE, **change}
    errors = _errors(doc)
    assert key in errors and message in errors[key], errors


def test_two_attributes_used_by_the_same_thing() -> None:
    doc = _doc()
    doc["unit_attributes"]["more"] = dict(PER_STAND)
    assert "already used_by" in _errors(doc)["unit_attributes.more.used_by"]


@pytest.mark.parametrize(
    ("morale", "applies_to", "message"),
    [("nothing", None, "no check 'nothing'"), ("test", ["cavalry"], "applies to cavalry")],
)
def test_a_morale_check_must_exist_and_fit_the_type(
    morale: str, applies_to: list[str] | None, message: str
) -> None:
    doc = _doc(unit_types={**TYPES, "cavalry": {"label": "C", "strength": "stands"}})
    doc["unit_types"]["infantry"]["morale_check"] = morale
    if applies_to is not None:
        doc["checks"]["test"]["applies_to"] = applies_to
    assert message in _errors(doc)["unit_types.infantry.morale_check"]


def test_from_unit_reads_declared_attributes_only() -> None:
    doc = _doc()
    inputs = doc["checks"]["test"]["inputs"]
    inputs["elite"] = {"type": "bool", "default": False, "label": "E", "from_unit": "elite"}
    inputs["rr"] = {"type": "int", "default": 0, "label": "R", "from_unit": "leader_rerolls"}
    build_ruleset(doc, file="mini.toml")
    inputs["gone"] = {"type": "bool", "default": False, "label": "P", "from_unit": "panic_marker"}
    assert "not a unit field" in _errors(doc)["checks.test.inputs.gone.from_unit"]


def test_effects_need_the_attribute_they_use() -> None:
    doc = document()
    outcome = next(iter(doc["checks"]["test"]["outcomes"].values()))
    outcome["effects"] = [
        {"kind": "hits", "amount": "1", "text": "a hit"},
        {"kind": "leader", "amount": "1", "text": "a re-roll used", "who": "leader"},
    ]
    errors = _errors(doc)
    assert any("used_by = 'hits'" in m for m in errors.values()), errors
    assert any("used_by = 'leader'" in m for m in errors.values()), errors


def test_what_the_shipped_rulesets_declare() -> None:
    rnf, rep = load_ruleset("rank-and-file"), load_ruleset("republique")
    assert [a.id for a in rnf.unit_attributes] == ["elite", "hits_per_stand", "smoothbore"]
    assert [a.id for a in rnf.leader_attributes] == ["rerolls"]
    assert [a.id for a in rep.unit_attributes] == ["skirmishers"]
    assert [a.id for a in rep.leader_attributes] == ["charismatic"]
    assert all(a.source for r in (rnf, rep) for a in (*r.unit_attributes, *r.leader_attributes))
    mwan, oibl = load_ruleset("mwan116-acw"), load_ruleset("one-if-by-land")
    assert {u.id: mwan.morale_check(u.id) for u in mwan.unit_types} == {
        "infantry": "morale",
        "cavalry": "morale",
        "artillery": "morale",
        "sniper": None,  # the morale check applies to infantry, cavalry and artillery
    }
    assert all(oibl.morale_check(u.id) == "morale" for u in oibl.unit_types)
    assert all(rnf.morale_check(u.id) == "morale" for u in rnf.unit_types)
    assert rep.morale_check(None) is None  # the assault phase has no morale test
