"""Correcting the cards at the table: which fields of a unit or leader may be edited, the
values each may take, reading what the players typed, and new units and leaders.

Every change itself is an event of the game (see :class:`~drumhead.session.TableSession`);
this module only says what the fields are and turns text into their values.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drumhead.errors import DrumheadError

if TYPE_CHECKING:
    from drumhead.game import GameState, Leader, Unit
    from drumhead.rules.model import AttributeSpec, Ruleset

LEADER_STATUSES = ("active", "wounded", "killed")
"""What a leader's ``status`` may be."""


@dataclass(frozen=True, slots=True)
class CardField:
    """One field of a card the players may correct."""

    name: str
    """The field, e.g. ``strength_now``."""
    kind: str
    """Its kind of value, as the game layer names it (``count``, ``int``, ``text``,
    ``texts``, ``bool``; ``?`` after it: may be empty)."""
    value: str
    """Its value as the players edit it (``true``/``false``, a list joined by commas)."""
    shown: str
    """Its value as listed (``none`` for an empty list)."""
    choices: tuple[str, ...] = ()
    """The values it may take in this game (empty: free text or a number)."""
    label: str = ""
    """Its name in the players' words: the ruleset's label for its own attributes ("Hits
    per stand"), else the field's name in words ("strength now")."""

    @property
    def entry(self) -> str:
        """How it is typed: ``choice`` (one of :attr:`choices`), ``int`` or ``text``."""
        if self.choices:
            return "choice"
        return "int" if self.kind.rstrip("?") in ("count", "int") else "text"


def _texts(value: object) -> tuple[str, str]:
    """A field's value as edited and as shown."""
    if isinstance(value, frozenset):
        joined = ", ".join(sorted(value))
        return joined, joined or "none"
    if isinstance(value, tuple):
        joined = ", ".join(value)
        return joined, joined or "none"
    if isinstance(value, bool):
        return ("true" if value else "false"), ("yes" if value else "no")
    return ("" if value is None else str(value)), ("none" if value is None else str(value))


def _label(spec: AttributeSpec | None, name: str) -> str:
    """A field's name in the players' words: the ruleset's label for one of its own
    attributes, else the field's name with spaces."""
    return spec.label if spec is not None and spec.label else name.replace("_", " ")


def unit_choices(ruleset: Ruleset, state: GameState, unit: Unit, field: str) -> tuple[str, ...]:
    """The values a unit's field may take in this ruleset (empty: free text or a number)."""
    if field == "quality":
        return ruleset.qualities
    if field == "formation":
        return ruleset.formations
    if field == "type":
        return tuple(u.id for u in ruleset.unit_types)
    if field == "side":
        return tuple(s.id for s in state.sides)
    if field == "state":
        unit_type = ruleset.unit_type(unit.type)
        ladder = ruleset.ladder(unit_type.ladder if unit_type else "default")
        return ladder.states if ladder else ()
    if field == "removed":
        return ("true", "false")
    return _attribute_choices(ruleset.unit_attribute(field))


def leader_choices(ruleset: Ruleset, state: GameState, field: str) -> tuple[str, ...]:
    """The values a leader's field may take (empty: free text or a number)."""
    if field == "status":
        return LEADER_STATUSES
    if field == "side":
        return tuple(x.id for x in state.sides)
    return _attribute_choices(ruleset.leader_attribute(field))


def _attribute_choices(spec: AttributeSpec | None) -> tuple[str, ...]:
    """The values one of the ruleset's own attributes may take (a yes/no or a choice)."""
    if spec is not None and spec.type == "bool":
        return ("true", "false")
    return spec.choices if spec is not None else ()


def unit_fields(ruleset: Ruleset, state: GameState, unit: Unit) -> list[CardField]:
    """Every field of a unit's card the players may correct, with its value: every card's,
    then the ruleset's own attributes (``[unit_attributes]``: its value in play)."""
    from drumhead.game.attributes import editable_fields, field_value, value_of

    out = []
    for name, kind in editable_fields(ruleset).items():
        held = field_value(unit, name)
        value, shown = _texts(value_of(ruleset, unit, name) if held is None else held)
        if name == "side" and value:
            shown = f"{side_name(state, value)} ({value})"
        choices = unit_choices(ruleset, state, unit, name)
        label = _label(ruleset.unit_attribute(name), name)
        out.append(CardField(name, kind, value, shown, choices, label))
    return out


