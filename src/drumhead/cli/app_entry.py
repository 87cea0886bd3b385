"""Starting the Textual app from the CLI (imported only when the app is wanted)."""

from __future__ import annotations

import gc
import os
import sys

TERMINAL_SETTINGS = {
    # A lone Escape byte could be the start of a key's escape sequence, so Textual waits
    # ESCDELAY milliseconds (100 unless set) for more before it takes it as the Escape key:
    # every "back" took over 100 ms. The bytes of one key arrive together, even over ssh;
    # 25 ms is ample (with the driver of drumhead.screens.compat: 49 against 131 ms, see
    # tests/bench/bench_tricks.py). A slow link may want more.
    "ESCDELAY": "25",
}
"""Textual's settings drumhead starts with, unless the player set them: Textual reads them
once, as it is imported, so they are set before the app is."""


SWITCH_INTERVAL = 0.0005
"""Seconds a thread may keep Python's lock while another waits for it (Python's own: 5 ms).
The app counts a long game's luck, replays its past and plans reverts in worker threads;
with 5 ms slices the thread reading the terminal waited for the lock, so a key pressed then
was read late: Escape from the luck screen while it counted took 60 ms on the 50,000-event
game against 35-39 on Cowpens; 42 ms at 0.5 ms (tests/bench). Only threads that both want
the lock switch more often."""


def terminal_settings() -> None:
    """Set :data:`TERMINAL_SETTINGS` where the player has not (before Textual is imported)."""
    for name, value in TERMINAL_SETTINGS.items():
        os.environ.setdefault(name, value)


def run_app(
    saves: str | None = None, house_folder: str | None = None, scenario_folder: str | None = None
) -> int:
    """Run the app on the saves folder ``saves`` (None: the default one) until it quits;
    ``house_folder``, ``scenario_folder``: the players' own house-rules and scenarios folders
    (None: beside the saves).

    Python's garbage collector is off while the app is imported and builds its first screen:
    start-up makes many objects and few cycles, and the collector ran 136 times (about 45 ms)
    before the first frame (tests/bench/bench_tricks.py). The app turns it on again, and
    freezes what start-up made, once the first frame is painted (``startup_done``).
    """
    terminal_settings()
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.disable()
    try:
        from drumhead.screens.app import DrumheadApp

        app = DrumheadApp(saves=saves, house_folder=house_folder, scenario_folder=scenario_folder)
        try:
            app.run()
        finally:
            app.session.close()  # however the app ended, save the open game, release its lock
    finally:
        gc.enable()  # had the app stopped before its first frame
        sys.setswitchinterval(switch_interval)
    return 0
