"""The log with the walk through the sequence of play folded: the rolls and the changes to
the game each a row, and each turn's changes of phase and step (and the steps ticked, the
deck shuffled) one row for the turn.

A table-side log was mostly the walk: 64 entries for 4 rolls in a turn of One If By Land.
:class:`FoldedRows` shows the same log as :class:`~drumhead.game.log_rows.LogRows` (the same
rows, read a window at a time), with those entries folded: a turn's line says where the
walk went ("Turn 2 · 14 changes of phase and step: Draw a card, Phase 1: Morale tests …
→ Turn 3"); the rows
after it show their place as any row does. The rows are placed from every event's kind and
turn alone (a long save's are read off its lines), so a screenful still reads only the events
on it; a folded line reads its turn's walk when it is shown.

Pure: no Textual, no I/O of its own.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal
from weakref import WeakKeyDictionary

from drumhead.game.log_rows import LogRow, LogRows
from drumhead.game.record_text import entry_marker

if TYPE_CHECKING:
    from drumhead.game.events import Event
    from drumhead.game.game import Game
    from drumhead.game.history import Past

WALK_KINDS = frozenset({"next_phase", "next_turn", "tick_step", "shuffle_deck"})
"""The entries of the walk through the sequence of play, folded into a line per turn."""


class Placing:
    """Where the rows of a log's first events fall, from their kinds and turns alone: the
    seq each row shows (a folded row: its turn's first walk) and each turn's walk."""

    def __init__(
        self, shown: list[int] | None = None, folds: dict[int, list[int]] | None = None
    ) -> None:
        self.shown = shown if shown is not None else []
        self.folds = folds if folds is not None else {}

    def extend(self, kinds: Sequence[str], turns: Sequence[int], placed: int) -> None:
        """Place the events after the first ``placed``: ``kinds`` are theirs, ``turns`` every
        event's of the log (event ``seq`` at ``seq - 1``)."""
        shown, folds = self.shown, self.folds
        last = max(folds, default=None)  # the latest turn's walk, which may go on
        walk = folds[last] if last is not None else []
        turn_of_walk = turns[last - 1] if last is not None else None
        for seq, kind in enumerate(kinds, placed + 1):
            if kind not in WALK_KINDS:
                shown.append(seq)
                continue
            if turns[seq - 1] != turn_of_walk:  # the turn's first walk: its folded row
                turn_of_walk, walk = turns[seq - 1], []
                folds[seq] = walk
                shown.append(seq)
            walk.append(seq)

    def upto(self, count: int) -> Placing:
        """The rows of the first ``count`` events alone, apart from these (to be extended on
        their own): the rows copied, and the latest walk, the one later events add to."""
        folds = {seq: walk for seq, walk in self.folds.items() if seq <= count}
        last = max(folds, default=None)
        if last is not None:
            folds[last] = [seq for seq in folds[last] if seq <= count]
        return Placing(self.shown[: bisect_right(self.shown, count)], folds)


_PAST_PLACINGS: WeakKeyDictionary[Past, Placing] = WeakKeyDictionary()
"""The placing of each past's events, worked out once (a long game's 50,000: a few ms a
time, on every opening of the log, undo and redo while it shows)."""


def past_placing(past: Past) -> Placing:
    """Where the rows of all of ``past``'s events fall (kept: a past never changes)."""
    found = _PAST_PLACINGS.get(past)
    if found is None:
        found = Placing()
        found.extend(past.kinds(), past.turns(), 0)
        _PAST_PLACINGS[past] = found
    return found


class FoldedRows(LogRows):
    """The rows of a game's log with each turn's walk folded into one row (see the module)."""

    def __init__(self, game: Game, describe: Callable[[Event], str]) -> None:
        super().__init__(game, describe)
        self.turns = game.log_turns()
        """Each event's turn (event ``seq`` at ``seq - 1``)."""
        past, cut = game.past, game.past_in_log
        placed = past_placing(past).upto(cut) if past is not None and cut else Placing()
        placed.extend([e.kind for e in game.events(cut)], self.turns, cut)
        self.shown = placed.shown
        """The seq of each row's event, from row 1 (a folded row: its turn's first walk)."""
        self.folds = placed.folds
        """Each folded row, by the seq it is shown at: the seqs of its turn's walk."""

    # -- size and places ------------------------------------------------------------------
    @property
    def shown_events(self) -> int:
        """Rows 1 to this show the log (an event, or a turn's walk folded)."""
        return len(self.shown)

    def __len__(self) -> int:
        undone = self.undone
        return 1 + len(self.shown) + (1 + undone if undone else 0)

    @property
    def latest(self) -> int:
        return len(self.shown)

    def row_of(self, seq: int) -> int:
        """The row showing the log's event ``seq`` (its turn's folded row for a walk)."""
        if not 0 <= seq <= self.events:
            raise IndexError(seq)
        if seq == 0:
            return 0
        return max(1, bisect_left(self.shown, seq + 1))  # the last row shown at or before it

    def _turn(self, row: int) -> int:
        return self.turns[self.shown[row - 1] - 1]

    def turn_start(self, row: int, step: Literal[-1, 1]) -> int | None:
        if not self.shown:
            return None
        return self._turn_start(row, step, len(self.shown))

    # -- reading --------------------------------------------------------------------------
    def rows(self, start: int, stop: int) -> list[LogRow]:
        start, stop = max(0, start), min(stop, len(self))
        if start >= stop:
            return []
        out: list[LogRow] = []
        shown, game = self.shown, self.game
        if start == 0:
            out.append(LogRow("start", "Start of the game", 0))
        first, last = max(start, 1), min(stop, len(shown) + 1)
        if first < last:
            seqs = shown[first - 1 : last - 1]
            # the row before the first, to tell whether it starts a new place
            wanted = ([shown[first - 2]] if first > 1 else []) + seqs
            events = {seq: game.entries[seq - 1] for seq in wanted if seq not in self.folds}
            gone = game.reverted() if events else {}
            before: tuple[int, str] | None = None
            if first > 1:
                prior = shown[first - 2]
                if prior not in self.folds:
                    before = (events[prior].turn, events[prior].phase)
            for seq in seqs:
                if seq in self.folds:
                    out.append(self.fold_row(seq))
                    before = None  # the row after a folded turn says its place
                    continue
                event = events[seq]
                place = (event.turn, event.phase)
                revert = gone.get(seq)
                out.append(
                    LogRow(
                        "event",
                        self.describe(event),
                        seq,
                        game.turn_label_at(event.turn, event.phase, short=True),
                        before != place,
                        revert.by if revert is not None else None,
                        entry_marker(seq, gone),
                    )
                )
                before = place
        if stop > len(shown) + 1:
            out += self.undone_rows(len(shown) + 1, max(start, len(shown) + 1), stop)
        return out

    def fold_row(self, seq: int) -> LogRow:
        """The folded row of the turn whose walk begins at ``seq``: how many entries it
        folds, the phases the walk went through (each once, in the order first met: a deck
        of cards walks them again for every card) and the next turn, once begun."""
        walk = [self.game.entries[s - 1] for s in self.folds[seq]]
        turn = walk[0].turn
        places: list[str] = []
        after = ""
        for event in walk:
            if event.kind not in ("next_phase", "next_turn"):
                continue  # a step ticked, the deck shuffled: counted, not a place
            if not places:  # where the turn's walk set out from
                places.append(self.phase_name(turn, event.phase))
            data = event.data
            new_turn = int(data.get("turn", turn))
            if new_turn != turn:
                after = f" → Turn {new_turn}"
                continue
            place = self.phase_name(turn, str(data.get("phase", "")))
            if data.get("acting"):
                place += f" ({self.game.side_short_name(str(data['acting']))})"
            if place not in places:
                places.append(place)
        n = len(walk)
        text = f"Turn {turn} · {n} change{'s' if n != 1 else ''} of phase and step"
        if places:
            text += ": " + ", ".join(places) + after
        return LogRow("fold", text + " (v shows each)", seq, f"Turn {turn}", True)

    def phase_name(self, turn: int, phase: str) -> str:
        """A phase as the turn label names it, without the turn."""
        return self.game.turn_label_at(turn, phase, short=True).split(" · ", 1)[-1]

    def _row_index(self, found: LogRow) -> int:
        assert found.seq is not None
        if found.kind == "undone":
            return len(self.shown) + 1 + (found.seq - self.events)
        return 0 if found.seq == 0 else bisect_left(self.shown, found.seq) + 1
