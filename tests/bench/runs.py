"""Timing whole processes, side by side: a command against its anchor, pair by pair.

A command is run as a player runs it (a fresh interpreter, its imports and all) and so is its
anchor (``python -c pass``, or the same command on a smaller game), in turn: A B A B ... The
operating system's own accounting of each finished process (``os.wait4``) gives its CPU time
(user + system) and its peak memory; a monotonic clock around it gives the wall time. Each
pair gives a ratio A/B: a machine that slows down for a while slows both sides of the pairs
it hits, so the median ratio holds where absolute times would not. Tests assert ratios only.

Python's compiled files are made first (this machine may set PYTHONDONTWRITEBYTECODE, and an
interpreter compiling drumhead's sources at every start would be measured, not drumhead).
"""

from __future__ import annotations

import atexit
import compileall
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Run:
    """One finished process."""

    cpu: float
    """User + system seconds."""
    wall: float
    """Seconds from start to exit."""
    peak: float
    """Largest resident memory, MiB."""


@dataclass(frozen=True)
class Spread:
    """The median of some figures, and how far they spread."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        return cls(statistics.median(values), min(values), max(values))

    def __str__(self) -> str:
        return f"{self.median:.2f} ({self.low:.2f}-{self.high:.2f})"


@dataclass(frozen=True)
class Pairs:
    """A command measured against its anchor."""

    a: list[Run]
    b: list[Run]

    def ratio(self, figure: str = "cpu") -> Spread:
        """A/B pair by pair, for ``cpu``, ``wall`` or ``peak``."""
        return Spread.of(
            [getattr(x, figure) / getattr(y, figure) for x, y in zip(self.a, self.b, strict=True)]
        )

    def excess(self, figure: str, per: float) -> Spread:
        """(A - B) / ``per``, pair by pair: how much more A takes, for each unit of ``per``."""
        return Spread.of(
            [
                (getattr(x, figure) - getattr(y, figure)) / per
                for x, y in zip(self.a, self.b, strict=True)
            ]
        )

    def median(self, side: str, figure: str) -> float:
        return statistics.median(getattr(run, figure) for run in getattr(self, side))


SPAWNER = r"""
import json, os, subprocess, sys, time
for line in sys.stdin:
    argv, env = json.loads(line)
    started = time.perf_counter()
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env=env)
    errors = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    child.stderr.close()
    print(json.dumps([child.returncode, errors[-2000:].decode("utf-8", "replace"),
                      usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss]), flush=True)
"""
"""Starts each measured command. A process's peak memory counts its parent's at the moment
it was started (the kernel keeps the larger across the exec), so the commands are started
by this small process of their own, never by the benchmark (which may hold a 50,000-event
game in memory, or a test run): the floor under every peak is the spawner's few MiB."""

_spawner: list[subprocess.Popen[str]] = []


def _spawn() -> subprocess.Popen[str]:
    if not _spawner or _spawner[0].poll() is not None:
        if not _spawner:
            atexit.register(_stop)
        _spawner[:] = [
            subprocess.Popen(
                [sys.executable, "-c", SPAWNER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        ]
    return _spawner[0]


def _stop() -> None:
    for spawner in _spawner:
        if spawner.stdin is not None:
            spawner.stdin.close()
        spawner.wait(timeout=10)
        if spawner.stdout is not None:
            spawner.stdout.close()


def run(argv: Sequence[str], env: Mapping[str, str] | None = None) -> Run:
    """Run a command to its end (output thrown away; a failure is an error, not a figure)."""
    spawner = _spawn()
    assert spawner.stdin is not None and spawner.stdout is not None
    spawner.stdin.write(json.dumps([list(argv), {**os.environ, **(env or {})}]) + "\n")
    spawner.stdin.flush()
    code, errors, cpu, wall, maxrss = json.loads(spawner.stdout.readline())
    if code != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({code}): {errors!r}")
    return Run(cpu, wall, maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024))


def pairs(
    a: Sequence[str],
    b: Sequence[str],
    repeat: int,
    *,
    warmup: int = 1,
    env: Mapping[str, str] | None = None,
) -> Pairs:
    """``a`` and ``b`` in turn, ``repeat`` times each, after ``warmup`` runs of each."""
    for _ in range(warmup):
        run(a, env)
        run(b, env)
    out = Pairs([], [])
    for _ in range(repeat):
        out.a.append(run(a, env))
        out.b.append(run(b, env))
    return out


def compiled() -> None:
    """Write the compiled files of drumhead's packages where they are missing or stale."""
    from importlib.util import find_spec

    for name in ("drumhead", "drumhead.screens"):  # found, not imported (the app is large)
        spec = find_spec(name)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            compileall.compile_dir(folder, quiet=2)


def python(code: str) -> list[str]:
    """This interpreter running ``code``."""
    return [sys.executable, "-c", code]


def drumhead(*args: str) -> list[str]:
    """The ``drumhead`` command as a player types it (the console script of this
    interpreter's environment; ``python -m drumhead`` where there is none)."""
    script = Path(sys.executable).with_name("drumhead")
    if script.exists():
        return [str(script), *args]
    return [sys.executable, "-m", "drumhead", *args]
