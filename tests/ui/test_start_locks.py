"""The start screen's "(open elsewhere)" follows the lock: a save whose drumhead has gone (quit,
crashed, killed a moment before this app listed it) is shown as free without leaving the
screen, and the player's place in the list is kept."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from drumhead.screens.views.start import StartScreen
from textual.widgets import OptionList

from drumhead.saves.files import lock_path
from tests.ui.helpers import make_app, saved_cowpens, until


def labels(app: object) -> list[str]:
    saves = app.screen.query_one("#saves", OptionList)  # type: ignore[attr-defined]
    return [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX process holds the lock")
async def test_a_save_whose_drumhead_has_gone_is_shown_free(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    held = saved_cowpens(folder, "evening")
    saved_cowpens(folder, "other")
    other_drumhead = subprocess.Popen(["sleep", "60"])
    lock_path(held).write_text(
        json.dumps({"pid": other_drumhead.pid, "host": socket.gethostname(), "since": "x"})
    )
    monkeypatch.setattr(StartScreen, "LOCK_RECHECK", 0.05, raising=False)
    app = make_app(saves=str(folder), start="start")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StartScreen))
            assert any("evening" in t and "(open elsewhere)" in t for t in labels(app))
            saves = app.screen.query_one("#saves", OptionList)
            other = next(i for i, t in enumerate(labels(app)) if t.startswith("other"))
            saves.highlighted = other  # the player's place, kept through the relisting
            other_drumhead.kill()
            other_drumhead.wait()  # gone (a process not yet reaped still looks alive)
            await until(pilot, lambda: not any("(open elsewhere)" in t for t in labels(app)), 3)
            assert any(t.startswith("evening") for t in labels(app))
            assert str(saves.highlighted_option.prompt).startswith("other")  # type: ignore[union-attr]
    finally:
        other_drumhead.kill()
        other_drumhead.wait()
