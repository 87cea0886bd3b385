"""A save's parts must agree: the schema its keys belong to, the snapshot's [state] and
[game] header against what [start] and the journal rebuild (also after a crash, when the
journal runs past the snapshot), each event's turn, phase and time. A disagreement is refused
with the file and the place; nothing is rewritten; listings mark the save broken."""

from __future__ import annotations

import hashlib
import json
import random
import tomllib
import zlib
from pathlib import Path
from typing import Any

import gamegen
import pytest
import tomli_w

from drumhead.cli.main import main
from drumhead.game import Game
from drumhead.saves import SCHEMA, SaveError, SaveSession, list_saves, load_save, release_lock
from drumhead.saves.store import journal_file

AT = "2026-11-22T14:00:00Z"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


def _files(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def _crashed(path: Path, before: int = 12, after: int = 6, seed: int = 3) -> Game:
    """A save whose process died after autosaving ``after`` changes past the snapshot: the
    journal is longer than the snapshot says (the usual state after a crash)."""
    game = gamegen.random_game(seed, before)
    session = SaveSession.create(path, game)
    rng = random.Random(seed + 1)
    for i in range(after):
        gamegen.random_event(game, rng, 100 + i)
    session.autosave(game)
    release_lock(session.lock)  # the process is gone: no close, no snapshot
    return game


def _doc(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text())


def _write(path: Path, doc: dict[str, Any]) -> None:
    path.write_text(tomli_w.dumps(doc))


def _line(path: Path, error: SaveError) -> str:
    assert error.line is not None, error
    return path.read_text().splitlines()[error.line - 1]


def _entries(journal: Path) -> list[dict[str, Any]]:
    return [json.loads(line[9:]) for line in journal.read_bytes().splitlines()]


def _write_entries(journal: Path, entries: list[dict[str, Any]]) -> None:
    out = b""
    for entry in entries:
        body = json.dumps(entry, separators=(",", ":")).encode()
        out += b"%08x " % zlib.crc32(body) + body + b"\n"
    journal.write_bytes(out)


def test_a_crashed_save_loads_with_its_journal_tail(tmp_path: Path) -> None:
    path = tmp_path / "crashed.toml"
    game = _crashed(path)
    loaded = load_save(path)
    assert loaded.entries == loaded.snapshot_entries + 6
    assert (loaded.game.state, loaded.game.log) == (game.state, game.log)


# -- 5: schemas ------------------------------------------------------------------------------
def test_a_save_edited_to_an_older_schema_is_refused_and_never_rewritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """schema = 1 on a save that has a journal used to load as an empty game, pass
    ``drumhead check``, and be compacted (its events gone) when opened."""
    path = tmp_path / "edited.toml"
    SaveSession.create(path, gamegen.random_game(4, 30)).close()
    path.write_text(path.read_text().replace(f"schema = {SCHEMA}", "schema = 1", 1))
    files = _files(tmp_path)
    with pytest.raises(SaveError, match=r"schema-1 save has no 'generation'") as info:
        load_save(path)
    assert info.value.key == "game.generation"
    assert _line(path, info.value).startswith("generation")
    with pytest.raises(SaveError):
        SaveSession.open(path)
    assert _files(tmp_path) == files  # opening rewrote nothing (and let go of the lock)
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    assert "schema-1 save has no 'generation'" in capsys.readouterr().out
    assert _files(tmp_path) == files


def test_a_save_edited_to_schema_2_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    SaveSession.create(path, gamegen.random_game(4, 5)).close()
    path.write_text(path.read_text().replace(f"schema = {SCHEMA}", "schema = 2", 1))
    with pytest.raises(SaveError, match="schema-2 save has no 'journal_bytes'"):
        load_save(path)


@pytest.mark.parametrize(
    ("value", "message"),
    [("0", "no save schema 0"), ("-3", "no save schema -3"), ('"3"', "expected a whole number")],
)
def test_impossible_schemas_are_refused(tmp_path: Path, value: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    SaveSession.create(path, gamegen.start_game()).close()
    path.write_text(path.read_text().replace(f"schema = {SCHEMA}", f"schema = {value}", 1))
    with pytest.raises(SaveError, match=message) as info:
        load_save(path)
    assert info.value.key == "schema" and info.value.line == 1


def test_schema_2_saves_are_read_and_written_back_in_the_current_schema(tmp_path: Path) -> None:
    """Schema 2 had no journal_bytes and journal_crc (nor state_digest): read as it is (after a
    crash too), and written in the current schema from the next snapshot on."""
    path = tmp_path / "older.toml"
    game = _crashed(path)
    doc = _doc(path)
    doc["schema"] = 2
    del doc["game"]["journal_bytes"], doc["game"]["journal_crc"], doc["game"]["state_digest"]
    _write(path, doc)
    loaded = load_save(path)
    assert (loaded.game.state, loaded.game.log) == (game.state, game.log)
    session, again = SaveSession.open(path)
    again.note("after the upgrade", at=AT)
    session.close()
    assert _doc(path)["schema"] == SCHEMA == 4
    reloaded = load_save(path).game
    assert (reloaded.state, reloaded.log) == (again.state, again.log)


# -- 6: the snapshot against the journal --------------------------------------------------------
def _first_unit_key(doc: dict[str, Any], table: str) -> int:
    return next(i for i, u in enumerate(doc[table]["units"]) if u["strength_now"] > 1)


@pytest.mark.parametrize("table", ["state", "start"])
def test_an_edited_state_is_found_after_a_crash(tmp_path: Path, table: str) -> None:
    """The journal runs past the snapshot (a crash): [state] (or [start]) edited by hand is
    still compared with the replay at the snapshot's entry, and the place is named."""
    path = tmp_path / "edited.toml"
    _crashed(path)
    doc = _doc(path)
    index = _first_unit_key(doc, table)
    doc[table]["units"][index]["strength_now"] -= 1
    _write(path, doc)
    files = _files(tmp_path)
    with pytest.raises(SaveError) as info:
        load_save(path)
    error = info.value
    assert error.path == str(path)
    assert error.key.startswith("state.units.") and error.key.endswith("strength_now")
    assert _line(path, error).startswith("strength_now")
    assert "[start] or [state] was changed" in error.message
    assert _files(tmp_path) == files


@pytest.mark.parametrize(
    ("key", "value"),
    [("turn", 9), ("phase", "melee"), ("events", 3), ("name", "Another game")],
)
def test_an_edited_header_is_found(tmp_path: Path, key: str, value: object) -> None:
    path = tmp_path / "header.toml"
    _crashed(path)
    doc = _doc(path)
    doc["game"][key] = value
    _write(path, doc)
    with pytest.raises(SaveError, match="the header says") as info:
        load_save(path)
    assert info.value.key == f"game.{key}" and info.value.path == str(path)
    assert _line(path, info.value).startswith(key)


def test_a_journal_entry_edited_before_the_snapshot_is_found(tmp_path: Path) -> None:
    """An entry the snapshot was written after, edited and given a fresh checksum (a note's
    text: the state would not show it)."""
    path = tmp_path / "notes.toml"
    game = gamegen.start_game()
    for i in range(5):
        game.note(f"ruling {i}", at=AT)
    SaveSession.create(path, game).close()
    journal = journal_file(path, 0)
    entries = _entries(journal)
    entries[2]["event"]["data"]["text"] = "ruling 7"  # as long as it was: only the CRC tells
    _write_entries(journal, entries)
    with pytest.raises(SaveError, match="the snapshot was written after") as info:
        load_save(path)
    assert info.value.path == str(journal)


def test_a_journal_shorter_than_the_snapshot_is_found(tmp_path: Path) -> None:
    path = tmp_path / "short.toml"
    SaveSession.create(path, gamegen.random_game(5, 10)).close()
    journal = journal_file(path, 0)
    journal.write_bytes(b"".join(journal.read_bytes().splitlines(keepends=True)[:-2]))
    with pytest.raises(SaveError, match="events are missing") as info:
        load_save(path)
    assert info.value.path == str(journal)
    [listed] = list_saves(tmp_path)
    assert listed.problem is not None and "shorter than the snapshot says" in listed.problem


def test_another_saves_journal_is_found(tmp_path: Path) -> None:
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    SaveSession.create(one, gamegen.random_game(6, 10)).close()
    SaveSession.create(two, gamegen.random_game(7, 10)).close()
    journal_file(one, 0).write_bytes(journal_file(two, 0).read_bytes())
    with pytest.raises(SaveError, match="another save") as info:
        load_save(one)
    assert info.value.path == str(journal_file(one, 0))


# -- 7: event metadata ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("turn", 7, "says turn 7, but it comes when the game is on turn"),
        ("phase", "melee", "says phase 'melee', but it comes when the game is in phase"),
        ("at", "yesterday", "'yesterday' is not a date and time"),
        ("at", "", "'' is not a date and time"),
    ],
)
def test_event_metadata_is_validated(tmp_path: Path, key: str, value: object, message: str) -> None:
    path = tmp_path / "meta.toml"
    _crashed(path)
    journal = journal_file(path, 0)
    entries = _entries(journal)
    target = next(i for i in range(len(entries) - 1, -1, -1) if entries[i]["op"] == "event")
    entries[target]["event"][key] = value
    _write_entries(journal, entries)
    with pytest.raises(SaveError, match=message) as info:
        load_save(path)
    assert info.value.path == str(journal) and info.value.line == target + 1
    assert info.value.key == f"entry {target}"
    assert f"event.{key}" in info.value.message


