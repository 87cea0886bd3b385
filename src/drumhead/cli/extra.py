"""Commands added by later layers (games and saves, the app server) register here."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Games and saves (``new``, ``saves``, ``export``); the app's (``reference``, ``serve``)."""
    from drumhead.cli import games
    from drumhead.cli.app_commands import register_app_commands

    games.register(sub)
    register_app_commands(sub)
