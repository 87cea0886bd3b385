"""The battle screen's side panel below the card: who acts now (the card drawn, or the
initiative) and the phase's checklist, worked out apart from the widgets that show them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets.selection_list import Selection

from ..dialogs.initiative import short_side_names

if TYPE_CHECKING:
    from collections.abc import Sequence

    from drumhead.session.shown import Side
    from drumhead.session.table import Activation, Checklist


def activation_text(now: Activation, sides: Sequence[Side] = ()) -> Text:
    """The card drawn (card activation) or the initiative (initiative rules); empty text when
    the rules have neither. The ``sides`` are named the short way a line uses ("Union", of
    "Union: Army of Northeastern Virginia (detachment on Henry Hill)"): whole, Henry Hill's
    initiative took seven of an 80x24 pane's lines from the checklist."""
    ids = short_side_names(sides)
    short = {side.name: ids[side.id] for side in sides}
    text = Text()
    if now.kind == "cards":
        text.append("Card: ", style="bold")
        text.append(f"{now.current or 'none yet'} ({now.drawn} of {now.total} drawn)")
        text.append(
            "  d draws the next card\n"
            if now.deck_left
            else "  deck empty: n / T for the next turn\n"
        )
    elif now.kind == "initiative":
        text.append("Initiative: ", style="bold")
        if now.current is None:
            text.append("not decided this turn (i records it)\n")
        else:
            won = short.get(now.current, now.current)
            first = short.get(now.first, now.first) if now.first else "?"
            text.append(f"{won} won; {first} moves first\n")
    return text


def checklist_title(checklist: Checklist) -> str:
    """The phase's title, then who acts in it (on a line of its own)."""
    return checklist.title + (f"\n{checklist.acting}" if checklist.acting else "")


def checklist_options(checklist: Checklist) -> list[Selection[str]]:
    """The phase's steps, each ticked or not, the current one marked, with the check it names
    and whether it loops back (``a``)."""
    options = []
    for step in checklist.steps:
        label = Text("▶ " if step.current else "  ", style="bold")
        label.append(step.text, style="bold" if step.current else "")
        if step.check:
            label.append(f"  [c: {step.check}]", style="italic")
        if step.current and step.again:
            label.append("  [a: again]", style="italic")
        options.append(Selection(label, step.key, step.ticked))
    return options
