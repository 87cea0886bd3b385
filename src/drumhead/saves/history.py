"""A journal's history read when needed: the events before the snapshot of a save opened from
it (see :class:`drumhead.game.history.Past`).

Opening indexes the journal's first ``journal_entries`` entries without reading the events:
where each line starts, which lines are events and which move the undo cursor (``undo``,
``redo`` and ``jump``, short lines read at once and checked as they come), and so which
lines make the log and the redo stack. An event is read from its line when asked for, and
checked then (its keys, their types, its kind, its time, its place in the log). The bytes
are those whose CRC-32 loading checked against the snapshot's ``journal_crc``; they are
kept, so the history cannot change under the game.
"""

from __future__ import annotations

import json
import re
from array import array
from collections.abc import Callable
from datetime import datetime
from typing import Any

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game.events import EVENT_KINDS, Event
from drumhead.game.history import Past
from drumhead.game.state import GameState
from drumhead.saves.files import SaveError

EVENT_LINE = b'{"op":"event",'
"""How an event entry begins as drumhead writes it (other lines are read to be sure)."""
EVENT_KEYS = frozenset(("seq", "kind", "turn", "phase", "at", "data"))
_KIND = re.compile(rb'\{"op":"event","event":\{"seq":\d+,"kind":"([a-z_]+)"')
_TURN = re.compile(rb'\{"op":"event","event":\{"seq":\d+,"kind":"[a-z_]+","turn":(\d+),')


class JournalIndex:
    """The first ``count`` lines of a journal: where each starts, and which make the log and
    the redo stack once every ``undo``, ``redo`` and ``jump`` among them is applied."""

    def __init__(self, raw: bytes, count: int, source: str) -> None:
        self.raw = raw
        self.source = source
        self.complete = True
        """Whether the journal held the ``count`` lines asked for, each ending in a newline."""
        self.starts = array("q")
        """Where each line starts; then where the last one ends (past its newline)."""
        self.log: list[int] = []
        """The log's events, as line indexes (from 0)."""
        self.redo: list[int] = []
        """The redo stack (the next to redo first), as line indexes."""
        self._mentioned: dict[str, bool] = {}
        """What :meth:`mentions` found, by word (the lines indexed never change)."""
        starts, log, find = self.starts, self.log, raw.find
        position = 0
        for index in range(count):
            starts.append(position)
            end = find(b"\n", position)
            if end < 0:  # fewer lines than ``count``
                self.complete = False
                starts.pop()
                break
            if raw.startswith(EVENT_LINE, position + 9):
                log.append(index)
                if self.redo:
                    self.redo = []
            else:
                self._move(index, raw[position + 9 : end])
            position = end + 1
        starts.append(position)

    def _move(self, index: int, body: bytes) -> None:
        """Apply one line that is not drumhead's event line: undo, redo or jump (or an event
        written otherwise, which is read in full)."""
        try:
            entry = json.loads(body)
        except (ValueError, RecursionError):
            raise self.error(index, "damaged journal entry (not JSON)") from None
        if not isinstance(entry, dict):
            raise self.error(index, "damaged journal entry (not a table)")
        op = entry.get("op")
        if op == "event":
            self.log.append(index)
            self.redo = []
            return
        if op not in ("undo", "redo", "jump"):
            raise self.error(index, f"unknown journal entry '{op}'")
        extra = sorted(str(k) for k in entry.keys() - {"op", "seq"})
        if extra:
            raise self.error(index, f"{op}: {extra[0]}: unknown key")
        seq = entry.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise self.error(index, f"{op}: expected the event's seq")
        log, redo = self.log, self.redo
        if op == "undo":
            if seq != len(log) or not log:
                raise self.error(index, f"undo of event {seq}, which is not the last event")
            redo.insert(0, log.pop())
        elif op == "redo":
            if not redo or seq != len(log) + 1:
                raise self.error(index, f"redo of event {seq}, which is not the next to redo")
            log.append(redo.pop(0))
        else:
            if not 0 <= seq <= len(log):
                raise self.error(index, f"no event {seq} in the log (1..{len(log)})")
            redo[0:0] = log[seq:]
            del log[seq:]

    def error(self, index: int, message: str) -> SaveError:
        return SaveError(message, path=self.source, line=index + 1, key=f"entry {index}")

    def line(self, index: int) -> bytes:
        """Line ``index`` as it is in the file, checksum and newline included."""
        return self.raw[self.starts[index] : self.starts[index + 1]]

    def event(self, index: int, seq: int) -> Event:
        """The event on line ``index``, which must be the log's ``seq``-th."""
        body = self.raw[self.starts[index] + 9 : self.starts[index + 1] - 1]
        try:
            entry = json.loads(body)
        except (ValueError, RecursionError):
            raise self.error(index, "damaged journal entry (not JSON)") from None
        try:
            if not isinstance(entry, dict) or entry.get("op") != "event":
                raise DrumheadError("expected an event")
            if entry.keys() != {"op", "event"}:
                extra = sorted(entry.keys() - {"op", "event"})
                raise DrumheadError(f"{extra[0]}: unknown key")
            event = read_event(entry["event"])
        except DrumheadError as exc:
            message = exc.message if isinstance(exc, RulesetError) else str(exc)
            raise self.error(index, message) from None
        if event.seq != seq:
            raise self.error(index, f"event {event.seq} is out of order (next is {seq})")
        return event

    def kinds(self) -> list[str] | None:
        """The kind of every event of the log, read off its line without reading the event
        (None when a line is not laid out as drumhead writes it)."""
        out = []
        match, raw, starts = _KIND.match, self.raw, self.starts
        for index in self.log:
            found = match(raw, starts[index] + 9, starts[index + 1])
            if found is None:
                return None
            out.append(found[1].decode())
        return out

    def turns(self) -> list[int] | None:
        """The turn of every event of the log, read off its line as :meth:`kinds` reads
        the kind (None when a line is not laid out as drumhead writes it)."""
        out = []
        match, raw, starts = _TURN.match, self.raw, self.starts
        for index in self.log:
            found = match(raw, starts[index] + 9, starts[index + 1])
            if found is None:
                return None
            out.append(int(found[1]))
        return out

    def kind_at(self, index: int) -> str | None:
        """The kind of the event on line ``index``, read off the line (None when the line is
        not laid out as drumhead writes it)."""
        found = _KIND.match(self.raw, self.starts[index] + 9, self.starts[index + 1])
        return found[1].decode() if found is not None else None

    def mentions(self, word: str) -> bool:
        """Whether the indexed lines hold the JSON text ``"word"`` anywhere (any event of kind
        ``word`` does: False means there is none)."""
        # drumhead writes a kind as plain text (JSON escapes only quotes, backslashes and
        # control characters); these bytes' CRC-32 is the one the snapshot recorded
        # Remembered: a 50,000-event journal's 48 MiB took 19 ms a word, and the game asks
        # again whenever an answer or a revert enters or leaves the log (every undo of one)
        found = self._mentioned.get(word)
        if found is None:
            needle = json.dumps(word, ensure_ascii=False).encode()
            found = self._mentioned[word] = self.raw.find(needle, 0, self.starts[-1]) >= 0
        return found


