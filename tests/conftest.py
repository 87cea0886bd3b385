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
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest

# pytest keeps each test module it rewrites for its assertion messages in __pycache__, but only
# where Python may write bytecode. Under PYTHONDONTWRITEBYTECODE=1 (set on our development
# machine) every run, in every worker, rewrote all 220 test modules again: collecting the inner
# lane took 7.0 s a process, 2.0 s from the kept files. A test run keeps its compiled files (in
# the __pycache__ folders git ignores); the processes the tests start still follow the
# environment.
sys.dont_write_bytecode = False

# The compiled ruleset cache (drumhead.cache.rulesets) of a test run is its own, never the user's:
# one folder per test process (and the drumheads it starts), removed at the end.
_CACHE = tempfile.mkdtemp(prefix="drumhead-test-cache-")
os.environ["DRUMHEAD_CACHE"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1776)


@pytest.fixture(scope="session")
def made_save(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """``made_save(folder, **how)``: tests/bench/make_game.make(folder / "saves", **how) with
    its cache in ``folder / "cache"``, as if made there; made once per run for each ``how``,
    then copied (a 300-event save with its checks rolled took 70 ms to make, 1 ms to copy).
    The save holds no path of its own and the cache's entries are named by the content they
    were made from, so the copy is what making it there would have left."""
    from tests.bench import make_game

    made: dict[tuple[tuple[str, object], ...], Path] = {}

    def make(folder: Path, **how: object) -> Path:
        key = tuple(sorted(how.items()))
        if key not in made:
            template = tmp_path_factory.mktemp("made-save")
            with mock.patch.dict(os.environ, {"DRUMHEAD_CACHE": str(template / "cache")}):
                made[key] = make_game.make(template / "saves", **how)  # type: ignore[arg-type]
        template = made[key].parent.parent
        for part in ("saves", "cache"):
            if (template / part).exists():
                shutil.copytree(template / part, folder / part, dirs_exist_ok=True)
        return folder / "saves" / made[key].name

    return make


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


_LANES = {"ui": _UI, "bench": _BENCH}
"""The lanes marked by folder (pytest_collection_modifyitems), and their folders."""
_MODULE_MARKS = re.compile(r"^pytestmark\s*=\s*(\[.*?^\]|[^\n]*)", re.MULTILINE | re.DOTALL)
_BARE_MARK = re.compile(r"\bpytest\.mark\.(\w+)\s*(?=[,\]\n]|$)")


def _left_out(markexpr: str) -> frozenset[str]:
    """The marks no test of a run with this ``-m`` can have: each ``not MARK`` the expression
    joins to the rest with ``and`` ("not ui and not slow and not bench": all three). An ``or``
    or a parenthesis: none (nothing is left out uncollected that might have run)."""
    if re.search(r"\bor\b|[()]", markexpr):
        return frozenset()
    terms = (t.strip() for t in re.split(r"\band\b", markexpr))
    return frozenset(m.group(1) for t in terms if (m := re.fullmatch(r"not\s+(\w+)", t)))


def _module_marks(path: Path) -> set[str]:
    """The plain marks a test module gives all its tests (``pytestmark = pytest.mark.ui``, or
    a list of marks), read from its text without importing it."""
    try:
        found = _MODULE_MARKS.search(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return set()
    return set(_BARE_MARK.findall(found.group(1))) if found else set()


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A run whose ``-m`` leaves a lane out does not collect what only that lane holds: the
    inner lane (``-m "not ui and not slow and not bench"``) skips tests/ui, tests/bench and
    the modules marked ``ui`` or ``slow`` as a whole (tests/host's app and browser tests), and
    the default run (``-m 'not bench'``) skips tests/bench. None of their tests could run, and
    collecting them imported Textual and the app: measured, 0.3 s of CPU in every worker of
    the inner lane (each worker collects the whole run)."""
    left_out = _left_out(config.getoption("markexpr") or "")
    if not left_out:
        return None
    if any(collection_path == _LANES.get(lane) for lane in left_out):
        return True
    name = collection_path.name
    if name.startswith("test_") and name.endswith(".py"):
        return bool(_module_marks(collection_path) & left_out) or None
    return None


def pytest_configure(config: pytest.Config) -> None:
    """The inner lane (a ``-m`` that leaves the slow tests out) runs each property test on a
    third of its examples (tests/support/lanes.py); the whole suite runs them all."""
    from tests.support import lanes

    lanes.INNER = "slow" in _left_out(config.getoption("markexpr") or "")


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
