"""Saves: round trips, autosave journal, crashes mid-write, locks, schemas, hostile names."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
import tomllib
import zlib
from pathlib import Path

import gamegen
import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drumhead.errors import DrumheadError
from drumhead.saves import (
    SCHEMA,
    SaveError,
    SaveLockedError,
    SaveSession,
    list_saves,
    load_save,
    save_path,
    saves_dir,
)
from drumhead.saves.files import release_lock
from drumhead.saves.store import journal_file

AT = "2026-11-22T14:00:00Z"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


def _files(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def _reseal(path: Path) -> None:
    """Make the snapshot cover its journal as it now is (as if the journal had been edited
    before the snapshot was written), so that a test reaches the replay's own checks."""
    doc = tomllib.loads(path.read_text())
    raw = journal_file(path, doc["game"]["generation"]).read_bytes()
    doc["game"]["journal_bytes"] = len(raw)
    doc["game"]["journal_crc"] = f"{zlib.crc32(raw):08x}"
    path.write_text(tomli_w.dumps(doc))


def _same(a, b) -> None:  # type: ignore[no-untyped-def]
    assert a.start == b.start
    assert a.state == b.state
    assert a.log == b.log
    assert a.redo_stack == b.redo_stack


# -- names and folders -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name", ["../escape", "a/b", "/etc/passwd", ".hidden", "", "..", " lead", "x" * 81, "a\\b"]
)
def test_save_names_cannot_escape_the_folder(tmp_path: Path, name: str) -> None:
    with pytest.raises(DrumheadError):
        save_path(tmp_path, name)


def test_save_names(tmp_path: Path) -> None:
    assert save_path(tmp_path, "Cowpens 1781") == tmp_path / "Cowpens 1781.toml"
    assert save_path(tmp_path, "Cowpens 1781.toml") == tmp_path / "Cowpens 1781.toml"


def test_saves_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DRUMHEAD_SAVES", raising=False)
    assert saves_dir() == Path("saves")
    monkeypatch.setenv("DRUMHEAD_SAVES", "/tmp/elsewhere")
    assert saves_dir() == Path("/tmp/elsewhere")
    assert saves_dir("mine") == Path("mine")


# -- round trips -------------------------------------------------------------------------------
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32 - 1), events=st.integers(0, 80), undo=st.integers(0, 5))
def test_save_then_load_is_identity(tmp_path: Path, seed: int, events: int, undo: int) -> None:
    game = gamegen.random_game(seed, events)
    for _ in range(undo):
        game.undo()
    path = tmp_path / f"g{seed}-{events}-{undo}.toml"
    for stale in tmp_path.glob(f"{path.stem}*"):
        stale.unlink()
    SaveSession.create(path, game).close()
    _same(load_save(path).game, game)


def test_autosave_appends_and_reopens(tmp_path: Path) -> None:
    import random

    game = gamegen.start_game(seed=3)
    path = save_path(tmp_path, "evening")
    session = SaveSession.create(path, game)
    rng = random.Random(3)
    for i in range(60):
        gamegen.random_event(game, rng, i)
        session.autosave(game)
        if i % 17 == 0:
            game.undo()
            session.autosave(game)
    game.jump_to(10)
    session.autosave(game)
    journal = journal_file(path, 0)
    size = journal.stat().st_size
    gamegen.random_event(game, rng, 99)
    session.autosave(game)
    assert journal.stat().st_size > size  # appended, not rewritten
    session.close()  # the game last autosaved: its snapshot is brought up to date
    session2, again = SaveSession.open(path)
    _same(again, game)
    session2.close()
    info = list_saves(tmp_path)[0]
    assert (info.name, info.ruleset, info.turn) == ("evening", "test-land", game.state.turn)
    assert info.last_played == game.log[-1].at


