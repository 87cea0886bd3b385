"""A ruleset's own card values (``[unit_attributes]``, ``[leader_attributes]``) in a game.

The state holds them generically (:attr:`Unit.attributes`, :attr:`Leader.attributes`: what a
card gives); this module reads them with the ruleset's declarations: the value in play (the
card's, else the declared default), the fields a manual edit may change, what a card shows.
"""

from __future__ import annotations

from typing import Any

from drumhead.errors import InputError
from drumhead.game.card_events import LEADER_EDITABLE, UNIT_EDITABLE
from drumhead.game.state import Leader, Unit
from drumhead.rules.model import AttributeSpec, InputValue, Ruleset


def _specs(ruleset: Ruleset, card: Unit | Leader) -> tuple[AttributeSpec, ...]:
    return ruleset.leader_attributes if isinstance(card, Leader) else ruleset.unit_attributes


def value_of(ruleset: Ruleset, card: Unit | Leader, name: str) -> InputValue | None:
    """The value of attribute ``name`` in play on ``card``: the card's, else the declared
    default (None: neither)."""
    given = card.attribute(name)
    if given is not None:
        return given
    spec = next((a for a in _specs(ruleset, card) if a.id == name), None)
    return spec.default if spec is not None else None


def attribute_values(ruleset: Ruleset, card: Unit | Leader) -> dict[str, InputValue]:
    """Every declared attribute's value in play on ``card`` (those with one)."""
    out: dict[str, InputValue] = {}
    for spec in _specs(ruleset, card):
        value = value_of(ruleset, card, spec.id)
        if value is not None:
            out[spec.id] = value
    return out


def attribute_kind(spec: AttributeSpec) -> str:
    """An attribute's kind of value as a manual edit takes it (see ``UNIT_EDITABLE``); ``?``:
    it may be cleared (the declared default holds again)."""
    if spec.type == "int":
        base = "count" if spec.minimum is not None and spec.minimum >= 0 else "int"
    else:
        base = spec.type
    return f"{base}?"


def editable_fields(ruleset: Ruleset, *, leader: bool = False) -> dict[str, str]:
    """The fields of a unit card (or leader) a manual edit may change, with their kinds: every
    ruleset's, then the ruleset's own attributes."""
    fields = dict(LEADER_EDITABLE if leader else UNIT_EDITABLE)
    for spec in ruleset.leader_attributes if leader else ruleset.unit_attributes:
        fields.setdefault(spec.id, attribute_kind(spec))
    return fields


def field_value(card: Unit | Leader, field: str) -> Any:
    """A field's value on the card as it is held: every card's by its name, else the card's
    attribute (None: not given)."""
    if field in (LEADER_EDITABLE if isinstance(card, Leader) else UNIT_EDITABLE):
        return getattr(card, field)
    return card.attribute(field)


def checked_attribute(spec: AttributeSpec, value: object, who: str) -> InputValue | None:
    """A new value for attribute ``spec`` on ``who``'s card, checked against its declaration
    (None clears it: the default holds)."""
    if value is None:
        return None
    if not spec.fits(value):
        raise InputError(f"{who}: {spec.label} takes {spec.wanted()}, not {value!r}")
    assert isinstance(value, int | str | bool)
    return value


def shown_attributes(ruleset: Ruleset, card: Unit | Leader) -> list[tuple[str, str]]:
    """(label, value) of the attributes a card shows (``card = true``) that it gives a value
    other than the default, and of any it holds that the ruleset does not declare (an old
    save's), so nothing held is hidden."""
    out: list[tuple[str, str]] = []
    specs = _specs(ruleset, card)
    for spec in specs:
        given = card.attribute(spec.id)
        if spec.card and given is not None and given != spec.default:
            out.append((spec.label, _text(given)))
    declared = {a.id for a in specs}
    for name, given in card.attributes:
        if name not in declared:
            out.append((name.replace("_", " ").capitalize(), _text(given)))
    return out


def _text(value: InputValue) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")
