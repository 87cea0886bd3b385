"""The journal (``NAME.G.journal``): its entries, reading it, and the one writer that appends.

One entry a line: eight hex digits of the CRC-32 of the JSON text, a space, the JSON text, a
newline. The game hands each change to the :class:`JournalWriter` as it happens, on the thread
that makes the change (:meth:`JournalWriter.push`: the entry is encoded there and then, in
order); :meth:`JournalWriter.flush`, from any thread, appends what was handed over. The writer
alone knows where the file's last good entry ends: a write that fails is cut back to there
and its entries are kept for the next flush, so the file never holds half an entry for long,
nor an entry twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drumhead.game.events import Event
from drumhead.game.game import Game, JournalOp
from drumhead.game.state import GameState
from drumhead.saves.files import (
    FILES_REPLACED,
    NO_FOLLOW,
    SaveError,
    SaveWriteError,
    moved_reason,
    write_all,
    write_failure,
)


def journal_file(save: Path, generation: int) -> Path:
    """Generation ``generation`` of the journal of the save whose snapshot is ``save``."""
    return save.with_name(f"{save.stem}.{generation}.journal")


# -- entries ------------------------------------------------------------------------------------
def encode_entry(entry: dict[str, Any]) -> bytes:
    body = json.dumps(entry, separators=(",", ":"), ensure_ascii=False)
    raw = body.encode("utf-8")
    return b"%08x " % zlib.crc32(raw) + raw + b"\n"


def op_entry(op: JournalOp) -> dict[str, Any]:
    kind, payload = op
    if kind == "event":
        assert isinstance(payload, Event)
        event: dict[str, Any] = {"op": "event", "event": payload.to_dict()}
        return event
    entry: dict[str, Any] = {"op": kind, "seq": payload}
    return entry


def compact_journal(game: Game) -> list[bytes]:
    """The journal lines that rebuild ``game``'s log and redo stack, and nothing else. The
    events a game was opened with are copied from the journal they were read from, as they
    are there, not read and written again (a long game's full save takes a fraction of a
    second, and never holds the whole log in memory)."""
    from drumhead.saves.history import JournalPast

    past, cut = game.past, game.past_in_log
    lines: list[bytes] = []
    if isinstance(past, JournalPast):
        lines.extend(past.line(i) for i in range(cut))
        rest = game.events(cut)
    else:
        rest = game.events()
    lines.extend(encode_entry({"op": "event", "event": e.to_dict()}) for e in rest)
    redo = game.redo_stack
    lines.extend(encode_entry({"op": "event", "event": e.to_dict()}) for e in redo)
    if redo:
        lines.append(encode_entry({"op": "jump", "seq": game.event_count}))
    return lines


# -- reading ------------------------------------------------------------------------------------
@dataclass
class JournalRead:
    """What reading a journal file found."""

    entries: list[tuple[int, dict[str, Any]]]
    """(line number, entry) for every good entry."""
    good_bytes: int
    """Length of the file up to the end of the last good entry."""
    torn: bool
    """The last entry was cut short (a crash while appending): it is ignored."""
    raw: bytes = b""
    """The file's bytes, as read."""


def read_journal(path: Path) -> JournalRead:
    """Every entry of a journal file; a torn last entry is reported, any other damage refused."""
    raw = journal_bytes(path)
    entries, good, torn = parse_entries(raw, 0, path)
    return JournalRead(entries, good, torn, raw)


def journal_bytes(path: Path) -> bytes:
    """A journal file's bytes (a missing or unreadable journal is a :class:`SaveError`)."""
    from drumhead.errors import RulesetError
    from drumhead.rules.toml_file import read_bytes

    try:
        return read_bytes(path)
    except RulesetError as exc:
        if not path.exists():
            raise SaveError("the save's journal file is missing", path=str(path)) from None
        raise SaveError(f"cannot read the journal: {exc.message}", path=str(path)) from None


def parse_entries(
    raw: bytes, start: int, path: Path, first_line: int = 1
) -> tuple[list[tuple[int, dict[str, Any]]], int, bool]:
    """The entries of ``raw`` from byte ``start`` (the start of line ``first_line``), each with
    its line number; where the last good one ends; whether a torn entry followed it (ignored).
    Any other damage is refused, naming the line."""
    entries: list[tuple[int, dict[str, Any]]] = []
    offset = start
    number = first_line
    size = len(raw)
    while offset < size:
        end = raw.find(b"\n", offset)
        if end < 0:  # the last entry was cut short (a crash while appending)
            return entries, offset, True
        entry = _entry(raw[offset:end])
        if isinstance(entry, str):
            raise SaveError(entry, path=str(path), line=number)
        entries.append((number, entry))
        offset = end + 1
        number += 1
    return entries, offset, False


