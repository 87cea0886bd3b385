"""The frozen types of a ruleset's sequence of play (``[sequence]``): how activation works,
the phases of a turn (who acts in each, how it repeats) and their steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Literal

    from drumhead.rules.checks import InputValue

STEP_ACTIONS = ("draw_card",)
"""What a step of the sequence does to the game when the walk leaves it: ``draw_card`` draws
the next activation card (One If By Land) and starts that card's phases."""

PHASE_REPEATS = ("card", "side")
"""How a phase repeats within a turn: ``card``, once per card drawn, until the deck is empty
(a run of such phases, the drawing phase first); ``side``, once for each side, the side that
moves first (the initiative's) first."""

PHASE_ACTORS = ("card", "side", "both")
"""Who acts in a phase: the units of the card drawn, the side whose pass it is, both sides."""

PHASE_CARDS = ("brigade", "commander")
"""Which cards a phase repeated per card is walked for: a brigade's card (it names a brigade
of the order of battle) or a commander's (a division/wing or army card, one of the
scenario's extra cards); a phase that names none is walked for every card."""


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
    inputs: tuple[tuple[str, InputValue], ...] = ()
    """Input values of its check that the step sets when the check is made there (One If By
    Land's morale test made at step 1 is for a panic marker: ``situation = "panic_marker"``);
    the players may still change them. Never an input a card or the log fills."""


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
