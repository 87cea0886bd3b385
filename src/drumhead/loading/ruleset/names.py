"""What the parts of a ruleset may name: ids, the ruleset's declared names, and the lists of
known names that errors offer.

:class:`Names` is what a ruleset declares that its checks may name (ladders, unit types,
markers, gaps, lookups, optional rules, rulings), gathered once by
:func:`~drumhead.loading.ruleset.document.build_ruleset` and read by every check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from drumhead.rules.cards import AttributeSpec
from drumhead.rules.reader import Reader

ID = re.compile(r"^[a-z][a-z0-9_]*$")
"""An id: lower case, digits and ``_``, a letter first."""


def valid_id(reader: Reader, name: str | None, value: str) -> str:
    """``value``, refused at key ``name`` unless it is a valid id."""
    if not ID.match(value):
        raise reader.error(name, f"'{value}' is not a valid id (lower case, digits, _)")
    return value


def listed(ids: Iterable[str]) -> str:
    """The ids, sorted, for an error to offer (``none`` for none)."""
    return ", ".join(sorted(ids)) or "none"


@dataclass(frozen=True, slots=True)
class Names:
    """What a ruleset declares that its checks may name (the references checked at load)."""

    ladders: Mapping[str, tuple[str, ...]]
    """Ladder id -> its states."""
    unit_types: Mapping[str, str]
    """Unit type id -> its ladder."""
    markers: set[str]
    qualities: tuple[str, ...]
    formations: tuple[str, ...]
    gaps: set[str]
    lookups: set[str]
    lookup_keys: Mapping[str, set[str]]
    options: set[str]
    rulings: set[str]
    card_fields: set[str] = field(default_factory=set)
    """Unit-card fields the ruleset's declared attributes add (``elite``, ``leader_rerolls``)."""
    unit_attributes: Mapping[str, AttributeSpec] = field(default_factory=dict)
    """The unit attributes the ruleset declares, by id (what an ``attribute`` effect changes)."""

    def states(self, unit_types: Iterable[str]) -> set[str]:
        """The states of the ladders of ``unit_types`` (all ladders for none or unknown ones)."""
        chosen = [self.unit_types[t] for t in unit_types if t in self.unit_types]
        if not chosen:
            chosen = list(self.ladders)
        ladders = [self.ladders[x] for x in chosen if x in self.ladders]
        if not ladders:  # a ladder named but not declared is reported where it is named
            ladders = list(self.ladders.values())
        return {state for states in ladders for state in states}

    def unit_field(self, field: str) -> set[str]:
        """The values a unit-card field can take, where the ruleset declares them."""
        if field == "state":
            return self.states(())
        if field == "quality":
            return set(self.qualities)
        if field == "formation":
            return set(self.formations)
        if field == "type":
            return set(self.unit_types)
        return set()
