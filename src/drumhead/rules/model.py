"""The frozen types a ruleset file is validated into.

Kind-specific configuration of a check (its dice, table, chart, ...) lives with the mechanic
that uses it, in :mod:`drumhead.checks`; everything shared is here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from typing import Literal

    from drumhead.checks.base import Mechanic
    from drumhead.rules.luck import LuckOrder

    InputType = Literal["int", "bool", "choice"]
InputValue = int | bool | str

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
        "leader_in_command",
        "single_stand",
        "side_rating",
        "enemy_rating",
    }
)
"""Unit-card fields an input may be filled from (``from_unit``). ``leader_attached`` is
whether a leader (a general, an officer) is with the unit; ``leader_in_command`` whether the
unit (or its brigade) is among those he commands (left out when the scenario gives his command
as none); ``leader_charismatic`` whether he is charismatic (left out without a leader). The
leader is the one picked for the unit's role, else the one attached to it. ``side_rating`` is the
rating of the commander of the unit's side, ``enemy_rating`` that of the other side's (when
there are exactly two sides); both are left out when the scenario gives none. Besides these,
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

EFFECT_KINDS: frozenset[str] = frozenset(
    {
        "state",  # set the morale state to `state`
        "step",  # move `amount` steps down (or up, if negative) the morale ladder
        "lose",  # lose `amount` of strength (figures, stands, hits)
        "hits",  # mark `amount` hits: each full set of the unit's hits per stand loses a stand
        "marker",  # place `marker`
        "clear_marker",  # remove `marker`
        "distance",  # a distance to move: `dice` to roll or `amount` inches; `text` says how
        "remove",  # remove the unit from play
        "leader",  # something happens to a leader: `state` wounded/killed, `amount` re-rolls used
        "note",  # a restriction or reminder for the players, in `text`
    }
)
"""The kinds of effect a resolution can propose."""

LEADER_STATES: tuple[str, ...] = ("active", "wounded", "killed")
"""What a ``leader`` effect's ``state`` may set a leader to (the game's leader statuses)."""

COUNTED_EFFECT_KINDS: frozenset[str] = frozenset({"step", "lose", "hits"})
"""Effects that are an amount of something: they need one, and an amount of 0 is no effect."""


@dataclass(frozen=True, slots=True)
class Source:
    """A document drumhead's rules are taken from."""

    id: str
    title: str
    document: str
    """The file in ``shared/seeds`` (or a public reference) the rules come from."""


@dataclass(frozen=True, slots=True)
class InputSpec:
    """One input a check takes."""

    name: str
    type: InputType
    label: str
    choices: tuple[str, ...] = ()
    """For ``choice`` inputs: the allowed values, in the order their ``_rank`` counts."""
    default: InputValue | None = None
    """The value when none is given; None means the input is required."""
    minimum: int | None = None
    maximum: int | None = None
    from_unit: str | None = None
    """The unit-card field the app fills this input from."""
    help: str = ""
    role: str | None = None
    """Whose card fills it (``from_unit``): one of the check's roles; None: the first, the unit
    the check is made for."""