def test_full_save_keeps_three_backups(tmp_path: Path) -> None:
    game = gamegen.random_game(4, 20)
    path = save_path(tmp_path, "backed up")
    session = SaveSession.create(path, game)
    for i in range(5):
        game.note(f"save {i}", at=AT)
        session.save(game)
    session.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert [n for n in names if n.startswith("backed up.toml.")] == [
        "backed up.toml.1",
        "backed up.toml.2",
        "backed up.toml.3",
    ]
    # each backup is a loadable earlier version
    for n in (1, 2, 3):
        copy = tmp_path / f"restored{n}.toml"
        copy.write_bytes((tmp_path / f"backed up.toml.{n}").read_bytes())
        gen = tomllib.loads(copy.read_text())["game"]["generation"]
        (tmp_path / f"restored{n}.{gen}.journal").write_bytes(journal_file(path, gen).read_bytes())
        assert len(load_save(copy).game.log) == 20 + 5 - n


# -- crashes -----------------------------------------------------------------------------------
@pytest.mark.parametrize("fail_on", [1, 2, 3, 4])
def test_a_crash_mid_save_leaves_the_previous_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_on: int
) -> None:
    game = gamegen.random_game(5, 30)
    path = save_path(tmp_path, "crashy")
    session = SaveSession.create(path, game)
    session.save(game)
    session.save(game)  # backups .1 and .2 exist: the next save rotates them
    before = load_save(path).game
    game.note("this change is being saved when the power fails", at=AT)
    real = os.replace
    calls = {"n": 0}

    def crash(src: str, dst: str) -> None:
        calls["n"] += 1
        if calls["n"] == fail_on:
            raise OSError(5, "simulated crash")
        real(src, dst)

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(SaveError):
        session.save(game)
    monkeypatch.setattr(os, "replace", real)
    # what is on disk is the previous save, whole
    _same(load_save(path).game, before)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # and the session carries on from it: closing writes the change that failed
    session.close()
    _same(load_save(path).game, game)


def test_a_torn_journal_entry_is_dropped_on_open(tmp_path: Path) -> None:
    path = save_path(tmp_path, "torn")
    SaveSession.create(path, gamegen.random_game(6, 30)).close()
    session, game = SaveSession.open(path)
    game.note("last words", at=AT)
    session.autosave(game)  # appended to the journal; the snapshot still counts 30 events
    # the machine dies while the entry is being written: only part of it reached the disk
    journal = journal_file(path, 0)
    journal.write_bytes(journal.read_bytes()[:-20])
    release_lock(session.lock)
    files = _files(tmp_path)
    loaded = load_save(path)  # reading alone never writes
    assert loaded.torn and len(loaded.game.log) == 30
    assert _files(tmp_path) == files
    session2, again = SaveSession.open(path)
    assert session2.warnings and len(again.log) == 30
    session2.close()
    assert not load_save(path).torn


def test_a_damaged_entry_before_the_end_is_refused(tmp_path: Path) -> None:
    game = gamegen.random_game(6, 10)
    path = save_path(tmp_path, "damaged")
    SaveSession.create(path, game).close()
    journal = journal_file(path, 0)
    lines = journal.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"seq":4', b'"seq":5')
    journal.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.line == 4 and "checksum" in info.value.message
    assert info.value.path == str(journal)


# -- locks -------------------------------------------------------------------------------------
def test_a_second_opener_is_refused(tmp_path: Path) -> None:
    path = save_path(tmp_path, "busy")
    SaveSession.create(path, gamegen.start_game()).close()
    first, _ = SaveSession.open(path)
    with pytest.raises(SaveLockedError) as info:
        SaveSession.open(path)
    assert str(os.getpid()) in str(info.value) and socket.gethostname() in str(info.value)
    first.close()
    second, _ = SaveSession.open(path)
    second.close()


def test_another_process_is_refused_while_the_save_is_open(tmp_path: Path) -> None:
    from drumhead.game import load_scenario, new_game

    scenario = load_scenario(
        Path(__file__).resolve().parents[1] / "data" / "oibl-test-scenario.toml"
    )
    path = save_path(tmp_path, "cowpens")
    session = SaveSession.create(path, new_game("one-if-by-land", scenario=scenario, seed=1))
    code = (
        "import sys\n"
        "from drumhead.saves import SaveSession, SaveLockedError\n"
        "try:\n"
        f"    SaveSession.open({str(path)!r})\n"
        "except SaveLockedError as exc:\n"
        "    print(exc); sys.exit(3)\n"
    )
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert other.returncode == 3, other.stderr
    assert f"process {os.getpid()} on {socket.gethostname()}" in other.stdout
    session.close()
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert other.returncode == 0, other.stderr


