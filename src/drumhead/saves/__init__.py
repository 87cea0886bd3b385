"""Saving and loading games: the only part of the game layer that touches files.

See ``docs/save-format.md`` for the files a save is made of. Listing saves and the file
helpers load at once; everything that needs the game layer (loading, saving, the report)
loads on first use, so the app's start screen can list saves without importing it.

May import: :mod:`drumhead.paper`, :mod:`drumhead.game` and everything below them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from drumhead.saves.files import (
    SaveError,
    SaveLock,
    SaveLockedError,
    SaveWriteError,
    acquire_lock,
    release_lock,
    save_path,
    saves_dir,
    write_atomic,
)
from drumhead.saves.listing import SaveInfo, list_saves, read_header

if TYPE_CHECKING:
    from drumhead.game.report import export_markdown
    from drumhead.saves.store import SCHEMA, SaveHealth, SaveSession, load_save, open_save

_LAZY = {
    "export_markdown": "drumhead.game.report",
    "SCHEMA": "drumhead.saves.store",
    "SaveHealth": "drumhead.saves.store",
    "SaveSession": "drumhead.saves.store",
    "load_save": "drumhead.saves.store",
    "open_save": "drumhead.saves.store",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'drumhead.saves' has no attribute '{name}'")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "SCHEMA",
    "SaveError",
    "SaveHealth",
    "SaveInfo",
    "SaveLock",
    "SaveLockedError",
    "SaveSession",
    "SaveWriteError",
    "acquire_lock",
    "export_markdown",
    "list_saves",
    "load_save",
    "open_save",
    "read_header",
    "release_lock",
    "save_path",
    "saves_dir",
    "write_atomic",
]
