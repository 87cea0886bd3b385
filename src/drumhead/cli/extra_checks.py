"""Validation of scenario and save files (filled in by the games-and-saves layer)."""

from __future__ import annotations

from pathlib import Path

from drumhead.errors import RulesetError


def check_file(kind: str, path: Path, data: dict[str, object], text: str) -> None:
    """Validate a scenario or save file, raising :class:`RulesetError` on the first problem."""
    raise RulesetError(f"cannot check {kind} files yet", path=str(path))
