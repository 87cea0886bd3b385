"""App performance (a script, not collected by pytest): python tests/bench/bench_app.py

1. Start to first frame: drumhead's app against a minimal Textual app, each started in a fresh
   interpreter (imports included), alternated, the median of several runs; target <= 1.15x.
2. Key -> painted result: median time from a key press until the screen has processed it and
   repainted (roster cursor, a modifier ticked with odds recomputed, next phase); target 50 ms.
3. A 300-unit roster: moving through it, paging, and filtering by typing, per key.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

# Both apps leave as soon as their first screen is ready and painted (auto_pilot runs then).
MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
async def leave(pilot):
    import time
    print(time.time())
    pilot.app.exit()
Minimal().run(headless=True, auto_pilot=leave)
"""

DRUMHEAD = """
import os
os.environ["DRUMHEAD_SAVES"] = {saves!r}
from drumhead.screens.app import DrumheadApp
async def leave(pilot):
    import time
    print(time.time())
    pilot.app.exit()
DrumheadApp(seed=1).run(headless=True, auto_pilot=leave)
"""


def first_frame(code: str) -> float:
    """Seconds from launching the interpreter until the app's first screen is ready and
    painted (the child prints the wall-clock time when its auto-pilot is first called)."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=ROOT, capture_output=True, text=True
    )
    ready = float(done.stdout.strip().splitlines()[-1].split("\x1b")[0].strip() or "nan")
    return ready - start


def bench_start(runs: int = 7) -> tuple[float, float]:
    # An installed wheel ships byte-code compiled (pip compiles it); Textual's is in the
    # venv already. Compile ours too, or a PYTHONDONTWRITEBYTECODE shell would compare
    # compiling drumhead's source against loading Textual's cached byte-code.
    for folder in ("src/drumhead", "screens"):
        subprocess.run([sys.executable, "-m", "compileall", "-q", folder], check=True, cwd=ROOT)
    with tempfile.TemporaryDirectory() as saves:
        code = DRUMHEAD.format(saves=saves)
        first_frame(MINIMAL)  # warm the file cache
        first_frame(code)
        minimal, drumhead = [], []
        for _ in range(runs):
            minimal.append(first_frame(MINIMAL))
            drumhead.append(first_frame(code))
    return statistics.median(minimal), statistics.median(drumhead)


def big_scenario(folder: Path, units: int = 300) -> str:
    """A cards-test scenario with ``units`` units in brigades of six."""
    lines = [
        'scenario = "Bench"',
        'ruleset = "cards-test"',
        '[[sides]]\nid = "blue"\nname = "Blue"',
        '[[sides]]\nid = "red"\nname = "Red"',
    ]
    for n in range(units):
        side = "blue" if n % 2 == 0 else "red"
        lines.append(
            f'[[units]]\nid = "u{n}"\nname = "Regiment {n}"\nside = "{side}"\n'
            f'brigade = "{side}_{n // 12}"\ntype = "infantry"\nquality = "regular"\n'
            f'formation = "line"\nstrength = 20'
        )
    path = folder / "bench.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


async def timed(pilot: object, *keys: str) -> float:
    start = time.perf_counter()
    await pilot.press(*keys)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    return time.perf_counter() - start


async def bench_baseline() -> list[float]:
    """The same measurement on a minimal Textual app whose key updates one line of text:
    what the test harness itself costs per key, to subtract."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Minimal(App[None]):
        BINDINGS = [("x", "bump", "Bump")]
        count = 0

        def compose(self) -> ComposeResult:
            yield Static("0", id="n")

        def action_bump(self) -> None:
            self.count += 1
            self.query_one("#n", Static).update(str(self.count))

    app = Minimal()
    async with app.run_test(size=(120, 40)) as pilot:
        return [await timed(pilot, "x") for _ in range(30)]


async def bench_keys() -> dict[str, list[float]]:
    import os

    from drumhead.screens.app import DrumheadApp

    from tests.ui.helpers import start_game
    from tests.ui.rulesets import CARDS_SCENARIO, CARDS_TEST

    out: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as saves:
        os.environ["DRUMHEAD_SAVES"] = saves
        app = DrumheadApp(
            seed=1,
            ruleset="cards-test",
            ruleset_files=(CARDS_TEST,),
            scenario_files=(CARDS_SCENARIO,),
        )
        async with app.run_test(size=(120, 40)) as pilot:
            await start_game(pilot)
            out["roster cursor (down/up)"] = [
                await timed(pilot, "down" if i % 2 == 0 else "up") for i in range(30)
            ]
            out["next phase (n, an event + autosave)"] = [
                await timed(pilot, "n") for _ in range(20)
            ]
            await pilot.press("m")
            await pilot.pause()
            out["tick a modifier (odds recomputed)"] = [
                await timed(pilot, "space") for _ in range(30)
            ]
            await app.workers.wait_for_complete()
            await pilot.press("ctrl+q")

        folder = Path(saves) / "big"
        folder.mkdir()
        os.environ["DRUMHEAD_SAVES"] = str(folder)  # a fresh folder: nothing to resume
        scenario = big_scenario(folder)
        app = DrumheadApp(
            seed=1, ruleset="cards-test", ruleset_files=(CARDS_TEST,), scenario_files=(scenario,)
        )
        async with app.run_test(size=(120, 40)) as pilot:
            await start_game(pilot, "big")
            assert app.game is not None and len(app.game.state.units) == 300
            out["300 units: cursor down"] = [await timed(pilot, "down") for _ in range(30)]
            out["300 units: page down"] = [await timed(pilot, "pagedown") for _ in range(15)]
            await pilot.press("slash")
            out["300 units: filter, per key typed"] = [await timed(pilot, k) for k in "regiment 1"]
            await app.workers.wait_for_complete()
            await pilot.press("ctrl+q")
    return out


def main() -> None:
    minimal, drumhead = bench_start()
    print("Start to first frame (median of 7, fresh interpreter each):")
    print(f"  minimal Textual app  {minimal * 1000:7.0f} ms")
    print(f"  drumhead             {drumhead * 1000:7.0f} ms   ratio {drumhead / minimal:.2f}x")
    base = statistics.median(asyncio.run(bench_baseline()))
    print("Key -> painted result, through Textual's Pilot (median / max):")
    print(f"  {'minimal app, one line updated':<38} {base * 1000:6.1f} ms (harness baseline)")
    for name, times in asyncio.run(bench_keys()).items():
        median = statistics.median(times)
        print(
            f"  {name:<38} {median * 1000:6.1f} ms / {max(times) * 1000:6.1f} ms"
            f"   drumhead's own share {max(0.0, median - base) * 1000:5.1f} ms"
        )


if __name__ == "__main__":
    main()
