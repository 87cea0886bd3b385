"""Game values to plain data (TOML/JSON-ready: no None, absent key = absent value) and back.

Reading is strict: every table goes through :class:`drumhead.rules.reader.Reader`, so an unknown key,
a wrong type or a missing key is an error naming the file, line (where known) and key path.
"""

from __future__ import annotations

import re
from typing import Any

from drumhead.game.state import (
    LEADER_STATUSES,
    Activation,
    Attributes,
    GameState,
    Leader,
    Side,
    Unit,
    evolve,
)
from drumhead.house.record import house_to_dict, read_gap_values, read_house_copy
from drumhead.rules.model import LEADER_CARD_KEYS, UNIT_CARD_KEYS, InputValue
from drumhead.rules.reader import Reader

_ATTRIBUTE = re.compile(r"^[a-z][a-z0-9_]*$")


def strip_none(value: Any) -> Any:
    """``value`` with every None dropped from its tables (TOML has no null)."""
    if isinstance(value, dict):
        return {str(k): strip_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [strip_none(v) for v in value if v is not None]
    return value


# -- to plain data ---------------------------------------------------------------------------
def side_to_dict(side: Side) -> dict[str, Any]:
    out: dict[str, Any] = {"id": side.id, "name": side.name}
    if side.commander:
        out["commander"] = side.commander
    if side.rating:
        out["rating"] = side.rating
    return out


def leader_to_dict(leader: Leader) -> dict[str, Any]:
    out: dict[str, Any] = {"id": leader.id, "name": leader.name, "side": leader.side}
    if leader.value:
        out["value"] = leader.value
    if leader.attached_to is not None:
        out["attached_to"] = leader.attached_to
    if leader.commands:
        out["commands"] = list(leader.commands)
    if leader.status != "active":
        out["status"] = leader.status
    if leader.notes:
        out["notes"] = leader.notes
    out.update(leader.attributes)
    return out


def unit_to_dict(unit: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": unit.id,
        "name": unit.name,
        "side": unit.side,
        "brigade": unit.brigade,
        "type": unit.type,
        "strength_start": unit.strength_start,
        "strength_now": unit.strength_now,
        "state": unit.state,
    }
    for key in ("subtype", "quality", "formation", "notes"):
        if getattr(unit, key):
            out[key] = getattr(unit, key)
    if unit.hits:
        out["hits"] = unit.hits
    if unit.markers:
        out["markers"] = sorted(unit.markers)
    if unit.removed:
        out["removed"] = True
    out.update(unit.attributes)
    return out


def activation_to_dict(act: Activation) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if act.cards:
        out["cards"] = list(act.cards)
    if act.deck:
        out["deck"] = list(act.deck)
    if act.drawn:
        out["drawn"] = list(act.drawn)
    if act.initiative is not None:
        out["initiative"] = act.initiative
    if act.first is not None:
        out["first"] = act.first
    if act.turns_without:
        out["turns_without"] = dict(act.turns_without)
    if act.acting is not None:
        out["acting"] = act.acting
    return out


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The whole state as plain data (``ruleset`` etc. first, then the tables)."""
    out: dict[str, Any] = {
        "ruleset": state.ruleset,
        "ruleset_version": state.ruleset_version,
        "options": sorted(state.options),
        "seed": state.seed,
        "turn": state.turn,
        "phase": state.phase,
        "ticked": sorted(state.ticked),
        "name": state.name,
    }
    if state.house_rules is not None:
        out["house_rules"] = state.house_rules
    if state.step is not None:
        out["step"] = state.step
    if state.scenario is not None:
        out["scenario"] = state.scenario
    out["gaps"] = dict(state.gaps)
    if state.house is not None:
        out["house"] = house_to_dict(state.house)
    out["activation"] = activation_to_dict(state.activation)
    out["sides"] = [side_to_dict(s) for s in state.sides]
    out["leaders"] = [leader_to_dict(x) for x in state.leaders]
    out["units"] = [unit_to_dict(u) for u in state.units]
    return out


# -- from plain data (strict) -------------------------------------------------------------------
def read_side(r: Reader) -> Side:
    side = Side(r.text("id"), r.text("name"), r.text("commander", ""), r.text("rating", ""))
    r.done()
    return side


def read_leader(r: Reader) -> Leader:
    leader = Leader(
        id=r.text("id"),
        name=r.text("name"),
        side=r.text("side"),
        value=r.integer("value", 0),
        attached_to=r.text("attached_to", None),
        commands=r.strs("commands", ()),
        status=r.text("status", "active", choices=LEADER_STATUSES),
        notes=r.text("notes", ""),
    )
    return evolve(leader, attributes=read_attributes(r, LEADER_CARD_KEYS))


def read_unit(r: Reader, *, scenario: bool = False) -> Unit:
    """A unit card; ``scenario`` reads a scenario's shape (``strength``, optional ``state``,
    and ``strength_now`` when the scenario carries on a battle where some of it was lost)."""
    if scenario:
        start = r.integer("strength")
        now = r.integer("strength_now", start)
        state = r.text("state", "")
    else:
        start = r.integer("strength_start")
        now = r.integer("strength_now")
        state = r.text("state")
    if start < 0:
        raise r.error("strength" if scenario else "strength_start", "cannot be negative")
    if now < 0:
        raise r.error("strength_now", "cannot be negative")
    unit = Unit(
        id=r.text("id"),
        name=r.text("name"),
        side=r.text("side"),
        brigade=r.text("brigade"),
        type=r.text("type"),
        strength_start=start,
        strength_now=now,
        state=state,
        subtype=r.text("subtype", ""),
        quality=r.text("quality", ""),
        formation=r.text("formation", ""),
        hits=r.integer("hits", 0),
        markers=frozenset(r.strs("markers", ())),
        notes=r.text("notes", ""),
        removed=r.boolean("removed", False),
    )
    if unit.hits < 0:
        raise r.error("hits", "cannot be negative")
    return evolve(unit, attributes=read_attributes(r, UNIT_CARD_KEYS))


def read_attributes(r: Reader, reserved: frozenset[str]) -> Attributes:
    """The card's keys besides every card's (read so far): the ruleset's attributes, each a
    number, text or boolean; whether the ruleset declares them is checked where the ruleset is
    known (:func:`drumhead.game.scenario.check_unit`), a save keeping what it holds."""
    out: dict[str, InputValue] = {}
    for key in r.data:
        if key in r.seen:
            continue
        if key in reserved or not _ATTRIBUTE.match(key):
            continue  # reported by done() as an unknown key
        value = r.raw(key)
        if not isinstance(value, int | str | bool):
            raise r.error(key, "an attribute is a number, text or true/false")
        out[key] = value
    r.done()
    return tuple(sorted(out.items()))


def read_activation(r: Reader) -> Activation:
    tw = r.table("turns_without", None)
    turns_without: list[tuple[str, int]] = []
    if tw is not None:
        for key in tw.data:
            turns_without.append((key, tw.integer(key)))
        tw.done()
    act = Activation(
        deck=r.strs("deck", ()),
        drawn=r.strs("drawn", ()),
        initiative=r.text("initiative", None),
        first=r.text("first", None),
        turns_without=tuple(turns_without),
        cards=r.strs("cards", ()),
        acting=r.text("acting", None),
    )
    r.done()
    return act


def read_state(r: Reader) -> GameState:
    """A :class:`GameState` from :func:`state_to_dict`'s shape; references are checked."""
    gaps = read_gap_values(r)
    act_r = r.table("activation", None)
    activation = read_activation(act_r) if act_r is not None else Activation()
    house_r = r.table("house", None)
    house = read_house_copy(house_r) if house_r is not None else None
    sides = tuple(read_side(s) for s in r.array("sides"))
    leaders = tuple(read_leader(x) for x in r.array("leaders"))
    units = tuple(read_unit(u) for u in r.array("units"))
    state = GameState(
        ruleset=r.text("ruleset"),
        ruleset_version=r.text("ruleset_version"),
        options=frozenset(r.strs("options", ())),
        house_rules=r.text("house_rules", None),
        gaps=tuple(gaps),
        seed=r.integer("seed"),
        turn=r.integer("turn"),
        phase=r.text("phase"),
        step=r.text("step", None),
        ticked=frozenset(r.strs("ticked", ())),
        activation=activation,
        sides=sides,
        leaders=leaders,
        units=units,
        name=r.text("name", ""),
        scenario=r.text("scenario", None),
        house=house,
    )
    if state.turn < 1:
        raise r.error("turn", "the turn starts at 1")
    check_references(state, r)
    r.done()
    return state


