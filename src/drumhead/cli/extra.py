"""Commands added by later layers (games and saves, the app server) register here."""

from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    """Nothing yet beyond the core commands; games and saves add theirs."""
