"""Unit cards as text: the roster line and the full card (pure: state and ruleset in, Text out).

What a card says is the session's (:mod:`drumhead.session.cards`); here it is drawn. Every
state is written in words (morale state, markers) and numbers (strength), so nothing is
signalled by colour alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from drumhead.rules.cards import spoken
from drumhead.session.cards import (
    card_rows,
    is_top_state,
    printed_markers,
    side_name,
    state_label,
    strength_bar,
    type_label,
)

if TYPE_CHECKING:
    from drumhead.rules.model import Ruleset
    from drumhead.session.shown import GameState, Unit


def roster_line(ruleset: Ruleset, state: GameState, unit: Unit, active: bool = False) -> Text:
    """A unit's roster entry, three lines: name (and leader); type, quality, formation;
    strength bar with numbers, morale state in words, markers. States and markers are named
    as players say them ("Shaken", "⚑Panic marker"): the aside of the ruleset's label ("(one
    at most)", "(failed by 1: may not advance, reduced fire)") is the full card's to show,
    and on every line of the roster it wrapped the entry onto a fourth line."""
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
    label = spoken(state_label(ruleset, unit))
    if label:
        good = is_top_state(ruleset, unit)
        text.append(f"  {label}" if good else f"  ‼ {label}", style="" if good else "bold")
    for marker in printed_markers(ruleset, unit):  # the short way: the full card has it whole
        text.append(f" ⚑{marker}", style="bold")
    return text


def unit_card(ruleset: Ruleset, state: GameState, unit: Unit) -> Text:
    """The selected unit's full card."""
    text = Text()
    text.append(unit.name + "\n", style="bold underline")
    # the side as a line names it ("Union", of "Union: Army of Northeastern Virginia ..."):
    # the roster's heading has it whole, and a short pane needs its lines for the card
    side = side_name(state, unit.side).split(":")[0].strip()
    brigade = unit.brigade.replace("_", " ")
    # a brigade named so already ("csa brigade") is not called "brigade csa brigade"
    said = brigade if "brigade" in brigade.lower().split() else f"brigade {brigade}"
    text.append(f"{side} · {said}\n", style="italic")
    for label, value in card_rows(ruleset, state, unit):
        # a label as wide as the column or wider ("Gunner figures") keeps a space before its
        # value: "Gunner figures 11", never "Gunner figures11"
        text.append(f"{label:<10}" if len(label) < 10 else f"{label} ", style="bold")
        text.append(value + "\n")
    return text
