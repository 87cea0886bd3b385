"""Issue 36, item 7: a full disk when a save is locked.

``drumhead new`` on a full disk left an empty ``NAME.lock`` behind (made, then its JSON could
not be written), and ``drumhead play`` said "cannot lock the save: No space left on device"
rather than that the disk is full. The disk fails for real enough here: every write into the
folder runs out of room (tests/support/faultfs.py).
"""

from __future__ import annotations

import errno
from pathlib import Path

import faultfs
import gamegen
import pytest

from drumhead.cli.main import main
from drumhead.saves import SaveError, SaveSession


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


def test_a_new_save_on_a_full_disk_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    with disk.full(0), pytest.raises(SaveError) as info:
        SaveSession.create(tmp_path / "Full.toml", gamegen.start_game(seed=3))
    assert "the disk is full" in str(info.value)
    assert "No space left" not in str(info.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_opening_a_save_on_a_full_disk_says_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    SaveSession.create(tmp_path / "Full.toml", gamegen.start_game(seed=3)).close()
    before = sorted(p.name for p in tmp_path.iterdir())
    disk = faultfs.FaultyDisk(tmp_path, monkeypatch)
    with disk.full(0), pytest.raises(SaveError) as info:
        SaveSession.open(tmp_path / "Full.toml")
    assert "cannot lock the save: the disk is full" in str(info.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no lock file left
    with disk.read_only(errno.EROFS), pytest.raises(SaveError, match="read-only"):
        SaveSession.open(tmp_path / "Full.toml")
    SaveSession.open(tmp_path / "Full.toml")[0].close()  # room again: it opens


def test_the_cli_new_and_play_say_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = tmp_path / "saves"
    assert main(["--saves", str(saves), "new", "one-if-by-land", "--name", "Kept"]) == 0
    capsys.readouterr()
    before = sorted(p.name for p in saves.iterdir())
    disk = faultfs.FaultyDisk(saves, monkeypatch)
    with disk.full(0):
        assert main(["--saves", str(saves), "new", "one-if-by-land", "--name", "New"]) == 1
        assert "the disk is full" in capsys.readouterr().err
        assert main(["--saves", str(saves), "play", "Kept", "--next-step"]) == 1
        assert "cannot lock the save: the disk is full" in capsys.readouterr().err
    assert sorted(p.name for p in saves.iterdir()) == before
