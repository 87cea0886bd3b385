"""Shared fixtures: every test gets seeded randomness; nothing uses the global generator."""

from __future__ import annotations

import atexit
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# The compiled ruleset cache (drumhead.rulecache) of a test run is its own, never the user's:
# one folder per test process (and the drumheads it starts), removed at the end.
_CACHE = tempfile.mkdtemp(prefix="drumhead-test-cache-")
os.environ["DRUMHEAD_CACHE"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1776)


# tests/support holds helpers shared by several test folders and the benchmarks.
sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))


_UI = Path(__file__).resolve().parent / "ui"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Lanes: every test under tests/ui starts a Textual app, so it is marked ``ui``
    (``pytest -m "not ui"`` is the fast lane)."""
    for item in items:
        if _UI in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.ui)