@dataclass(frozen=True, slots=True)
class ModifierSpec:
    """A modifier: added to a roll, to a dice count, or scaling a result."""

    id: str
    label: str
    value: Expr
    """The value: a constant or an expression over the inputs (e.g. ``-stands_lost``)."""
    source: str
    auto: bool = False
    """Follows from the inputs (applied when ``when`` holds) rather than ticked by a player."""
    when: Expr | None = None
    """For auto modifiers: when it applies. For ticked ones: when it may be ticked."""
    group: str | None = None
    """Modifiers of one group are exclusive: only one applies (see the check's ``groups``)."""
    side: str | None = None
    """For opposed checks: the side whose roll it modifies."""
    applies: Literal["roll", "dice", "scale", "target"] = "roll"
    """``roll``: added to the roll; ``dice``: added to a pool's dice count; ``scale``: the result
    is multiplied by value/``scale_by``; ``target``: added to the number needed."""
    scale_by: int = 1
    """Denominator for ``scale`` modifiers (value 1, scale_by 2 = half)."""
    countable: bool = False
    """May be ticked more than once (e.g. "-2 per obstacle crossed")."""
    option: str | None = None
    """Only offered when this optional rule is on."""
    explain: str = ""
    """For auto modifiers: why it applies, with ``{input}`` placeholders."""
    refusals: tuple[Refusal, ...] = ()
    """Situations in which the rules forbid ticking it (``refuse``): ticking it then is an
    error citing the rule, and it is not offered."""


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """An effect an outcome implies, before it is evaluated for a particular resolution."""

    kind: str
    text: str
    """What the players read, with ``{value}`` and ``{input}`` placeholders."""
    amount: Expr | None = None
    dice: str | None = None
    state: str | None = None
    marker: str | None = None
    who: str = "self"
    """Whom it falls on: one of the check's roles (``self``, the unit the check is made for,
    where it declares none); ``leader`` (the leader with the first role's unit) or
    ``leader:ROLE``; one of an army-level check's sides; or ``table``: a reminder for the
    players, logged, on no unit's card."""
    when: Expr | None = None
    ruling: str | None = None
    """The ruling this effect rests on (e.g. a value generalised from a worked example)."""


@dataclass(frozen=True, slots=True)
class RoleSpec:
    """One side of a check: a unit (or a group of units) the players pick from the roster."""

    id: str
    title: str
    """What the players are asked for: "The target", "The defending group"."""
    minimum: int = 1
    """How many units the role needs (0: the role may be left empty)."""
    maximum: int = 1
    """How many units it may hold (a Republique assault's group of bases)."""
    own_side: bool = False
    """Whether its unit is on the same side as the first role's (``side = "own"``: a second
    wave); the roster then offers that side's units first, not the enemy's."""


@dataclass(frozen=True, slots=True)
class OutcomeSpec:
    """One outcome a check can have."""

    id: str
    text: str
    effects: tuple[EffectSpec, ...] = ()
    result: Literal["pass", "fail"] | None = None
    """Target tests: whether this is a passing or failing outcome."""
    by: tuple[int, int] | None = None
    """Target tests: the margin range (fail by 1, by 2 or more = (2, 1000))."""
    when: Expr | None = None
    """Extra condition on the inputs for this outcome to be the one chosen."""
    numeric: bool = False
    """The outcome carries a number (casualties, hits, inches, turns)."""
    source: str = ""
    winner: str | None = None
    """Opposed checks: the side (one of the check's ``sides``) this outcome says has won,
    e.g. the initiative; the first side is the one of the unit it is rolled for."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A situation the rules forbid: the check is refused with ``text`` when ``when`` holds."""

    when: Expr
    text: str
    """Why the check cannot be made, as the players read it (with ``{input}`` placeholders)."""
    source: str = ""


