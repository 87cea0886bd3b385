"""Applying the effects of a roll (an ``apply_effects`` event): each effect on the card it falls
on, as it was worked out when the players accepted it (the state a step lands on, the stands
hits come to, what is left of a leader's re-rolls), so a replay needs no ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drumhead.game.event_data import EventData, Handler, named_unit, whole
from drumhead.game.state import LEADER_STATUSES, GameState, Leader, Unit, with_attribute
from drumhead.game.state import evolve as replace
from drumhead.rules.legacy_cards import LEGACY_LEADER_EFFECT
from drumhead.rules.model import InputValue

EFFECT_KEYS = frozenset(
    {
        "kind",
        "text",
        "amount",
        "dice",
        "state",
        "marker",
        "who",
        "leader",
        "stands",
        "left",
        "unit",
        "attribute",
        "table",
        "among",
        "rolled",
        "formation",
        "was",
        "now",
        "per_stand",
    }
)
"""Keys of an applied effect; ``stands`` and ``left``: what a ``hits`` effect came to (stands
lost, hits left on the current stand), worked out when it was applied; for a ``leader`` effect
with an ``amount``, ``attribute`` names the leader's attribute it was taken off and ``left``
what remained (an event without ``attribute`` is older: see :mod:`drumhead.rules.legacy_cards`);
``unit``: the unit it fell on (the event's ``unit`` when absent; a note with neither fell on
no card); ``table = true``: a note that fell on no card although the event names a unit (the
table's note in the same event as both sides' effects; events before it had no such note).
A ``formation`` effect's ``formation`` is the one the unit was put in (``was``: the one it
left); a unit ``attribute`` effect's ``attribute`` names it, ``was`` and ``now`` its value
before and after (worked out when it was applied, within the attribute's bounds).
A ``lose`` effect counted in stands of a card value names that unit ``attribute``, its
``stands`` and ``per_stand`` (the card's value when it was applied), its ``amount`` the figures
they came to. An effect on every unit under a leader's command (``who = "command"``) is kept as
one effect a unit, each naming the ``leader`` whose command it was.
``among``: the units a picked effect (``who = "pick:ROLE"``) was picked from, and ``rolled``
the face the game's dice gave where the rules pick at random (kept to be read, never rolled
again: the effect's ``unit`` is the one it fell on)."""


def _apply_effects(state: GameState, d: EventData) -> GameState:
    default = d.text("unit", optional=True)
    roles = d.data.get("roles")
    if roles is not None:
        if not isinstance(roles, Mapping):
            raise d.fail("roles", "expected a table of role -> units")
        for role, units in roles.items():
            if not isinstance(units, list) or not all(isinstance(u, str) for u in units):
                raise d.fail(f"roles.{role}", "expected a list of unit ids")
            for uid in units:
                if not state.has_unit(uid):
                    raise d.fail(f"roles.{role}", f"no unit '{uid}'")
    if default is not None:
        named_unit(state, d, default)
    for index, effect in enumerate(d.tables("effects")):
        key = f"effects.{index}"
        target = None if effect.get("table") is True else effect.get("unit", default)
        if target is None:  # the table's note, or an army-level side's: on no card
            if effect.get("kind") != "note":
                raise d.fail(f"{key}.unit", "only a note falls on no unit")
            continue
        if not isinstance(target, str) or not state.has_unit(target):
            raise d.fail(f"{key}.unit", f"no unit '{target}'")
        state, unit = _effect(state, state.unit(target), effect, d, key)
        state = state.with_unit(unit)
    return state


def _effect(
    state: GameState, unit: Unit, effect: Mapping[str, Any], d: EventData, key: str
) -> tuple[GameState, Unit]:
    extra = effect.keys() - EFFECT_KEYS
    if extra:
        raise d.fail(f"{key}.{sorted(extra)[0]}", "unknown key")
    kind = effect.get("kind")
    amount = effect.get("amount")
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
        raise d.fail(f"{key}.amount", "expected a whole number")
    text = effect.get("text", "")
    if not isinstance(text, str):
        raise d.fail(f"{key}.text", "expected text")
    among = effect.get("among")
    if among is not None and not (
        isinstance(among, list) and all(isinstance(u, str) for u in among)
    ):
        raise d.fail(f"{key}.among", "expected the ids of the units it was picked among")
    rolled = effect.get("rolled")
    if rolled is not None and (
        isinstance(rolled, bool) or not isinstance(rolled, int) or rolled < 1
    ):
        raise d.fail(f"{key}.rolled", "expected the face rolled for the pick, 1 or more")
    if kind in ("state", "step"):
        new_state = effect.get("state")
        if not isinstance(new_state, str):
            raise d.fail(f"{key}.state", "expected the state the unit lands on")
        return state, replace(unit, state=new_state)
    if kind == "lose":
        if amount is None:
            raise d.fail(f"{key}.amount", "a 'lose' effect needs an amount")
        return state, replace(unit, strength_now=max(0, unit.strength_now - amount))
    if kind == "hits":
        counts = {}
        for name in ("stands", "left"):
            value = effect.get(name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise d.fail(f"{key}.{name}", "a 'hits' effect needs a whole number, 0 or more")
            counts[name] = value
        strength = max(0, unit.strength_now - counts["stands"])
        return state, replace(unit, strength_now=strength, hits=counts["left"])
    if kind in ("marker", "clear_marker"):
        marker = effect.get("marker")
        if not isinstance(marker, str):
            raise d.fail(f"{key}.marker", "expected the marker")
        markers = unit.markers | {marker} if kind == "marker" else unit.markers - {marker}
        return state, replace(unit, markers=markers)
    if kind == "remove":
        return state, replace(unit, removed=True)
    if kind == "formation":
        formation = effect.get("formation")
        if not isinstance(formation, str):
            raise d.fail(f"{key}.formation", "expected the formation the unit is put in")
        return state, replace(unit, formation=formation)
    if kind == "attribute":
        attribute, now = effect.get("attribute"), effect.get("now")
        if not isinstance(attribute, str):
            raise d.fail(f"{key}.attribute", "expected the unit attribute it changes")
        if not isinstance(now, int) or not whole(now):
            raise d.fail(f"{key}.now", "expected the whole number it leaves on the card")
        attributes = with_attribute(unit.attributes, attribute, now)
        return state, replace(unit, attributes=attributes)
    if kind == "note":
        line = f"T{d.event.turn}: {text}"
        return state, replace(unit, notes=f"{unit.notes}\n{line}" if unit.notes else line)
    if kind == "distance":
        return state, unit
    if kind == "leader":
        leader_id = effect.get("leader")
        if not isinstance(leader_id, str):
            raise d.fail(f"{key}.leader", "expected the leader's id")
        if not state.has_leader(leader_id):
            raise d.fail(f"{key}.leader", f"no leader '{leader_id}'")
        leader = state.leader(leader_id)
        status = effect.get("state")
        if status is not None:
            if status not in LEADER_STATUSES:
                raise d.fail(f"{key}.state", f"a leader is {', '.join(LEADER_STATUSES)}")
            leader = replace(leader, status=status)
        if amount is not None:
            leader = _used_up(leader, effect, amount, d, key)
        # the unit may be carried in ``unit`` with earlier effects; keep it in the state too
        return state.with_unit(unit).with_leader(leader), unit
    raise d.fail(f"{key}.kind", f"unknown effect kind '{kind}'")


def _used_up(
    leader: Leader, effect: Mapping[str, Any], amount: int, d: EventData, key: str
) -> Leader:
    """``leader`` after a ``leader`` effect used ``amount`` of his attribute (re-rolls)."""
    name = effect.get("attribute")
    if name is None:  # an event from before attributes were declared
        name = LEGACY_LEADER_EFFECT
        left = max(0, _whole_or(leader.attribute(name), 0) - amount)
        value: InputValue | None = None if left == 0 else left
    else:
        value = effect.get("left")
        if not isinstance(name, str) or not isinstance(value, int) or not whole(value):
            raise d.fail(f"{key}.left", "expected what is left of the attribute, 0 or more")
        if value < 0:
            raise d.fail(f"{key}.left", "expected what is left of the attribute, 0 or more")
    return replace(leader, attributes=with_attribute(leader.attributes, name, value))


def _whole_or(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


EFFECT_HANDLERS: dict[str, Handler] = {"apply_effects": _apply_effects}
"""The handler of the kind of event this module applies."""
