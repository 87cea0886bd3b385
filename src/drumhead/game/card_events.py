"""Changes to the cards made by hand: a field of a unit, leader or side edited (the fields each
may change and the kind of value each takes), and units, leaders and sides added, removed
or attached; each as the event that records it applies it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drumhead.errors import InputError
from drumhead.game.codec import read_leader, read_side, read_unit
from drumhead.game.event_data import EventData, Handler, named_unit
from drumhead.game.state import LEADER_STATUSES, GameState, Leader, Unit, with_attribute
from drumhead.game.state import evolve as replace
from drumhead.rules.legacy_cards import LEGACY_LEADER_FIELDS, LEGACY_UNIT_FIELDS
from drumhead.rules.model import InputValue
from drumhead.rules.reader import Reader

UNIT_EDITABLE: dict[str, str] = {
    "name": "text",
    "side": "text",
    "brigade": "text",
    "type": "text",
    "subtype": "text",
    "quality": "text",
    "formation": "text",
    "state": "text",
    "notes": "text",
    "strength_start": "count",
    "strength_now": "count",
    "hits": "count",
    "markers": "texts",
    "removed": "bool",
}
"""Unit-card fields every ruleset has that a manual edit may change, and their kind of value
(the ruleset's own attributes are edited too: :func:`edit_attribute`)."""

LEADER_EDITABLE: dict[str, str] = {
    "name": "text",
    "side": "text",
    "value": "int",
    "attached_to": "text?",
    "commands": "texts",
    "status": "status",
    "notes": "text",
}
SIDE_EDITABLE: dict[str, str] = {"name": "text", "commander": "text", "rating": "text"}


def _edit(state: GameState, d: EventData) -> GameState:
    target = d.text("target")
    ident = d.text("id")
    field = d.text("field")
    raw = d.data.get("new")
    attribute = d.data.get("attribute", False)
    if not isinstance(attribute, bool):
        raise d.fail("attribute", "expected true or false")
    if target in ("unit", "leader") and (attribute or field in _LEGACY[target]):
        card: Unit | Leader
        if target == "unit":
            card = named_unit(state, d, ident)
        elif state.has_leader(ident):
            card = state.leader(ident)
        else:
            raise d.fail("id", f"no leader '{ident}'")
        value = attribute_value(field, raw) if attribute else _legacy(target, field, raw)
        card = replace(card, attributes=with_attribute(card.attributes, field, value))
        return state.with_unit(card) if isinstance(card, Unit) else state.with_leader(card)
    if target == "unit":
        unit = named_unit(state, d, ident)
        value = edit_value(UNIT_EDITABLE, field, raw, "unit")
        return state.with_unit(replace(unit, **{field: value}))
    if target == "leader":
        if not state.has_leader(ident):
            raise d.fail("id", f"no leader '{ident}'")
        value = edit_value(LEADER_EDITABLE, field, raw, "leader")
        if field == "attached_to" and value is not None and not state.has_unit(value):
            raise d.fail("new", f"no unit '{value}'")
        return state.with_leader(replace(state.leader(ident), **{field: value}))
    if target == "side":
        sides = list(state.sides)
        for index, side in enumerate(sides):
            if side.id == ident:
                value = edit_value(SIDE_EDITABLE, field, raw, "side")
                sides[index] = replace(side, **{field: value})
                return state.evolve(sides=tuple(sides))
        raise d.fail("id", f"no side '{ident}'")
    raise d.fail("target", f"'{target}' is not unit, leader or side")


_LEGACY = {"unit": LEGACY_UNIT_FIELDS, "leader": LEGACY_LEADER_FIELDS}


def _legacy(target: str, field: str, raw: Any) -> InputValue | None:
    """An old event's edit of a field that is now an attribute, as it was then replayed."""
    kind, empty = _LEGACY[target][field]
    value = edit_value({field: kind}, field, raw, target)
    return None if value == empty else value


def attribute_value(name: str, raw: Any) -> InputValue | None:
    """An attribute edit's new value as an event holds it: a number, text, true/false, or none
    (the card gives none: the declared default holds)."""
    if raw is None or isinstance(raw, int | str | bool):
        return raw
    raise InputError(f"attribute {name} takes a number, text or true/false, not {raw!r}")


def edit_value(fields: Mapping[str, str], field: str, raw: Any, what: str) -> Any:
    """A manual edit's new value, checked against the field's kind."""
    kind = fields.get(field)
    if kind is None:
        raise InputError(f"a {what}'s '{field}' cannot be edited (fields: {', '.join(fields)})")
    if kind.endswith("?") and raw is None:
        return None
    base = kind.rstrip("?")
    if base == "text" and isinstance(raw, str):
        return raw
    if base == "int" and isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if base == "count" and isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
        return raw
    if base == "bool" and isinstance(raw, bool):
        return raw
    if base == "status" and raw in LEADER_STATUSES:
        return raw
    if base == "texts" and isinstance(raw, list | tuple | frozenset | set):
        items = sorted(raw) if isinstance(raw, frozenset | set) else list(raw)
        if all(isinstance(v, str) for v in items):
            return frozenset(items) if field == "markers" else tuple(items)
    wanted = {
        "text": "text",
        "int": "a whole number",
        "count": "a whole number, 0 or more",
        "bool": "true or false",
        "status": " / ".join(LEADER_STATUSES),
        "texts": "a list of text",
    }[base]
    raise InputError(f"{what} {field} takes {wanted}, not {raw!r}")


def _add_side(state: GameState, d: EventData) -> GameState:
    side = read_side(Reader(d.table("side"), key=f"events.{d.event.seq}.data.side"))
    if side.id in {s.id for s in state.sides}:
        raise d.fail("side.id", f"there is already a side '{side.id}'")
    return state.evolve(sides=(*state.sides, side))


def _add_unit(state: GameState, d: EventData) -> GameState:
    unit = read_unit(Reader(d.table("unit"), key=f"events.{d.event.seq}.data.unit"))
    if state.has_unit(unit.id):
        raise d.fail("unit.id", f"there is already a unit '{unit.id}'")
    if unit.side not in {s.id for s in state.sides}:
        raise d.fail("unit.side", f"no side '{unit.side}'")
    return state.with_added_unit(unit)


def _remove_unit(state: GameState, d: EventData) -> GameState:
    unit = named_unit(state, d, d.text("unit"))
    leaders = tuple(
        replace(x, attached_to=None) if x.attached_to == unit.id else x for x in state.leaders
    )
    units = tuple(u for u in state.units if u.id != unit.id)
    return state.with_units(units).with_leaders(leaders)


def _add_leader(state: GameState, d: EventData) -> GameState:
    leader = read_leader(Reader(d.table("leader"), key=f"events.{d.event.seq}.data.leader"))
    if state.has_leader(leader.id):
        raise d.fail("leader.id", f"there is already a leader '{leader.id}'")
    if leader.side not in {s.id for s in state.sides}:
        raise d.fail("leader.side", f"no side '{leader.side}'")
    if leader.attached_to is not None and not state.has_unit(leader.attached_to):
        raise d.fail("leader.attached_to", f"no unit '{leader.attached_to}'")
    return state.with_leaders((*state.leaders, leader))


def _remove_leader(state: GameState, d: EventData) -> GameState:
    leader_id = d.text("leader")
    if not state.has_leader(leader_id):
        raise d.fail("leader", f"no leader '{leader_id}'")
    return state.with_leaders(tuple(x for x in state.leaders if x.id != leader_id))


def _attach_leader(state: GameState, d: EventData) -> GameState:
    leader_id = d.text("leader")
    if not state.has_leader(leader_id):
        raise d.fail("leader", f"no leader '{leader_id}'")
    unit_id = d.text("unit", optional=True)
    if unit_id is not None:
        named_unit(state, d, unit_id)
    return state.with_leader(replace(state.leader(leader_id), attached_to=unit_id))


CARD_HANDLERS: dict[str, Handler] = {
    "edit": _edit,
    "add_side": _add_side,
    "add_unit": _add_unit,
    "remove_unit": _remove_unit,
    "add_leader": _add_leader,
    "remove_leader": _remove_leader,
    "attach_leader": _attach_leader,
}
"""The handlers of the kinds of event this module applies."""
