"""The save format (see ``docs/save-format.md``): a TOML snapshot plus an append-only journal.

``NAME.toml``           schema, [game] header, [start] state, [state] current state (TOML)
``NAME.G.journal``      generation G of the journal: one entry a line, ``CRC32 JSON``
``NAME.toml.1..3``      the last three snapshots before the latest full save
``NAME.lock``           who has the save open (locked with the operating system's lock)

An open save is a :class:`SaveSession`. The game tells it of every change as it is made (on
the thread that makes it); autosave appends those changes to the journal (cost independent of
the game's length) from any thread, and now and then rewrites the snapshot (cost proportional
to the number of units, not of events). A full save writes a compacted journal as a new
generation, then the snapshot that points to it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import threading
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from drumhead.game.codec import state_to_dict
from drumhead.game.event_rules import rules_fingerprint
from drumhead.game.game import Game, JournalOp
from drumhead.game.state import GameState
from drumhead.saves import kept, parsed
from drumhead.saves.digest import state_digest
from drumhead.saves.files import (
    BACKUPS,
    SaveError,
    SaveLock,
    SaveWriteError,
    acquire_lock,
    fsync_dir,
    moved_reason,
    refuse_links,
    save_path,
    write_atomic,
    write_failure,
)
from drumhead.saves.journal import (
    JournalWriter,
    Mark,
    Written,
    compact_journal,
    encode_entry,
    journal_file,
    mark,
    op_entry,
    read_journal,
)
from drumhead.saves.loading import SCHEMA, Loaded, load_save

__all__ = [
    "SCHEMA",
    "SNAPSHOT_EVERY",
    "Loaded",
    "SaveHealth",
    "SaveSession",
    "encode_entry",
    "journal_file",
    "load_save",
    "op_entry",
    "open_save",
    "read_journal",
    "snapshot_bytes",
]

SNAPSHOT_EVERY = 200
"""Autosave rewrites the snapshot after this many journal entries (for listings and checks)."""

KEEP_GENERATIONS = BACKUPS + 1


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def snapshot_bytes(
    start: GameState,
    written: Written,
    *,
    generation: int,
    created: str,
    house_rules_digest: str | None,
    rules: str,
) -> bytes:
    """The snapshot of the game after the journal's first ``written.entries`` entries: the
    ``[game]`` header, then ``[start]`` and ``[state]``, which its ``state_digest`` binds to
    those entries and to the rules they were held to (``rules``: see
    :mod:`drumhead.saves.digest`)."""
    return _snapshot_parts(
        start_part(start),
        written,
        generation=generation,
        created=created,
        house_rules_digest=house_rules_digest,
        rules=rules,
    )[0]


StartPart = tuple[dict[str, Any], str]
"""A start state as a table, and the text of its ``[start]`` table."""


def start_part(start: GameState) -> StartPart:
    """``start`` as a table, and its ``[start]`` table's text."""
    table = state_to_dict(start)
    return table, tomli_w.dumps({"start": table})


def _snapshot_parts(
    start: StartPart,
    written: Written,
    *,
    generation: int,
    created: str,
    house_rules_digest: str | None,
    rules: str,
) -> tuple[bytes, str, dict[str, Any]]:
    """:func:`snapshot_bytes`, with the body's text and the tables it holds (for
    :func:`drumhead.saves.parsed.remember`)."""
    state = written.mark.state
    start_table, start_text = start
    tables = {"start": start_table, "state": state_to_dict(state)}
    # tomli_w writes a table of tables as its tables, a blank line between each: the same
    # text as tomli_w.dumps(tables), with [start] written once a game (tests/saves)
    body = start_text + "\n" + tomli_w.dumps({"state": tables["state"]})
    digest = state_digest(body, generation, written.entries, written.size, written.crc, rules)
    head = {
        "schema": SCHEMA,
        "game": {
            "name": state.name,
            "ruleset": state.ruleset,
            "ruleset_version": state.ruleset_version,
            "turn": state.turn,
            "phase": state.phase,
            "created": created,
            "last_played": written.mark.last_at or created,
            "events": written.mark.events,
            "generation": generation,
            "journal_entries": written.entries,
            "journal_bytes": written.size,
            "journal_crc": f"{written.crc:08x}",
            "state_digest": digest,
            **({"scenario": state.scenario} if state.scenario else {}),
            **({"house_rules_digest": house_rules_digest} if house_rules_digest else {}),
        },
    }
    return (tomli_w.dumps(head) + "\n" + body).encode("utf-8"), body, tables


