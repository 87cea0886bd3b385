"""``drumhead play`` fills a role from the log as the app's form does (One If By Land p.9 steps
2 and 4: the charged unit's test names its charger from this turn's charge test), through the
same core function; ``--role`` still wins; ``--json`` says which roles the log filled."""

from __future__ import annotations

import json
from pathlib import Path

from drumhead.saves import load_save
from tests.cli.test_play import drumhead


def _charge_declared(saves: Path) -> None:
    made = drumhead(saves, "new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "c")
    assert made.returncode == 0, made.stderr
    declared = drumhead(
        saves, "play", "c", "morale", "--role", "unit=legion_dragoons",
        "--role", "charged=sc_militia_spartan", "--set", "situation=charging", "--dice", "2",
        "--json",
    )  # fmt: skip
    assert declared.returncode == 0, declared.stderr
    assert json.loads(declared.stdout)["from_log"] == {}


def test_the_charged_units_test_names_its_charger_from_the_log(tmp_path: Path) -> None:
    _charge_declared(tmp_path)
    done = drumhead(
        tmp_path, "play", "c", "morale", "--role", "unit=sc_militia_spartan",
        "--set", "situation=charged", "--dice", "7", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["from_log"] == {"charger": "legion_dragoons"}
    # the app's answer on the same inputs: Poor 6, Pickens -1, charged by cavalry +1: 7 fails by 1
    assert report["outcome"] == "fail_by_1"
    last = [e for e in load_save(tmp_path / "c.toml").game.log if e.kind == "resolution"][-1]
    assert last.data["roles"] == {"charger": ["legion_dragoons"]}


def test_a_role_given_wins_over_the_log(tmp_path: Path) -> None:
    _charge_declared(tmp_path)
    done = drumhead(
        tmp_path, "play", "c", "morale", "--role", "unit=sc_militia_spartan",
        "--role", "charger=17th_dragoons", "--set", "situation=charged", "--dice", "7", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["from_log"] == {}
    last = [e for e in load_save(tmp_path / "c.toml").game.log if e.kind == "resolution"][-1]
    assert last.data["roles"] == {"charger": ["17th_dragoons"]}