def test_a_stale_lock_is_recovered(tmp_path: Path) -> None:
    path = save_path(tmp_path, "stale")
    SaveSession.create(path, gamegen.start_game()).close()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    lock = tmp_path / "stale.lock"
    lock.write_text(
        json.dumps({"pid": int(dead.stdout), "host": socket.gethostname(), "since": AT})
    )
    # the listing does not call it open elsewhere (so the app resumes it after a crash)
    assert [s.locked for s in list_saves(tmp_path)] == [False]
    session, _ = SaveSession.open(path)
    assert [s.locked for s in list_saves(tmp_path)] == [True]  # held by a live process
    session.close()
    assert not lock.exists()


def test_a_lock_from_another_machine_is_respected(tmp_path: Path) -> None:
    path = save_path(tmp_path, "shared")
    SaveSession.create(path, gamegen.start_game()).close()
    (tmp_path / "shared.lock").write_text(
        json.dumps({"pid": 1, "host": "club-laptop", "since": AT})
    )
    assert [s.locked for s in list_saves(tmp_path)] == [True]
    with pytest.raises(SaveLockedError, match="club-laptop"):
        SaveSession.open(path)


# -- schemas and validation ----------------------------------------------------------------------
def _snapshot(path: Path) -> dict:  # type: ignore[type-arg]
    return tomllib.loads(path.read_text())


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = save_path(tmp_path, "future")
    SaveSession.create(path, gamegen.start_game()).close()
    doc = _snapshot(path)
    doc["schema"] = SCHEMA + 1
    path.write_text(tomli_w.dumps(doc))
    with pytest.raises(SaveError, match="newer drumhead") as info:
        load_save(path)
    assert info.value.key == "schema"


def test_schema_1_single_file_saves_migrate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = gamegen.random_game(8, 40)
    path = save_path(tmp_path, "old")
    SaveSession.create(path, game).close()
    doc = _snapshot(path)
    doc["schema"] = 1
    for key in ("generation", "journal_entries", "journal_bytes", "journal_crc", "state_digest"):
        del doc["game"][key]
    doc["events"] = [e.to_dict() for e in game.log]
    for p in tmp_path.iterdir():
        p.unlink()
    path.write_text(tomli_w.dumps(doc))
    import drumhead.saves.loading as loading

    scans: list[str] = []
    real_locate = loading.locate
    with monkeypatch.context() as patch:
        patch.setattr(
            loading, "locate", lambda text, key: scans.append(key) or real_locate(text, key)
        )
        _same(load_save(path).game, game)
    # each event's line was found by scanning the text, on every opening: quadratic (a
    # 40-event save took half a second); now only a wrong event's line is looked for
    assert scans == []
    # a bad event in a schema-1 file is named by its line
    broken = tmp_path / "broken.toml"
    doc["events"][3]["data"]["ghost"] = "boo"
    broken.write_text(tomli_w.dumps(doc))
    with pytest.raises(SaveError, match=r"data\.ghost: unknown key") as info:
        load_save(broken)
    assert info.value.key == "events.3"
    assert broken.read_text().splitlines()[info.value.line - 1] == "[[events]]"
    broken.unlink()
    session, _ = SaveSession.open(path)  # opening writes the current schema
    session.close()
    assert _snapshot(path)["schema"] == SCHEMA
    _same(load_save(path).game, game)


def test_a_ruleset_version_mismatch_is_refused(tmp_path: Path) -> None:
    path = save_path(tmp_path, "versioned")
    SaveSession.create(path, gamegen.start_game()).close()
    text = path.read_text().replace('ruleset_version = "0.1.0"', 'ruleset_version = "0.0.9"')
    path.write_text(text)
    with pytest.raises(SaveError, match=r"version 0\.0\.9") as info:
        load_save(path)
    assert info.value.key == "game.ruleset_version" and info.value.line is not None


