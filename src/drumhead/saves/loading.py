"""Reading a save, and refusing it with the file and place when any part of it disagrees with
another (see "Loading" in ``docs/save-format.md``). Never writes.

A save whose snapshot carries this drumhead's digest of it (:mod:`drumhead.saves.digest`)
opens from the snapshot: the journal's entries before it are checked byte for byte and
indexed, read when needed (:mod:`drumhead.saves.history`), and the entries after it are
replayed. Any other save is replayed from its start, every entry, and compared.
"""

from __future__ import annotations

import gc
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game.codec import check_references, read_state, state_to_dict
from drumhead.game.event_rules import rules_fingerprint
from drumhead.game.events import Event
from drumhead.game.game import Game
from drumhead.game.rulesets import game_ruleset
from drumhead.game.scenario import check_unit
from drumhead.game.state import GameState
from drumhead.house.record import file_status
from drumhead.rules.limits import LIMITS
from drumhead.rules.model import Ruleset
from drumhead.rules.reader import Reader
from drumhead.rules.toml_file import decode, read_bytes
from drumhead.rules.toml_lines import locate
from drumhead.saves import parsed
from drumhead.saves.digest import digest_holds, snapshot_body
from drumhead.saves.files import SaveError
from drumhead.saves.history import (
    JournalIndex,
    JournalPast,
    check_event_shape,
    check_event_time,
)
from drumhead.saves.journal import JournalRead, journal_file, parse_entries
from drumhead.saves.journal import journal_bytes as read_journal_bytes
from drumhead.saves.times import time_problem

SCHEMA = 4
"""The save schema this drumhead writes. Older schemas are read (and written in this one at
the next save); newer ones are refused."""

SINCE_SCHEMA = {
    "generation": 2,
    "journal_entries": 2,
    "journal_bytes": 3,
    "journal_crc": 3,
    "state_digest": 4,
}
"""Keys of ``[game]`` that a schema before the one given does not have."""


@dataclass
class Loaded:
    """A save read and validated: the game, and what the save layer needs to go on writing it."""

    game: Game
    generation: int
    entries: int
    """Journal entries read (the torn one, if any, not counted)."""
    created: str
    torn: bool
    journal_bytes: int
    """Length of the journal up to the end of its last good entry."""
    legacy: bool = False
    """A schema-1 save (no journal: the next save writes one)."""
    warnings: tuple[str, ...] = ()
    """What the players should know about the save (it opened all the same)."""
    journal_crc: int = 0
    """CRC-32 of the journal's first ``journal_bytes`` bytes."""
    snapshot_entries: int = 0
    """The journal entries the snapshot was written after (``journal_entries``)."""
    house_rules_changed: bool = False
    """The house-rules file is not as the snapshot recorded it."""
    replayed: bool = True
    """The whole journal was replayed at load; False: the game opened from its snapshot (its
    ``state_digest`` held), the events before it read when needed."""
    stale_digest: bool = False
    """The snapshot has no digest, or not this drumhead's: the next snapshot writes it."""


def load_save(path: str | Path, *, replay: bool = False) -> Loaded:
    """Read and validate a save; never writes. Errors name file, line, key path.

    ``replay``: replay the whole journal even when the snapshot's digest would let the game
    open from it (``drumhead check`` does)."""
    save = Path(path)
    try:
        with paused_gc():
            return _load(save, replay)
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


