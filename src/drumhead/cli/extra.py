"""Commands added by later layers (games and saves, the app server) register here."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Commands beyond the core: the app's (reference, serve); games and saves add theirs."""
    from drumhead.cli.app_commands import register_app_commands

    register_app_commands(sub)