def test_unknown_keys_in_a_journal_entry_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "extra.toml"
    _crashed(path)
    journal = journal_file(path, 0)
    entries = _entries(journal)
    entries[-1]["comment"] = "added by hand"
    _write_entries(journal, entries)
    with pytest.raises(SaveError, match="comment: unknown key") as info:
        load_save(path)
    assert info.value.line == len(entries)


# -- listings mark broken saves -------------------------------------------------------------------
def test_drumhead_saves_marks_broken_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saves"
    monkeypatch.setenv("DRUMHEAD_SAVES", str(folder))
    SaveSession.create(folder / "good.toml", gamegen.start_game()).close()
    SaveSession.create(folder / "lost journal.toml", gamegen.random_game(2, 4)).close()
    journal_file(folder / "lost journal.toml", 0).unlink()
    (folder / "garbled.toml").write_bytes(b"schema = 3\n[game\x00\xff")
    (folder / "house-rules.toml").write_text('ruleset = "test-land"\n')  # not a save
    capsys.readouterr()
    assert main(["saves", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert sorted(rows) == ["garbled", "good", "lost journal"]
    assert rows["good"]["problem"] is None
    assert "lost journal.0.journal is missing" in rows["lost journal"]["problem"]
    assert rows["garbled"]["problem"]
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert out.count("BROKEN") == 2 and "drumhead check" in out
