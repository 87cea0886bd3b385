"""Issue 35: ``drumhead play --role`` refuses a unit on the wrong side of its role before the
roll, in the words the app's picker and form use (:func:`drumhead.game.sides.wrong_side`),
its JSON error keyed by the option; nothing is written to the save."""

from __future__ import annotations

import json
from pathlib import Path

from drumhead.saves import load_save
from tests.cli.test_play import drumhead


def test_an_ally_given_as_the_enemy_is_refused_by_its_option(tmp_path: Path) -> None:
    made = drumhead(tmp_path, "new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "c")
    assert made.returncode == 0, made.stderr
    before = load_save(tmp_path / "c.toml").game.event_count
    done = drumhead(
        tmp_path, "play", "c", "fire", "--role", "firer=71st_highlanders",
        "--role", "target=7th_fusiliers", "--dice", "9", "--json",
    )  # fmt: skip
    assert done.returncode == 1
    game = load_save(tmp_path / "c.toml").game
    ally, firer = (game.state.unit(u).name for u in ("7th_fusiliers", "71st_highlanders"))
    assert json.loads(done.stdout) == {
        "error": {
            "message": f"{ally} is on the side of {firer}: the target is the enemy's",
            "file": None,
            "line": None,
            "key": "--role target",
        }
    }
    assert game.event_count == before  # no roll logged


def test_the_prose_error_names_the_option(tmp_path: Path) -> None:
    made = drumhead(tmp_path, "new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "c")
    assert made.returncode == 0, made.stderr
    done = drumhead(
        tmp_path, "play", "c", "morale", "--role", "unit=sc_militia_spartan",
        "--role", "charger=nc_riflemen", "--set", "situation=charged", "--dice", "7",
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.startswith("drumhead: --role charger: ")
    assert "is on the side of" in done.stderr
