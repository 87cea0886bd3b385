"""The frozen types a ruleset file is validated into.

:class:`Ruleset` is here, with what it declares at its top level (sources, rulings, optional
rules, ladders, unit types, markers, quick reference); the types of its parts are in
:mod:`~drumhead.rules.checks` (a check, its inputs, modifiers, outcomes and effects),
:mod:`~drumhead.rules.gaps` (gaps and gap tables), :mod:`~drumhead.rules.cards` (what unit
and leader cards hold, and the attributes a ruleset adds), :mod:`~drumhead.rules.facts` (the
quick facts printed on the cards) and :mod:`~drumhead.rules.sequence` (the sequence of
play). Every one of them can be imported from here too.

Kind-specific configuration of a check (its dice, table, chart, ...) lives with the mechanic
that uses it, in :mod:`drumhead.checks`; everything shared is here and in those modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drumhead.rules.cards import (
    ATTRIBUTE_TYPES,
    ATTRIBUTE_USES,
    LEADER_CARD_KEYS,
    UNIT_CARD_KEYS,
    UNIT_FIELDS,
    AttributeSpec,
    spoken,
    whole_number_words,
)
from drumhead.rules.checks import (
    COMMAND,
    COUNTED_EFFECT_KINDS,
    EFFECT_KINDS,
    LEADER_STATES,
    PICK,
    CheckSpec,
    EffectSpec,
    InputSpec,
    InputValue,
    ModifierSpec,
    OutcomeSpec,
    Refusal,
    RoleSpec,
    RulingRef,
)
from drumhead.rules.facts import QuickFact
from drumhead.rules.gaps import GapSpec, GapTable
from drumhead.rules.sequence import (
    PHASE_ACTORS,
    PHASE_CARDS,
    PHASE_REPEATS,
    STEP_ACTIONS,
    Phase,
    Sequence,
    Step,
)

__all__ = [
    "ATTRIBUTE_TYPES",
    "ATTRIBUTE_USES",
    "COMMAND",
    "COUNTED_EFFECT_KINDS",
    "EFFECT_KINDS",
    "LEADER_CARD_KEYS",
    "LEADER_STATES",
    "MARKER_LASTS",
    "PHASE_ACTORS",
    "PHASE_CARDS",
    "PHASE_REPEATS",
    "PICK",
    "STEP_ACTIONS",
    "UNIT_CARD_KEYS",
    "UNIT_FIELDS",
    "AttributeSpec",
    "CheckSpec",
    "EffectSpec",
    "GapSpec",
    "GapTable",
    "InputSpec",
    "InputValue",
    "Ladder",
    "MarkerSpec",
    "ModifierSpec",
    "OptionSpec",
    "OutcomeSpec",
    "Phase",
    "QuickFact",
    "ReferenceEntry",
    "Refusal",
    "RoleSpec",
    "Ruleset",
    "Ruling",
    "RulingRef",
    "Sequence",
    "Source",
    "Step",
    "UnitType",
    "spoken",
    "whole_number_words",
]


@dataclass(frozen=True, slots=True)
class Source:
    """A document drumhead's rules are taken from."""

    id: str
    title: str
    document: str
    """The file in ``shared/seeds`` (or a public reference) the rules come from."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """How an ambiguity in the source was read, and why."""

    id: str
    rule: str
    reading: str
    reason: str
    source: str
    alternative: str = ""
    """The other reading, and how the players choose it (an input or an optional rule)."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An optional rule players may switch on for a game."""

    id: str
    title: str
    description: str
    source: str
    default: bool = False


@dataclass(frozen=True, slots=True)
class StateLasting:
    """A morale state the rules give a stated time (MWAN's battery silenced "for one turn"):
    when it is over, the card goes to ``then`` as the turn changes."""

    state: str
    lasts: str
    """``"turn"``: over as the turn it was entered in ends; ``"next_turn"``: over as the
    following turn ends (entered again in that turn, it lasts one more); ``"general"``: over
    as a turn ends with an active general whose command names the unit or its brigade
    attached to it."""
    then: str
    source: str = ""