def leader_fields(ruleset: Ruleset, state: GameState, leader: Leader) -> list[CardField]:
    """Every field of a leader the players may correct, with its value (his attributes'
    too: ``[leader_attributes]``)."""
    from drumhead.game.attributes import editable_fields, field_value, value_of

    out = []
    for name, kind in editable_fields(ruleset, leader=True).items():
        held = field_value(leader, name)
        value, shown = _texts(value_of(ruleset, leader, name) if held is None else held)
        label = _label(ruleset.leader_attribute(name), name)
        out.append(CardField(name, kind, value, shown, leader_choices(ruleset, state, name), label))
    return out


def parse_field(kind: str, text: str) -> Any:
    """The typed value of a field of this kind, from what the players typed."""
    base = kind.rstrip("?")
    if kind.endswith("?") and not text.strip():
        return None
    if base in ("count", "int"):
        try:
            return int(text)
        except ValueError:
            raise DrumheadError(f"'{text}' is not a whole number") from None
    if base == "bool":
        return text == "true"
    if base == "texts":
        return [t.strip() for t in text.split(",") if t.strip()]
    return text


def slug(name: str) -> str:
    """An id made from a name: ``2nd Maryland`` -> ``2nd_maryland``."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "unit"


def free_id(name: str, taken: Container[str]) -> str:
    """An id for ``name`` that is not taken yet (``_2``, ``_3``... after it if need be)."""
    base = slug(name)
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}_{n}", n + 1
    return ident


def top_state(ruleset: Ruleset, unit_type: str) -> str:
    """Where a new unit of the type starts on its ladder (its ``start``, else its best
    state), as a scenario unit that gives no state does."""
    from drumhead.game.scenario import start_state

    return start_state(ruleset, unit_type)


def new_unit(
    ruleset: Ruleset,
    state: GameState,
    name: str,
    template: Unit | None,
    quality: str | None = None,
) -> Unit:
    """A unit named ``name``, like ``template`` (same side, brigade, type and quality, at full
    strength and in good order); without one, a unit of the first side's reserve of
    ``quality``, which the players give (:func:`new_quality`)."""
    from drumhead.game import Unit

    unit_id = free_id(name, {u.id for u in state.units})
    if template is not None:
        return Unit(
            id=unit_id,
            name=name,
            side=template.side,
            brigade=template.brigade,
            type=template.type,
            strength_start=template.strength_start,
            strength_now=template.strength_start,
            state=top_state(ruleset, template.type),
            quality=template.quality if quality is None else new_quality(ruleset, quality),
            formation=template.formation,
        )
    if not state.sides:
        raise DrumheadError("add a unit to a game with sides (start from a scenario)")
    chosen = new_quality(ruleset, quality)
    unit_type = ruleset.unit_types[0].id if ruleset.unit_types else "unit"
    return Unit(
        id=unit_id,
        name=name,
        side=state.sides[0].id,
        brigade="reserve",
        type=unit_type,
        strength_start=1,
        strength_now=1,
        state=top_state(ruleset, unit_type),
        quality=chosen,
    )


def new_quality(ruleset: Ruleset, quality: str | None) -> str:
    """The quality of a unit added in play: the one the players give (one of the ruleset's),
    else the default the ruleset declares with its rule (``[default_quality]``). With
    neither, the unit is refused: no rule gives a grade, so none is made up."""
    if quality is not None:
        if ruleset.qualities and quality not in ruleset.qualities:
            raise DrumheadError(
                f"'{quality}' is not a quality of {ruleset.title} ({', '.join(ruleset.qualities)})"
            )
        return quality
    if not ruleset.qualities:
        return ""  # a ruleset without qualities: nothing to give
    if ruleset.default_quality is not None:
        return ruleset.default_quality[0]
    raise DrumheadError(
        f"a new unit needs its quality ({', '.join(ruleset.qualities)}): {ruleset.title} "
        "gives no default; add it like a unit of that quality, or give the quality"
    )


def new_leader(state: GameState, name: str, unit: Unit | None) -> Leader:
    """A leader named ``name``, with ``unit`` (on its side) or on the first side."""
    from drumhead.game import Leader

    if not state.sides:
        raise DrumheadError("a leader needs a side: start from a scenario")
    return Leader(
        id=free_id(name, {x.id for x in state.leaders}),
        name=name,
        side=unit.side if unit else state.sides[0].id,
        attached_to=unit.id if unit else None,
    )


# -- what a card says ---------------------------------------------------------------------
def state_label(ruleset: Ruleset, unit: Unit) -> str:
    """The unit's morale state as its ladder names it."""
    if not unit.state:
        return ""
    unit_type = ruleset.unit_type(unit.type)
    ladder = ruleset.ladder(unit_type.ladder if unit_type else "default")
    return ladder.label(unit.state) if ladder else unit.state.replace("_", " ")


def is_top_state(ruleset: Ruleset, unit: Unit) -> bool:
    """Whether the unit is where a fresh unit starts on its ladder, or better (in good order,
    or in MWAN's high morale): not fallen."""
    unit_type = ruleset.unit_type(unit.type)
    ladder = ruleset.ladder(unit_type.ladder if unit_type else "default")
    return ladder is None or ladder.at_or_above_start(unit.state)


def marker_labels(ruleset: Ruleset, unit: Unit) -> list[str]:
    """The unit's markers as the ruleset names them."""
    labels = {m.id: m.label for m in ruleset.markers}
    return [labels.get(m, m.replace("_", " ")) for m in sorted(unit.markers)]


def printed_markers(ruleset: Ruleset, unit: Unit) -> list[str]:
    """The unit's markers named the short way, as players say them (a marker's ``short``,
    else its label without the closing aside): what a compact card shows (the roster, the
    table's display, the printed card), in the order of :func:`marker_labels`."""
    printed = {m.id: m.printed for m in ruleset.markers}
    return [printed.get(m, m.replace("_", " ")) for m in sorted(unit.markers)]


def type_label(ruleset: Ruleset, unit: Unit) -> str:
    unit_type = ruleset.unit_type(unit.type)
    return unit_type.label if unit_type else unit.type.replace("_", " ")


def strength_unit(ruleset: Ruleset, unit: Unit) -> str:
    """What the unit's strength counts (``figures``, ``stands``...)."""
    unit_type = ruleset.unit_type(unit.type)
    return unit_type.strength if unit_type else ""


def strength_bar(now: int, start: int, width: int = 10) -> str:
    """``███████░░░ 7/10`` : the bar and the numbers (never the bar alone)."""
    if start <= 0:
        return f"{now}/{start}"
    filled = max(0, min(width, round(width * now / start)))
    return "█" * filled + "░" * (width - filled) + f" {now}/{start}"


def attribute_rows(ruleset: Ruleset, unit: Unit) -> list[tuple[str, str]]:
    """A card's rows for the ruleset's own values: the hits on the current stand (and how
    many take one, from the attribute ``used_by = "hits"``), then each attribute the card
    shows (``card = true``) that the unit gives a value other than the default."""
    from drumhead.game.attributes import shown_attributes, value_of

    rows = []
    per_stand = ruleset.attribute_used_by("hits")
    size = value_of(ruleset, unit, per_stand.id) if per_stand is not None else None
    if unit.hits or size is not None:
        rows.append(("Hits", f"{unit.hits}" + (f" of {size} to lose a stand" if size else "")))
    hidden = per_stand.label if per_stand is not None else None
    rows += [row for row in shown_attributes(ruleset, unit) if row[0] != hidden]
    return rows


def card_rows(ruleset: Ruleset, state: GameState, unit: Unit) -> list[tuple[str, str]]:
    """The lines of a unit's full card below its name and side: (label, value), those with
    nothing to say left out. What changes in play comes first (strength, morale, markers):
    a short pane (80x24) shows those before what the roster line says already."""
    rows: list[tuple[str, str]] = [
        (
            "Strength",
            f"{strength_bar(unit.strength_now, unit.strength_start)} "
            f"{strength_unit(ruleset, unit)} ({unit.strength_lost} lost)",
        ),
        ("Morale", state_label(ruleset, unit) or "-"),
        ("Markers", ", ".join(marker_labels(ruleset, unit)) or "none"),
        ("Type", type_label(ruleset, unit) + (f" ({unit.subtype})" if unit.subtype else "")),
        ("Quality", unit.quality.replace("_", " ")),
        ("Formation", unit.formation.replace("_", " ")),
    ]
    rows += attribute_rows(ruleset, unit)
    leader = state.leader_with(unit.id)
    if leader is not None:
        rows.append(("Leader", f"{leader.name} (rating {leader.value}, {leader.status})"))
    if unit.removed:
        rows.append(("Status", "out of play"))
    if unit.notes:
        rows.append(("Notes", unit.notes))
    return [(label, value) for label, value in rows if value]


def side_name(state: GameState, side_id: str) -> str:
    """A side's name (its id when the game has no such side)."""
    return state.side(side_id).name if any(s.id == side_id for s in state.sides) else side_id
