"""What the table sees of a game, as plain data: the status line, the phase's checklist, the
activation (the card drawn, the initiative), and the log by turn and phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drumhead.game import Game


@dataclass(frozen=True, slots=True)
class StatusLine:
    """The always-visible line."""

    where: str
    """What must never be cut: the turn and phase (or that no game is open)."""
    where_short: str
    """The same, without the phase title's closing aside (for a narrow line)."""
    what: str
    """What may be cut: the game's name and the ruleset."""
    problem: str | None
    """A save problem (shown whole, on a line of its own), if any."""
    where_tight: str = ""
    """The turn and the phase's number alone, when the rules number their phases (for a
    line that must hold something more); empty: as :attr:`where_short`."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the phase's checklist."""

    key: str
    """``phase.step``."""
    text: str
    """The step in the rules' words."""
    check: str | None
    """The title of the check it names, if any."""
    ticked: bool
    current: bool = False
    """The step the walk is at (``n`` goes on from it)."""
    again: str | None = None
    """The step the walk may go back to from here (``a``: the next brigade, assault, round)."""


@dataclass(frozen=True, slots=True)
class Checklist:
    """The current phase's steps (none for rules without a sequence of play)."""

    title: str
    """The turn and phase (``Turn 2 · Phase 3: Charging units move into contact``)."""
    steps: tuple[Step, ...]
    acting: str = ""
    """Who acts in the phase, in words (``Card: main line``, ``Moving: Union``), if the
    rules say."""


def checklist(game: Game) -> Checklist:
    state = game.state
    phase = next((p for p in game.phases() if p.id == state.phase), None)
    if phase is None:
        return Checklist(f"Turn {state.turn}", ())
    steps = []
    current = game.current_step()
    for step in phase.steps:
        key = f"{phase.id}.{step.id}"
        check = game.ruleset.check(step.check).title if step.check else None
        here = current is not None and current.id == step.id
        steps.append(Step(key, step.text, check, key in state.ticked, here, step.again))
    return Checklist(game.turn_label(), tuple(steps), acting_text(game))


def acting_text(game: Game) -> str:
    """Who acts in the current phase, in words: the card drawn (its units), the side whose
    pass it is, both sides; empty where the rules do not say."""
    phase = next((p for p in game.phases() if p.id == game.state.phase), None)
    if phase is None:
        return ""
    if phase.acts == "card":
        card = game.active_card()
        return f"Acting: {card.replace('_', ' ')}'s units" if card else "Acting: draw a card"
    if phase.acts == "side" or phase.repeat == "side":
        side = game.acting_side()  # as a line names it: "Union", of "Union: Army of ..."
        return f"Moving: {game.side_short_name(side) if side is not None else '?'}"
    if phase.acts == "both":
        return "Acting: both sides"
    return ""


@dataclass(frozen=True, slots=True)
class Activation:
    """Who acts now, where the rules say so by cards or by initiative."""

    kind: str | None
    """``cards``, ``initiative``, or None (the rules activate every unit)."""
    current: str | None = None
    """The card drawn last (in words), or the side that won the initiative (its name)."""
    first: str | None = None
    """The side that moves first (its name)."""
    drawn: int = 0
    """Cards drawn this turn."""
    total: int = 0
    """Cards in the deck."""
    deck_left: bool = False
    """Whether a card is left to draw this turn."""


def activation(game: Game) -> Activation:
    state = game.state
    sequence = game.ruleset.sequence
    kind = sequence.activation if sequence is not None else None
    now = state.activation
    if kind == "cards":
        current = now.drawn[-1].replace("_", " ") if now.drawn else None
        return Activation(kind, current, None, len(now.drawn), len(now.cards), bool(now.deck))
    if kind == "initiative":
        names = {s.id: s.name for s in state.sides}
        if now.initiative is None:
            return Activation(kind)
        return Activation(
            kind, names.get(now.initiative, now.initiative), names.get(now.first or "", now.first)
        )
    return Activation(None)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A line of the log: a heading (turn and phase), an event, or an undone event."""

    text: str
    seq: int | None = None
    """The event's number (None: a heading)."""
    undone: bool = False
    """An event undone (it can be redone)."""


def log_entries(game: Game) -> list[LogEntry]:
    from drumhead.game.wording import describe_event

    phases = {p.id: p.title for p in game.phases()}
    out: list[LogEntry] = []
    heading = None
    for event in game.log:
        here = (event.turn, event.phase)
        if here != heading:
            heading = here
            out.append(
                LogEntry(f"Turn {event.turn} · {phases.get(event.phase, event.phase or '-')}")
            )
        out.append(LogEntry(describe_event(game, event), event.seq))
    for event in game.redo_stack:
        out.append(LogEntry(describe_event(game, event), event.seq, undone=True))
    return out
