"""Commands added by later layers (games and saves, the app server) register here."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Games and saves: ``new``, ``saves``, ``export``."""
    from drumhead.cli import games

    games.register(sub)
