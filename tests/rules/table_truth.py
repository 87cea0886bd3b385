"""Helpers for the table-truth tests (issue 35): the effects and inputs of a shipped ruleset
file as written, with its optional rules' patches."""

from __future__ import annotations

import contextlib
import io
import os
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

from drumhead.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def ruleset_file(ruleset_id: str) -> dict[str, Any]:
    with (ROOT / "data" / "rulesets" / f"{ruleset_id}.toml").open("rb") as f:
        return tomllib.load(f)


def _checks(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    yield from data.get("checks", {}).items()
    for option_id, option in data.get("options", {}).items():
        for check_id, check in option.get("patch", {}).get("checks", {}).items():
            yield f"{check_id} (option {option_id})", check


def effects(ruleset_id: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(``check.outcome``, effect) for every effect the file writes, its options' included."""
    for check_id, check in _checks(ruleset_file(ruleset_id)):
        for outcome_id, outcome in check.get("outcomes", {}).items():
            for effect in outcome.get("effects", []):
                yield f"{check_id}.{outcome_id}", effect


def effects_without_who(ruleset_id: str) -> list[str]:
    """Every effect that does not name whom it falls on (``who``)."""
    return [f"{where}: {e.get('text', '')}" for where, e in effects(ruleset_id) if "who" not in e]


def run_cli(saves: Path, *args: str) -> tuple[int, str]:
    """``drumhead ARGS`` run in this process over the saves folder ``saves``: its exit code and
    what it printed (its errors on stderr left out)."""
    out = io.StringIO()
    with (
        mock.patch.dict(os.environ, {"DRUMHEAD_SAVES": str(saves)}),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        code = main(list(args))
    return code, out.getvalue()
