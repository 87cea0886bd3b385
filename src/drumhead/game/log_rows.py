"""The log as rows on a screen, read a window at a time: a 50,000-event game shows its last
forty entries by reading forty events, never the whole log.

Row 0 is the start of the game; row ``n`` (1 to the number of events) is the log's event
``n``; when events have been undone, a rule row follows, then the undone events (the next to
redo first). A row knows where its event stands in the game (turn and phase) and whether it
starts a new turn or phase, from its own event and the one before it: no index of the whole
log is kept. Jumping by turn searches by halves (a turn never goes back in the log: only
``next_phase`` and ``next_turn`` move it, and only forward; a revert that takes one back is
itself a later entry) and reads a few dozen events; searching the text reads events one at a
time from where the cursor is, and can be stopped.

Pure: no Textual, no I/O of its own (the game reads its past as it needs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from drumhead.game.record_text import UNDONE_MARK, entry_marker

if TYPE_CHECKING:
    from drumhead.game.events import Event
    from drumhead.game.game import Game

RowKind = Literal["start", "event", "rule", "undone", "fold"]


@dataclass(frozen=True, slots=True)
class LogRow:
    """One row of the log."""

    kind: RowKind
    """``start`` (before the first event), ``event``, ``rule`` (above the undone events),
    ``undone`` (an event that can be redone) or ``fold`` (a turn's walk through the sequence
    of play, folded: :mod:`drumhead.game.log_fold`)."""
    text: str
    """What the row says (the event in the players' words)."""
    seq: int | None = None
    """The event's number (the start: 0; the rule: None)."""
    where: str | None = None
    """The turn and phase of the event (``Turn 2 · Phase 3: Charging``)."""
    new_place: bool = False
    """Whether the event is the first of its turn and phase (the one before it was not)."""
    taken_back: int | None = None
    """The seq of the revert that took this event back, if one did."""
    mark: str = ""
    """What the row says it is, in words (never by colour alone): ``[reverted by 9]``,
    ``[dropped by 9]`` for an event a revert took back, ``[undone]`` for one on the redo
    stack; empty for an event that counts."""

    @property
    def can_jump(self) -> bool:
        """Whether the game can go back to just after this row (the start or an event)."""
        return self.kind in ("start", "event")


class LogRows:
    """The rows of a game's log as it is now (ask again after a change: nothing is kept but
    the count of rows, which is worked out from the game each time)."""

    def __init__(self, game: Game, describe: Callable[[Event], str]) -> None:
        self.game = game
        self.describe = describe

    # -- size and places ------------------------------------------------------------------
    @property
    def events(self) -> int:
        """Events in the log (rows 1 to this)."""
        return self.game.event_count

    @property
    def undone(self) -> int:
        """Events that can be redone."""
        return len(self.game.redo_stack)

    def __len__(self) -> int:
        undone = self.undone
        return 1 + self.events + (1 + undone if undone else 0)

    @property
    def latest(self) -> int:
        """The row of the latest event (0, the start, when there is none)."""
        return self.events

    def row_of(self, seq: int) -> int:
        """The row of the log's event ``seq`` (0: the start)."""
        if not 0 <= seq <= self.events:
            raise IndexError(seq)
        return seq

    # -- reading --------------------------------------------------------------------------
    def rows(self, start: int, stop: int) -> list[LogRow]:
        """Rows ``start`` up to ``stop`` (clipped to the log): the events they show, and the
        one before the first (to know whether it starts a new turn or phase), are read."""
        start, stop = max(0, start), min(stop, len(self))
        if start >= stop:
            return []
        game, events = self.game, self.events
        out: list[LogRow] = []
        first, last = max(start, 1), min(stop, events + 1)
        if first < last:
            logged = game.events(first - 2 if first > 1 else 0, last - 1)
            before = logged.pop(0) if first > 1 else None
        else:
            logged, before = [], None
        gone = game.reverted() if logged else {}
        if start == 0:
            out.append(LogRow("start", "Start of the game", 0))
        for event in logged:
            place = (event.turn, event.phase)
            new = before is None or (before.turn, before.phase) != place
            revert = gone.get(event.seq)
            out.append(
                LogRow(
                    "event",
                    self.describe(event),
                    event.seq,
                    game.turn_label_at(event.turn, event.phase, short=True),
                    new,
                    revert.by if revert is not None else None,
                    entry_marker(event.seq, gone),
                )
            )
            before = event
        if stop > events + 1:
            out += self.undone_rows(events + 1, max(start, events + 1), stop)
        return out

    def undone_rows(self, rule: int, start: int, stop: int) -> list[LogRow]:
        """Rows ``start`` up to ``stop`` of the rule (row ``rule``) and the undone events
        after it."""
        redo, game = self.game.redo_stack, self.game
        out: list[LogRow] = []
        for row in range(start, stop):
            if row == rule:
                out.append(LogRow("rule", "undone (U redoes, latest first)"))
                continue
            event = redo[row - rule - 1]
            out.append(
                LogRow(
                    "undone",
                    self.describe(event),
                    event.seq,
                    game.turn_label_at(event.turn, event.phase, short=True),
                    mark=UNDONE_MARK,
                )
            )
        return out

    def row(self, index: int) -> LogRow:
        """One row."""
        found = self.rows(index, index + 1)
        if not found:
            raise IndexError(index)
        return found[0]

    # -- moving about ---------------------------------------------------------------------
    def _turn(self, row: int) -> int:
        return self.game.events(row - 1, row)[0].turn

    def turn_start(self, row: int, step: Literal[-1, 1]) -> int | None:
        """The row of the first event of the next turn after ``row``'s (``step`` 1), or of
        ``row``'s own turn, or the turn before if ``row`` is already its first (``step``
        -1); None when there is none that way. Reads about twice log2(events) events."""
        events = self.events
        if events == 0:
            return None
        return self._turn_start(row, step, events)

    def _turn_start(self, row: int, step: Literal[-1, 1], events: int) -> int | None:
        """:meth:`turn_start` over rows 1 to ``events`` (each with a turn: :meth:`_turn`)."""
        row = min(max(row, 1), events)
        turn = self._turn(row)
        if step == 1:
            # the first row after ``row`` whose turn is later
            low, high = row + 1, events + 1
            while low < high:
                middle = (low + high) // 2
                if self._turn(middle) > turn:
                    high = middle
                else:
                    low = middle + 1
            return low if low <= events else None
        # the first row of ``row``'s turn; if that is ``row``, the first of the turn before
        first = self._first_of_turn(turn, row)
        if first < row:
            return first
        if row == 1:
            return None
        return self._first_of_turn(self._turn(row - 1), row - 1)

    def _first_of_turn(self, turn: int, row: int) -> int:
        """The first row (1 to ``row``) whose turn is ``turn`` (``row``'s)."""
        low, high = 1, row
        while low < high:
            middle = (low + high) // 2
            if self._turn(middle) >= turn:
                high = middle
            else:
                low = middle + 1
        return low

    def find(
        self,
        text: str,
        row: int,
        step: Literal[-1, 1] = -1,
        *,
        stop: Callable[[], bool] | None = None,
        batch: int = 256,
    ) -> int | None:
        """The next row from ``row`` (not ``row`` itself) going ``step`` (-1: towards the
        start, the usual way to search a log) whose event's words hold ``text`` (any case);
        None when no row does (or ``stop`` said to stop). Events are read ``batch`` at a time
        and ``stop`` is asked between batches, so a caller on another thread can give up."""
        needle = text.casefold().strip()
        if not needle:
            return None
        total = len(self)
        position = row + step
        while 0 <= position < total:
            if stop is not None and stop():
                return None
            low, high = (
                (position, position + batch) if step == 1 else (position - batch + 1, position + 1)
            )
            window = self.rows(max(low, 0), min(high, total))
            if step == -1:
                window.reverse()
            for found in window:
                if found.kind != "rule" and needle in found.text.casefold():
                    return self._row_index(found)
            position = high if step == 1 else low - 1
        return None

    def _row_index(self, found: LogRow) -> int:
        assert found.seq is not None
        # the start is row 0 and event n row n; an undone event comes after the rule
        return found.seq + 1 if found.kind == "undone" else found.seq
