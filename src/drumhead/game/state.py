"""The immutable value types of a game: sides, leaders, units, activation and the whole state.

A :class:`GameState` is never changed in place: :func:`drumhead.game.events.apply_event` returns
a new one. Units and leaders are looked up by id through an index built once per state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypeVar

from drumhead.errors import InputError
from drumhead.rules.model import InputValue

if TYPE_CHECKING:
    from drumhead.rules.house_rules import HouseRules

Attributes = tuple[tuple[str, InputValue], ...]
"""Declared attributes a card holds: (name, value) pairs sorted by name."""


def with_attribute(attributes: Attributes, name: str, value: InputValue | None) -> Attributes:
    """``attributes`` with ``name`` set to ``value`` (None: taken off the card)."""
    items = {k: v for k, v in attributes if k != name}
    if value is not None:
        items[name] = value
    return tuple(sorted(items.items()))


LEADER_STATUSES: tuple[str, ...] = ("active", "wounded", "killed")
"""What can become of a leader."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the battle."""

    id: str
    name: str
    commander: str = ""
    rating: str = ""
    """The commander's rating where the ruleset uses one (MWAN: steady, aggressive, timid)."""


@dataclass(frozen=True, slots=True)
class Leader:
    """A general or officer."""

    id: str
    name: str
    side: str
    value: int = 0
    """The leader's rating or bonus in this ruleset."""
    attached_to: str | None = None
    """The unit he is with, if any."""
    commands: tuple[str, ...] = ()
    """Brigade ids or unit ids under his command."""
    status: str = "active"
    """``active``, ``wounded`` or ``killed``."""
    notes: str = ""
    attributes: Attributes = ()
    """The values of the ruleset's leader attributes he has (``[leader_attributes]``: Rank and
    File's re-rolls, Republique's charisma), by name, sorted; absent: the declared default."""

    def attribute(self, name: str) -> InputValue | None:
        """The value of his attribute ``name`` (None: none given)."""
        return dict(self.attributes).get(name)


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit card."""

    id: str
    name: str
    side: str
    brigade: str
    """Brigade, division or battery group id (activation cards, orders)."""
    type: str
    """One of the ruleset's unit types."""
    strength_start: int
    """Strength at the start, in the unit type's terms (figures, stands, guns)."""
    strength_now: int
    state: str
    """A state of the unit type's morale ladder ("" when the ruleset declares no ladder)."""
    subtype: str = ""
    quality: str = ""
    formation: str = ""
    hits: int = 0
    """Hits on the current stand (rulesets that count hits per stand)."""
    markers: frozenset[str] = frozenset()
    notes: str = ""
    removed: bool = False
    """Out of play (routed off, destroyed): the card stays for the record."""
    attributes: Attributes = ()
    """The values of the ruleset's unit attributes the card gives (``[unit_attributes]``: Rank
    and File's elite and hits a stand takes, Republique's skirmishers), by name, sorted;
    absent: the declared default."""

    def attribute(self, name: str) -> InputValue | None:
        """The value of the card's attribute ``name`` (None: none given)."""
        return dict(self.attributes).get(name)

    @property
    def strength_lost(self) -> int:
        return self.strength_start - self.strength_now


