"""Working out the effects that change a card beyond its morale, strength and markers, as the
players accept them: a ``formation`` effect (the formation it puts the unit in, one the
ruleset lists) and an ``attribute`` effect (the whole number it leaves on the card, within
the attribute's declared bounds: refused past them, or stopped at the bound where the effect
says ``beyond = "clamp"``); and a ``lose`` effect counted in stands of a card value
(``attribute = "figures_per_stand"``: the figures its stands come to). What they come to is
kept in the effect (``was``, ``now``; ``stands``, ``per_stand`` and the figures as its
``amount``), so a replay never needs the ruleset again and a revert can tell when the card has
changed under them. A card that gives no value asks the players (:class:`MissingCardValueError`:
their answer is kept on the card, and the effect applied again)."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from drumhead.errors import InputError, MissingCardValueError
from drumhead.game.attributes import value_of
from drumhead.game.state import Unit
from drumhead.rules.model import AttributeSpec, Ruleset

CARD_KINDS = frozenset({"formation", "attribute"})
"""The effect kinds this module works out."""

CARD_EFFECT_KEYS = frozenset({"formation", "was", "now", "per_stand"})
"""The keys these kinds add to an applied effect (besides ``attribute``, which a leader's
effect has too)."""


def work_out(
    ruleset: Ruleset,
    unit: Unit,
    e: dict[str, Any],
    running: MutableMapping[tuple[str, str], int],
    where: str,
) -> None:
    """Check effect ``e`` on ``unit`` and keep what it comes to in it. ``running``: the
    attribute values the event's earlier effects left (unit id, attribute) -> value."""
    if e.get("kind") == "formation":
        _formation(ruleset, unit, e, where)
    else:
        _attribute(ruleset, unit, e, running, where)


def _formation(ruleset: Ruleset, unit: Unit, e: dict[str, Any], where: str) -> None:
    formation = e.get("formation")
    known = ruleset.formations
    if not isinstance(formation, str) or (known and formation not in known):
        raise InputError(f"{where}: no formation '{formation}' ({', '.join(known)})")
    e["was"] = unit.formation


def _attribute(
    ruleset: Ruleset,
    unit: Unit,
    e: dict[str, Any],
    running: MutableMapping[tuple[str, str], int],
    where: str,
) -> None:
    spec = _int_attribute(ruleset, e, where)
    amount = e.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InputError(f"{where}: needs a whole-number amount")
    beyond = e.pop("beyond", "refuse")
    current = running.get((unit.id, spec.id), value_of(ruleset, unit, spec.id))
    if isinstance(current, bool) or not isinstance(current, int):
        raise _missing(unit, spec, e, spec.minimum)
    now = current + amount
    low, high = spec.minimum, spec.maximum
    past = (low is not None and now < low) or (high is not None and now > high)
    if past and beyond != "clamp":
        bounds = f"{'' if low is None else low}..{'' if high is None else high}"
        raise InputError(
            f"{where}: {unit.name}'s {spec.label} is {current}; {amount:+d} would make it {now}, "
            f"outside {bounds} (edit the amount, or the card)"
        )
    if low is not None:
        now = max(low, now)
    if high is not None:
        now = min(high, now)
    e["was"], e["now"] = current, now
    running[(unit.id, spec.id)] = now


def stands_of(ruleset: Ruleset, unit: Unit, e: dict[str, Any], where: str) -> None:
    """A ``lose`` effect counted in stands of the card's ``attribute`` (MWAN's "1 stand of
    figures captured": ``figures_per_stand``): the stands kept as ``stands``, the card's value
    as ``per_stand`` and the figures they come to as its ``amount`` (what a replay takes off)."""
    spec = _int_attribute(ruleset, e, where)
    stands = e.get("stands", e.get("amount"))
    if isinstance(stands, bool) or not isinstance(stands, int) or stands < 0:
        raise InputError(f"{where}: needs a whole number of stands, 0 or more")
    size = value_of(ruleset, unit, spec.id)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise _missing(unit, spec, e, max(1, spec.minimum or 1))
    e["stands"], e["per_stand"], e["amount"] = stands, size, stands * size


def _int_attribute(ruleset: Ruleset, e: dict[str, Any], where: str) -> AttributeSpec:
    name = e.get("attribute")
    spec = ruleset.unit_attribute(name) if isinstance(name, str) else None
    if spec is None or spec.type != "int":
        ints = ", ".join(a.id for a in ruleset.unit_attributes if a.type == "int") or "none"
        raise InputError(f"{where}: no whole-number unit attribute '{name}' ({ints})")
    return spec


def _missing(
    unit: Unit, spec: AttributeSpec, e: dict[str, Any], minimum: int | None
) -> MissingCardValueError:
    """The players asked for the value ``unit``'s card lacks, to apply effect ``e``."""
    return MissingCardValueError(
        unit.id,
        spec.id,
        spec.label,
        question=f"{spec.label} of {unit.name}? (its card gives none)",
        message=f"{unit.name} has no value for '{spec.label}' on its card: set {spec.id} "
        f"to apply '{e.get('text', '')}'",
        minimum=minimum,
        maximum=spec.maximum,
    )