STATE_LASTS: tuple[str, ...] = ("turn", "next_turn", "general")
"""How long a ladder state may last (``lasting``), when not until changed."""


@dataclass(frozen=True, slots=True)
class Ladder:
    """A morale ladder: states from best to worst."""

    id: str
    states: tuple[str, ...]
    labels: tuple[tuple[str, str], ...] = ()
    source: str = ""
    start: str = ""
    """Where a fresh unit starts (``start``; absent: the best state). MWAN's ladder starts
    in good order below its high morale, a morale result."""
    lasting: tuple[StateLasting, ...] = ()
    """The states that end by themselves as a turn ends (``[ladders.ID.lasting]``)."""

    def lasting_of(self, state: str) -> StateLasting | None:
        """How long ``state`` lasts, when the rules give it a time (None: until changed)."""
        return next((x for x in self.lasting if x.state == state), None)

    def label(self, state: str) -> str:
        return dict(self.labels).get(state, state.replace("_", " "))

    @property
    def fresh(self) -> str:
        """The state a fresh unit starts in ("" for a ladder without states)."""
        return self.start or (self.states[0] if self.states else "")

    def at_or_above_start(self, state: str) -> bool:
        """Whether ``state`` is where a fresh unit starts or better (not fallen)."""
        if state not in self.states or self.fresh not in self.states:
            return not self.states or state == self.fresh
        return self.states.index(state) <= self.states.index(self.fresh)


@dataclass(frozen=True, slots=True)
class UnitType:
    """A kind of unit in the ruleset's terms."""

    id: str
    label: str
    strength: str
    """What its strength counts: figures, stands, guns, hits."""
    ladder: str = "default"
    single_stand: bool = False
    morale_check: str | None = None
    """The check that is this type's standard morale test (the app's morale key), if any."""


@dataclass(frozen=True, slots=True)
class MarkerSpec:
    """A marker the rules put on units (panic, fired...)."""

    id: str
    label: str
    source: str = ""
    lasts: str | None = None
    """``"turn"`` or ``"phase"``: the marker comes off every card when the turn (or the phase)
    ends, as the rules' "this turn" markers do (moved, fired, charging); ``"next_turn"``: when
    the turn after the one it was put on ends (MWAN's "for one turn" given in the morale
    phase, after that turn's fire); None: until removed."""
    short: str = ""
    """The label as players say it, printed on the cards (empty: :func:`spoken` of
    :attr:`label`, which drops its closing aside: ``Panic marker (one at most)`` -> ``Panic
    marker``)."""

    @property
    def printed(self) -> str:
        """How the printed card names the marker."""
        return self.short or spoken(self.label)


MARKER_LASTS: tuple[str, ...] = ("turn", "next_turn", "phase")
"""How long a marker may last (``lasts``), when not until removed."""