def read_event(raw: Any) -> Event:
    """An event as a journal entry holds it: its keys, their types, its kind and its time
    checked (what it says of the game is checked when it is applied)."""
    if not isinstance(raw, dict):
        raise DrumheadError("event: expected a table")
    seq, turn, kind, phase, at = check_event_shape(raw)
    check_event_time(at)
    return Event(seq, kind, raw["data"], turn, phase, at)


def check_event_shape(raw: dict[str, Any]) -> tuple[int, int, str, str, str]:
    """An event table's keys, their types, its kind and its data table checked; its seq, turn,
    kind, phase and time (DrumheadError naming the key otherwise)."""
    if raw.keys() != EVENT_KEYS:
        extra = sorted(raw.keys() - EVENT_KEYS)
        missing = sorted(EVENT_KEYS - raw.keys())
        if extra:
            raise DrumheadError(f"event.{extra[0]}: unknown key")
        raise DrumheadError(f"event.{missing[0]}: required key is missing")
    seq, turn, kind, phase, at = raw["seq"], raw["turn"], raw["kind"], raw["phase"], raw["at"]
    if type(seq) is not int or type(turn) is not int:
        bad = "seq" if type(seq) is not int else "turn"
        raise DrumheadError(f"event.{bad}: expected a whole number")
    if type(phase) is not str or type(at) is not str or type(kind) is not str:
        bad = next(k for k in ("kind", "phase", "at") if type(raw[k]) is not str)
        raise DrumheadError(f"event.{bad}: expected text")
    if kind not in EVENT_KINDS:
        raise DrumheadError(f"event.kind: '{kind}' is not a kind of event")
    if not isinstance(raw["data"], dict):
        raise DrumheadError("event.data: expected a table")
    return seq, turn, kind, phase, at


def check_event_time(at: str) -> None:
    """An event's time is a date and time (DrumheadError otherwise)."""
    try:
        datetime.fromisoformat(at)
    except ValueError:
        raise DrumheadError(
            f"event.at: '{at[:40]}' is not a date and time (e.g. 2026-11-22T19:02:11Z)"
        ) from None


class JournalPast(Past):
    """The log's events before a snapshot, read from its journal's lines when needed."""

    def __init__(
        self,
        index: JournalIndex,
        start: GameState,
        end: GameState,
        check_end: Callable[[GameState], None],
        *,
        kept: Callable[[], tuple[int, GameState] | None] | None = None,
    ) -> None:
        self.index = index
        log = index.log
        super().__init__(
            start,
            len(log),
            lambda i: index.event(log[i], i + 1),
            end,
            kinds=index.kinds,
            kind_at=lambda i: index.kind_at(log[i]),
            turns=index.turns,
            mentions=index.mentions,
            failed=self._failed_at,
            check_end=check_end,
            kept=kept,
        )

    def _failed_at(self, position: int, exc: Exception) -> Exception:
        if isinstance(exc, SaveError):
            return exc
        line = self.index.log[position]
        message = exc.message if isinstance(exc, RulesetError) else str(exc)
        return self.index.error(line, message)

    def line(self, position: int) -> bytes:
        """The journal line of the log's event at ``position`` (from 0), as it is on disk."""
        return self.index.line(self.index.log[position])

    def digest(self, count: int) -> str:
        """The SHA-256 (hex) of the journal lines of the log's first ``count`` events, in
        order: the same events give the same digest, whichever journal holds them."""
        import hashlib

        found = hashlib.sha256()
        raw, starts = memoryview(self.index.raw), self.index.starts
        for line in self.index.log[:count]:
            found.update(raw[starts[line] : starts[line + 1]])
        return found.hexdigest()
