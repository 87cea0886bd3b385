"""What each of the app's speed tricks is worth: python tests/bench/bench_tricks.py

Not collected by pytest. Each trick that reaches into Textual (or around it) is switched off
alone ("variants"), and the app is timed as a player meets it, in a pseudo-terminal of
120x40 (see terminal.py), against the app as shipped, in alternating runs (a busy machine
drifts; alternating spreads the drift over every variant alike). A trick stays only where it
shows beyond the noise (see screens/compat.py, which holds those that stay).

Figures per variant, median (and minimum: the machine's noise only ever adds) of the runs:
start to the first frame and to the start screen filled in; then, in a game (Cowpens), a
morale test opened again (m), back to the battle (Escape), the log opened again (l), the
reference opened again (F3).

    python tests/bench/bench_tricks.py [--python PATH] [--runs N] [VARIANT ...]

``--python``: the interpreter whose drumhead is measured (default: this one).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from terminal import Terminal  # noqa: E402

RUN = "import sys; from drumhead.cli.main import main; sys.exit(main(sys.argv[1:]))"
"""What a variant's interpreter runs after its patch: the ``drumhead`` command."""

AS_RUN_APP = "import gc\ngc.disable()\n"
"""A patch importing the app first turns the collector off first, as ``run_app`` does (the
app imported with the collector on starts slower, whatever the patch)."""

VARIANTS: dict[str, tuple[str, dict[str, str]]] = {
    "shipped": ("", {}),
    # the Escape driver: Textual's own, which ticks the key parser every 100 ms only
    "textual-driver": (
        AS_RUN_APP + "from textual.app import App\n"
        "from drumhead.screens.app import DrumheadApp\n"
        "DrumheadApp.get_driver_class = App.get_driver_class\n",
        {},
    ),
    # Textual's own wait for the rest of an escape sequence (ESCDELAY unset: 100 ms)
    "escdelay-100": ("", {"ESCDELAY": "100"}),
    # the restyle of a kept screen each time it is shown again
    "restyle-on-resume": (
        AS_RUN_APP + "from drumhead.screens import compat\n"
        "compat.QuickResumeScreen.restyle_needed = lambda self: True\n",
        {},
    ),
    # Textual's footer, rebuilt on every focus and binding change
    "textual-footer": (
        AS_RUN_APP + "from textual.widgets import Footer\n"
        "from drumhead.screens.widgets.footer import KeysFooter\n"
        "KeysFooter.compose = Footer.compose\n"
        "KeysFooter.bindings_changed = Footer.bindings_changed\n",
        {},
    ),
    # every stylesheet parsed before the first frame
    "one-stylesheet": (
        AS_RUN_APP + "from drumhead.screens.app import DrumheadApp\n"
        "DrumheadApp.CSS_PATH = ['styles/drumhead.tcss', 'styles/screens.tcss']\n"
        "DrumheadApp.load_screen_styles = lambda self: None\n",
        {},
    ),
    # the garbage collector on while the app starts
    "collector-on": ("import gc\ngc.disable = lambda: None\n", {}),
}
"""Each variant: Python run before the command (a patch switching one trick off) and its
environment. The tricks measured and dropped (a theme set without its restyle, 120 frames a
second) are described in the commit that dropped them, with their figures."""

NEW_GAME = ["--scenario", "cowpens-1781", "--name", "cowpens", "--seed", "1"]
"""The game the keys are timed on."""

KEY_ROUNDS = 5
"""Each key pressed this many times in one run."""


def start(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    with Terminal(argv, env=env) as term:
        first = term.wait_for("Saved games") - term.started
        ready = term.wait_for("reference entries") - term.started
    return first, ready


def keys(argv: list[str], env: dict[str, str]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    with Terminal(argv, env=env) as term:
        term.wait_for("filters units")
        term.press("m", expect="Chance of each outcome")  # built ahead, or at the first m
        term.press("escape", expect="filters units")
        for key, expect in [("m", "Chance of each outcome"), ("l", "Log"), ("f3", "Reference")]:
            for _ in range(KEY_ROUNDS):
                out.setdefault(f"open again ({key})", []).append(
                    term.press(key, expect=expect).shown
                )
                out.setdefault("back (escape)", []).append(
                    term.press("escape", expect="filters units").shown
                )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("variants", nargs="*", default=list(VARIANTS))
    args = parser.parse_args()
    figures: dict[str, dict[str, list[float]]] = {v: {} for v in args.variants}
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty"
        empty.mkdir()
        game = Path(folder) / "game"
        subprocess.run(
            [args.python, "-c", RUN, "--saves", str(game), "new", "one-if-by-land", *NEW_GAME],
            check=True,
            capture_output=True,
        )
        for _ in range(args.runs):
            for variant in args.variants:
                patch, extra = VARIANTS[variant]
                argv = [args.python, "-c", patch + RUN]
                first, ready = start(argv, {"DRUMHEAD_SAVES": str(empty), **extra})
                figures[variant].setdefault("start: first frame", []).append(first)
                figures[variant].setdefault("start: lists filled", []).append(ready)
                for name, times in keys(argv, {"DRUMHEAD_SAVES": str(game), **extra}).items():
                    figures[variant].setdefault(name, []).extend(times)
    names = list(figures[args.variants[0]])
    print(f"ms over {args.runs} runs ({KEY_ROUNDS} presses a run for keys): median (minimum)")
    print(f"{'':24}" + "".join(f"{v:>20}" for v in args.variants))
    for name in names:
        cells = []
        for variant in args.variants:
            times = figures[variant][name]
            cells.append(f"{statistics.median(times) * 1000:.1f} ({min(times) * 1000:.1f})")
        print(f"{name:24}" + "".join(f"{cell:>20}" for cell in cells))


if __name__ == "__main__":
    main()
