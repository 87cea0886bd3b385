"""The frozen types of a check: its inputs, modifiers, roles, outcomes and the effects they
propose, the situations that refuse it and the rulings it rests on.

Kind-specific configuration of a check (its dice, table, chart, ...) lives with the mechanic
that uses it, in :mod:`drumhead.checks`; :class:`CheckSpec` holds it as its ``mechanic``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drumhead.rules.expr import Environment, Expr

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Literal

    from drumhead.checks.base import Mechanic
    from drumhead.rules.luck import LuckOrder

    InputType = Literal["int", "bool", "choice"]
InputValue = int | bool | str

EFFECT_KINDS: frozenset[str] = frozenset(
    {
        "state",  # set the morale state to `state`
        "step",  # move `amount` steps down (or up, if negative) the morale ladder
        "lose",  # lose `amount` of strength (with `attribute`: `amount` stands of that card value)
        "hits",  # mark `amount` hits: each full set of the unit's hits per stand loses a stand
        "marker",  # place `marker`
        "clear_marker",  # remove `marker`
        "distance",  # a distance to move: `dice` to roll or `amount` inches; `text` says how
        "remove",  # remove the unit from play
        "leader",  # something happens to a leader: `state` wounded/killed, `amount` re-rolls used
        "note",  # a restriction or reminder for the players, in `text`
        "formation",  # put the unit in `formation` (one of the ruleset's formations)
        "attribute",  # add `amount` to the unit's int `attribute`, within its declared bounds
    }
)
"""The kinds of effect a resolution can propose."""

PICK = "pick:"
"""``who = "pick:ROLE"``: the effect falls on one unit of the role's group, which the players
pick (or, where the rules say at random, the game's dice)."""

COMMAND = "command"
"""``who = "command"`` (or ``command:ROLE``): the effect falls on every unit under the command of
the leader with the first role's unit (or ROLE's): those his card's ``commands`` names (a unit,
or every unit of a brigade), of his side, still in play; One If By Land's general killed puts a
panic marker on each."""

LEADER_STATES: tuple[str, ...] = ("active", "wounded", "killed")
"""What a ``leader`` effect's ``state`` may set a leader to (the game's leader statuses)."""

TEXT_UNCHANGED = "unchanged"
"""What a chart's word may mean in a ``leader`` effect's ``from_text``: the leader is unhurt,
his card unchanged (besides :data:`LEADER_STATES`)."""

ATTRIBUTE_BEYOND: tuple[str, ...] = ("refuse", "clamp")
"""What an ``attribute`` effect does past the attribute's bounds (``beyond``)."""

COUNTED_EFFECT_KINDS: frozenset[str] = frozenset({"step", "lose", "hits", "attribute"})
"""Effects that are an amount of something: they need one, and an amount of 0 is no effect."""


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
    asked: str | None = None
    """Why the players answer it, when no card, leader or log entry can (``asked = "where the
    models stand"``): every input is bound or says this (a test walks them all)."""
    from_log: str | None = None
    """What the game's log fills it with (:data:`LOG_FIELDS`): ``rolled_this_turn`` (whether
    this check, or ``rolled_this_turn:CHECK`` another, was rolled this turn for the role's
    unit), ``last_value:CHECK`` (the value of
    the latest roll of CHECK this turn for the role's unit, e.g. a melee round's casualties)
    or ``turn_total:CHECK`` (the total of those rolls' values this turn: every round's); with
    ``@ROLE`` (``turn_total:fire@target``) the rolls of CHECK in which the unit was picked for
    ROLE, whoever they were rolled for (the defensive fire at a wave); or
    ``losses_this_turn`` (what the effects applied this turn took off the unit's card: strength
    lost, stands lost to hits, and a whole-number attribute lowered, such as gunners), or
    ``losses_unanswered:CHECK`` (what another unit's latest roll of CHECK at it took off it,
    while the unit has made fewer rolls of CHECK this turn than were made at it: a melee's
    stands lost to the side that rolled first, which still fight when both roll at once), or ``losses_since:CHECK`` (what any roll took off
    it since its own latest roll of CHECK this turn: the casualties a general with it has not
    rolled his risk for yet); or ``led_this_turn`` (whether the leader picked for the role, else the one with its unit,
    already made this check, or ``led_this_turn:CHECK`` another, this turn for any unit: a
    major general's one rally a turn)."""
    from_units: Expr | None = None
    """What the cards of the units picked for the check's roles fill it with, all of them at
    once: an expression over ``any(ROLE.FIELD ...)``, ``all(...)``, ``count(...)`` (a square
    assaulted with infantry: ``any(attacker.type == 'infantry')``), worked out once every role
    it reads that needs a unit has one."""
    from_card: str | None = None
    """An expression over the check's inputs of the same role that the card fills
    (``from_unit``) giving this input's value: MWAN's firing table row from the firer's type,
    horse artillery and formation. Worked out with the card's other values, their defaults where
    the card gives none; left unfilled when it cannot be."""
    when: Expr | None = None
    """When the input applies at all, over the check's other inputs (``firer_type ==
    'artillery'``: a battery's guns mean nothing to infantry fire): otherwise the form does not
    offer it (:func:`applies`), and one the players gave goes back to its default. The check
    itself reads what it is given: the rules' own refusals (MWAN's "only cavalry mount or
    dismount") still refuse a value typed where it does not apply. None: always."""


def applies(spec: InputSpec, values: Mapping[str, InputValue]) -> bool:
    """Whether input ``spec`` applies with the check's other inputs at ``values`` (defaults
    where not given); one its ``when`` cannot be worked out for yet applies."""
    if spec.when is None:
        return True
    from drumhead.errors import DrumheadError

    try:
        return spec.when.truth(Environment(values))
    except DrumheadError:
        return True


LOG_FIELDS: tuple[str, ...] = (
    "rolled_this_turn",
    "rolled_this_turn:CHECK",
    "last_value:CHECK",
    "turn_total:CHECK",
    "last_value:CHECK@ROLE",
    "turn_total:CHECK@ROLE",
    "losses_this_turn",
    "losses_unanswered:CHECK",
    "losses_since:CHECK",
    "led_this_turn",
    "led_this_turn:CHECK",
)
"""What an input can be filled with from the game's log (``from_log``); CHECK names a check."""


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
    ``leader:ROLE``; ``command`` (or ``command:ROLE``): every unit under that leader's command
    (:data:`COMMAND`); ``pick:ROLE``: the one unit of that role's group the players pick (see
    ``each`` and ``at_random``); one of an army-level check's sides; or ``table``: a reminder
    for the players, logged, on no unit's card."""
    when: Expr | None = None
    ruling: str | None = None
    """The ruling this effect rests on (e.g. a value generalised from a worked example)."""
    source: str | None = None
    """The rule this effect applies, where it is not the rule its outcome cites (a charge
    result on another page than the morale table, a marker from the panic rules)."""
    each: bool = False
    """With ``who = "pick:ROLE"``: each point of the amount is picked separately (one base hit
    after another), not the whole amount at once."""
    at_random: str | None = None
    """With ``who = "pick:ROLE"``, where the rules say the unit is chosen at random: the
    citation that says so. The players may then have the game's seeded dice pick (the roll
    recorded) or pick by hand; without it they pick."""
    formation: str | None = None
    """A ``formation`` effect's formation (one of the ruleset's ``formations``)."""
    attribute: str | None = None
    """An ``attribute`` effect's unit attribute (an ``int`` one the ruleset declares); on a
    ``lose`` effect, the card value its amount counts in (``figures_per_stand``: ``amount``
    stands of that many figures each, read off the card when applied; a card that gives none
    asks the players)."""
    beyond: Literal["refuse", "clamp"] = "refuse"
    """An ``attribute`` effect that would take the value past the attribute's ``min`` or
    ``max``: ``refuse`` (the players are told, nothing is applied) or ``clamp`` (it stops at
    the bound: a battery with no gunners left loses no more)."""
    from_text: tuple[tuple[str, str], ...] = ()
    """A ``leader`` effect read from a chart's text: (word, leader status) pairs; the first
    word found in the cell the roll read gives the status (``unchanged``: no change)."""
    types: tuple[str, ...] = ()
    """Only the units of its role whose card's type is one of these take it (none: every unit
    of the role): Republique's capture falls on the defending artillery alone."""
    instead: bool = False
    """The units it falls on take none of the outcome's other effects (Republique 4.4: captured
    artillery "does not suffer" the cell's hits, "instead" it is captured)."""


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
    when: Expr | None = None
    """When the role is part of the check (an optional role, ``min = 0``): an expression over
    the inputs; while it does not hold the role is neither asked nor kept (a morale test's
    charger, only when the unit tests because it is charged). None: always."""
    from_log: str | None = None
    """What this turn's log fills the role with: ``picked_as:CHECK.ROLE``, the unit whose
    latest roll of CHECK this turn picked the unit the check is made for as ROLE (a morale
    test when charged: the unit whose charge test named it); ``its_pick:CHECK.ROLE``, the
    unit the unit's own latest roll of CHECK picked as ROLE (the second wave its wave attack's
    declaration named); ``paired_by:CHECK.ROLE``, either (a wave attack's other wave, asked
    by either wave); ``with_pick:CHECK.ROLE``, the unit picked as ROLE by the latest roll of
    CHECK the unit took part in (a wave attack's target, for either wave). The players may
    change it."""
    from_log_when: Expr | None = None
    """When ``from_log`` fills the role (an expression over the inputs; None: whenever the
    role is part of the check): the defender's fire at its charger, not every fire."""


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
    phases: tuple[str, ...] = ()
    """The phases of the sequence of play it holds in (``phase = "ID"`` or a list): the rules'
    order of the turn (MWAN's small-arms fire after the artillery's). None: in any phase.
    Only a game knows its phase: a check prepared without one is never refused by it."""


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
    cell_parts: tuple[InputSpec, ...] = ()
    """The parts of the chart cell a roll reads (``[checks.ID.cell_parts.NAME]``): each a named
    group of the ``format`` of the gap table whose ``check`` this is, read from the cell's
    text after the roll (a side, a number of hits), which the outcomes' effects may read by
    name (:mod:`drumhead.checks.cells`)."""

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
