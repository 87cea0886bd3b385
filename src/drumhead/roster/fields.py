"""The fields an imported order of battle fills, by ruleset: what each one takes.

A row of a spreadsheet (or a selection of a roster) is a unit, a leader or a side (its
``kind``). Each field belongs to some of those kinds, and takes text, a whole number, yes/no,
one of the ruleset's names, or a list of them. The ruleset's own card attributes
(``[unit_attributes]``, ``[leader_attributes]``) are fields too, by their ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from drumhead.game.scenario import ladder_states
from drumhead.game.state import LEADER_STATUSES
from drumhead.rules.cards import AttributeSpec, whole_number_words
from drumhead.rules.model import Ruleset

Kind = Literal["unit", "leader", "side"]
"""What one row of an order of battle is."""
KINDS: tuple[Kind, ...] = ("unit", "leader", "side")

FieldType = Literal["text", "int", "bool", "choice", "list"]
"""What a field takes: text, a whole number, yes/no, one name of ``choices`` (any text when
the ruleset declares none), a list of names."""

YES = ("yes", "true", "y", "x", "1")
"""What a yes/no field reads as yes (any case); "no", "false", "n", "0" or an empty cell is
no."""
NO = ("no", "false", "n", "0")


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an order of battle's rows."""

    id: str
    """The key the scenario file gives it (``quality``, ``hits_per_stand``)."""
    label: str
    """Its column's header in the template (``Quality``, ``Hits per stand``)."""
    kinds: tuple[Kind, ...]
    """The kinds of row it belongs to."""
    type: FieldType
    required: tuple[Kind, ...] = ()
    """The kinds of row that must give it."""
    choices: tuple[str, ...] = ()
    """The names it takes (``choice`` and ``list``); empty: any text."""
    labels: tuple[tuple[str, str], ...] = ()
    """Other words accepted for each choice: (word, choice), the ruleset's labels."""
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    """What it is, for the template's list of columns."""
    attribute: AttributeSpec | None = None
    """The ruleset's card attribute it is (None: a field every ruleset's cards have)."""

    def allowed(self) -> str:
        """What the field takes, in the players' words."""
        if self.type == "int":
            return whole_number_words(self.minimum, self.maximum)
        if self.type == "bool":
            return "yes or no"
        if self.type in ("choice", "list") and self.choices:
            names = ", ".join(self.choices)
            return names if self.type == "choice" else f"a list of: {names}"
        if self.type == "list":
            return "a list of names"
        return "text"


def fields(ruleset: Ruleset) -> tuple[Field, ...]:
    """Every field of ``ruleset``'s orders of battle, in the template's column order."""
    types = tuple(t.id for t in ruleset.unit_types)
    type_labels = tuple((t.label, t.id) for t in ruleset.unit_types)
    states: list[str] = []
    state_labels: list[tuple[str, str]] = []
    for ladder in ruleset.ladders:
        states.extend(s for s in ladder.states if s not in states)
        state_labels.extend((label, state) for state, label in ladder.labels)
    markers = tuple(m.id for m in ruleset.markers)
    marker_labels = tuple((m.label, m.id) for m in ruleset.markers)
    out = [
        Field(
            "kind",
            "Kind",
            KINDS,
            "choice",
            choices=KINDS,
            help="an empty cell: unit",
        ),
        Field("id", "Id", KINDS, "text", help="optional: made from the name when empty"),
        Field("name", "Name", KINDS, "text", required=KINDS),
        Field(
            "side",
            "Side",
            ("unit", "leader"),
            "text",
            required=("unit", "leader"),
            help="a side row's id or name, or a new side's name",
        ),
        Field(
            "brigade",
            "Brigade",
            ("unit",),
            "text",
            required=("unit",),
            help="brigade, division or battery group (activation cards, command)",
        ),
        Field(
            "type", "Type", ("unit",), "choice" if types else "text", ("unit",), types, type_labels
        ),
        Field("subtype", "Subtype", ("unit",), "text"),
        Field("quality", "Quality", ("unit",), "choice", choices=ruleset.qualities),
        Field("formation", "Formation", ("unit",), "choice", choices=ruleset.formations),
        Field(
            "strength",
            "Strength",
            ("unit",),
            "int",
            required=("unit",),
            minimum=0,
            help="at the start, in the unit type's terms (figures, stands, guns)",
        ),
        Field(
            "strength_now",
            "Strength now",
            ("unit",),
            "int",
            minimum=0,
            help="optional: what is left of it (a battle carried on; empty: all of it)",
        ),
        Field("hits", "Hits", ("unit",), "int", minimum=0, help="hits on its current stand"),
        Field(
            "state",
            "State",
            ("unit",),
            "choice",
            choices=tuple(states),
            labels=tuple(state_labels),
            help="empty: the best state of its type's ladder",
        ),
        Field("markers", "Markers", ("unit",), "list", choices=markers, labels=marker_labels),
        Field("removed", "Removed", ("unit",), "bool", help="out of play (yes/no)"),
        Field("value", "Value", ("leader",), "int", help="the leader's rating or bonus"),
        Field(
            "attached_to",
            "Attached to",
            ("leader",),
            "text",
            help="the unit he is with (its id or name)",
        ),
        Field(
            "commands",
            "Commands",
            ("leader",),
            "list",
            help="the brigades or units under him (ids or names)",
        ),
        Field("status", "Status", ("leader",), "choice", choices=LEADER_STATUSES),
        Field("commander", "Commander", ("side",), "text", help="the side's commander"),
        Field(
            "rating",
            "Rating",
            ("side",),
            "choice",
            choices=side_ratings(ruleset),
            help="the commander's rating, where the rules use one",
        ),
        Field("notes", "Notes", ("unit", "leader"), "text"),
    ]
    for kind, specs in (("unit", ruleset.unit_attributes), ("leader", ruleset.leader_attributes)):
        for spec in specs:
            out.append(_attribute_field(spec, kind))  # type: ignore[arg-type]
    return tuple(out)


def _attribute_field(spec: AttributeSpec, kind: Kind) -> Field:
    kinds: tuple[Kind, ...] = (kind,)
    if spec.type == "choice":
        return Field(
            spec.id,
            spec.label,
            kinds,
            "choice",
            choices=spec.choices,
            help=_default(spec),
            attribute=spec,
        )
    return Field(
        spec.id,
        spec.label,
        kinds,
        spec.type,
        minimum=spec.minimum,
        maximum=spec.maximum,
        help=_default(spec),
        attribute=spec,
    )


def _default(spec: AttributeSpec) -> str:
    if spec.default is None:
        return "empty: no value until the players give one"
    if isinstance(spec.default, bool):
        return f"empty: {'yes' if spec.default else 'no'}"
    return f"empty: {spec.default}"


def side_ratings(ruleset: Ruleset) -> tuple[str, ...]:
    """The ratings a side's commander may have: the choices of the checks' inputs filled
    from it (empty: the ruleset reads none, any text is kept)."""
    out: list[str] = []
    for check in ruleset.checks:
        for spec in check.inputs:
            if spec.from_unit in ("side_rating", "enemy_rating"):
                out.extend(c for c in spec.choices if c not in out)
    return tuple(out)


def states_of(ruleset: Ruleset, unit_type: str) -> tuple[str, ...]:
    """The states a unit of ``unit_type`` may be in (empty: any)."""
    return ladder_states(ruleset, unit_type)