@dataclass(frozen=True, slots=True)
class SaveHealth:
    """How saving is going, for the status bar."""

    last_saved: float | None
    """When a save last succeeded (``time.time()``); None: not since the save was opened."""
    problem: str | None
    """Why the last attempt failed, in a player's words (None: it did not)."""
    unsaved: int
    """Changes made and not yet on disk."""


def _file_id(path: Path) -> tuple[int, ...]:
    """Tells the file at ``path`` from another put there since (its inode number alone may be
    reused at once for a new file)."""
    st = os.stat(path)
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


class SaveSession:
    """An open save: holds its lock, and the journal's one writer.

    Every change to the game is handed to the writer as it is made (``Game.recorder``), on
    the thread that makes it. :meth:`autosave` and :meth:`close` write what was handed over
    and may be called from any thread (the app autosaves from a worker); :meth:`save` and
    :meth:`save_as` read the whole game and must be called on the thread that changes it.
    A failure to write is a :class:`SaveWriteError` whose ``reason`` a player understands;
    nothing is lost from memory, and the next attempt writes everything still pending.
    """

    def __init__(
        self,
        path: Path,
        lock: SaveLock,
        game: Game,
        written: Written,
        *,
        generation: int,
        created: str,
        snapshot_entries: int,
    ) -> None:
        self.path = path
        self.lock = lock
        self.generation = generation
        self.created = created
        self.warnings: list[str] = []
        self._game = game
        self._digest = game.ruleset.house_rules_digest
        self._writer = JournalWriter(journal_file(path, generation), written)
        self._snapshot_entries = snapshot_entries
        """Journal entries the snapshot on disk was written after (-1: it needs rewriting)."""
        self._snapshot_id = _file_id(path) if path.exists() else None
        self._start: tuple[GameState, StartPart] | None = None
        """The game's start state and its part of the snapshot: it never changes during a
        game, and writing it again at every autosave was half of a snapshot's time."""
        self._mutex = threading.RLock()
        self._owner = threading.get_ident()
        self._closed = False
        self._last_saved: float | None = time.time()
        self._problem: str | None = None
        game.recorder = self._record

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, *, wait: float = 0.0) -> tuple[SaveSession, Game]:
        """Open a save for play: take its lock, load and validate it. ``wait``: seconds to
        wait for another drumhead of this machine to let go of the save first."""
        save = Path(path)
        lock = acquire_lock(save, wait)
        try:
            refuse_links(save, save=save)  # a snapshot rewritten would replace the link
            _remove_leftovers(save)
            loaded = load_save(save)
            refuse_links(journal_file(save, loaded.generation), save=save)  # appended to
            session = cls._from_loaded(save, lock, loaded)
            if loaded.torn or loaded.legacy or loaded.entries > 2 * loaded.game.event_count + 1000:
                if loaded.torn:
                    session.warnings.append(
                        "the last autosaved change was cut short (a crash?) and has been dropped"
                    )
                session._attempt(lambda: session._full_save(loaded.game))
        except BaseException:
            lock.release()
            raise
        return session, loaded.game

    @classmethod
    def _from_loaded(cls, save: Path, lock: SaveLock, loaded: Loaded) -> SaveSession:
        game = loaded.game
        written = Written(loaded.entries, loaded.journal_bytes, loaded.journal_crc, mark(game))
        session = cls(
            save,
            lock,
            game,
            written,
            generation=loaded.generation,
            created=loaded.created or now(),
            snapshot_entries=loaded.snapshot_entries,
        )
        session.warnings.extend(loaded.warnings)
        if loaded.house_rules_changed or loaded.stale_digest:
            # record the house rules as they are now; or a digest this drumhead can check,
            # so that the next opening need not replay the journal
            session._snapshot_entries = -1
        return session

    @classmethod
    def create(cls, path: str | Path, game: Game) -> SaveSession:
        """Start a new save file for ``game`` (refused if one of that name exists)."""
        save = Path(path)
        refuse_links(save, journal_file(save, 0), save=save)
        if save.exists():
            raise SaveError("a save of this name exists already", path=str(save))
        lock = acquire_lock(save)
        try:
            session = cls(
                save,
                lock,
                game,
                Written(0, 0, 0, mark(game)),
                generation=0,
                created=now(),
                snapshot_entries=0,
            )
            session._attempt(lambda: session._full_save(game))
        except BaseException:
            lock.release()
            raise
        return session

    # -- the game's changes -----------------------------------------------------------------
    def _record(self, op: JournalOp) -> None:
        """``Game.recorder``: on the thread that made the change, just after it."""
        self._writer.push(op, mark(self._game))

    def _check_game(self, game: Game | None) -> None:
        if game is not None and game is not self._game:
            raise ValueError("this save session saves another game")

    def _check_owner(self, what: str) -> None:
        if threading.get_ident() != self._owner:
            raise RuntimeError(f"{what} must be called on the thread that changes the game")

    # -- state ------------------------------------------------------------------------------
    @property
    def entries(self) -> int:
        """Journal entries on disk."""
        return self._writer.written.entries

    @property
    def health(self) -> SaveHealth:
        """When saving last succeeded, what is wrong if anything, and how much is pending."""
        return SaveHealth(self._last_saved, self._problem, self._writer.pending)

    @property
    def closed(self) -> bool:
        return self._closed

    # -- writing ----------------------------------------------------------------------------
    def autosave(self, game: Game | None = None) -> None:
        """Append the changes made since the last save; the cost does not grow with the log.

        Any thread. Raises :class:`SaveWriteError` when the disk refuses (the changes stay
        pending: the next call writes them)."""
        self._check_game(game)
        with self._mutex:
            self._check_open()
            self._attempt(self._autosave)

    def _autosave(self) -> None:
        self._writer.flush()
        if self._writer.written.entries - self._snapshot_entries >= SNAPSHOT_EVERY:
            self._snapshot()

    def save(self, game: Game | None = None) -> None:
        """A full save: a compacted journal (a new generation) and a fresh snapshot."""
        self._check_game(game)
        self._check_owner("a full save")
        with self._mutex:
            self._check_open()
            self._attempt(lambda: self._full_save(self._game))

    def close(self, game: Game | None = None) -> None:
        """Write what is pending and an up-to-date snapshot, then release the lock.

        Any thread. When writing fails, :class:`SaveWriteError` is raised and the save stays
        open and locked, so that closing can be tried again, or the game saved elsewhere
        (:meth:`save_as`), or given up (:meth:`release`)."""
        self._check_game(game)
        with self._mutex:
            if self._closed:
                return
            self._attempt(self._bring_up_to_date)
            self._release()

    def _bring_up_to_date(self) -> None:
        self._writer.flush()
        if self._writer.written.entries != self._snapshot_entries:
            self._snapshot()

    def release(self) -> None:
        """Close without writing anything more (what is not saved yet is given up)."""
        with self._mutex:
            if not self._closed:
                self._release()

    def _release(self) -> None:
        self._writer.close()
        self.lock.release()
        if self._game.recorder == self._record:
            self._game.recorder = None
        self._closed = True

    def save_as(self, path: str | Path, game: Game | None = None) -> None:
        """Write the whole game as a new save at ``path`` (refused if one is there) and go on
        saving there; the save it was open as is let go, as it was last written."""
        self._check_game(game)
        self._check_owner("save as")
        target = Path(path)
        with self._mutex:
            self._check_open()
            refuse_links(target, journal_file(target, 0), save=target)
            if target.exists():
                raise SaveError("a save of this name exists already", path=str(target))
            lock = acquire_lock(target)
            old = (self.path, self.lock, self.generation, self._writer, self._snapshot_entries)
            old_id = self._snapshot_id
            self.path, self.lock, self.generation = target, lock, 0
            self._snapshot_id = None
            try:
                try:
                    self._full_save(self._game)
                except OSError as exc:
                    raise write_failure(exc, target) from None
            except BaseException:
                for made in (journal_file(target, 0), target):  # neither was there before
                    with contextlib.suppress(OSError):
                        made.unlink()
                lock.release()
                self.path, self.lock, self.generation, self._writer, self._snapshot_entries = old
                self._snapshot_id = old_id
                raise
            old[3].close()
            old[1].release()
            self._saved()

    def __enter__(self) -> SaveSession:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.close()
        except SaveError:
            self.release()
            raise

    # -- the parts ----------------------------------------------------------------------------
    def _attempt(self, write: Callable[[], object]) -> None:
        """Run one write; on failure note the reason (``health``) and raise SaveWriteError."""
        try:
            try:
                write()
            except OSError as exc:  # none should get here; if one does, it is still told
                raise write_failure(exc, self.path) from None
        except SaveWriteError as exc:
            self._problem = exc.reason
            raise
        self._saved()

    def _saved(self) -> None:
        self._last_saved = time.time()
        self._problem = None

    def _check_open(self) -> None:
        if self._closed:
            raise SaveError("this save has been closed", path=str(self.path))

    def _check_place(self) -> None:
        """The snapshot at ``path`` is still the one this session wrote last (the folder was
        not deleted or renamed, nobody put another file there)."""
        if self._snapshot_id is None:
            return
        try:
            same = _file_id(self.path) == self._snapshot_id
        except OSError:
            same = False
        if not same:
            raise SaveWriteError(moved_reason(self.path), path=str(self.path))

    def _start_part(self, start: GameState) -> StartPart:
        """:func:`start_part` of ``start``, kept while the game's start state is the same."""
        kept = self._start
        if kept is None or kept[0] is not start:
            kept = self._start = (start, start_part(start))
        return kept[1]

    def _snapshot(self) -> None:
        """Rewrite the snapshot: the game after the last entry on disk."""
        self._check_place()
        written = self._writer.written
        data, body, tables = _snapshot_parts(
            self._start_part(self._game.start),
            written,
            generation=self.generation,
            created=self.created,
            house_rules_digest=self._digest,
            rules=rules_fingerprint(self._game.ruleset),
        )
        write_atomic(self.path, data, make_folder=False)
        self._snapshot_id = _file_id(self.path)
        self._snapshot_entries = written.entries
        _remember(body, tables, written.mark)

    def _full_save(self, game: Game) -> None:
        """Write a compacted journal as a new generation, then the snapshot pointing to it.

        The session changes only once both are written: after a failure it still describes
        the files on disk (the previous generation), so autosaving goes on there with every
        change still pending. Called on the thread that changes the game (it reads it all).
        """
        self._check_place()
        entries = compact_journal(game)
        data = b"".join(entries)
        generation = self.generation + 1 if self._snapshot_id is not None else self.generation
        journal = journal_file(self.path, generation)
        write_atomic(journal, data, make_folder=False)
        written = Written(len(entries), len(data), zlib.crc32(data), mark(game))
        snapshot, body, tables = _snapshot_parts(
            self._start_part(game.start),
            written,
            generation=generation,
            created=self.created,
            house_rules_digest=self._digest,
            rules=rules_fingerprint(game.ruleset),
        )
        write_atomic(self.path, snapshot, backups=BACKUPS, make_folder=False)
        self._snapshot_id = _file_id(self.path)
        self._writer.close()
        self._writer = JournalWriter(journal, written)  # what was pending is in it
        self.generation = generation
        self._snapshot_entries = len(entries)
        for stale in _old_journals(self.path, generation - KEEP_GENERATIONS):
            with contextlib.suppress(OSError):
                stale.unlink()
        fsync_dir(self.path.parent)
        _remember(body, tables, written.mark)