@dataclass(frozen=True, slots=True)
class RulingRef:
    """A ruling a check rests on when ``when`` holds (always, without one)."""

    id: str
    when: Expr | None = None
    alternative_when: Expr | None = None
    """When this holds the players chose the ruling's alternative reading instead."""


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """A check: the inputs, modifiers, mechanic and outcomes of one kind of test or roll."""

    id: str
    title: str
    kind: str
    source: str
    summary: str
    inputs: tuple[InputSpec, ...]
    derived: tuple[tuple[str, Expr], ...]
    modifiers: tuple[ModifierSpec, ...]
    groups: tuple[tuple[str, Literal["max", "min"]], ...]
    outcomes: tuple[OutcomeSpec, ...]
    mechanic: Mechanic
    option: str | None = None
    applies_to: tuple[str, ...] = ()
    """Unit types the check fits (for ordering the app's check picker); empty: any."""
    phase: str | None = None
    """The sequence-of-play phase the check belongs to (the first, when it has several)."""
    phases: tuple[str, ...] = ()
    """Every phase the check is made in (``phase = "ID"`` or ``phase = ["ID", ...]``)."""
    sides: tuple[str, str] | None = None
    """Opposed checks: the two sides' names."""
    refusals: tuple[Refusal, ...] = ()
    """Situations in which the rules forbid the check (first match refuses it)."""
    rulings: tuple[RulingRef, ...] = ()
    """Rulings the check rests on in some situations (``[[checks.ID.rulings]]``)."""
    roles: tuple[RoleSpec, ...] = ()
    """The check's sides, the unit it is made for first (none: that unit alone)."""
    scope: Literal["unit", "army"] = "unit"
    """``army``: made for a side, not a unit (the initiative); its effects go to the sides
    and the log, never onto a unit's card."""
    luck: LuckOrder | None = None
    """Which results are better for the unit rolled for (``luck``, or derived: drumhead.rules.luck)."""

    @property
    def role_ids(self) -> tuple[str, ...]:
        """The roles' ids, the unit the check is made for first (``self`` when none are
        declared; none for an army-level check)."""
        if self.scope == "army":
            return ()
        return tuple(r.id for r in self.roles) or ("self",)

    def role(self, role_id: str) -> RoleSpec | None:
        return next((r for r in self.roles if r.id == role_id), None)

    def input(self, name: str) -> InputSpec | None:
        return next((i for i in self.inputs if i.name == name), None)

    def outcome(self, outcome_id: str) -> OutcomeSpec:
        for outcome in self.outcomes:
            if outcome.id == outcome_id:
                return outcome
        raise KeyError(outcome_id)

    def modifier(self, modifier_id: str) -> ModifierSpec | None:
        return next((m for m in self.modifiers if m.id == modifier_id), None)


@dataclass(frozen=True, slots=True)
class GapSpec:
    """A value our sources do not give: the players supply it at the table or in house rules."""

    id: str
    question: str
    source: str
    type: Literal["int", "text", "choice"] = "int"
    choices: tuple[str, ...] = ()
    value: InputValue | None = None
    """Prefilled where the text itself gives this value (never invented)."""
    ruling: str | None = None
    """The ruling by which ``value`` is read from a worked example (not a rule's own number)."""
    value_source: str = ""
    """Where ``value`` came from when not from the rules: ``house rule, FILE``."""
    keys: tuple[str, ...] = ()
    """The inputs the answer depends on (MWAN's fire dice: the firer and the range band):
    asked and kept once per combination of their values, not once for the game. See
    :mod:`drumhead.questions.answers`."""
    key_inputs: tuple[InputSpec, ...] = ()
    """The input each of ``keys`` names, as the checks reading the gap declare it (filled when
    the ruleset loads)."""
    values: tuple[tuple[str, InputValue], ...] = ()
    """Values per key (``"infantry.2"`` -> 3), from a house-rules file (``value_source``)."""
    pattern: str = ""
    """A regular expression a text value must match whole (the outcome set of the gap table
    the gap is a cell of); empty: any text."""
    pattern_help: str = ""
    """What ``pattern`` accepts, in the players' words."""
    minimum: int | None = None
    """An int gap's least answer (``min``): what the question itself rules out below it (a
    stand takes at least one hit), never a number the rules do not give."""
    maximum: int | None = None
    """An int gap's greatest answer (``max``)."""


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
class Ladder:
    """A morale ladder: states from best to worst."""

    id: str
    states: tuple[str, ...]
    labels: tuple[tuple[str, str], ...] = ()
    source: str = ""

    def label(self, state: str) -> str:
        return dict(self.labels).get(state, state.replace("_", " "))


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


@dataclass(frozen=True, slots=True)
class MarkerSpec:
    """A marker the rules put on units (panic, fired...)."""

    id: str
    label: str
    source: str = ""


STEP_ACTIONS = ("draw_card",)
"""What a step of the sequence does to the game when the walk leaves it: ``draw_card`` draws
the next activation card (One If By Land) and starts that card's phases."""

PHASE_REPEATS = ("card", "side")
"""How a phase repeats within a turn: ``card``, once per card drawn, until the deck is empty
(a run of such phases, the drawing phase first); ``side``, once for each side, the side that
moves first (the initiative's) first."""

