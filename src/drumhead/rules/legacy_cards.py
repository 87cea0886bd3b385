"""Card fields of saves written before rulesets declared their own attributes.

Until rulesets declared the values they keep on cards (``[unit_attributes]``,
``[leader_attributes]``), five of them were fields of every unit or leader. Saves of that time
hold them as top-level keys of a card (read as attributes of the same name, as today's saves
write them) and their journals hold ``edit`` events and ``leader`` effects naming them without
saying they are attributes. This table is how such an event is replayed as it was then: the
kind of value each field took, and the value it had when a card gave none (a value equal to it
is held as none given, as the snapshot of that time wrote it).
"""

from __future__ import annotations

from drumhead.rules.model import InputValue

LEGACY_UNIT_FIELDS: dict[str, tuple[str, InputValue | None]] = {
    "elite": ("bool", False),
    "hits_per_stand": ("count?", None),
    "skirmishers": ("count", 0),
}
"""Unit-card field -> (its kind of value in an old ``edit`` event, its value when not given)."""

LEGACY_LEADER_FIELDS: dict[str, tuple[str, InputValue | None]] = {
    "rerolls": ("count", 0),
    "charismatic": ("bool", False),
}
"""Leader field -> (its kind of value in an old ``edit`` event, its value when not given)."""

LEGACY_LEADER_EFFECT = "rerolls"
"""What a ``leader`` effect's ``amount`` was taken off in an event that does not name it."""