@contextmanager
def paused_gc() -> Iterator[None]:
    """No garbage collection while a save is read: it makes hundreds of thousands of objects
    that all live on, and the collector's passes over them were half the time of a load."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@dataclass
class _Header:
    """``[game]``: what the snapshot says about the game it holds."""

    name: str
    ruleset: str
    version: str
    turn: int
    phase: str
    events: int
    scenario: str | None
    created: str
    generation: int
    entries: int
    journal_bytes: int | None
    journal_crc: int | None
    house_digest: str | None
    state_digest: str | None


def _header(r: Reader, schema: int) -> _Header:
    g = r.table("game")
    later = [k for k in g.data if SINCE_SCHEMA.get(k, 0) > schema]
    if later:
        raise g.error(
            later[0],
            f"a schema-{schema} save has no '{later[0]}' (schema {SINCE_SCHEMA[later[0]]} and "
            f"later do): is 'schema = {schema}' right? A save is never read as an older "
            "schema than it is",
        )
    journal = schema >= 2
    crc = g.text("journal_crc") if schema >= 3 else None
    if crc is not None and (len(crc) != 8 or any(c not in "0123456789abcdef" for c in crc)):
        raise g.error("journal_crc", "expected eight hex digits")
    header = _Header(
        name=g.text("name", ""),
        ruleset=g.text("ruleset"),
        version=g.text("ruleset_version"),
        turn=g.integer("turn"),
        phase=g.text("phase", ""),
        events=g.integer("events", 0),
        scenario=g.text("scenario", None),
        created=g.text("created", ""),
        generation=g.integer("generation") if journal else 0,
        entries=g.integer("journal_entries") if journal else 0,
        journal_bytes=g.integer("journal_bytes") if schema >= 3 else None,
        journal_crc=int(crc, 16) if crc is not None else None,
        house_digest=g.text("house_rules_digest", None),
        state_digest=g.text("state_digest", None) if schema >= 4 else None,
    )
    for key, value in (("created", header.created), ("last_played", g.text("last_played", ""))):
        problem = time_problem(value) if value else None
        if problem is not None:
            raise g.error(key, problem)
    g.done()
    for key in ("generation", "journal_entries", "journal_bytes", "events"):
        value = {
            "generation": header.generation,
            "journal_entries": header.entries,
            "journal_bytes": header.journal_bytes,
            "events": header.events,
        }[key]
        if value is not None and value < 0:
            raise g.error(key, "cannot be negative")
    return header


def _load(save: Path, replay: bool) -> Loaded:
    name = str(save)
    try:
        raw = read_bytes(save, LIMITS["save"].size, LIMITS["save"].what)
    except RulesetError as exc:
        if exc.message == "file not found":
            raise SaveError("no such save", path=name) from None
        raise SaveError(exc.message.replace("the file", "the save"), path=name) from None
    text = decode(raw, save)
    try:
        data, text = parsed.parse(save, text)
    except RulesetError as exc:
        if exc.line is None:  # tomllib says "at end of document": the file was cut short
            raise SaveError(
                f"{exc.message} (at the end: the file is cut short?)",
                path=name,
                line=text.count("\n") + 1,
            ) from None
        raise
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
        raise r.error("schema", f"no save schema {schema} (schemas are 1 to {SCHEMA})")
    header = _header(r, schema)
    legacy_events: list[Any] | None = None
    if schema == 1:
        legacy = r.raw("events", [])
        if not isinstance(legacy, list):
            raise r.error("events", "expected a list of tables")
        legacy_events = legacy
    start = read_state(r.table("start"))
    saved_state = read_state(r.table("state")) if schema >= 2 or r.has("state") else None
    r.done()
    if start.ruleset != header.ruleset:
        raise r.error("start.ruleset", f"'{start.ruleset}' does not match game.ruleset")
    try:
        # the copy of the house rules the game started with; a save from before copies were
        # kept reads the file again
        house = start.house if start.house is not None else start.house_rules
        ruleset = game_ruleset(header.ruleset, sorted(start.options), house)
    except DrumheadError as exc:
        raise r.error("game.ruleset", f"cannot load the game's ruleset: {exc}") from None
    warnings = []
    if start.house is not None:
        status = file_status(start.house)
        if status is not None:
            warnings.append(status)
    changed = header.house_digest is not None and header.house_digest != ruleset.house_rules_digest
    if changed:
        warnings.append(
            f"the house rules ({start.house_rules}) have changed since this game was last "
            "saved: play goes on under the file as it is now"
        )
    if ruleset.version != header.version or start.ruleset_version != header.version:
        raise r.error(
            "game.ruleset_version",
            f"saved with {header.ruleset} version {header.version}; this drumhead has version "
            f"{ruleset.version}, whose rules may differ. Open it with the matching drumhead",
        )
    for index, unit in enumerate(start.units):
        where = Reader({}, file=name, key=f"start.units.{index}", text=text)
        check_unit(ruleset, unit, where, saved=True)
    game = Game(start, ruleset)
    torn = False
    journal_bytes = 0
    crc = 0
    if legacy_events is not None:
        # an event's line is found only when it is wrong: finding each one scans the text
        # (a 40-event save took half a second to open; a long one, minutes)
        entries: list[tuple[int | None, dict[str, Any], str]] = [
            (None, {"op": "event", "event": e}, f"events.{i}") for i, e in enumerate(legacy_events)
        ]
        source = name
        covered = len(entries)  # the snapshot's tables describe the game after every event
    else:
        journal = journal_file(save, header.generation)
        raw_journal = read_journal_bytes(journal)
        if not replay and saved_state is not None and _digest_holds(header, text, ruleset):
            opened = _from_snapshot(
                _Opening(header, start, saved_state, ruleset, text, name, str(journal)),
                raw_journal,
            )
            if opened is not None:
                opened.warnings = tuple(warnings)
                opened.house_rules_changed = changed
                return opened
        read = JournalRead(*parse_entries(raw_journal, 0, journal), raw_journal)
        torn = read.torn
        journal_bytes = read.good_bytes
        source = str(journal)
        entries = [(line, entry, f"entry {n}") for n, (line, entry) in enumerate(read.entries)]
        covered = header.entries
        if len(entries) < covered:
            raise SaveError(
                f"the journal has {len(entries)} entries but the snapshot counted "
                f"{covered}: events are missing",
                path=source,
                key=f"entry {len(entries)}",
            )
        crc = _check_prefix(read.raw, header, journal_bytes, source)
    at_snapshot: tuple[GameState, int] | None = None
    for index, (line, entry, key) in enumerate(entries):
        if index == covered:
            at_snapshot = (game.state, game.event_count)
        try:
            _apply_entry(game, entry)
        except DrumheadError as exc:
            message = exc.message if isinstance(exc, RulesetError) else str(exc)
            if line is None and legacy_events is not None:
                line = locate(text, key)
            raise SaveError(message, path=source, line=line, key=key) from None
    _check_result(game, ruleset, source)
    # the snapshot describes the game after its journal's first `covered` entries
    state, events = at_snapshot or (game.state, game.event_count)
    _SnapshotCheck(header, saved_state, text, name, source, covered).against(state, events)
    return Loaded(
        game,
        header.generation,
        len(entries),
        header.created,
        torn,
        journal_bytes,
        legacy_events is not None,
        tuple(warnings),
        crc,
        covered,
        changed,
        stale_digest=header.state_digest is None
        or not _digest_holds(header, text, ruleset)
        or saved_state is None,
    )


def _kept_state(text: str) -> tuple[int, GameState] | None:
    """The state kept beside this snapshot (:mod:`drumhead.saves.kept`), if any."""
    from drumhead.saves import kept

    body = snapshot_body(text)
    return kept.recall(body) if body is not None else None


def _digest_holds(h: _Header, text: str, ruleset: Ruleset) -> bool:
    """Whether the snapshot carries this drumhead's digest of it (see :mod:`.digest`)."""
    written = (h.generation, h.entries, h.journal_bytes, h.journal_crc)
    return digest_holds(text, h.state_digest, written, rules_fingerprint(ruleset))