def test_dangling_references_in_the_journal(tmp_path: Path) -> None:
    game = gamegen.start_game()
    game.edit_unit("legion_foot", "hits", 1, at=AT)
    path = save_path(tmp_path, "dangling")
    SaveSession.create(path, game).close()
    journal = journal_file(path, 0)
    entry = json.loads(journal.read_bytes()[9:])
    entry["event"]["data"]["id"] = "ghost_regiment"
    body = json.dumps(entry).encode()
    journal.write_bytes(b"%08x " % zlib.crc32(body) + body + b"\n")
    _reseal(path)
    files = _files(tmp_path)
    with pytest.raises(SaveError, match="ghost_regiment") as info:
        load_save(path)
    assert info.value.line == 1 and info.value.path == str(journal)
    assert _files(tmp_path) == files


def test_unknown_keys_in_the_snapshot_name_the_line(tmp_path: Path) -> None:
    path = save_path(tmp_path, "extra")
    SaveSession.create(path, gamegen.start_game()).close()
    text = path.read_text().replace(
        '[[start.units]]\nid = "sc_militia"', '[[start.units]]\nid = "sc_militia"\nmorale = 3', 1
    )
    path.write_text(text)
    with pytest.raises(SaveError, match="unknown key 'morale'") as info:
        load_save(path)
    assert info.value.key == "start.units.1.morale"
    assert text.splitlines()[info.value.line - 1] == "morale = 3"


def test_a_dangling_leader_in_the_snapshot(tmp_path: Path) -> None:
    path = save_path(tmp_path, "dangling2")
    SaveSession.create(path, gamegen.start_game()).close()
    text = path.read_text().replace('attached_to = "md_continentals"', 'attached_to = "nobody"', 1)
    path.write_text(text)
    with pytest.raises(SaveError, match="no unit 'nobody'") as info:
        load_save(path)
    assert info.value.key == "start.leaders.0.attached_to"


def test_every_roll_is_in_the_save(tmp_path: Path) -> None:
    game = gamegen.random_game(9, 60)
    path = save_path(tmp_path, "audit")
    SaveSession.create(path, game).close()
    loaded = load_save(path).game
    rolls = [e for e in loaded.log if e.kind == "resolution"]
    assert rolls
    for event in rolls:
        assert "seed" in event.data or "hand" in event.data
        record = event.data["resolution"]
        assert record["dice"] and record["odds"]
        assert all("p" in o and "percent" in o for o in record["odds"])


def test_units_added_by_the_journal_follow_the_ruleset(tmp_path: Path) -> None:
    from drumhead.game import Unit

    game = gamegen.start_game()
    game.add_unit(Unit("dragon", "A dragon", "british", "legion", "infantry", 5, 5, ""), at=AT)
    path = save_path(tmp_path, "dragons")
    SaveSession.create(path, game).close()
    journal = journal_file(path, 0)
    entry = json.loads(journal.read_bytes()[9:])
    entry["event"]["data"]["unit"]["type"] = "dragon"
    body = json.dumps(entry).encode()
    journal.write_bytes(b"%08x " % zlib.crc32(body) + body + b"\n")
    _reseal(path)
    with pytest.raises(SaveError, match="no unit type 'dragon'") as info:
        load_save(path)
    # refused at the entry that adds it, as the Game API refuses such a unit
    assert (info.value.key, info.value.line) == ("entry 0", 1)
    assert "data.unit: unit dragon.type" in info.value.message


