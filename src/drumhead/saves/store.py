"""The save format (see ``docs/save-format.md``): a TOML snapshot plus an append-only journal.

``NAME.toml``           schema, [game] header, [start] state, [state] current state (TOML)
``NAME.G.journal``      generation G of the journal: one entry a line, ``CRC32 JSON``
``NAME.toml.1..3``      the last three snapshots before the latest full save
``NAME.lock``           who has the save open

Autosave appends the new journal entries (cost independent of the game's length) and now and
then rewrites the snapshot (cost proportional to the number of units, not of events). A full
save writes a compacted journal as a new generation, then the snapshot that points to it.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game.codec import check_references, read_state, state_to_dict
from drumhead.game.events import EVENT_KINDS, Event
from drumhead.game.game import Game
from drumhead.game.rulesets import game_ruleset
from drumhead.game.scenario import check_unit
from drumhead.loader import read_toml
from drumhead.saves.files import (
    BACKUPS,
    SaveError,
    acquire_lock,
    fsync_dir,
    release_lock,
    save_path,
    write_atomic,
)
from drumhead.schema import Reader
from drumhead.tomlpos import locate

SCHEMA = 2
"""The save schema this drumhead writes. Older schemas are migrated on load; newer refused."""

SNAPSHOT_EVERY = 200
"""Autosave rewrites the snapshot after this many journal entries (for listings and checks)."""

KEEP_GENERATIONS = BACKUPS + 1


# -- migrations ---------------------------------------------------------------------------------
def _migrate_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 kept the whole log in the TOML file (``[[events]]``); schema 2 journals it.

    The events move to the in-memory journal; the next full save writes schema 2 files.
    """
    doc = dict(doc)
    events = doc.pop("events", [])
    game = dict(doc.get("game", {})) if isinstance(doc.get("game"), dict) else doc.get("game")
    doc["game"] = game
    doc["_events"] = events
    doc["schema"] = 2
    return doc


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_1}
"""``MIGRATIONS[n]`` turns a schema-n document into schema n+1."""


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# -- journal entries ----------------------------------------------------------------------------
def encode_entry(entry: dict[str, Any]) -> bytes:
    body = json.dumps(entry, separators=(",", ":"), ensure_ascii=False)
    raw = body.encode("utf-8")
    return b"%08x " % zlib.crc32(raw) + raw + b"\n"


def op_entry(op: tuple[str, Any]) -> dict[str, Any]:
    kind, payload = op
    if kind == "event":
        assert isinstance(payload, Event)
        event: dict[str, Any] = {"op": "event", "event": payload.to_dict()}
        return event
    entry: dict[str, Any] = {"op": kind, "seq": payload}
    return entry


def compact_entries(game: Game) -> list[dict[str, Any]]:
    """The journal entries that rebuild ``game``'s log and redo stack, and nothing else."""
    entries: list[dict[str, Any]] = [
        {"op": "event", "event": e.to_dict()} for e in (*game.log, *game.redo_stack)
    ]
    if game.redo_stack:
        entries.append({"op": "jump", "seq": len(game.log)})
    return entries


@dataclass
class JournalRead:
    entries: list[tuple[int, dict[str, Any]]]
    """(line number, entry) for every good entry."""
    good_bytes: int
    """Length of the file up to the end of the last good entry."""
    torn: bool
    """The last entry was cut short (a crash while appending): it is ignored."""


