"""When saving fails the game goes on: the session says why and since when, tells the players
once, asks to be retried, and says so when it works again; closing refuses once, then lets go."""

from __future__ import annotations

from pathlib import Path

import faultfs
import pytest

from drumhead.saves import load_save
from drumhead.session import Change, TableSession
from tests.session.conftest import Recorder


def test_a_full_disk_is_told_once_retried_and_its_recovery_told(
    played: TableSession, recorder: Recorder, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = faultfs.FaultyDisk(saves, monkeypatch)
    with disk.full(0):
        played.next_phase()
        report = played.autosave_job()()  # type: ignore[misc]
        assert report.error is not None and "the disk is full" in report.error
        first = played.autosaved(report)
        assert first.failed and first.tell == report.error
        assert played.save_failing
        warning = played.save_warning()
        assert warning is not None and warning.startswith("not saved since ")
        assert "the disk is full" in warning and played.status().problem == warning
        again = played.autosaved(played.autosave_job()())  # type: ignore[misc]
        assert again.failed and again.tell is None  # told once
        assert recorder.take() == [Change.GAME, Change.SAVING, Change.SAVING]
        refused = played.close()
        assert refused is not None and refused.severity == "error"
        assert refused.title == "Not saved" and played.game is not None
    back = played.autosaved(played.autosave_job()())  # type: ignore[misc]
    assert back.tell == "Saved again: every change is on disk." and not back.failed
    assert not played.save_failing and played.save_warning() is None
    assert load_save(saves / "mill.toml").game.state == played.state


def test_closing_twice_lets_an_unsaveable_game_go(
    played: TableSession, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = faultfs.FaultyDisk(saves, monkeypatch)
    with disk.read_only():
        played.next_phase()
        assert played.close() is not None and played.game is not None
        assert played.close() is None and played.game is None  # the second close lets go
    assert played.close_refused is False


def test_a_report_about_a_save_closed_since_is_ignored(played: TableSession) -> None:
    job = played.autosave_job()
    assert job is not None
    report = job()
    played.close()
    verdict = played.autosaved(report)
    assert verdict.tell is None and not verdict.failed
