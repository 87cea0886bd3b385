"""Unit cards as text: the roster line and the full card (pure: state and ruleset in, Text out).

Every state is written in words (morale state, markers) and numbers (strength), so nothing is
signalled by colour alone.
"""

from __future__ import annotations

from drumhead.screens.render import strength_bar
from rich.text import Text

from drumhead.game import GameState, Unit
from drumhead.game.attributes import shown_attributes, value_of
from drumhead.model import Ruleset


def state_label(ruleset: Ruleset, unit: Unit) -> str:
    """The unit's morale state as its ladder names it."""
    if not unit.state:
        return ""
    unit_type = ruleset.unit_type(unit.type)
    ladder = ruleset.ladder(unit_type.ladder if unit_type else "default")
    return ladder.label(unit.state) if ladder else unit.state.replace("_", " ")


def is_top_state(ruleset: Ruleset, unit: Unit) -> bool:
    """Whether the unit is at the top of its ladder (in good order)."""
    unit_type = ruleset.unit_type(unit.type)
    ladder = ruleset.ladder(unit_type.ladder if unit_type else "default")
    return ladder is None or not ladder.states or unit.state == ladder.states[0]


def marker_labels(ruleset: Ruleset, unit: Unit) -> list[str]:
    labels = {m.id: m.label for m in ruleset.markers}
    return [labels.get(m, m.replace("_", " ")) for m in sorted(unit.markers)]


def type_label(ruleset: Ruleset, unit: Unit) -> str:
    unit_type = ruleset.unit_type(unit.type)
    return unit_type.label if unit_type else unit.type.replace("_", " ")


def strength_unit(ruleset: Ruleset, unit: Unit) -> str:
    unit_type = ruleset.unit_type(unit.type)
    return unit_type.strength if unit_type else ""


def roster_line(ruleset: Ruleset, state: GameState, unit: Unit, active: bool = False) -> Text:
    """A unit's roster entry, three lines: name (and leader); type, quality, formation;
    strength bar with numbers, morale state in words, markers."""
    text = Text()
    text.append("▶ " if active else "  ", style="bold")
    if unit.removed:
        text.append(unit.name + " (out of play)", style="strike")
        return text
    text.append(unit.name, style="bold")
    leader = state.leader_with(unit.id)
    if leader is not None:
        text.append(f"  ★ {leader.name}")
    short_type = type_label(ruleset, unit).split(" (")[0]  # "Infantry (3 figures a stand)"
    details = [short_type, unit.quality, unit.formation]
    text.append("\n    " + " · ".join(d.replace("_", " ") for d in details if d), style="italic")
    text.append(f"\n    {strength_bar(unit.strength_now, unit.strength_start, 5)}")
    label = state_label(ruleset, unit)
    if label:
        good = is_top_state(ruleset, unit)
        text.append(f"  {label}" if good else f"  ‼ {label}", style="" if good else "bold")
    for marker in marker_labels(ruleset, unit):
        text.append(f" ⚑{marker}", style="bold")
    return text


def unit_card(ruleset: Ruleset, state: GameState, unit: Unit) -> Text:
    """The selected unit's full card."""
    text = Text()
    text.append(unit.name + "\n", style="bold underline")
    side = state.side(unit.side).name if any(s.id == unit.side for s in state.sides) else unit.side
    text.append(f"{side} · brigade {unit.brigade.replace('_', ' ')}\n", style="italic")
    rows: list[tuple[str, str]] = [
        ("Type", type_label(ruleset, unit) + (f" ({unit.subtype})" if unit.subtype else "")),
        ("Quality", unit.quality.replace("_", " ")),
        ("Formation", unit.formation.replace("_", " ")),
        (
            "Strength",
            f"{strength_bar(unit.strength_now, unit.strength_start)} "
            f"{strength_unit(ruleset, unit)} ({unit.strength_lost} lost)",
        ),
        ("Morale", state_label(ruleset, unit) or "-"),
        ("Markers", ", ".join(marker_labels(ruleset, unit)) or "none"),
    ]
    per_stand = ruleset.attribute_used_by("hits")
    size = value_of(ruleset, unit, per_stand.id) if per_stand is not None else None
    if unit.hits or size is not None:
        rows.append(("Hits", f"{unit.hits}" + (f" of {size} to lose a stand" if size else "")))
    hidden = per_stand.label if per_stand is not None else None
    rows += [row for row in shown_attributes(ruleset, unit) if row[0] != hidden]
    leader = state.leader_with(unit.id)
    if leader is not None:
        rows.append(("Leader", f"{leader.name} (rating {leader.value}, {leader.status})"))
    if unit.removed:
        rows.append(("Status", "out of play"))
    if unit.notes:
        rows.append(("Notes", unit.notes))
    for label, value in rows:
        if value:
            text.append(f"{label:<10}", style="bold")
            text.append(value + "\n")
    return text
