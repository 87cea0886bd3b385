"""Opening a save loads what playing needs, not the rulesets' reader and validator: with the
compiled rulesets cached, a game opens from the cache (the app's opening, tests/bench)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from drumhead.game import load_scenario, new_game
from drumhead.saves import SaveSession, save_path

OPEN = (
    "import sys\n"
    "from drumhead.saves import SaveSession\n"
    "save, game = SaveSession.open(sys.argv[1])\n"
    "print(game.state.name)\n"
    "save.close()\n"
    "print(','.join(sorted(sys.modules)))\n"
)

READER = {"drumhead.loading.loader", "drumhead.loading.ruleset"}
"""The rulesets' reader and validator: a ruleset not in the cache needs them."""


def opened_with(path: Path, cache: Path) -> tuple[str, set[str]]:
    """The game's name and every module loaded, opening ``path`` in a fresh interpreter with
    its cache folder at ``cache``."""
    out = subprocess.run(
        [sys.executable, "-c", OPEN, str(path)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "DRUMHEAD_CACHE": str(cache)},
    )
    name, modules = out.stdout.strip().split("\n")[-2:]
    return name, set(modules.split(","))


def test_a_save_opens_from_the_cached_rulesets_without_the_reader(tmp_path: Path) -> None:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), name="mill")
    path = save_path(tmp_path, "mill")
    SaveSession.create(path, game).close()
    cache = tmp_path / "cache"
    name, cold = opened_with(path, cache)  # nothing cached: read and checked, then kept
    assert name == "mill" and cold & READER == READER
    name, cached = opened_with(path, cache)
    assert name == "mill"
    assert not cached & READER, sorted(cached & READER)
