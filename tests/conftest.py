"""Shared fixtures: every test gets seeded randomness; nothing uses the global generator."""

from __future__ import annotations

import atexit
import gc
import os
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# The compiled ruleset cache (drumhead.cache.rulesets) of a test run is its own, never the user's:
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
_BENCH = Path(__file__).resolve().parent / "bench"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Lanes: every test under tests/ui starts a Textual app, so it is marked ``ui``
    (``pytest -m "not ui"`` is the fast lane); every test under tests/bench measures whole
    processes against an anchor, and is marked ``bench`` (the app's benchmarks start the app
    in a terminal: they are marked ``ui`` in tests/bench/test_quick.py as well)."""
    lanes: dict[str, tuple[bool, bool]] = {}  # by folder: resolving each test's path was
    for item in items:  # a tenth of a second of every process's collection
        folder = str(item.path.parent)
        lane = lanes.get(folder)
        if lane is None:
            parents = [Path(folder).resolve(), *Path(folder).resolve().parents]
            lane = lanes[folder] = (_UI in parents, _BENCH in parents)
        if lane[0]:
            item.add_marker(pytest.mark.ui)
        if lane[1]:
            item.add_marker(pytest.mark.bench)


_WITHOUT_UI = re.compile(r"\s*not\s+ui\s*(and\s+.*)?")
"""Mark expressions that no test under tests/ui can match: "not ui", "not ui and ..."."""


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The fast lane (``-m "not ui"``) does not collect tests/ui at all: every test there is
    marked ``ui``, so none could run, and collecting them imports Textual (a good part of
    the lane's collection)."""
    if collection_path == _UI and _WITHOUT_UI.fullmatch(config.getoption("markexpr") or ""):
        return True
    return None


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """The suite ends clean and at once: the garbage is collected once, then what is left
    (Textual's caches of drawn lines, the rules cached) is set aside from the collector.

    A pytest-xdist worker has five seconds from the end of the run to exit; then execnet
    interrupts it (SIGINT). pytest's last act is five full garbage collections (looking for
    errors in finalizers); over a worker's heap of ~300,000 objects on a busy machine they
    took 5 s and more, and the interrupt landed in the collector's hypothesis callback: a
    KeyboardInterrupt traceback after the summary. After this one collection (finalizers run,
    their errors still reported) the five find nothing to walk."""
    gc.collect()
    gc.freeze()
