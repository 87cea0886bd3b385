"""What the session tells a front end: changes to repaint after, and notices for the players.

Plain values, no UI: the Textual app turns a :class:`Change` into a repaint (and an autosave),
and a :class:`Notice` into a toast; another front end may print them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Literal

Severity = Literal["information", "warning", "error"]
"""How much a notice matters (the same three levels as Textual's ``notify``)."""


class Change(Enum):
    """What changed in the session (observers repaint what shows it)."""

    GAME = "game"
    """The open game changed: an event made, undone, redone, or a jump in the log. The
    changes are to be autosaved (:meth:`TableSession.autosave_job`)."""
    OPENED = "opened"
    """A game was opened (new, resumed, or given): show it."""
    CLOSED = "closed"
    """The open game was closed (saved, or let go)."""
    RULESET = "ruleset"
    """The ruleset chosen while no game is open changed."""
    SAVING = "saving"
    """How saving goes changed: a failure, a recovery, the game saved elsewhere."""


Observer = Callable[[Change], None]
"""Told of every change, on the thread that made it (the one driving the session)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the players."""

    text: str
    """What they read."""
    severity: Severity = "information"
    """How much it matters."""
    title: str | None = None
    """A heading, where it needs one."""
    timeout: float | None = None
    """Seconds it stays up (None: the front end's default)."""


def warning(text: str) -> Notice:
    """A notice that something the players asked for could not be done."""
    return Notice(text, "warning")
