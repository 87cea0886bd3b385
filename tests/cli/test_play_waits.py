"""Issue 36, item 7: two ``drumhead play`` commands at once.

The second failed at once ("this save is open in another drumhead window") though the first
would be done a moment later. A command now waits for another drumhead of this machine to let
go of the save (``drumhead.cli.play.PLAY_WAIT``, 10 s), then goes on; the app never waits.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.saves import SaveLockedError, SaveSession, load_save


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    assert main(["--saves", str(folder), "new", "one-if-by-land", "--name", "Busy"]) == 0
    return folder


def _play(saves: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "drumhead", "--saves", str(saves), "play", "Busy", "--next-step"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_opening_waits_for_the_holder_when_asked(saves: Path) -> None:
    held, _ = SaveSession.open(saves / "Busy.toml")
    threading.Timer(0.3, held.close).start()
    start = time.monotonic()
    session, _ = SaveSession.open(saves / "Busy.toml", wait=5)
    assert time.monotonic() - start >= 0.25
    session.close()


def test_a_wait_has_an_end_and_says_so(saves: Path) -> None:
    held, _ = SaveSession.open(saves / "Busy.toml")
    try:
        with pytest.raises(SaveLockedError, match=r"window .* \(waited 0.2 s\)"):
            SaveSession.open(saves / "Busy.toml", wait=0.2)
        with pytest.raises(SaveLockedError):  # the app's way: at once
            SaveSession.open(saves / "Busy.toml")
    finally:
        held.close()


@pytest.mark.slow
def test_a_play_command_waits_for_the_drumhead_holding_the_save(saves: Path) -> None:
    held, _ = SaveSession.open(saves / "Busy.toml")
    process = _play(saves)
    time.sleep(1.0)  # well into its wait
    assert process.poll() is None
    held.close()
    _, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert load_save(saves / "Busy.toml").game.event_count == 1


@pytest.mark.slow
def test_two_play_commands_at_once_both_play(saves: Path) -> None:
    first, second = _play(saves), _play(saves)
    for process in (first, second):
        _, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
    assert load_save(saves / "Busy.toml").game.event_count == 2
