"""UI test fixtures: nothing random or blinking, saves in a throwaway folder."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
import textual.app
from textual.widgets import Input

KEY_IDLE_WINDOW = 1 / 100
"""Seconds in each window in which a key a test presses is judged handled (Pilot's ``press``
waits twice per key until the process used under a twentieth of a window's time in one).
Textual's 1/50 s window made every key a test pressed cost 40 ms and more of sleeping, a
quarter of the UI lane's time. Only the keys' wait is shortened: ``Pilot.press`` then still
waits until the screen's widgets have handled every message, and ``Pilot.pause`` (which
tests use to wait for a refresh, a timer, a resumed game) keeps Textual's window."""


async def quick_wait_for_idle(min_sleep: float = 0, max_sleep: float = 1) -> None:
    """Textual's ``wait_for_idle`` with :data:`KEY_IDLE_WINDOW` windows."""
    start = time.monotonic()
    while True:
        cpu = time.process_time()
        await asyncio.sleep(KEY_IDLE_WINDOW)
        used = time.process_time() - cpu
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep or (elapsed > min_sleep and used < KEY_IDLE_WINDOW / 20):
            return


# App._press_keys (what Pilot.press sends keys through) calls the name it imported
textual.app.wait_for_idle = quick_wait_for_idle  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _frozen(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """The input cursor never blinks, and saves go to a throwaway folder."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setenv("DRUMHEAD_SAVES", str(tmp_path_factory.mktemp("saves")))
    yield
