"""Walking the sequence of play step by step, as the ruleset lays it out.

A position in the turn is a phase, one of its steps (None for a phase without steps) and,
in a phase repeated per side, the side whose pass it is. :func:`next_move` says where the
next step is and what getting there does (draw the next card, start a new turn);
:func:`previous_move` where the step before it was. Pure: the game turns a move into an
event (:meth:`drumhead.game.Game.next_step`). The phases walked are those of the game's
optional rules (:func:`active_phases`).

The repeat structures (``model.PHASE_REPEATS``):

* ``card`` (One If By Land): the run of phases from the drawing phase is walked once per card
  drawn; leaving the drawing step draws the next card; after the run's last phase the walk
  goes back to the drawing phase while the deck holds a card, and on (to the next turn) only
  when it is empty.
* ``side`` (MWAN's movement): the phase is walked once for each side, the side that moves
  first (the initiative's) first.
* a step's ``again`` (MWAN: the next brigade after the end-of-movement roll; Republique: the
  next assault or round) lets the walk go back to an earlier step of the same phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from drumhead.errors import InputError
from drumhead.game.state import GameState
from drumhead.rules.model import Phase, Ruleset, Step


@dataclass(frozen=True, slots=True)
class Move:
    """Where a step of the walk goes, and what getting there does."""

    kind: Literal["step", "draw", "turn"]
    """``step``: to another step (or phase, or side's pass) of this turn; ``draw``: draw the
    next card and go to the first step of its phases; ``turn``: start the next turn."""
    phase: str = ""
    step: str | None = None
    acting: str | None = None
    """The side whose pass it is, in a phase repeated per side."""
    card: str | None = None
    """The card a ``draw`` draws."""
    again: bool = False
    """Going back to an earlier step of the phase by its ``again`` (the ticks start afresh)."""


def active_phases(ruleset: Ruleset) -> tuple[Phase, ...]:
    """The phases of a turn with the game's optional rules: a phase or step of an optional
    rule that is off is not walked (nor shown in the checklist)."""
    if ruleset.sequence is None:
        return ()
    on = ruleset.active_options
    return tuple(
        replace(p, steps=tuple(s for s in p.steps if s.option is None or s.option in on))
        for p in ruleset.sequence.phases
        if p.option is None or p.option in on
    )


def _steps(phase: Phase) -> list[str | None]:
    return [s.id for s in phase.steps] or [None]


def side_order(state: GameState) -> list[str]:
    """The sides in the order they take their passes: the one moving first, then the rest."""
    ids = [s.id for s in state.sides]
    first = state.activation.first
    if first in ids:
        return [first, *(i for i in ids if i != first)]
    return ids


def position(phases: Sequence[Phase], state: GameState) -> tuple[int, int]:
    """The current phase's index and the current step's index within it (its first step when
    the game names none, or names one the phase does not have)."""
    ids = [p.id for p in phases]
    if state.phase not in ids:
        return (0, 0) if phases else (-1, 0)
    index = ids.index(state.phase)
    steps = _steps(phases[index])
    return index, steps.index(state.step) if state.step in steps else 0


def current_step(phases: Sequence[Phase], state: GameState) -> Step | None:
    """The step the game is at (None in a phase without steps, or without phases)."""
    p, s = position(phases, state)
    if p < 0 or not phases[p].steps:
        return None
    return phases[p].steps[s]


def acting_side(phases: Sequence[Phase], state: GameState) -> str | None:
    """The side whose pass it is in a phase repeated per side (None elsewhere)."""
    p, _ = position(phases, state)
    if p < 0 or phases[p].repeat != "side":
        return None
    order = side_order(state)
    acting = state.activation.acting
    return acting if acting in order else (order[0] if order else None)


def _card_run(phases: Sequence[Phase]) -> list[int]:
    return [i for i, p in enumerate(phases) if p.repeat == "card"]


def walked_for(phase: Phase, state: GameState, card: str | None) -> bool:
    """Whether a phase is walked for the card drawn: one for brigade cards only for a card
    naming a brigade of the order of battle, one for commanders' cards only for any other
    card (a division/wing or army card); every other phase always."""
    if phase.cards is None:
        return True
    brigade = card is not None and any(u.brigade == card for u in state.units)
    return brigade if phase.cards == "brigade" else (card is not None and not brigade)


def _drawn(state: GameState) -> str | None:
    drawn = state.activation.drawn
    return drawn[-1] if drawn else None


def _onward(phases: Sequence[Phase], index: int, state: GameState, card: str | None) -> int:
    """``index``, or the first phase after it walked for ``card`` (len(phases): none)."""
    while index < len(phases) and not walked_for(phases[index], state, card):
        index += 1
    return index


def _back(phases: Sequence[Phase], index: int, state: GameState, card: str | None) -> int:
    """``index``, or the last phase before it walked for ``card`` (-1: none)."""
    while index >= 0 and not walked_for(phases[index], state, card):
        index -= 1
    return index


def _enter(phases: Sequence[Phase], index: int, state: GameState, *, last: bool = False) -> Move:
    """A move into phase ``index``: its first step (its last, going backwards), the first side
    (the last) of a phase repeated per side."""
    phase = phases[index]
    steps = _steps(phase)
    order = side_order(state)
    acting = None
    if phase.repeat == "side" and order:
        acting = order[-1] if last else order[0]
    return Move("step", phase.id, steps[-1] if last else steps[0], acting)


def next_move(phases: Sequence[Phase], state: GameState, *, again: bool = False) -> Move:
    """Where the walk goes from the current step (``again``: back to the step its ``again``
    names)."""
    if not phases:
        return Move("turn")
    p, s = position(phases, state)
    phase = phases[p]
    steps = _steps(phase)
    acting = acting_side(phases, state)
    step = phase.steps[s] if phase.steps else None
    if again:
        if step is None or step.again is None:
            raise InputError(f"'{_title(step, phase)}' does not repeat: go on to the next step")
        return Move("step", phase.id, step.again, acting, again=True)
    run = _card_run(phases)
    if step is not None and step.does == "draw_card":
        deck = state.activation.deck
        if deck:
            target = _onward(phases, p + 1, state, deck[0]) if p + 1 in run else p
            entered = _enter(phases, target, state)
            return Move("draw", entered.phase, entered.step, card=deck[0])
        after = run[-1] + 1  # every card drawn: the turn goes on after the run
        return _enter(phases, after, state) if after < len(phases) else Move("turn")
    if s + 1 < len(steps):
        return Move("step", phase.id, steps[s + 1], acting)
    order = side_order(state)
    if phase.repeat == "side" and acting in order and order.index(acting) + 1 < len(order):
        return Move("step", phase.id, steps[0], order[order.index(acting) + 1])
    last_of_card = run and p in run and _onward(phases, p + 1, state, _drawn(state)) > run[-1]
    if last_of_card and state.activation.deck:
        start = phases[run[0]]  # the next card: straight to the drawing step
        draw = next(x.id for x in start.steps if x.does == "draw_card")
        return Move("step", start.id, draw)
    following = _onward(phases, p + 1, state, _drawn(state)) if p in run else p + 1
    if following < len(phases):
        return _enter(phases, following, state)
    return Move("turn")


def previous_move(phases: Sequence[Phase], state: GameState) -> Move:
    """Where the walk was the step before: back one step, one side's pass, one phase; never
    back over a card drawn or into the last turn (undo does that)."""
    if not phases:
        raise InputError("this ruleset has no phases to step through")
    p, s = position(phases, state)
    phase = phases[p]
    steps = _steps(phase)
    acting = acting_side(phases, state)
    run = _card_run(phases)
    drawn = state.activation.drawn
    if run and p == run[0] and drawn:
        draw = next(i for i, x in enumerate(phase.steps) if x.does == "draw_card")
        if s <= draw:  # before this card is drawn: back to the last card's final step
            return _enter(phases, _back(phases, run[-1], state, drawn[-1]), state, last=True)
    if s > 0:
        return Move("step", phase.id, steps[s - 1], acting)
    order = side_order(state)
    if phase.repeat == "side" and acting in order and order.index(acting) > 0:
        return Move("step", phase.id, steps[-1], order[order.index(acting) - 1])
    before = _back(phases, p - 1, state, _drawn(state)) if p in run else p - 1
    if run and p in run and p != run[0] and drawn and before == run[0]:
        card = drawn[-1].replace("_", " ")
        raise InputError(
            f"card '{card}' has been drawn and its phases begun: undo the draw to go back"
        )
    if p == 0:
        raise InputError(f"this is the start of turn {state.turn}: undo to go back further")
    return _enter(phases, before, state, last=True)


def _title(step: Step | None, phase: Phase) -> str:
    return step.text if step is not None else phase.title