def read_journal(path: Path) -> JournalRead:
    """Every entry of a journal file; a torn last entry is reported, any other damage refused."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("the save's journal file is missing", path=str(path)) from None
    except OSError as exc:
        raise SaveError(f"cannot read the journal: {exc}", path=str(path)) from None
    entries: list[tuple[int, dict[str, Any]]] = []
    offset = 0
    lines = raw.split(b"\n")
    last = len(lines) - 1  # after the final newline comes an empty piece
    for index, line in enumerate(lines):
        number = index + 1
        if index == last:
            if line:
                return JournalRead(entries, offset, True)
            break
        entry = _entry(line)
        if isinstance(entry, str):
            raise SaveError(entry, path=str(path), line=number)
        entries.append((number, entry))
        offset += len(line) + 1
    return JournalRead(entries, offset, False)


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
    except (UnicodeDecodeError, ValueError):
        return "damaged journal entry (not JSON)"
    if not isinstance(entry, dict):
        return "damaged journal entry (not a table)"
    return entry


# -- snapshots ----------------------------------------------------------------------------------
def snapshot_bytes(
    game: Game, *, generation: int, entries: int, created: str, last_played: str
) -> bytes:
    state = game.state
    doc = {
        "schema": SCHEMA,
        "game": {
            "name": state.name,
            "ruleset": state.ruleset,
            "ruleset_version": state.ruleset_version,
            "turn": state.turn,
            "phase": state.phase,
            "created": created,
            "last_played": last_played,
            "events": len(game.log),
            "generation": generation,
            "journal_entries": entries,
            **({"scenario": state.scenario} if state.scenario else {}),
            **(
                {"house_rules_digest": game.ruleset.house_rules_digest}
                if game.ruleset.house_rules_digest
                else {}
            ),
        },
        "start": state_to_dict(game.start),
        "state": state_to_dict(state),
    }
    return tomli_w.dumps(doc).encode("utf-8")


def journal_file(save: Path, generation: int) -> Path:
    return save.with_name(f"{save.stem}.{generation}.journal")


# -- loading ------------------------------------------------------------------------------------
@dataclass
class Loaded:
    game: Game
    generation: int
    entries: int
    created: str
    torn: bool
    journal_bytes: int
    legacy: bool = False
    warnings: tuple[str, ...] = ()
    """What the players should know about the save (it opened all the same)."""


def load_save(path: str | Path) -> Loaded:
    """Read and validate a save completely; never writes. Errors name file, line, key path."""
    save = Path(path)
    try:
        return _load(save)
    except SaveError:
        raise
    except RulesetError as exc:
        raise SaveError(
            exc.message, path=exc.path or str(save), key=exc.key, line=exc.line
        ) from None
    except DrumheadError as exc:
        raise SaveError(str(exc), path=str(save)) from None
    except RecursionError:
        raise SaveError("the save is nested too deeply to be a save", path=str(save)) from None


def _load(save: Path) -> Loaded:
    if not save.exists():
        raise SaveError("no such save", path=str(save))
    data, text = read_toml(save)
    name = str(save)
    r = Reader(data, file=name, text=text)
    schema = r.integer("schema")
    if schema > SCHEMA:
        raise SaveError(
            f"this save was written by a newer drumhead (save schema {schema}; this drumhead "
            f"reads schemas up to {SCHEMA}): update drumhead to open it",
            path=name,
            key="schema",
        )
    if schema < 1:
        raise r.error("schema", f"no save schema {schema}")
    legacy_events: list[Any] | None = None
    if schema < SCHEMA:
        while schema < SCHEMA:
            data = MIGRATIONS[schema](data)
            schema += 1
        legacy = data.pop("_events", [])
        legacy_events = legacy if isinstance(legacy, list) else None
        if legacy_events is None:
            raise r.error("events", "expected a list of tables")
        r = Reader(data, file=name, text=text)
        r.integer("schema")
    g = r.table("game")
    ruleset_id = g.text("ruleset")
    version = g.text("ruleset_version")
    created = g.text("created", "")
    g.text("name", "")
    g.integer("turn")
    g.text("phase", "")
    g.text("last_played", "")
    g.text("scenario", None)
    g.integer("events", 0)
    generation = g.integer("generation", 0)
    expected_entries = g.integer("journal_entries", 0)
    house_digest = g.text("house_rules_digest", None)
    g.done()
    start = read_state(r.table("start"))
    saved_state = read_state(r.table("state")) if r.has("state") else None
    r.done()
    if start.ruleset != ruleset_id:
        raise r.error("start.ruleset", f"'{start.ruleset}' does not match game.ruleset")
    try:
        ruleset = game_ruleset(ruleset_id, sorted(start.options), start.house_rules)
    except DrumheadError as exc:
        raise r.error("game.ruleset", f"cannot load the game's ruleset: {exc}") from None
    warnings = []
    if house_digest is not None and house_digest != ruleset.house_rules_digest:
        warnings.append(
            f"the house rules ({start.house_rules}) have changed since this game was last "
            "saved: play goes on under the file as it is now"
        )
    if ruleset.version != version or start.ruleset_version != version:
        raise r.error(
            "game.ruleset_version",
            f"saved with {ruleset_id} version {version}; this drumhead has version "
            f"{ruleset.version}, whose rules may differ. Open it with the matching drumhead",
        )
    for index, unit in enumerate(start.units):
        check_unit(ruleset, unit, Reader({}, file=name, key=f"start.units.{index}", text=text))
    game = Game(start, ruleset)
    torn = False
    journal_bytes = 0
    if legacy_events is not None:
        entries: list[tuple[int | None, dict[str, Any], str]] = [
            (locate(text, f"events.{i}"), {"op": "event", "event": e}, f"events.{i}")
            for i, e in enumerate(legacy_events)
        ]
        source = name
    else:
        journal = journal_file(save, generation)
        read = read_journal(journal)
        torn = read.torn
        journal_bytes = read.good_bytes
        source = str(journal)
        entries = [(line, entry, f"entry {n}") for n, (line, entry) in enumerate(read.entries)]
        if len(entries) < expected_entries:
            raise SaveError(
                f"the journal has {len(entries)} entries but the snapshot counted "
                f"{expected_entries}: events are missing",
                path=source,
            )
    for line, entry, key in entries:
        try:
            _apply_entry(game, entry)
        except DrumheadError as exc:
            message = exc.message if isinstance(exc, RulesetError) else str(exc)
            raise SaveError(message, path=source, line=line, key=key) from None
    # what the events made follows the same rules as a scenario: names, references
    for unit in game.state.units:
        check_unit(ruleset, unit, Reader({}, file=source, key=f"units.{unit.id}"))
    check_references(game.state, Reader({}, file=source, key="after the journal"))
    if (
        saved_state is not None
        and legacy_events is None
        and len(entries) == expected_entries
        and saved_state != game.state
    ):
        raise SaveError(
            "the saved state does not match what its journal rebuilds (edited by hand?)",
            path=name,
            key="state",
        )
    game.journal.clear()
    return Loaded(
        game,
        generation,
        len(entries),
        created,
        torn,
        journal_bytes,
        legacy_events is not None,
        tuple(warnings),
    )


_EVENT_ORDER = ("seq", "kind", "turn", "phase", "at", "data")
_EVENT_KEYS = frozenset(_EVENT_ORDER)


def _apply_entry(game: Game, entry: dict[str, Any]) -> None:
    op = entry.get("op")
    if op == "event":
        raw = entry.get("event")
        if not isinstance(raw, dict):
            raise DrumheadError("event: expected a table")
        if raw.keys() != _EVENT_KEYS:
            extra = sorted(raw.keys() - _EVENT_KEYS)
            missing = sorted(_EVENT_KEYS - raw.keys())
            if extra:
                raise DrumheadError(f"event.{extra[0]}: unknown key")
            raise DrumheadError(f"event.{missing[0]}: required key is missing")
        seq = raw["seq"]
        turn = raw["turn"]
        kind = raw["kind"]
        phase = raw["phase"]
        at = raw["at"]
        data = raw["data"]
        if type(seq) is not int or type(turn) is not int:
            bad = "seq" if type(seq) is not int else "turn"
            raise DrumheadError(f"event.{bad}: expected a whole number")
        if type(phase) is not str or type(at) is not str or type(kind) is not str:
            bad = next(k for k in ("kind", "phase", "at") if type(raw[k]) is not str)
            raise DrumheadError(f"event.{bad}: expected text")
        if kind not in EVENT_KINDS:
            raise DrumheadError(f"event.kind: '{kind}' is not a kind of event")
        if not isinstance(data, dict):
            raise DrumheadError("event.data: expected a table")
        game.add_event(Event(seq, kind, data, turn, phase, at), record=False)
        return
    seq = entry.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise DrumheadError(f"{op}: expected the event's seq")
    if op == "undo":
        if not game.log or game.log[-1].seq != seq:
            raise DrumheadError(f"undo of event {seq}, which is not the last event")
        game.undo()
    elif op == "redo":
        if not game.redo_stack or game.redo_stack[0].seq != seq:
            raise DrumheadError(f"redo of event {seq}, which is not the next to redo")
        game.redo()
    elif op == "jump":
        game.jump_to(seq)
    else:
        raise DrumheadError(f"unknown journal entry '{op}'")


# -- the open save ------------------------------------------------------------------------------
class SaveSession:
    """An open save: holds its lock; autosaves by appending to the journal.

    Its methods may be called from a worker thread (the app autosaves off the UI thread); one
    internal lock keeps writes in order.
    """

    def __init__(self, path: Path, lock: Path) -> None:
        self.path = path
        self.lock = lock
        self.generation = 0
        self.entries = 0
        self.created = now()
        self.warnings: list[str] = []
        self._written = 0
        self._since_snapshot = 0
        self._handle: Any = None
        self._closed = False
        self._mutex = threading.RLock()
        self._game: Game | None = None
        """The game last saved through this session (``close()`` brings its snapshot up to date)."""

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path) -> tuple[SaveSession, Game]:
        """Open a save for play: take its lock, load and validate it."""
        save = Path(path)
        lock = acquire_lock(save)
        try:
            loaded = load_save(save)
        except BaseException:
            release_lock(lock)
            raise
        session = cls(save, lock)
        session.generation = loaded.generation
        session.entries = loaded.entries
        session.created = loaded.created or now()
        session._game = loaded.game
        session.warnings.extend(loaded.warnings)
        try:
            if loaded.torn or loaded.legacy:
                if loaded.torn:
                    session.warnings.append(
                        "the last autosaved change was cut short (a crash?) and has been dropped"
                    )
                session._compact(loaded.game)
            elif loaded.entries > 2 * len(loaded.game.log) + 1000:
                session._compact(loaded.game)
        except BaseException:
            release_lock(lock)
            raise
        return session, loaded.game

    @classmethod
    def create(cls, path: str | Path, game: Game) -> SaveSession:
        """Start a new save file for ``game`` (refused if one of that name exists)."""
        save = Path(path)
        if save.exists():
            raise SaveError("a save of this name exists already", path=str(save))
        lock = acquire_lock(save)
        session = cls(save, lock)
        try:
            session._compact(game)
        except BaseException:
            release_lock(lock)
            raise
        return session

    # -- writing ----------------------------------------------------------------------------
    def autosave(self, game: Game) -> None:
        """Append what changed since the last save; the cost does not grow with the log."""
        with self._mutex:
            self._autosave(game)

    def _autosave(self, game: Game) -> None:
        self._check_open()
        self._game = game
        new = game.journal[self._written :]
        if not new:
            return
        payload = b"".join(encode_entry(op_entry(op)) for op in new)
        try:
            handle = self._journal_handle()
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        except OSError as exc:
            raise SaveError(f"could not autosave: {exc}", path=str(self.path)) from None
        self._written = len(game.journal)
        self.entries += len(new)
        self._since_snapshot += len(new)
        if self._since_snapshot >= SNAPSHOT_EVERY:
            self._snapshot(game, backups=0)

    def save(self, game: Game) -> None:
        """A full save: a compacted journal (a new generation) and a fresh snapshot."""
        with self._mutex:
            self._check_open()
            self._compact(game)

    def close(self, game: Game | None = None) -> None:
        """Write what is pending and an up-to-date snapshot, then release the lock.

        ``game`` defaults to the game last opened, created or saved through this session.
        """
        with self._mutex:
            self._close(game)

    def _close(self, game: Game | None) -> None:
        if self._closed:
            return
        game = game if game is not None else self._game
        try:
            if game is not None:
                self._autosave(game)
                self._snapshot(game, backups=0)
        finally:
            if self._handle is not None:
                with contextlib.suppress(OSError):
                    self._handle.close()
                self._handle = None
            release_lock(self.lock)
            self._closed = True

    def __enter__(self) -> SaveSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise SaveError("this save has been closed", path=str(self.path))

    def _journal_handle(self) -> Any:
        if self._handle is None:
            self._handle = open(journal_file(self.path, self.generation), "ab")  # noqa: SIM115
        return self._handle

    def _snapshot(self, game: Game, *, backups: int) -> None:
        last = game.log[-1].at if game.log else self.created
        data = snapshot_bytes(
            game,
            generation=self.generation,
            entries=self.entries,
            created=self.created,
            last_played=last,
        )
        write_atomic(self.path, data, backups=backups)
        self._since_snapshot = 0

    def _compact(self, game: Game) -> None:
        """Write a compacted journal as a new generation, then the snapshot pointing to it.

        The session's counters change only once both are written: after a failure it still
        describes the files on disk (the previous generation), so autosaving goes on there.
        """
        self._game = game
        entries = compact_entries(game)
        generation = self.generation + 1 if self.path.exists() else self.generation
        journal = journal_file(self.path, generation)
        write_atomic(journal, b"".join(encode_entry(e) for e in entries))
        last = game.log[-1].at if game.log else self.created
        snapshot = snapshot_bytes(
            game,
            generation=generation,
            entries=len(entries),
            created=self.created,
            last_played=last,
        )
        write_atomic(self.path, snapshot, backups=BACKUPS)
        if self._handle is not None:
            with contextlib.suppress(OSError):
                self._handle.close()
            self._handle = None
        self.generation = generation
        self.entries = len(entries)
        self._written = len(game.journal)
        self._since_snapshot = 0
        for stale in _old_journals(self.path, generation - KEEP_GENERATIONS):
            with contextlib.suppress(OSError):
                stale.unlink()
        fsync_dir(self.path.parent)


def _old_journals(save: Path, below: int) -> Iterable[Path]:
    for path in save.parent.glob(f"{save.stem}.*.journal"):
        middle = path.name[len(save.stem) + 1 : -len(".journal")]
        if middle.isdigit() and int(middle) < below:
            yield path


def open_save(folder: str | Path, name: str) -> tuple[SaveSession, Game]:
    return SaveSession.open(save_path(folder, name))
