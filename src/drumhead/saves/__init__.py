"""Saving and loading games: the only part of the game layer that touches files.

See ``docs/save-format.md`` for the files a save is made of.
"""

from drumhead.game.report import export_markdown
from drumhead.saves.files import (
    SaveError,
    SaveLockedError,
    acquire_lock,
    release_lock,
    save_path,
    saves_dir,
    write_atomic,
)
from drumhead.saves.store import (
    SCHEMA,
    SaveInfo,
    SaveSession,
    list_saves,
    load_save,
    open_save,
    read_header,
)

__all__ = [
    "SCHEMA",
    "SaveError",
    "SaveInfo",
    "SaveLockedError",
    "SaveSession",
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
