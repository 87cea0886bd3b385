"""The devices' tokens of a hosted game, kept beside its save so that the phones and the
display join again after the host restarts (their cookies still hold them).

``NAME.tokens.json`` beside ``NAME.toml``: ``{"display": ..., "<side id>": ...}``, written
atomically and readable by its owner alone (they are the keys to the game). Each token is
random (``secrets.token_hex``, 24 bytes), made when the game is first hosted, or for a role
the file lacks; ``drumhead host --new-tokens`` makes them all again, so that no device that
had the old ones can join.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from collections.abc import Iterable
from pathlib import Path

TOKEN = re.compile(r"[0-9a-f]{48}")
"""What a token looks like: hex (none starts with a dash a command line would read as an
option), 24 random bytes."""


def tokens_path(save: Path) -> Path:
    """The tokens of the save whose snapshot is ``save`` (``NAME.toml``)."""
    return save.with_name(save.stem + ".tokens.json")


def new_token() -> str:
    return secrets.token_hex(24)


def game_tokens(save: Path | None, roles: Iterable[str], *, fresh: bool = False) -> dict[str, str]:
    """Each role's token: those kept beside ``save`` (unless ``fresh``), new ones for the
    rest, kept there (None: a game without a save, its tokens new each time)."""
    roles = list(roles)
    kept: dict[str, str] = {}
    path = tokens_path(save) if save is not None else None
    if path is not None and path.exists() and not fresh:
        with contextlib.suppress(OSError, ValueError):
            found = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(found, dict):
                kept = {
                    role: token
                    for role, token in found.items()
                    if isinstance(token, str) and TOKEN.fullmatch(token)
                }
    tokens = {role: kept.get(role) or new_token() for role in roles}
    if path is not None and tokens != {r: kept.get(r) for r in roles}:
        _write(path, tokens)
    return tokens


def _write(path: Path, tokens: dict[str, str]) -> None:
    """Written whole, owner-only, in place of the old file (a failure keeps them in memory:
    the devices then need the new addresses after a restart)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(tokens, file, indent=1)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError:
        pass
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