def check_references(state: GameState, r: Reader) -> None:
    """Ids are unique and every side, unit and leader a record names exists."""
    side_ids = [s.id for s in state.sides]
    if len(set(side_ids)) != len(side_ids):
        raise r.error("sides", "two sides share an id")
    unit_ids = [u.id for u in state.units]
    if len(set(unit_ids)) != len(unit_ids):
        dup = next(u for u in unit_ids if unit_ids.count(u) > 1)
        raise r.error("units", f"two units share the id '{dup}'")
    leader_ids = [x.id for x in state.leaders]
    if len(set(leader_ids)) != len(leader_ids):
        raise r.error("leaders", "two leaders share an id")
    known_sides = set(side_ids)
    known_units = set(unit_ids)
    sides = f"sides: {', '.join(side_ids) or 'none'}"
    for index, unit in enumerate(state.units):
        if unit.side not in known_sides:
            r.report(f"units.{index}.side", f"no side '{unit.side}' ({sides})")
    for index, leader in enumerate(state.leaders):
        if leader.side not in known_sides:
            r.report(f"leaders.{index}.side", f"no side '{leader.side}' ({sides})")
        if leader.attached_to is not None and leader.attached_to not in known_units:
            r.report(
                f"leaders.{index}.attached_to",
                f"no unit '{leader.attached_to}' (units: {', '.join(unit_ids) or 'none'})",
            )
    act = state.activation
    for key, value in (
        ("initiative", act.initiative),
        ("first", act.first),
        ("acting", act.acting),
    ):
        if value is not None and value not in known_sides:
            raise r.error(f"activation.{key}", f"no side '{value}'")
    for side_id, _ in act.turns_without:
        if side_id not in known_sides:
            raise r.error(f"activation.turns_without.{side_id}", f"no side '{side_id}'")