@dataclass(frozen=True, slots=True)
class Activation:
    """Who acts when: One If By Land's card deck, MWAN's initiative."""

    deck: tuple[str, ...] = ()
    """Cards still to draw this turn, in draw order (One If By Land)."""
    drawn: tuple[str, ...] = ()
    """Cards drawn this turn, in order."""
    initiative: str | None = None
    """MWAN: the side that won the initiative this turn."""
    first: str | None = None
    """The side that moves first."""
    turns_without: tuple[tuple[str, int], ...] = ()
    """Side id -> turns in a row without the initiative."""
    cards: tuple[str, ...] = ()
    """Every card of the deck (shuffled back in at each turn)."""
    acting: str | None = None
    """The side whose pass of a phase repeated per side it is (MWAN's movement)."""


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment."""

    ruleset: str
    ruleset_version: str
    options: frozenset[str]
    house_rules: str | None
    gaps: tuple[tuple[str, InputValue], ...]
    """Values the players supplied for the ruleset's gaps."""
    seed: int
    turn: int
    phase: str
    step: str | None
    ticked: frozenset[str]
    """Sequence steps ticked this phase, as ``phase.step``."""
    activation: Activation
    sides: tuple[Side, ...]
    leaders: tuple[Leader, ...]
    units: tuple[Unit, ...]
    name: str = ""
    scenario: str | None = None
    house: HouseRules | None = None
    """The copy of the house rules the game started with (``house_rules`` names their file):
    the game's ruleset is built from it, so a save resolves the same whatever becomes of the
    file. None without house rules, and in saves from before copies were kept."""
    _unit_index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    _leader_index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self._unit_index and self.units:
            object.__setattr__(self, "_unit_index", {u.id: i for i, u in enumerate(self.units)})
        if not self._leader_index and self.leaders:
            object.__setattr__(self, "_leader_index", {x.id: i for i, x in enumerate(self.leaders)})

    # -- look-ups ---------------------------------------------------------------------------
    def has_unit(self, unit_id: str) -> bool:
        return unit_id in self._unit_index

    def has_leader(self, leader_id: str) -> bool:
        return leader_id in self._leader_index

    def unit(self, unit_id: str) -> Unit:
        index = self._unit_index.get(unit_id)
        if index is None:
            raise InputError(f"no unit '{unit_id}' in this game")
        return self.units[index]

    def leader(self, leader_id: str) -> Leader:
        index = self._leader_index.get(leader_id)
        if index is None:
            raise InputError(f"no leader '{leader_id}' in this game")
        return self.leaders[index]

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise InputError(f"no side '{side_id}' in this game")

    def leader_with(self, unit_id: str) -> Leader | None:
        """The active (or wounded) leader attached to the unit, if any."""
        for x in self.leaders:
            if x.attached_to == unit_id and x.status != "killed":
                return x
        return None

    def gap_values(self) -> dict[str, InputValue]:
        return dict(self.gaps)

    # -- building new states ----------------------------------------------------------------
    def with_unit(self, unit: Unit) -> GameState:
        """This state with the unit of the same id replaced."""
        index = self._unit_index.get(unit.id)
        if index is None:
            raise InputError(f"no unit '{unit.id}' in this game")
        units = list(self.units)
        units[index] = unit
        return _copy(self, units=tuple(units), _unit_index=self._unit_index)

    def with_units(self, units: tuple[Unit, ...]) -> GameState:
        return _copy(self, units=units)

    def with_added_unit(self, unit: Unit) -> GameState:
        index = dict(self._unit_index)
        index[unit.id] = len(self.units)
        return _copy(self, units=(*self.units, unit), _unit_index=index)

    def with_leader(self, leader: Leader) -> GameState:
        index = self._leader_index.get(leader.id)
        if index is None:
            raise InputError(f"no leader '{leader.id}' in this game")
        leaders = list(self.leaders)
        leaders[index] = leader
        return _copy(self, leaders=tuple(leaders), _leader_index=self._leader_index)

    def with_leaders(self, leaders: tuple[Leader, ...]) -> GameState:
        return _copy(self, leaders=leaders)

    def evolve(self, **changes: Any) -> GameState:
        """This state with fields other than units and leaders changed."""
        return _copy(self, **changes)


_FIELDS: dict[type, tuple[str, ...]] = {}

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen value with ``changes`` (like ``dataclasses.replace``, without re-running
    ``__init__``: replaying a long log makes many copies)."""
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


def _copy(state: GameState, **changes: Any) -> GameState:
    new = evolve(state, **changes)
    if "units" in changes and "_unit_index" not in changes:
        object.__setattr__(new, "_unit_index", {u.id: i for i, u in enumerate(new.units)})
    if "leaders" in changes and "_leader_index" not in changes:
        object.__setattr__(new, "_leader_index", {x.id: i for i, x in enumerate(new.leaders)})
    return new