def _remember(body: str, tables: dict[str, Any], at: Mark) -> None:
    """What opening the snapshot just written will want without working it out again: its
    tables parsed, and the state the game kept a few events before its end (for undo)."""
    parsed.remember(body, tables)
    if at.checkpoint is not None:
        kept.remember(body, *at.checkpoint)


def _remove_leftovers(save: Path) -> None:
    """Remove the temporary files a crash in the middle of a write left (``.NAME.toml.PID.tmp``,
    ``.NAME.G.journal.PID.tmp``): with the lock held, nobody else is writing them."""
    pattern = re.compile(rf"\.{re.escape(save.stem)}\.(toml|\d+\.journal)\.\d+\.tmp")
    with contextlib.suppress(OSError):
        for path in save.parent.glob(f".{glob.escape(save.stem)}.*.tmp"):
            if pattern.fullmatch(path.name):
                with contextlib.suppress(OSError):
                    path.unlink()


def _old_journals(save: Path, below: int) -> Iterable[Path]:
    for path in save.parent.glob(f"{save.stem}.*.journal"):
        middle = path.name[len(save.stem) + 1 : -len(".journal")]
        if middle.isdigit() and int(middle) < below:
            yield path


def open_save(folder: str | Path, name: str) -> tuple[SaveSession, Game]:
    return SaveSession.open(save_path(folder, name))
