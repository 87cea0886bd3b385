"""The terminal driver answers a lone Escape as soon as the key parser's wait is over."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from drumhead.screens.compat import IDLE_POLL, poll_timeout
from textual import constants, events
from textual._xterm_parser import XTermParser

from tests.ui.helpers import make_app


def test_idle_input_is_polled_at_textuals_interval() -> None:
    assert poll_timeout(XTermParser()) == IDLE_POLL


def test_a_lone_escape_is_polled_again_when_its_wait_is_due() -> None:
    parser = XTermParser()
    assert list(parser.feed("\x1b")) == []  # could still be the start of a sequence
    wait = poll_timeout(parser)
    assert 0 < wait <= constants.ESCAPE_DELAY


def test_a_lone_escape_becomes_the_escape_key_once_due() -> None:
    parser = XTermParser()
    list(parser.feed("\x1b"))
    parser._timeout_time = 0.0  # due: what the poll after poll_timeout() seconds finds
    keys = [e for e in parser.tick() if isinstance(e, events.Key)]
    assert [k.key for k in keys] == ["escape"]
    assert poll_timeout(parser) == IDLE_POLL


def test_escape_waits_25_ms_unless_the_player_says_and_importing_the_app_sets_nothing() -> None:
    """The CLI sets ESCDELAY before Textual is imported; importing the app sets nothing
    (checked in a fresh interpreter: in this one a pytest plugin imported Textual first)."""
    code = (
        "import os, drumhead.screens.app; from textual import constants; "
        "print(constants.ESCAPE_DELAY, os.environ.get('ESCDELAY'), os.environ.get('TEXTUAL_FPS'))"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("ESCDELAY", "TEXTUAL_FPS")}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert run.stdout.split() == ["0.1", "None", "None"], run.stderr
    entry = "from drumhead.cli.app_entry import terminal_settings; terminal_settings(); " + code
    run = subprocess.run([sys.executable, "-c", entry], env=env, capture_output=True, text=True)
    assert run.stdout.split() == ["0.025", "25", "None"], run.stderr
    env["ESCDELAY"] = "60"
    run = subprocess.run([sys.executable, "-c", entry], env=env, capture_output=True, text=True)
    assert run.stdout.split() == ["0.06", "60", "None"], run.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux/macOS driver")
def test_the_app_runs_on_the_prompt_escape_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(constants, "DRIVER", None)
    from drumhead.screens.compat import PromptEscapeDriver

    assert make_app().get_driver_class() is PromptEscapeDriver


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_in_a_real_terminal_keys_and_a_lone_escape_reach_the_app(tmp_path: Path) -> None:
    """The driver's input loop, as a player meets it: drumhead in a pseudo-terminal, F2 opens
    the roller (an escape sequence), a lone Escape goes back, ctrl+q quits."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    try:
        from terminal import Terminal
    finally:
        sys.path.pop(0)
    argv = [sys.executable, "-m", "drumhead", "--saves", str(tmp_path)]
    with Terminal(argv, size=(100, 30)) as term:
        term.wait_for("Saved games")
        term.press("f2", expect="Dice roller")
        back = term.press("escape", expect="Saved games")
        assert back.shown < 5  # seconds: it came back at all (the bench measures how fast)
        os.write(term.master, b"\x11")  # ctrl+q
        term.process.wait(timeout=10)
    assert term.process.returncode == 0