def test_a_folder_that_refuses_writes_gets_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def refuse(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if str(path).startswith(str(tmp_path)):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(SaveError, match="cannot lock the save: the saves folder is read-only"):
        SaveSession.create(tmp_path / "x.toml", gamegen.start_game())
    monkeypatch.undo()
    game = gamegen.start_game()
    session = SaveSession.create(tmp_path / "x.toml", game)
    session.save(game)  # a new generation: its journal is opened at the first autosave
    game.note("x", at=AT)
    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(SaveError, match="could not save: the saves folder is read-only"):
        session.autosave(game)
    monkeypatch.undo()
    session.close()


def test_an_edit_to_a_side_that_does_not_exist_is_refused_on_load(tmp_path: Path) -> None:
    game = gamegen.start_game()
    game.edit_unit("legion_foot", "side", "american", at=AT)
    path = save_path(tmp_path, "turncoats")
    SaveSession.create(path, game).close()
    journal = journal_file(path, 0)
    entry = json.loads(journal.read_bytes()[9:])
    entry["event"]["data"]["new"] = "french"
    body = json.dumps(entry).encode()
    journal.write_bytes(b"%08x " % zlib.crc32(body) + body + b"\n")
    _reseal(path)
    with pytest.raises(SaveError, match="no side 'french'"):
        load_save(path)


def test_a_game_with_house_rules_and_options_round_trips(tmp_path: Path) -> None:
    from drumhead.game import load_scenario, new_game

    house = (
        Path(__file__).resolve().parents[2]
        / "data"
        / "house-rules"
        / "republique-sample-club-values.toml"
    )
    scenario = load_scenario("aspern-1809")
    game = new_game("republique", scenario=scenario, house_rules=str(house), seed=9)
    path = save_path(tmp_path, "aspern")
    SaveSession.create(path, game).close()
    loaded = load_save(path).game
    assert loaded.state.house_rules == str(house)
    assert loaded.ruleset.house_rules == str(house)
    assert loaded.ruleset.active_options == game.ruleset.active_options
    _same(loaded, game)


def test_a_changed_house_rules_file_is_reported_on_resume(tmp_path: Path) -> None:
    from drumhead.game import load_scenario, new_game

    example = (
        Path(__file__).resolve().parents[2]
        / "data"
        / "house-rules"
        / "republique-sample-club-values.toml"
    )
    house = tmp_path / "house.toml"
    house.write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    game = new_game("republique", scenario=load_scenario("aspern-1809"), house_rules=str(house))
    path = save_path(tmp_path, "aspern")
    SaveSession.create(path, game).close()
    assert load_save(path).warnings == ()
    session, _ = SaveSession.open(path)
    assert session.warnings == []
    session.close()

    # a comment changes no value: nothing to tell
    house.write_text(house.read_text(encoding="utf-8") + "\n# a comment added\n", "utf-8")
    assert load_save(path).warnings == ()
    # a value changed: told, and the game goes on with the copy it started with
    changed = house.read_text(encoding="utf-8").replace(
        "troop_grade_elite = 2", "troop_grade_elite = 3"
    )
    house.write_text(changed, "utf-8")
    assert [w for w in load_save(path).warnings if house.name in w and "changed" in w]
    session, resumed = SaveSession.open(path)
    assert len(session.warnings) == 1
    assert "goes on with the values it started with" in session.warnings[0]
    assert resumed.ruleset.house_rules_digest == game.ruleset.house_rules_digest
    assert resumed.ruleset.gap("troop_grade_elite").value == 2  # type: ignore[union-attr]
    session.close()


def test_hits_marked_on_a_unit_survive_a_save(tmp_path: Path) -> None:
    from drumhead.game import load_scenario, new_game

    game = new_game("rank-and-file", scenario=load_scenario("rnf-wave-attack"), seed=3)
    unit = game.state.units[0]
    game.edit_unit(unit.id, "hits_per_stand", 3, at=AT)
    game.apply_effects(unit.id, [{"kind": "hits", "text": "fire", "amount": 5}], at=AT)
    path = save_path(tmp_path, "hits")
    SaveSession.create(path, game).close()
    loaded = load_save(path).game
    assert loaded.state == game.state
    assert (loaded.state.unit(unit.id).hits, loaded.state.unit(unit.id).strength_lost) == (2, 1)


def test_without_flock_the_lock_file_is_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the system has no flock (Windows), the lock file made with os.link is the lock:
    a second opener is refused, a lock left by a process that is gone is taken over."""
    monkeypatch.setattr("drumhead.saves.files._fcntl", None)
    path = save_path(tmp_path, "plain")
    SaveSession.create(path, gamegen.start_game()).close()
    first, _ = SaveSession.open(path)
    with pytest.raises(SaveLockedError, match=str(os.getpid())):
        SaveSession.open(path)
    first.close()
    assert not (tmp_path / "plain.lock").exists()
    (tmp_path / "plain.lock").write_text(
        json.dumps({"pid": 2**22 + 7, "host": socket.gethostname(), "since": AT})
    )
    second, _ = SaveSession.open(path)
    second.close()
