"""The game's record at the table: its luck, taking back one earlier entry, and its paper.

What the log, the luck screen and the print command ask of a game, for any front end (no
Textual, no Rich): the luck statistics (:func:`drumhead.game.stats.luck_report`), the marker of
each entry a revert took back, a revert's plan in the players' words and carrying it out as one
entry of the log, and the unit cards or quick reference written beside the save.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from drumhead.errors import CountStopped
from drumhead.game.record_text import (
    UNDONE_MARK,
    entry_marker,
    plan_changes,
    plan_summary,
    revert_text,
)

if TYPE_CHECKING:
    from drumhead.game.game import Game
    from drumhead.game.luck_tally import KeptLuck
    from drumhead.game.revert import RevertPlan
    from drumhead.game.state import GameState
    from drumhead.game.stats import LuckReport
    from drumhead.saves.paper import PaperKind
    from drumhead.session.session import TableSession


__all__ = [
    "UNDONE_MARK",
    "CountStopped",
    "LuckCount",
    "RevertView",
    "begin_luck",
    "log_marks",
    "plan_revert",
    "print_paper",
    "revert",
]


@dataclass(frozen=True, slots=True)
class RevertView:
    """A revert's plan as the players read it; nothing has changed yet."""

    entry: str
    """The entry to take back: ``entry 5: Morale test for ...``."""
    summary: str
    """What carrying it out does to the later entries."""
    conflicts: tuple[tuple[str, str], ...]
    """The later entries that no longer apply (in a line each) and why, in log order."""
    changes: tuple[str, ...]
    """What the cards would read differently afterwards."""
    plan: RevertPlan
    """The plan itself (:meth:`Game.revert <drumhead.game.game.Game.revert>`)."""


_kept: WeakKeyDictionary[Game, KeptLuck] = WeakKeyDictionary()
"""Each open game's luck tallies, kept from one count to the next
(:class:`~drumhead.game.luck_tally.KeptLuck`): a count after a few changes tallies the rolls
they changed (27 ms of a 500-unit, 50,000-event game's count was tallying every scope anew)."""


@dataclass(frozen=True, slots=True)
class LuckCount:
    """The open game's luck to be counted, as the game is now: :meth:`run` can be called
    from any thread (a long log takes seconds) and stops early once :meth:`stop` is called;
    :meth:`still_current` says whether the game is still as it was when the count began (if
    not, its figures are not the game's)."""

    game: Game
    entries: int
    """The log's length when the count began."""
    state: GameState
    stopped: threading.Event = field(default_factory=threading.Event)

    def run(self) -> LuckReport:
        """The report (:class:`~drumhead.game.stats.CountStopped` if stopped first), walked
        on from the walk kept for the game (:mod:`drumhead.saves.walked`, as ``drumhead
        stats`` does), and that walk kept for the next count; tallied from the game's last
        count's tallies (:data:`_kept`: only the rolls changed since)."""
        from drumhead.game.luck_tally import KeptLuck
        from drumhead.game.stats import LuckWalk
        from drumhead.saves.walked import walked

        walk = walked(self.game, LuckWalk, stop=self.stopped.is_set)
        kept = _kept.get(self.game)
        if kept is None:
            kept = _kept.setdefault(self.game, KeptLuck())
        return kept.count(self.game, walk.rolls, stop=self.stopped.is_set)

    def work_left(self) -> int:
        """How much :meth:`run` has to do, in log entries: those it walks (from the walk
        kept: :func:`~drumhead.saves.walked.left_to_walk`), or the whole log when the game's
        luck was never tallied (its first count tallies every roll). A count after a few
        changes walks and tallies a few entries: under a millisecond of a 50,000-event game's."""
        from drumhead.saves.walked import left_to_walk

        kept = _kept.get(self.game)
        if kept is None or kept.report is None:
            return self.game.event_count
        return left_to_walk(self.game)

    def stop(self) -> None:
        """No one will read the report: the count ends at its next look."""
        self.stopped.set()

    def still_current(self, session: TableSession) -> bool:
        game = session.game
        return game is self.game and game.event_count == self.entries and game.state is self.state


def begin_luck(session: TableSession) -> LuckCount:
    """A count of the open game's luck as it is now (see :class:`LuckCount`)."""
    game = session.open_game_or_fail()
    return LuckCount(game, game.event_count, game.state)


def log_marks(session: TableSession) -> dict[int, str]:
    """``{seq: "[reverted by 9]"}`` for each entry of the log a revert took back."""
    gone = session.open_game_or_fail().reverted()
    return {seq: entry_marker(seq, gone) for seq in gone}


def plan_revert(session: TableSession, seq: int) -> RevertView:
    """Plan taking back entry ``seq`` (refused with a DrumheadError saying why: no such entry,
    a change of phase or turn, an entry already taken back)."""
    game = session.open_game_or_fail()
    plan = game.revert(seq)
    log = game.entries  # the entries named only are read (a long save's log is not)
    return RevertView(
        entry=f"entry {seq}: {session.describe(log[seq - 1])}",
        summary=plan_summary(plan),
        conflicts=tuple(
            (f"entry {c.seq}: {session.describe(log[c.seq - 1])}", c.reason) for c in plan.conflicts
        ),
        changes=tuple(plan_changes(game.state, plan.state, game.ruleset)),
        plan=plan,
    )


def revert(session: TableSession, view: RevertView) -> str:
    """Carry out a planned revert, dropping exactly the entries in conflict, as one entry of
    the log (undoable, saved); what it did, for the players. Refused (a DrumheadError) when the
    game changed since it was planned."""
    game = session.open_game_or_fail()
    plan = view.plan
    event = session.record(lambda at: game.apply_revert(plan, drop=plan.drop, at=at))
    return f"{revert_text(event)} (entry {event.seq}; u undoes it)."


def print_paper(session: TableSession, kind: PaperKind) -> Path:
    """Write the open game's unit cards (or its quick reference) as HTML beside its save (in
    the saves folder under the game's name when it has none); the path written. A failure to
    write is a SaveWriteError saying why."""
    from drumhead.saves import save_path
    from drumhead.saves.paper import write_paper

    game = session.open_game_or_fail()
    save = session.save
    where = (
        save.path
        if save is not None
        else save_path(session.saves_folder(), game.state.name or "game")
    )
    return write_paper(game, Path(where), kind)
