"""Faults while a game is open: autosaves racing new events, a full disk, a read-only or
deleted folder, a replaced file. Nothing in memory is lost, no failure is reported as a
success, and every failure is a SaveWriteError whose reason a player understands."""

from __future__ import annotations

import errno
import os
import random
import shutil
import threading
import time
from pathlib import Path

import faultfs
import gamegen
import pytest

from drumhead.game import Game
from drumhead.saves import SaveError, SaveSession, SaveWriteError, load_save
from drumhead.saves.store import journal_file

AT = "2026-11-22T14:00:00Z"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


def _same(loaded: Game, game: Game) -> bool:
    return (loaded.start, loaded.state, loaded.log, loaded.redo_stack) == (
        game.start,
        game.state,
        game.log,
        game.redo_stack,
    )


def _changes(game: Game, rng: random.Random, n: int, first: int = 0) -> None:
    for i in range(first, first + n):
        if rng.random() < 0.1 and game.can_undo:
            game.undo()
        else:
            gamegen.random_event(game, rng, i)


# -- 1: autosave racing the events it saves --------------------------------------------------
@pytest.mark.slow
def test_autosaves_racing_new_events_never_write_a_wrong_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """200 games: the app's way of saving, a change every fraction of a millisecond, each
    followed by an autosave on another thread, whose writes take a moment (its fsync: 0.3 ms,
    while the changes go on); every save then loads to exactly the game. (Durability is the
    kill -9 test's business: here fsync only takes time, so the trials are quick.)"""
    main = threading.main_thread()

    def fsync(fd: int) -> None:
        if threading.current_thread() is not main:
            time.sleep(0.0003)

    monkeypatch.setattr(os, "fsync", fsync)
    trials = 200
    wrong: list[str] = []
    base = gamegen.start_game(seed=1)
    for trial in range(trials):
        game = Game(base.start, base.ruleset)
        path = tmp_path / f"race{trial}.toml"
        session = SaveSession.create(path, game)
        changed = threading.Semaphore(0)
        errors: list[BaseException] = []

        def saver(
            session: SaveSession = session,
            changed: threading.Semaphore = changed,
            errors: list[BaseException] = errors,
        ) -> None:
            try:
                while changed.acquire() and session.entries >= 0:
                    session.autosave(game)  # noqa: B023
            except SaveError as exc:  # closed: the game is over
                if "closed" not in str(exc):
                    errors.append(exc)

        thread = threading.Thread(target=saver, daemon=True)
        thread.start()
        rng = random.Random(trial)
        for i in range(12):
            _changes(game, rng, 1, i)
            changed.release()  # as the app starts an autosave worker after each change
            time.sleep(0.0002)
        session.close()
        changed.release()
        thread.join()
        try:
            ok = not errors and _same(load_save(path).game, game)
        except SaveError as exc:
            ok, errors = False, [exc]
        if not ok:
            wrong.append(f"trial {trial}: {errors[:1]}")
    assert wrong == [], f"{len(wrong)} of {trials} wrong: {wrong[:3]}"


# -- 2: a full disk ----------------------------------------------------------------------------
@pytest.mark.parametrize("space", [0, 1, 40, 700])
def test_a_full_disk_leaves_the_journal_as_it_was_and_the_retry_writes_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, space: int
) -> None:
    """A write that runs out of room after ``space`` bytes is cut back to the last whole entry;
    the changes stay in memory and the next autosave with room writes each of them once."""
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    game = gamegen.start_game(seed=2)
    path = tmp_path / "full.toml"
    session = SaveSession.create(path, game)
    rng = random.Random(2)
    _changes(game, rng, 5)
    session.autosave(game)
    journal = journal_file(path, 0)
    before = journal.read_bytes()
    saved = (game.start, game.state, game.log, game.redo_stack)
    with disk.full(space):
        for i in range(3):
            _changes(game, rng, 2, 10 + 2 * i)
            with pytest.raises(SaveWriteError) as info:
                session.autosave(game)
            assert info.value.reason == "the disk is full"
            assert journal.read_bytes() == before  # as it was: no half entry, no duplicate
            loaded = load_save(path).game
            assert (loaded.start, loaded.state, loaded.log, loaded.redo_stack) == saved
    assert disk.failures >= 3
    assert session.health.problem == "the disk is full" and session.health.unsaved == 6
    session.autosave(game)  # room again: everything pending, once
    assert session.health.problem is None and session.health.unsaved == 0
    assert _same(load_save(path).game, game)
    assert load_save(path).entries == len(journal.read_bytes().splitlines())
    session.close()
    assert _same(load_save(path).game, game)


