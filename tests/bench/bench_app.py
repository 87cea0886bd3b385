"""App performance, measured in a real (pseudo-)terminal: python tests/bench/bench_app.py

Not collected by pytest. Every program runs as a player starts it (the ``drumhead`` command,
``python -m drumhead``), in a pseudo-terminal of 120x40, and the clock reads the terminal's
output (see terminal.py): nothing of the app is patched or imported here.

1. Start to first frame: ``drumhead`` against a minimal Textual app (one line of text and a
   footer), alternated, fresh interpreter each, median of 7; target <= 1.15x. The first
   frame has the start screen's lists and footer; "ready" is when the highlighted ruleset's
   details (which need the ruleset loaded) are shown too.
2. Key -> painted result on the Cowpens scenario: roster cursor (pressed from the moment the
   battle shows, so while the other screens are built ahead), next phase, open a morale
   test, tick a modifier (odds recomputed), back; the log, unit editor, roller and reference,
   first and again. Those screens are built ahead once the battle shows and then kept (see
   BattleScreen.prepare_screens, DrumheadApp.show_kept): a first opening refills a screen
   never yet shown, a later one a screen shown before. "Shown" is when the screen first looked as
   it settles; "settled" when the app wrote its last byte. Target: median under 50 ms.
3. A 300-unit game: cursor, page down, and filtering as each letter is typed.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from make_game import big_scenario  # noqa: E402
from terminal import KeyTime, Terminal, python  # noqa: E402

DRUMHEAD = [sys.executable, "-m", "drumhead"]

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static
class Minimal(App):
    BINDINGS = [("x", "bump", "Bump")]
    count = 0
    def compose(self):
        yield Static("minimal app 0", id="n")
        yield Footer()
    def action_bump(self):
        self.count += 1
        self.query_one("#n", Static).update(f"minimal app {self.count}")
Minimal().run()
"""


BATTLE = "n Next"
"""What only the battle screen shows: its footer's next-phase key (its turn and phase line
reads as the rules name the phase, so no one word marks it)."""


def ms(seconds: float) -> str:
    return f"{seconds * 1000:6.1f} ms"


# -- 1. start -------------------------------------------------------------------------------
def first_frame(argv: list[str], marker: str, env: dict[str, str]) -> float:
    with Terminal(argv, env=env) as term:
        return term.wait_for(marker) - term.started


def drumhead_start(env: dict[str, str]) -> tuple[float, float]:
    """Seconds to the start screen's first frame, and until it is filled in."""
    with Terminal(DRUMHEAD, env=env) as term:
        first = term.wait_for("Saved games") - term.started
        ready = term.wait_for("reference entries") - term.started
    return first, ready


def bench_start(saves: Path, runs: int = 7) -> None:
    env = {"DRUMHEAD_SAVES": str(saves)}
    minimal_argv = python(MINIMAL)
    first_frame(minimal_argv, "minimal app", env)  # warm the file cache
    drumhead_start(env)
    minimal: list[float] = []
    firsts: list[float] = []
    readies: list[float] = []
    for _ in range(runs):
        minimal.append(first_frame(minimal_argv, "minimal app", env))
        first, ready = drumhead_start(env)
        firsts.append(first)
        readies.append(ready)
    base = statistics.median(minimal)
    first, ready = statistics.median(firsts), statistics.median(readies)
    print(f"Start, median of {runs} (fresh interpreter each, 120x40 terminal):")
    print(f"  minimal Textual app, first frame   {ms(base)}")
    print(f"  drumhead, first frame              {ms(first)}   ratio {first / base:.2f}x")
    print(f"  drumhead, lists and details shown  {ms(ready)}   ratio {ready / base:.2f}x")


# -- 2. keys --------------------------------------------------------------------------------
def report(name: str, times: list[KeyTime]) -> None:
    shown = statistics.median(t.shown for t in times)
    settled = statistics.median(t.settled for t in times)
    worst = max(t.settled for t in times)
    print(f"  {name:<40} shown {ms(shown)}  settled {ms(settled)}  (worst {ms(worst)})")


def new_save(saves: Path, scenario: str, name: str) -> None:
    options = ["--scenario", scenario, "--name", name, "--seed", "1"]
    subprocess.run(
        [*DRUMHEAD, "--saves", str(saves), "new", "one-if-by-land", *options],
        check=True,
        capture_output=True,
    )


def bench_minimal_key() -> None:
    with Terminal(python(MINIMAL)) as term:
        term.wait_for("minimal app")
        report("minimal app, one line updated", [term.press("x") for _ in range(12)])


def bench_keys(saves: Path) -> None:
    new_save(saves, "cowpens-1781", "cowpens")
    with Terminal(DRUMHEAD, env={"DRUMHEAD_SAVES": str(saves)}) as term:
        term.wait_for(BATTLE)
        report(
            "roster cursor (down/up)",
            [term.press(key) for key in ["down", "up"] * 8],
        )
        report("next phase (n: an event, autosaved)", [term.press("n") for _ in range(8)])
        first = term.press("m", expect="Chance of each outcome")
        term.press("escape", expect=BATTLE)
        opened, back, ticked = [], [], []
        for _ in range(6):  # each time the next unit down the roster
            term.press("down")
            opened.append(term.press("m", expect="Chance of each outcome"))
            ticked.extend(term.press("space") for _ in range(2))
            back.append(term.press("escape", expect=BATTLE))
        report("morale test, the session's first (m)", [first])
        report("morale test, the next unit's (m)", opened)
        report("tick a modifier (odds recomputed)", ticked)
        report("back to the battle (escape)", back)
        for key, title in [
            ("l", "log"),
            ("e", "units"),
            ("f2", "dice roller"),
            ("f3", "reference"),
        ]:
            first = term.press(key, expect=title.capitalize())
            term.press("escape", expect=BATTLE)
            again = []
            for _ in range(3):
                again.append(term.press(key, expect=title.capitalize()))
                term.press("escape", expect=BATTLE)
            report(f"open the {title} ({key}), the first time", [first])
            report(f"open the {title} ({key}), again", again)


# -- 3. a 300-unit roster -------------------------------------------------------------------
def bench_big_roster(saves: Path) -> None:
    new_save(saves, str(big_scenario(saves, 300)), "big")
    with Terminal(DRUMHEAD, env={"DRUMHEAD_SAVES": str(saves)}) as term:
        term.wait_for(BATTLE)
        report("300 units: cursor down", [term.press("down") for _ in range(16)])
        report("300 units: page down", [term.press("pagedown") for _ in range(8)])
        term.press("slash")
        report("300 units: filter, per letter typed", [term.press(k) for k in "virginia"])


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty"
        empty.mkdir()
        bench_start(empty)
        print("Key -> painted result (median of each key; target 50 ms):")
        bench_minimal_key()
        game = Path(folder) / "game"
        game.mkdir()
        bench_keys(game)
        big = Path(folder) / "big"
        big.mkdir()
        bench_big_roster(big)


if __name__ == "__main__":
    main()
