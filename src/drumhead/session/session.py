"""The table session: everything a front end does to a game that is not drawing.

A :class:`TableSession` holds the game open at the table (or, with none, the ruleset chosen,
the gap answers given and its own seeded dice), makes every change as one event of the game,
saves through the saves layer, and tells its observers what changed (:class:`Change`). The
Textual app is a view over it; tests, the CLI or another front end can drive it alone.

The rules core, the game layer and the saves are imported where first used, so that a front
end's first frame (the rulesets, the saves, the status line) does not wait for them.
"""

from __future__ import annotations

from drumhead.session.checking import CheckDesk
from drumhead.session.core import RollRecord, SessionCore
from drumhead.session.logbook import LogDesk
from drumhead.session.turn import TurnDesk, detach

__all__ = ["RollRecord", "SessionCore", "TableSession", "detach"]


class TableSession(CheckDesk, TurnDesk, LogDesk):
    """A game at the table (or the tools used without one), for any front end.

    Its parts, one job each: :class:`~drumhead.session.core.SessionCore` (the rulesets, the
    open game, saving, observers), :class:`~drumhead.session.checking.CheckDesk` (checks,
    odds, rolls, effects), :class:`~drumhead.session.turn.TurnDesk` (cards, the turn, the
    status line), :class:`~drumhead.session.logbook.LogDesk` (the log, undo, redo, revert).
    """