def test_a_full_disk_during_the_snapshot_rewrite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot rewritten every 200 entries (or at close) finds no room: the old snapshot
    stays, the error says so, and close retries it."""
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    game = gamegen.start_game(seed=3)
    path = tmp_path / "snap.toml"
    session = SaveSession.create(path, game)
    rng = random.Random(3)
    _changes(game, rng, 5)
    session.autosave(game)
    snapshot = path.read_bytes()
    with disk.full(0), pytest.raises(SaveWriteError, match="disk is full"):
        session.close()
    assert path.read_bytes() == snapshot
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    _changes(game, rng, 3, 50)
    session.close()  # the session stayed open: this close writes everything
    assert _same(load_save(path).game, game)


# -- 3: every failure is a SaveWriteError with a reason ------------------------------------------
FAULTS = {
    "full": ("full", errno.ENOSPC, "the disk is full"),
    "read-only": ("read_only", errno.EROFS, "the saves folder is read-only"),
    "refused": ("read_only", errno.EACCES, "the saves folder is read-only"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("operation", ["autosave", "save", "close"])
def test_every_write_failure_is_a_save_error_a_player_understands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: str, operation: str
) -> None:
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    mode, code, reason = FAULTS[fault]
    game = gamegen.start_game(seed=5)
    path = tmp_path / "faulty.toml"
    session = SaveSession.create(path, game)
    assert session.health.problem is None and session.health.last_saved is not None
    last = session.health.last_saved
    rng = random.Random(5)
    _changes(game, rng, 4)
    window = disk.full(0) if mode == "full" else disk.read_only(code)
    with window, pytest.raises(SaveWriteError) as info:
        getattr(session, operation)(game)
    assert info.value.reason == reason
    assert reason in str(info.value) and str(path.parent) in str(info.value)
    assert session.health.problem == reason and session.health.last_saved == last
    _changes(game, rng, 2, 20)  # play goes on; all of it is kept
    session.autosave(game)
    assert session.health.problem is None
    assert session.health.last_saved is not None and session.health.last_saved >= last
    session.close()
    assert _same(load_save(path).game, game)


def test_close_on_a_read_only_folder_gives_the_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closing (which writes the snapshot and releases the lock) in a folder that became
    read-only: a SaveWriteError, not a raw PermissionError; the save stays open and held."""
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    game = gamegen.start_game(seed=6)
    path = tmp_path / "ro.toml"
    session = SaveSession.create(path, game)
    game.note("a change to save", at=AT)
    with disk.read_only(errno.EACCES), pytest.raises(SaveWriteError, match="read-only"):
        session.close()
    with pytest.raises(SaveError, match="open in another"):
        SaveSession.open(path)  # still held: nobody else can take it meanwhile
    session.close()
    assert _same(load_save(path).game, game)
    SaveSession.open(path)[0].close()


