"""Whom a leader commands in a game: the units his card's ``commands`` names (a unit by its id,
or every unit of a brigade it names), of his side and still in play. An effect on
``who = "command"`` falls on each of them (One If By Land p.11, Risk to generals: "General
killed. All units under command receive Panic Marker"), one effect a unit in the event."""

from __future__ import annotations

from drumhead.game.state import GameState, Leader
from drumhead.rules.model import COMMAND


def is_command(who: str) -> bool:
    """Whether ``who`` names every unit under a leader's command (``command``, ``command:ROLE``)."""
    return who == COMMAND or who.startswith(f"{COMMAND}:")


def under_command(state: GameState, leader: Leader) -> tuple[str, ...]:
    """The units under ``leader``'s command, in the roster's order: of his side, named in his
    ``commands`` by their id or their brigade's, not removed from play (none when his card names
    no command)."""
    named = set(leader.commands)
    return tuple(
        u.id
        for u in state.units
        if u.side == leader.side and not u.removed and (u.id in named or u.brigade in named)
    )


def names_his_side(state: GameState, leader: Leader) -> bool:
    """Whether ``leader``'s card's command names any unit of his side, by its id or its brigade's,
    in play or not (no: it names none, or only names that are not there: a typing slip)."""
    named = set(leader.commands)
    return any(u.side == leader.side and (u.id in named or u.brigade in named) for u in state.units)


def command_choices(state: GameState, leader: Leader) -> tuple[str, ...]:
    """What a leader's command may name: the brigades of his side, then its units without one,
    in the roster's order."""
    own = [u for u in state.units if u.side == leader.side]
    brigades = [u.brigade for u in own if u.brigade]
    return tuple(dict.fromkeys([*brigades, *(u.id for u in own if not u.brigade)]))


def command_names(state: GameState, leader: Leader) -> frozenset[str]:
    """Every name ``leader``'s command may hold: his side's brigades and its units' ids."""
    own = [u for u in state.units if u.side == leader.side]
    return frozenset(u.brigade for u in own if u.brigade) | {u.id for u in own}
