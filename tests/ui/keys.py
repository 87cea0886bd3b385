"""Typing many keys quickly: each key posted to the app as a player's key would be, and the
next one sent when every message it set off has been handled (Pilot's ``press`` also waits
for the screen to be painted after every key, which a test typing a whole chart does not
need; what the screen then shows is checked after the typing)."""

from __future__ import annotations

from drumhead.screens.app import DrumheadApp
from textual import events

from tests.ui.oracle.driver import KEY_CHARACTERS, settle

NAMES = {" ": "space", "-": "minus", "+": "plus", ".": "full_stop", ",": "comma", "/": "slash"}
"""The key names of the characters typed that Textual names by word."""


async def type_keys(app: DrumheadApp, *keys: str) -> None:
    """Press each key (a character, or a key name such as ``enter``) in turn, as typed."""
    for key in keys:
        if len(key) == 1:
            event = events.Key(NAMES.get(key, key), key)
        else:
            event = events.Key(key, KEY_CHARACTERS.get(key))
        app.post_message(event)
        await settle(app)