# -- 4: the saves folder deleted or renamed, a file replaced -------------------------------------
def test_a_deleted_saves_folder_is_noticed_and_not_recreated(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    game = gamegen.start_game(seed=7)
    session = SaveSession.create(folder / "gone.toml", game)
    rng = random.Random(7)
    _changes(game, rng, 3)
    session.autosave(game)
    shutil.rmtree(folder)
    _changes(game, rng, 2, 10)
    for operation in ("autosave", "close", "save"):
        with pytest.raises(SaveWriteError) as info:
            getattr(session, operation)(game)
        assert info.value.reason == "the saves folder is missing (deleted or renamed?)"
        assert not folder.exists()  # never written into a folder made up again
    # save as... puts the whole game elsewhere, and play goes on there
    elsewhere = tmp_path / "usb" / "rescued.toml"
    elsewhere.parent.mkdir()
    session.save_as(elsewhere)
    assert session.path == elsewhere and session.health.problem is None
    _changes(game, rng, 2, 20)
    session.autosave(game)
    session.close()
    assert _same(load_save(elsewhere).game, game)
    assert not (elsewhere.parent / "rescued.lock").exists()


def test_a_renamed_saves_folder_is_noticed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    game = gamegen.start_game(seed=8)
    session = SaveSession.create(folder / "moved.toml", game)
    rng = random.Random(8)
    _changes(game, rng, 3)
    session.autosave(game)
    kept = (game.start, game.state, game.log, game.redo_stack)
    folder.rename(tmp_path / "archive")
    _changes(game, rng, 2, 10)
    with pytest.raises(SaveWriteError, match="missing"):
        session.autosave(game)
    moved = load_save(tmp_path / "archive" / "moved.toml").game
    assert (moved.start, moved.state, moved.log, moved.redo_stack) == kept
    session.release()  # give up on saving: the lock goes, the files stay as they were


@pytest.mark.parametrize("which", ["journal", "snapshot"])
def test_a_replaced_save_file_is_noticed(tmp_path: Path, which: str) -> None:
    """Another program put a different file where the save's file was (a restore from a
    backup, a sync tool): drumhead does not write over it."""
    game = gamegen.start_game(seed=9)
    path = tmp_path / "swapped.toml"
    session = SaveSession.create(path, game)
    rng = random.Random(9)
    _changes(game, rng, 3)
    session.autosave(game)
    target = journal_file(path, 0) if which == "journal" else path
    data = target.read_bytes()
    target.unlink()
    target.write_bytes(data)  # same bytes, another file
    _changes(game, rng, 2, 10)
    with pytest.raises(SaveWriteError) as info:
        session.close()
    assert info.value.reason == "the save's files were replaced or moved by another program"
    assert target.read_bytes() == data
    session.release()


def test_save_as_refuses_an_existing_save_and_keeps_going_here(tmp_path: Path) -> None:
    game = gamegen.start_game(seed=10)
    path = tmp_path / "here.toml"
    other = tmp_path / "there.toml"
    SaveSession.create(other, gamegen.start_game(seed=11)).close()
    session = SaveSession.create(path, game)
    game.note("x", at=AT)
    with pytest.raises(SaveError, match="exists already"):
        session.save_as(other)
    assert session.path == path
    session.close()
    assert _same(load_save(path).game, game)


def test_save_as_keeps_playing_from_the_new_place(tmp_path: Path) -> None:
    game = gamegen.start_game(seed=12)
    path = tmp_path / "a.toml"
    session = SaveSession.create(path, game)
    rng = random.Random(12)
    _changes(game, rng, 5)
    session.autosave(game)
    kept = (game.start, game.state, game.log, game.redo_stack)
    copy = tmp_path / "copies" / "b.toml"
    copy.parent.mkdir()
    session.save_as(copy)
    assert not (tmp_path / "a.lock").exists()  # the old place is let go
    SaveSession.open(path)[0].close()
    _changes(game, rng, 5, 10)
    session.close()
    assert _same(load_save(copy).game, game)
    old = load_save(path).game  # the old place: the game as it was when saved elsewhere
    assert (old.start, old.state, old.log, old.redo_stack) == kept


def test_no_os_error_escapes_when_the_journal_cannot_be_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    game = gamegen.start_game(seed=13)
    path = tmp_path / "noopen.toml"
    session = SaveSession.create(path, game)
    session.save(game)  # the journal handle of the new generation is opened on first use
    game.note("x", at=AT)
    with disk.read_only(errno.EACCES), pytest.raises(SaveWriteError):
        session.autosave(game)
    session.close()
    assert _same(load_save(path).game, game)


def test_a_session_is_told_apart_from_another_game(tmp_path: Path) -> None:
    session = SaveSession.create(tmp_path / "one.toml", gamegen.start_game(seed=1))
    with pytest.raises(ValueError, match="another game"):
        session.autosave(gamegen.start_game(seed=1))
    session.close()


def test_health_reports_the_last_save_and_the_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    times = iter(range(1000, 2000, 10))
    monkeypatch.setattr("drumhead.saves.store.time.time", lambda: float(next(times)))
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    game = gamegen.start_game(seed=14)
    session = SaveSession.create(tmp_path / "h.toml", game)
    first = session.health
    assert (first.problem, first.unsaved) == (None, 0) and first.last_saved is not None
    game.note("a", at=AT)
    assert session.health.unsaved == 1
    session.autosave(game)
    second = session.health.last_saved
    assert second is not None and second > first.last_saved
    game.note("b", at=AT)
    with disk.full(0), pytest.raises(SaveWriteError):
        session.autosave(game)
    assert (session.health.last_saved, session.health.problem) == (second, "the disk is full")
    session.close()


def test_a_process_id_reused_after_a_crash_does_not_keep_the_save_locked(tmp_path: Path) -> None:
    """The lock is the kernel's: a lock file naming a live process of this machine that does
    not hold the lock (its id was reused after a crash) is taken over."""
    import json
    import socket

    path = tmp_path / "reused.toml"
    SaveSession.create(path, gamegen.start_game()).close()
    (tmp_path / "reused.lock").write_text(
        json.dumps({"pid": os.getppid(), "host": socket.gethostname(), "since": AT})
    )
    session, _ = SaveSession.open(path)
    session.close()


def test_a_failed_save_as_leaves_nothing_there_and_goes_on_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = tmp_path / "full stick"
    full.mkdir()
    disk = faultfs.FaultyDisk(full, monkeypatch)
    game = gamegen.start_game(seed=15)
    path = tmp_path / "here.toml"
    session = SaveSession.create(path, game)
    game.note("x", at=AT)
    with disk.full(300), pytest.raises(SaveWriteError, match="disk is full"):
        session.save_as(full / "copy.toml")
    assert sorted(p.name for p in full.iterdir()) == []  # no half save, no lock left
    assert session.path == path
    game.note("y", at=AT)
    session.close()
    assert _same(load_save(path).game, game)
