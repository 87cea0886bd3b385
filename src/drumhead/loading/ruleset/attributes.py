"""Reading a ruleset's unit and leader attributes and its standard morale checks.

``[unit_attributes.ID]`` and ``[leader_attributes.ID]`` declare the values a ruleset keeps on
its cards besides the ones every ruleset has (see ``docs/ruleset-format.md``); a unit type's
``morale_check`` names its standard morale test. Part of
:func:`~drumhead.loading.ruleset.document.build_ruleset`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from drumhead.rules.model import (
    ATTRIBUTE_TYPES,
    ATTRIBUTE_USES,
    LEADER_CARD_KEYS,
    UNIT_CARD_KEYS,
    UNIT_FIELDS,
    AttributeSpec,
    CheckSpec,
    UnitType,
)
from drumhead.rules.reader import Reader

ATTRIBUTE_KEYS = ("label", "type", "default", "min", "max", "choices", "card", "used_by", "source")
"""The keys of an attribute's table."""

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def read_attributes(r: Reader, section: str) -> tuple[AttributeSpec, ...]:
    """The attributes of ``section`` (``unit_attributes`` or ``leader_attributes``), every
    problem reported at its key."""
    leader = section == "leader_attributes"
    reserved = LEADER_CARD_KEYS if leader else UNIT_CARD_KEYS | UNIT_FIELDS
    out: list[AttributeSpec] = []
    uses: dict[str, str] = {}
    with r.guard():
        for attr_id, a in r.tables(section):
            with a.guard():
                spec = _read_attribute(a, attr_id, leader=leader)
                if not _ID.match(attr_id):
                    a.report(None, f"'{attr_id}' is not a valid id (lower case, digits, _)")
                elif attr_id in reserved:
                    what = "leader" if leader else "unit card"
                    a.report(None, f"'{attr_id}' is a {what} key every ruleset has: name it so")
                if spec.used_by is not None:
                    if spec.used_by in uses:
                        a.report("used_by", f"'{uses[spec.used_by]}' is already used_by it")
                    uses[spec.used_by] = attr_id
                out.append(spec)
    return tuple(out)


def _read_attribute(a: Reader, attr_id: str, *, leader: bool) -> AttributeSpec:
    a.allow(*ATTRIBUTE_KEYS)
    kind = a.text("type", choices=ATTRIBUTE_TYPES)
    choices = a.strs("choices", ())
    if (kind == "choice") != bool(choices):
        a.report("choices", "a choice attribute needs its choices, and only it takes them")
    minimum = a.integer("min", None)
    maximum = a.integer("max", None)
    if kind != "int" and (minimum is not None or maximum is not None):
        a.report("min" if minimum is not None else "max", "only an int attribute has bounds")
    used_by = a.text("used_by", None, choices=ATTRIBUTE_USES)
    spec = AttributeSpec(
        id=attr_id,
        label=a.text("label"),
        type=kind,
        default=a.raw("default", None),
        minimum=minimum,
        maximum=maximum,
        choices=choices,
        card=a.boolean("card", True),
        used_by=used_by,
        source=a.text("source"),
    )
    if spec.default is not None and not spec.fits(spec.default):
        a.report("default", f"the default must be {spec.wanted()}, not {spec.default!r}")
    if used_by == "hits" and (leader or kind != "int" or (minimum or 0) < 1):
        a.report("used_by", "the hits a stand takes is a unit's int attribute with min = 1")
    if used_by == "leader" and (not leader or kind != "int" or (minimum or 0) < 0):
        a.report("used_by", "what a leader effect uses up is a leader's int attribute, min = 0")
    a.done()
    return spec


def attribute_fields(data: Mapping[str, object]) -> set[str]:
    """The unit-card fields a ruleset file's declared attributes add (``from_unit``): each
    unit attribute by its name, each leader attribute as ``leader_NAME``; read from the raw
    file, so that inputs read before the attributes can name them."""
    out: set[str] = set()
    for section, prefix in (("unit_attributes", ""), ("leader_attributes", "leader_")):
        table = data.get(section)
        if isinstance(table, dict):
            out |= {f"{prefix}{name}" for name in table if isinstance(name, str)}
    return out


def check_morale_checks(
    r: Reader, unit_types: Iterable[UnitType], checks: Iterable[CheckSpec]
) -> None:
    """Each unit type's ``morale_check`` names a check that fits it (``applies_to``)."""
    by_id = {c.id: c for c in checks}
    for ut in unit_types:
        if ut.morale_check is None:
            continue
        key = f"unit_types.{ut.id}.morale_check"
        check = by_id.get(ut.morale_check)
        if check is None:
            known = ", ".join(sorted(by_id)) or "none"
            r.report(key, f"no check '{ut.morale_check}' (checks: {known})")
        elif check.applies_to and ut.id not in check.applies_to:
            r.report(
                key,
                f"check '{check.id}' applies to {', '.join(check.applies_to)}, not {ut.id}",
            )
        elif check.scope == "army":
            r.report(key, f"check '{check.id}' is made for a side, not a unit")


def check_effect_attributes(
    r: Reader,
    checks: Iterable[CheckSpec],
    unit_attributes: Iterable[AttributeSpec],
    leader_attributes: Iterable[AttributeSpec],
) -> None:
    """A ``hits`` effect needs the unit attribute ``used_by = "hits"`` (how many hits take a
    stand), a ``leader`` effect with an ``amount`` the leader attribute ``used_by = "leader"``
    (what it uses up): each one without is reported where it is."""
    has = {a.used_by for a in unit_attributes} | {f"leader:{a.used_by}" for a in leader_attributes}
    for check in checks:
        for outcome in check.outcomes:
            for index, effect in enumerate(outcome.effects):
                key = f"checks.{check.id}.outcomes.{outcome.id}.effects.{index}"
                if effect.kind == "hits" and "hits" not in has:
                    r.report(
                        key,
                        "a hits effect needs a unit attribute used_by = 'hits' (how many hits "
                        "take a stand): declare it in [unit_attributes]",
                    )
                used = effect.kind == "leader" and effect.amount is not None
                if used and "leader:leader" not in has:
                    r.report(
                        f"{key}.amount",
                        "a leader effect's amount is taken off a leader attribute "
                        "used_by = 'leader': declare it in [leader_attributes]",
                    )
