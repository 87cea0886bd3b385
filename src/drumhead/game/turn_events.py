"""The turn as the log records it: a step ticked, a move along the sequence of play (a step,
a phase, a side's pass, a new turn), an activation card drawn or the deck shuffled, and who
won the initiative; each as the event that records it applies it."""

from __future__ import annotations

from drumhead.game.event_data import EventData, Handler
from drumhead.game.state import GameState
from drumhead.game.state import evolve as replace


def _tick_step(state: GameState, d: EventData) -> GameState:
    step = d.text("step")
    ticked = state.ticked | {step} if d.boolean("ticked") else state.ticked - {step}
    return state.evolve(ticked=ticked)


def _expire(state: GameState, d: EventData) -> GameState:
    """The markers a move along the turn takes off the cards (``expire``: unit -> markers,
    those lasting a turn or a phase, worked out when the move was made), and the states whose
    stated time a new turn ends (``states``: unit -> the state it goes to)."""
    expire = d.data.get("expire", {})
    if not isinstance(expire, dict):
        raise d.fail("expire", "expected a table of unit -> markers")
    for unit_id, markers in expire.items():
        if not isinstance(markers, list) or not all(isinstance(m, str) for m in markers):
            raise d.fail(f"expire.{unit_id}", "expected a list of markers")
        if not state.has_unit(unit_id):
            raise d.fail(f"expire.{unit_id}", f"no unit '{unit_id}'")
        unit = state.unit(unit_id)
        state = state.with_unit(replace(unit, markers=unit.markers - set(markers)))
    states = d.data.get("states", {})
    if not isinstance(states, dict):
        raise d.fail("states", "expected a table of unit -> the state its stated time ends in")
    for unit_id, new in states.items():
        if not isinstance(new, str):
            raise d.fail(f"states.{unit_id}", "expected the state the unit goes to")
        if not state.has_unit(unit_id):
            raise d.fail(f"states.{unit_id}", f"no unit '{unit_id}'")
        state = state.with_unit(replace(state.unit(unit_id), state=new))
    return state


def _next_phase(state: GameState, d: EventData) -> GameState:
    """A move along the sequence of play: to another phase or turn, or (with ``step``) to a
    step, and (with ``acting``) to a side's pass of a phase repeated per side. Ticks are kept
    while the walk stays in the same pass of a phase, unless it loops back (``again``)."""
    turn = d.integer("turn")
    phase = d.text("phase")
    step = d.text("step", optional=True)
    acting = d.text("acting", optional=True)
    if turn < 1:
        raise d.fail("turn", "the turn starts at 1")
    if acting is not None and acting not in {s.id for s in state.sides}:
        raise d.fail("acting", f"no side '{acting}'")
    act = state.activation
    if turn != state.turn:
        deck = d.texts("deck", optional=True)
        act = replace(act, deck=deck, drawn=(), initiative=None, first=None)
    same = turn == state.turn and phase == state.phase and acting == act.acting
    ticked = state.ticked if same and not d.boolean("again", optional=True) else frozenset()
    act = replace(act, acting=acting)
    state = _expire(state, d)
    return state.evolve(turn=turn, phase=phase, step=step, ticked=ticked, activation=act)


def _draw_card(state: GameState, d: EventData) -> GameState:
    """A card drawn; with ``phase`` (and ``step``), the walk goes on to that card's phases."""
    card = d.text("card")
    act = state.activation
    if card not in act.deck:
        raise d.fail("card", f"'{card}' is not in the deck")
    deck = list(act.deck)
    deck.remove(card)
    drawn = state.evolve(activation=replace(act, deck=tuple(deck), drawn=(*act.drawn, card)))
    drawn = _expire(drawn, d)
    phase = d.text("phase", optional=True)
    if phase is None:
        return drawn
    return drawn.evolve(phase=phase, step=d.text("step", optional=True), ticked=frozenset())


def _shuffle_deck(state: GameState, d: EventData) -> GameState:
    deck = d.texts("deck")
    return state.evolve(activation=replace(state.activation, deck=deck, drawn=()))


def _initiative(state: GameState, d: EventData) -> GameState:
    sides = {s.id for s in state.sides}
    winner = d.text("winner")
    first = d.text("first")
    for key, value in (("winner", winner), ("first", first)):
        if value not in sides:
            raise d.fail(key, f"no side '{value}'")
    without = dict(state.activation.turns_without)
    counts = tuple((s.id, 0 if s.id == winner else without.get(s.id, 0) + 1) for s in state.sides)
    act = replace(state.activation, initiative=winner, first=first, turns_without=counts)
    return state.evolve(activation=act)


TURN_HANDLERS: dict[str, Handler] = {
    "tick_step": _tick_step,
    "next_phase": _next_phase,
    "next_turn": _next_phase,
    "draw_card": _draw_card,
    "shuffle_deck": _shuffle_deck,
    "initiative": _initiative,
}
"""The handlers of the kinds of event this module applies."""
