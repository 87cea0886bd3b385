"""The first use of each screen (issue 37): every screen the players open from the battle, timed
the first time it is opened in an app just started, on the long game and on Cowpens, against
the bare Textual app's key (app_cases.BARE) in the same run.

Each run starts the bare app and times its key, then drumhead on a copy of each game as made;
once the battle shows, it waits :data:`BUILT_AHEAD` seconds (the screens the battle builds
ahead are built by then, as a player finds them after a look at the battle), then presses
:data:`FIRST_USES` once, each key timed until its answer is on the screen (terminal.py's
*shown*). Target (issue 37): every first use's median under 100 ms on either game (absolute:
reported by ``python -m tests.bench``, never asserted by a test); its ratio to the bare app's
key is reported.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tests.bench.app_cases import BARE, BATTLE, DRUMHEAD, LOG, Step, as_made
from tests.bench.terminal import Terminal, python

FIRE = "p.8 Firing modifiers"
"""What only One If By Land's fire check shows (its citation), the check the picker's second
line names for both games' first unit (the first line is the morale test)."""

FIRST_USES: tuple[Step, ...] = (
    Step("m", "the morale test (m)", "Chance of each outcome"),
    Step("c", "its check picker (c)"),
    Step("down", "down in the check picker"),
    Step("enter", "another check picked (Enter)", FIRE),
    Step("escape", None, BATTLE),
    Step("l", "the log (l)", LOG),
    Step("s", "the luck, counted (s in the log)", "The whole game"),
    Step("escape", None, LOG),
    Step("escape", None, BATTLE),
    Step("e", "the units (e)", "Add unit"),
    Step("escape", None, BATTLE),
    Step("f2", "the dice roller (F2)", "Exact distribution"),
    Step("escape", None, BATTLE),
    Step("f3", "the reference (F3)", "search: morale"),
    Step("escape", None, BATTLE),
    Step("f1", "the keys panel (F1)", "Focus Next"),
    Step("f1", None),
)
"""Each screen opened once from the battle, and back."""

BUILT_AHEAD = 8.0
"""Seconds after the battle shows before the first key: the battle builds a dozen screens
ahead, one at a time, in its first few seconds; then the app must have used no CPU for a
second (:meth:`Terminal.idle <tests.bench.terminal.Terminal.idle>`): on a loaded machine
8 s did not build them all, and the first switch to another check built its screen."""

BARE_PRESSES = 3
"""Presses of the bare app's key per run (their median is the run's anchor)."""


@dataclass
class FirstUses:
    """Seconds to each first use, per run, on the long game (``long``) and on Cowpens
    (``cowpens``), and the bare app's key in the same runs (``bare``)."""

    bare: list[float] = field(default_factory=list)
    long: dict[str, list[float]] = field(default_factory=dict)
    cowpens: dict[str, list[float]] = field(default_factory=dict)

    def median(self, game: str, name: str) -> float:
        times: dict[str, list[float]] = getattr(self, game)
        return statistics.median(times[name])

    def ratio(self, game: str, name: str) -> float:
        """The first use against the bare app's key, median of the runs' ratios."""
        times: dict[str, list[float]] = getattr(self, game)
        return statistics.median(t / b for t, b in zip(times[name], self.bare, strict=True))


def bare_key(env: dict[str, str]) -> float:
    """The bare app's key, median of :data:`BARE_PRESSES` presses (seconds)."""
    with Terminal(python(BARE), env=env) as term:
        term.wait_for("bare app 0", timeout=60)
        term.settle(0.3)
        times = [
            term.press("x", expect=f"bare app {count}").shown
            for count in range(1, BARE_PRESSES + 1)
        ]
    return statistics.median(times)


def first_uses_once(
    saves: Path, env: dict[str, str], script: Sequence[Step] = FIRST_USES
) -> dict[str, float]:
    """Drumhead on ``saves``: each named step of ``script`` timed, once (seconds)."""
    out = {}
    with Terminal(DRUMHEAD, env={**env, "DRUMHEAD_SAVES": str(saves)}) as term:
        term.wait_for(BATTLE, timeout=60)
        term.settle(1.0, timeout=60)
        time.sleep(BUILT_AHEAD)
        term.idle(1.0, timeout=60)  # a busy machine builds them slower
        for step in script:
            try:
                shown = term.press(step.key, expect=step.expect).shown
            except (AssertionError, TimeoutError) as exc:
                raise AssertionError(
                    f"{saves.name}, key {step.key!r} ({step.name}): {exc}"
                ) from None
            if step.name is not None:
                out[step.name] = shown
    return out


def first_uses(
    long_saves: Path, cowpens_saves: Path, runs: int, *, env: dict[str, str] | None = None
) -> FirstUses:
    """``runs`` runs of the bare app's key and every first use on both games, in turn, each
    drumhead on a copy of the saves as made."""
    found = FirstUses()
    base = dict(env or {})
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            found.bare.append(bare_key(base))
            for game, saves in (("long", long_saves), ("cowpens", cowpens_saves)):
                copy = as_made(saves, Path(folder) / game)
                times: dict[str, list[float]] = getattr(found, game)
                for name, shown in first_uses_once(copy, base).items():
                    times.setdefault(name, []).append(shown)
    return found


def first_use_table(found: FirstUses, print_line: Callable[[str], None] = print) -> bool:
    """Print the first uses; whether every median is under 100 ms on both games."""
    bare = statistics.median(found.bare)
    print_line(
        f"First use of each screen, median of {len(found.bare)} runs (an app just started, "
        f"its screens built ahead); the bare app's key {bare * 1000:.1f} ms."
    )
    print_line(f"{'screen':<36} {'long ms':>8} {'x bare':>7} {'Cowpens ms':>10} {'x bare':>7}  met")
    met = True
    for name in found.long:
        long, cowpens = found.median("long", name), found.median("cowpens", name)
        ok = max(long, cowpens) <= 0.1
        met &= ok
        print_line(
            f"{name:<36} {long * 1000:>8.1f} {found.ratio('long', name):>7.2f} "
            f"{cowpens * 1000:>10.1f} {found.ratio('cowpens', name):>7.2f}  {'yes' if ok else 'NO'}"
        )
    return met