def _entry(line: bytes) -> dict[str, Any] | str:
    """The entry on one journal line, or what is wrong with it."""
    if len(line) < 10 or line[8:9] != b" ":
        return "damaged journal entry (no checksum)"
    try:
        expected = int(line[:8], 16)
    except ValueError:
        return "damaged journal entry (bad checksum field)"
    body = line[9:]
    if zlib.crc32(body) != expected:
        return "damaged journal entry (checksum does not match)"
    try:
        entry = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "damaged journal entry (not JSON)"
    if not isinstance(entry, dict):
        return "damaged journal entry (not a table)"
    return entry


# -- writing ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Mark:
    """The game just after one journal entry: what a snapshot ending there records. Only
    references (the state is immutable), taken as the entry is handed over."""

    state: GameState
    events: int
    """Events in the log."""
    last_at: str | None
    """The time of the log's last event (None: the log is empty)."""
    checkpoint: tuple[int, GameState] | None = None
    """A state the game kept on the way: :meth:`Game.kept_checkpoint`."""


def mark(game: Game) -> Mark:
    last = game.last_event
    return Mark(
        game.state,
        game.event_count,
        last.at if last is not None else None,
        game.kept_checkpoint(),
    )


@dataclass(frozen=True, slots=True)
class Written:
    """What the journal file holds, up to its last good entry."""

    entries: int
    size: int
    """Bytes."""
    crc: int
    """CRC-32 of those bytes."""
    mark: Mark
    """The game after the last of those entries."""


class JournalWriter:
    """The only writer of one journal file. It owns the file's position: the end of the last
    entry known to be on disk.

    :meth:`push` is called in order, on the thread that changes the game; :meth:`flush` (from
    any thread, one at a time: the session's lock) appends what was pushed. The hand-over is
    a list swapped under a lock, never a slice of a list that another thread appends to.
    """

    def __init__(self, path: Path, written: Written) -> None:
        self.path = path
        self.written = written
        """The file up to its last good entry (changes only after a write is on disk)."""
        self._inbox: list[tuple[bytes, Mark]] = []
        self._inbox_lock = threading.Lock()
        self._unwritten: list[tuple[bytes, Mark]] = []
        """Taken from the inbox, not yet on disk (kept in order across failed writes)."""
        self._fd: int | None = None

    def push(self, op: JournalOp, at: Mark) -> None:
        """Hand over one change, as it is made (encoded now: later changes cannot touch it)."""
        line = encode_entry(op_entry(op))
        with self._inbox_lock:
            self._inbox.append((line, at))

    @property
    def pending(self) -> int:
        """Entries handed over and not yet on disk."""
        with self._inbox_lock:
            return len(self._inbox) + len(self._unwritten)

    def drop_pending(self) -> None:
        """Forget what was handed over (a full save has just written all of it)."""
        with self._inbox_lock:
            self._inbox = []
        self._unwritten = []

    def flush(self) -> int:
        """Append everything handed over, fsync it, and return how many entries that was.

        On failure the file is cut back to its last good entry (or, if even that fails, the
        next flush writes from there over whatever the failure left) and
        :class:`SaveWriteError` is raised; the entries stay for the next flush.
        """
        with self._inbox_lock:
            if self._inbox:
                self._unwritten.extend(self._inbox)
                self._inbox = []
        if not self._unwritten:
            return 0
        batch = self._unwritten
        payload = b"".join(line for line, _ in batch)
        before = self.written
        try:
            fd = self._open()
            if os.fstat(fd).st_size != before.size:  # what a failed write left behind
                os.ftruncate(fd, before.size)
            write_all(fd, payload, before.size)
            os.fsync(fd)
        except OSError as exc:
            if self._fd is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._fd, before.size)
            raise write_failure(exc, self.path) from None
        self.written = Written(
            before.entries + len(batch),
            before.size + len(payload),
            zlib.crc32(payload, before.crc),
            batch[-1][1],
        )
        self._unwritten = []
        return len(batch)

    def _open(self) -> int:
        """The journal, open for writing; checked to be still the file at ``path``."""
        if self._fd is None:
            try:
                self._fd = os.open(self.path, os.O_WRONLY | NO_FOLLOW)
            except FileNotFoundError:
                raise SaveWriteError(moved_reason(self.path), path=str(self.path)) from None
            except OSError:
                if self.path.is_symlink():  # never appended through (see refuse_links)
                    raise SaveWriteError(FILES_REPLACED, path=str(self.path)) from None
                raise
        if not same_file(self._fd, self.path):
            raise SaveWriteError(moved_reason(self.path), path=str(self.path))
        return self._fd

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


def same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``fd``."""
    try:
        there = os.stat(path)
    except OSError:
        return False
    here = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)