PHASE_ACTORS = ("card", "side", "both")
PHASE_CARDS = ("brigade", "commander")
"""Which cards a phase repeated per card is walked for: a brigade's card (it names a brigade
of the order of battle) or a commander's (a division/wing or army card, one of the
scenario's extra cards); a phase that names none is walked for every card."""
"""Who acts in a phase: the units of the card drawn, the side whose pass it is, both sides."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a phase in the sequence of play."""

    id: str
    text: str
    check: str | None = None
    source: str = ""
    again: str | None = None
    """An earlier step of the same phase the walk may go back to from here (MWAN: move the
    next brigade after the end-of-movement roll; Republique: the next assault or round)."""
    does: str | None = None
    """What leaving this step does to the game (one of :data:`STEP_ACTIONS`)."""
    option: str | None = None
    """The optional rule the step belongs to: walked only when it is on (R&F's wave-attack
    steps)."""


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase of the turn in the sequence of play, and its steps."""

    id: str
    title: str
    steps: tuple[Step, ...]
    source: str = ""
    note: str = ""
    option: str | None = None
    repeat: str | None = None
    """How the phase repeats within a turn (one of :data:`PHASE_REPEATS`); None: once."""
    acts: str | None = None
    """Who acts in it (one of :data:`PHASE_ACTORS`); None where the rules do not say."""
    cards: str | None = None
    """In a run repeated per card, the kind of card it is walked for (one of
    :data:`PHASE_CARDS`); None: every card."""


@dataclass(frozen=True, slots=True)
class Sequence:
    """The sequence of play: how activation works and the phases of a turn."""

    activation: Literal["cards", "initiative", "alternate", "none"]
    phases: tuple[Phase, ...]
    source: str = ""
    note: str = ""


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
class GapTable:
    """A chart or table the sources lack, as the grid of gaps its cells are (rows x columns).

    Declared in the ruleset (``[gap_tables.ID]``): the rows' and columns' keys and labels, and a
    pattern naming each cell's gap from them (``chart_{column}_{row}``), so a grid editor can
    show and take the whole chart at once. ``pattern`` is the outcome set every cell's value is
    checked against (also set on each cell's :class:`GapSpec`).
    """

    id: str
    title: str
    source: str
    rows: tuple[tuple[str, str], ...]
    """(key, label) of each row, top to bottom."""
    columns: tuple[tuple[str, str], ...]
    """(key, label) of each column, left to right."""
    cells: tuple[tuple[str, ...], ...]
    """The gap id of each cell, row by row."""
    row_title: str = ""
    column_title: str = ""
    check: str | None = None
    """The check that reads the table, if one."""
    pattern: str = ""
    pattern_help: str = ""
    ruling: str | None = None
    """The ruling the outcome set rests on, if any."""
    tags: tuple[str, ...] = ()

    def gap_ids(self) -> tuple[str, ...]:
        """Every cell's gap, row by row."""
        return tuple(gap for row in self.cells for gap in row)

    def cell(self, row: str, column: str) -> str:
        """The gap id of the cell at row key ``row`` and column key ``column``."""
        rows = [key for key, _ in self.rows]
        columns = [key for key, _ in self.columns]
        if row not in rows:
            from drumhead.errors import InputError

            raise InputError(f"{self.title} has no row '{row}' (rows: {', '.join(rows)})")
        if column not in columns:
            from drumhead.errors import InputError

            raise InputError(
                f"{self.title} has no column '{column}' (columns: {', '.join(columns)})"
            )
        return self.cells[rows.index(row)][columns.index(column)]

    def where(self, gap_id: str) -> tuple[str, str] | None:
        """(row key, column key) of the cell whose gap is ``gap_id``, or None."""
        for (row, _), cells in zip(self.rows, self.cells, strict=True):
            for (column, _), gap in zip(self.columns, cells, strict=True):
                if gap == gap_id:
                    return row, column
        return None


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
