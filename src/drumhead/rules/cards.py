"""What unit and leader cards hold: the fields every ruleset's cards have, the fields an
input may be filled from, the attributes a ruleset adds to them (``[unit_attributes.ID]``,
``[leader_attributes.ID]``), and labels as the printed card says them (:func:`spoken`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Literal

    from drumhead.rules.checks import InputValue

UNIT_FIELDS: frozenset[str] = frozenset(
    {
        "name",
        "type",
        "subtype",
        "quality",
        "formation",
        "strength_start",
        "strength_now",
        "strength_lost",
        "state",
        "leader_value",
        "leader_attached",
        "leader_with_unit",
        "leader_in_command",
        "with_leader",
        "single_stand",
        "side_rating",
        "enemy_rating",
        "side_turns_without",
        "enemy_turns_without",
    }
)
"""Unit-card fields an input may be filled from (``from_unit``). ``leader_attached`` is
whether a leader (a general, an officer) is with the unit; ``leader_with_unit`` whether the
leader is the one attached to the unit (no: one picked from another unit, such as the other
wave's leader, whose re-rolls are not this unit's); ``with_leader`` whether the unit's card has
a leader with it (one attached, not killed), whoever the players pick for a roll (MWAN's "if
general is with unit": reading no leader, it offers none to pick); ``leader_in_command`` whether the
unit (or its brigade) is among those he commands (left out when the scenario gives his command
as none); ``leader_charismatic`` whether he is charismatic (left out without a leader). The
leader is the one picked for the unit's role, else the one attached to it. ``side_rating`` is the
rating of the commander of the unit's side, ``enemy_rating`` that of the other side's (when
there are exactly two sides); both are left out when the scenario gives none.
``side_turns_without`` and ``enemy_turns_without`` are how many turns in a row the unit's side,
and the other side, have gone without the initiative (the game counts them as each turn's
initiative is recorded; 0 before any). Besides these,
an input may be filled from any attribute the ruleset declares for its units (``elite``, by its
own name) or leaders (``leader_rerolls``: ``leader_`` and its name), and from ``marker:ID``
(whether the card carries marker ID)."""

UNIT_CARD_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "name",
        "side",
        "brigade",
        "type",
        "strength",
        "strength_start",
        "strength_now",
        "state",
        "subtype",
        "quality",
        "formation",
        "hits",
        "markers",
        "notes",
        "removed",
        "attributes",
    }
)
"""Keys every unit card has (in saves and scenarios): a declared unit attribute takes another
name (nor one of :data:`UNIT_FIELDS`)."""

LEADER_CARD_KEYS: frozenset[str] = frozenset(
    {"id", "name", "side", "value", "attached", "attached_to", "commands", "status", "notes"}
)
"""Keys every leader has: a declared leader attribute takes another name (``attached`` too:
``leader_attached`` is a unit-card field of its own)."""

ATTRIBUTE_TYPES: tuple[str, ...] = ("int", "bool", "text", "choice")
"""The kinds of value a declared unit or leader attribute holds."""

ATTRIBUTE_USES: tuple[str, ...] = ("hits", "leader")
"""What an attribute may be read by besides inputs (``used_by``): ``hits``, the number of hits
that take a stand (the ``hits`` effect); ``leader``, what a ``leader`` effect's ``amount`` is
taken off (re-rolls used)."""


def whole_number_words(minimum: int | None, maximum: int | None) -> str:
    """What a whole number between these bounds (None: unbounded) is, in the players' words."""
    if minimum is not None and maximum is not None:
        return f"a whole number from {minimum} to {maximum}"
    if minimum is not None:
        return f"a whole number, {minimum} or more"
    if maximum is not None:
        return f"a whole number, {maximum} or less"
    return "a whole number"


@dataclass(frozen=True, slots=True)
class AttributeSpec:
    """A value the ruleset keeps on its unit (or leader) cards besides the ones every ruleset
    has (``[unit_attributes.ID]``, ``[leader_attributes.ID]``): Rank and File's elite units
    and hits a stand can take, Republique's skirmishers, a leader's re-rolls."""

    id: str
    label: str
    type: Literal["int", "bool", "text", "choice"]
    default: InputValue | None = None
    """The value of a card that gives none; None: no value until the players give one."""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    card: bool = True
    """Shown on the unit card (on screen and printed)."""
    used_by: str | None = None
    """``hits`` or ``leader`` (see :data:`ATTRIBUTE_USES`), or None."""
    source: str = ""

    def fits(self, value: object) -> bool:
        """Whether ``value`` is one this attribute can hold."""
        if self.type == "bool":
            return isinstance(value, bool)
        if self.type in ("text", "choice"):
            return isinstance(value, str) and (self.type == "text" or value in self.choices)
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return (self.minimum is None or value >= self.minimum) and (
            self.maximum is None or value <= self.maximum
        )

    def wanted(self) -> str:
        """What :meth:`fits` accepts, in the players' words."""
        if self.type == "bool":
            return "true or false"
        if self.type == "text":
            return "text"
        if self.type == "choice":
            return f"one of {', '.join(self.choices)}"
        return whole_number_words(self.minimum, self.maximum)


def spoken(label: str) -> str:
    """A label as players say it at the table: without a closing aside in brackets and
    without the explanation after a colon (``Panic marker (one at most)`` -> ``Panic
    marker``; ``Battery silenced: no fire or movement`` -> ``Battery silenced``). An aside in
    the middle stays (``Used assault bonus (charge) movement``)."""
    short = re.sub(r"\s*\([^()]*\)$", "", label.strip()) or label.strip()
    depth = 0
    for index, char in enumerate(short):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and short.startswith(": ", index) and index > 0:
            return short[:index]
    return short
