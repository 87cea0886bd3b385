"""``python -m tests.bench [--repeat N]``: the benchmarks of issues 21, 37 and 38 in full, as
tables.

Builds (once, a few minutes, kept in the temporary folder) the 500-unit, 50,000-event game of
make_game.py and a save of the same units without events, then measures each command against
its anchor, pair by pair (cases.py): the app's keys, its opening and the first use of each
screen (app_cases.py, first_use.py), the command line, opening the game, and its stats and
export. Exit 1 when a target is not met. ``--only first-use --repeat 3``: only the first use of
each screen, 3 runs (about a minute a run).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from tests.bench import app_cases, cases, first_use
from tests.bench.runs import compiled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--repeat", type=int, default=11, help="pairs per benchmark (11)")
    parser.add_argument(
        "--only",
        choices=("cli", "app", "first-use"),
        help="only the whole commands, only the app's keys, or only each screen's first use",
    )
    args = parser.parse_args(argv)
    compiled()
    env = cases.isolated_cache()
    games = cases.games("full")
    if args.only == "first-use":
        return 0 if first_use_table(games, args.repeat, env) else 1
    met = True
    if args.only != "cli":
        met &= app_table(games, args.repeat, env)
    if args.only == "app":
        return 0 if met else 1
    results = cases.measured([*cases.cli_cases(), *cases.save_cases(games)], args.repeat, env)
    print(f"\nWhole processes, {args.repeat} pairs each, A against its anchor in turn; CPU time")
    print("(user + system) unless the figure says otherwise. A: the command measured.\n")
    met &= cases.table(results)
    open_long = next(r for c, r in results if c.name == "open long game")
    print(
        f"\nOpening the {games.events:,}-event game to a Game (whole process): "
        f"wall {open_long.median('a', 'wall'):.3f} s, CPU {open_long.median('a', 'cpu'):.3f} s, "
        f"peak {open_long.median('a', 'peak'):.1f} MiB (targets: under 1 s, under 120 MiB)"
    )
    met &= report_table(games, args.repeat, env)
    return 0 if met else 1


def report_table(games: cases.Games, repeat: int, env: dict[str, str]) -> bool:
    """The long game's stats and export (cases.report_cases): a run with nothing kept, then
    the pairs."""
    chosen = cases.report_cases(games)
    cold = {case.name: cases.cold_report(case, env) for case in chosen}
    results = cases.measured(chosen, repeat, env)
    print(
        f"\nThe {games.events:,}-event game's record read whole, {repeat} pairs each, against "
        "the same command on the same units without events; targets: wall under "
        f"{cases.REPORT_WALL:.0f} s, peak under {cases.REPORT_PEAK:.0f} MiB (issue 38).\n"
    )
    return cases.report_table(results, cold)


def first_use_table(games: cases.Games, repeat: int, env: dict[str, str]) -> bool:
    """Only the first use of each screen (first_use.py), on the long game and a new Cowpens
    game, ``repeat`` runs, with the load average before and after (the runs are compared
    with the bare app's key in the same runs, but a busy machine still widens them)."""
    with tempfile.TemporaryDirectory() as folder:
        long = Path(folder) / "long"
        shutil.copytree(games.long.parent, long)
        cowpens = Path(folder) / "cowpens"
        app_cases.new_cowpens(cowpens)
        before = os.getloadavg()
        used = first_use.first_uses(long, cowpens, repeat, env=env)
        after = os.getloadavg()
    print(f"load average (1, 5, 15 min): before {before}, after {after}")
    return first_use.first_use_table(used)


def app_table(games: cases.Games, repeat: int, env: dict[str, str]) -> bool:
    """The app's keys on the long game against Cowpens, and opening either against a bare
    Textual app (app_cases.py), on copies of the saves (the app writes to them)."""
    with tempfile.TemporaryDirectory() as folder:
        long = Path(folder) / "long"
        shutil.copytree(games.long.parent, long)
        cowpens = Path(folder) / "cowpens"
        app_cases.new_cowpens(cowpens)
        rounds = max(repeat, app_cases.P90_ROUNDS)
        print(f"\nThe app: each key {rounds} times on the long game and on Cowpens, in turn;")
        print("milliseconds until the answer is on the screen (medians), ratios long/Cowpens.\n")
        fresh = Path(folder) / "fresh"  # opened as made: no cursor kept by the keys' run
        shutil.copytree(long, fresh / "long")
        shutil.copytree(cowpens, fresh / "cowpens")
        met = app_cases.key_table(app_cases.keys(long, cowpens, rounds, env=env))
        opened = app_cases.opening(fresh / "long", fresh / "cowpens", max(5, repeat), env=env)
        print()
        met &= app_cases.opening_table(opened)
        print()
        used = first_use.first_uses(fresh / "long", fresh / "cowpens", max(3, repeat // 3), env=env)
        met &= first_use.first_use_table(used)
    return met


if __name__ == "__main__":
    sys.exit(main())