@dataclass(frozen=True)
class _Opening:
    """What a load has read before the journal: the snapshot's parts and the ruleset."""

    header: _Header
    start: GameState
    saved: GameState
    ruleset: Ruleset
    text: str
    name: str
    source: str


def _from_snapshot(o: _Opening, raw: bytes) -> Loaded | None:
    """The game opened from its snapshot, whose digest holds: the journal's first entries are
    checked byte for byte against the snapshot's numbers and indexed, their events left to be
    read when needed; the entries after them are replayed as usual. None when the journal
    does not start as the snapshot says: the full replay then says exactly where it differs."""
    h = o.header
    size, covered, expected = h.journal_bytes, h.entries, h.journal_crc
    assert size is not None and expected is not None
    if (
        len(raw) < size
        or (size and raw[size - 1 : size] != b"\n")
        or zlib.crc32(memoryview(raw)[:size]) != expected
    ):
        return None
    index = JournalIndex(raw, covered, o.source)
    if not index.complete or index.starts[-1] != size:  # not the snapshot's ``covered`` lines
        return None
    tail, good, torn = parse_entries(raw, size, Path(o.source), covered + 1)
    check = _SnapshotCheck(h, o.saved, o.text, o.name, o.source, covered)
    events = len(index.log)
    check.against(o.saved, events)  # the header against the state
    past = JournalPast(
        index,
        o.start,
        o.saved,
        lambda state: check.against(state, events),
        kept=lambda: _kept_state(o.text),
    )
    if past.may_hold("revert"):
        # a revert rebuilds the game from the whole log before it: replayed in full, as
        # before snapshots were read (reverts are rare; the past's replay knows none)
        return None
    redo = [index.event(line, events + 1 + k) for k, line in enumerate(index.redo)]
    game = Game(o.start, o.ruleset, (), redo, past=past)
    for line, entry in tail:
        try:
            _apply_entry(game, entry)
        except DrumheadError as exc:
            message = exc.message if isinstance(exc, RulesetError) else str(exc)
            raise SaveError(message, path=o.source, line=line, key=f"entry {line - 1}") from None
    _check_result(game, o.ruleset, o.source)
    return Loaded(
        game,
        h.generation,
        covered + len(tail),
        h.created,
        torn,
        good,
        journal_crc=zlib.crc32(memoryview(raw)[size:good], expected),
        snapshot_entries=covered,
        replayed=False,
    )