@dataclass(frozen=True, slots=True)
class ReferenceEntry:
    """A quick-reference entry: our own short summary, a table, and its citation."""

    id: str
    title: str
    source: str
    text: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A whole rule system, validated."""

    id: str
    title: str
    version: str
    description: str
    sources: tuple[Source, ...]
    checks: tuple[CheckSpec, ...]
    gaps: tuple[GapSpec, ...]
    rulings: tuple[Ruling, ...]
    options: tuple[OptionSpec, ...]
    lookups: tuple[tuple[str, tuple[tuple[str, InputValue], ...]], ...]
    ladders: tuple[Ladder, ...] = ()
    unit_types: tuple[UnitType, ...] = ()
    qualities: tuple[str, ...] = ()
    formations: tuple[str, ...] = ()
    markers: tuple[MarkerSpec, ...] = ()
    default_quality: tuple[str, str] | None = None
    """The quality a unit added in play with none given takes, and the rule that says so
    (``[default_quality]``); None: the players give it."""
    sequence: Sequence | None = None
    reference: tuple[ReferenceEntry, ...] = ()
    house_rules: str | None = None
    """The house-rules file laid over the shipped ruleset, if any."""
    house_rules_digest: str | None = None
    """A fingerprint of that file's text when it was read."""
    active_options: frozenset[str] = field(default_factory=frozenset)
    """The optional rules that were on when this ruleset was loaded."""
    house_changes: tuple[str, ...] = ()
    """Dotted key paths the house-rules file changed (``checks.fire.hit_on``)."""
    gap_tables: tuple[GapTable, ...] = ()
    """Missing charts and tables, as grids of gaps (``[gap_tables.ID]``)."""
    unit_attributes: tuple[AttributeSpec, ...] = ()
    """Values kept on unit cards besides every ruleset's (``[unit_attributes.ID]``)."""
    leader_attributes: tuple[AttributeSpec, ...] = ()
    """Values kept on leaders besides every ruleset's (``[leader_attributes.ID]``)."""
    quick_facts: tuple[QuickFact, ...] = ()
    """What the printed cards say of each unit type (``[quick_facts.ID]``), in file order."""
    gap_index: dict[str, GapSpec] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )
    """The gaps by id (made from :attr:`gaps`): every preparation of a check reads each of the
    game's answers through :meth:`gap`, a search of some sixty gaps each time."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "gap_index", {g.id: g for g in self.gaps})

    def check(self, check_id: str) -> CheckSpec:
        for check in self.checks:
            if check.id == check_id:
                return check
        known = ", ".join(c.id for c in self.checks)
        from drumhead.errors import InputError

        raise InputError(f"{self.id} has no check '{check_id}' (checks: {known})")

    def gap(self, gap_id: str) -> GapSpec | None:
        """The gap, by its id or by an answer id naming one of its keys (``fire_dice.infantry.2``)."""
        return self.gap_index.get(gap_id.split(".", 1)[0])

    def gap_table(self, table_id: str) -> GapTable | None:
        return next((t for t in self.gap_tables if t.id == table_id), None)

    def option(self, option_id: str) -> OptionSpec | None:
        return next((o for o in self.options if o.id == option_id), None)

    def ladder(self, ladder_id: str) -> Ladder | None:
        return next((x for x in self.ladders if x.id == ladder_id), None)

    def unit_type(self, type_id: str) -> UnitType | None:
        return next((u for u in self.unit_types if u.id == type_id), None)

    def unit_attribute(self, attribute_id: str) -> AttributeSpec | None:
        return next((a for a in self.unit_attributes if a.id == attribute_id), None)

    def leader_attribute(self, attribute_id: str) -> AttributeSpec | None:
        return next((a for a in self.leader_attributes if a.id == attribute_id), None)

    def attribute_used_by(self, use: str, *, leader: bool = False) -> AttributeSpec | None:
        """The unit (or leader) attribute declared ``used_by = use``, if any."""
        attributes = self.leader_attributes if leader else self.unit_attributes
        return next((a for a in attributes if a.used_by == use), None)

    def morale_check(self, unit_type: str | None) -> str | None:
        """The standard morale test of units of ``unit_type`` (None: of any unit type, the
        first declared), if the ruleset declares one and it is in play."""
        for ut in self.unit_types:
            if ut.morale_check is None or unit_type not in (None, ut.id):
                continue
            check = next((c for c in self.checks if c.id == ut.morale_check), None)
            if check is not None and (check.option is None or check.option in self.active_options):
                return check.id
        return None

    def lookup_tables(self) -> dict[str, dict[str, InputValue]]:
        return {name: dict(items) for name, items in self.lookups}

    def ruling(self, ruling_id: str) -> Ruling | None:
        return next((x for x in self.rulings if x.id == ruling_id), None)

    @property
    def house_label(self) -> str:
        """``house rule, FILE`` (the file's name), or empty without house rules."""
        if not self.house_rules:
            return ""
        return f"house rule, {self.house_rules.replace(chr(92), '/').rsplit('/', 1)[-1]}"