def _check_result(game: Game, ruleset: Ruleset, source: str) -> None:
    """What the events made follows the same rules as a scenario: names, references."""
    for unit in game.state.units:
        check_unit(ruleset, unit, Reader({}, file=source, key=f"units.{unit.id}"), saved=True)
    check_references(game.state, Reader({}, file=source, key="after the journal"))


def _check_prefix(raw: bytes, header: _Header, good: int, source: str) -> int:
    """Check that the journal's first ``journal_entries`` entries are the bytes the snapshot
    was written after (schema 3); the CRC-32 of the whole good journal, for the writer."""
    view = memoryview(raw)
    if header.journal_bytes is None or header.journal_crc is None:
        return zlib.crc32(view[:good])
    size = header.journal_bytes
    if (
        size > good
        or raw.count(b"\n", 0, size) != header.entries
        or (size and raw[size - 1 : size] != b"\n")
    ):
        raise SaveError(
            f"the journal does not start with the {header.entries} entries "
            f"({size} bytes) the snapshot was written after: it was changed after the "
            "snapshot, or belongs to another save",
            path=source,
            key=_entries_key(header.entries),
        )
    crc = zlib.crc32(view[:size])
    if crc != header.journal_crc:
        raise SaveError(
            f"the journal's first {header.entries} entries are not the ones the snapshot was "
            "written after (their checksum differs from the snapshot's journal_crc): the "
            "journal was changed after the snapshot, or belongs to another save",
            path=source,
            key=_entries_key(header.entries),
        )
    return zlib.crc32(view[size:good], crc)


def _entries_key(count: int) -> str:
    return f"entries 0 to {count - 1}" if count else "entry 0"


class _SnapshotCheck:
    """The snapshot's ``[state]`` and ``[game]`` against the game its journal rebuilds, once,
    at the entry the snapshot was written after."""

    def __init__(
        self,
        header: _Header,
        saved: GameState | None,
        text: str,
        file: str,
        journal: str,
        entries: int,
    ) -> None:
        self.header = header
        self.saved = saved
        self.text = text
        self.file = file
        self.journal = journal
        self.entries = entries

    def _error(self, key: str, message: str) -> SaveError:
        return SaveError(message, path=self.file, key=key, line=locate(self.text, key))

    def against(self, state: GameState, events: int) -> None:
        rebuilt = (
            f"[start] and the first {self.entries} entries of {Path(self.journal).name}"
            if self.journal != self.file
            else f"[start] and the {self.entries} [[events]]"
        )
        if self.saved is not None and self.saved != state:
            where, said, made = _first_difference(
                state_to_dict(self.saved), state_to_dict(state), "state"
            )
            raise self._error(
                where,
                f"the snapshot's [state] says {said}, but {rebuilt} give {made}: [start] or "
                "[state] was changed by hand, or the journal is another save's",
            )
        h = self.header
        checks: tuple[tuple[str, object, object], ...] = (
            ("turn", h.turn, state.turn),
            ("phase", h.phase, state.phase),
            ("name", h.name, state.name),
            ("scenario", h.scenario, state.scenario),
            ("events", h.events, events),
        )
        for key, told, found in checks:
            if told != found:
                raise self._error(
                    f"game.{key}",
                    f"the header says {_show(told)}, but the game it describes ({rebuilt}) "
                    f"has {_show(found)}",
                )


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        return f"'{value}'"
    return str(value)


_ABSENT = object()


def _first_difference(a: Any, b: Any, path: str) -> tuple[str, str, str]:
    """The first key path where ``a`` and ``b`` differ, and each side's value there."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            x, y = a.get(key, _ABSENT), b.get(key, _ABSENT)
            if x != y:
                return _first_difference(x, y, f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}.{index}")
    return path, _value(a), _value(b)


def _value(value: Any) -> str:
    if value is _ABSENT:
        return "nothing"
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return f"{len(value)} entries"
    if isinstance(value, dict):
        return "a table"
    return _show(value) if not isinstance(value, list) else str(value)


# -- journal entries ----------------------------------------------------------------------------
def _apply_entry(game: Game, entry: dict[str, Any]) -> None:
    op = entry.get("op")
    if op == "event":
        raw = entry.get("event")
        if not isinstance(raw, dict):
            raise DrumheadError("event: expected a table")
        if entry.keys() != {"op", "event"}:
            extra = sorted(entry.keys() - {"op", "event"})
            raise DrumheadError(f"{extra[0]}: unknown key")
        _event_metadata(game, raw)
        game.add_event(
            Event(raw["seq"], raw["kind"], raw["data"], raw["turn"], raw["phase"], raw["at"]),
            record=False,
        )
        return
    if op not in ("undo", "redo", "jump"):
        raise DrumheadError(f"unknown journal entry '{op}'")
    extra = sorted(str(k) for k in entry.keys() - {"op", "seq"})
    if extra:
        raise DrumheadError(f"{op}: {extra[0]}: unknown key")
    seq = entry.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise DrumheadError(f"{op}: expected the event's seq")
    if op == "undo":
        last = game.last_event
        if last is None or last.seq != seq:
            raise DrumheadError(f"undo of event {seq}, which is not the last event")
        game.undo()
    elif op == "redo":
        if not game.redo_stack or game.redo_stack[0].seq != seq:
            raise DrumheadError(f"redo of event {seq}, which is not the next to redo")
        game.redo()
    else:
        game.jump_to(seq)


def _event_metadata(game: Game, raw: dict[str, Any]) -> None:
    """An event's keys, their types, and what it says of when it happened: its turn and phase
    are the game's when it was made (drumhead stamps them so), its time a date and time."""
    seq, turn, _kind, phase, at = check_event_shape(raw)
    state = game.state
    if turn != state.turn:
        raise DrumheadError(
            f"event.turn: event {seq} says turn {turn}, but it comes when the game is on turn "
            f"{state.turn}"
        )
    if phase != state.phase:
        raise DrumheadError(
            f"event.phase: event {seq} says phase '{phase}', but it comes when the game is in "
            f"phase '{state.phase}'"
        )
    check_event_time(at)
