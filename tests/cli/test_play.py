"""``drumhead play``: a saved game played from the command line, both sides at once."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
from pathlib import Path
from unittest import mock

from drumhead.cli.main import main
from drumhead.saves import load_save


def drumhead(saves: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``drumhead ARGS`` with ``DRUMHEAD_SAVES=saves``: its exit code, stdout and stderr.

    Run in this process: :func:`drumhead.cli.main.main` is what the command runs, and each
    call reads the save from its file and writes it back, as a command does. A process each
    cost 0.1 s of CPU (17 here); the command as a process is tested where the process is the
    point (tests/cli/test_startup.py, test_cli.py, test_play_waits.py)."""
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.dict(os.environ, {"DRUMHEAD_SAVES": str(saves)}),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = main(list(args))
    return subprocess.CompletedProcess(["drumhead", *args], code, out.getvalue(), err.getvalue())


def test_a_close_combat_lands_on_both_units_and_is_saved(tmp_path: Path) -> None:
    made = drumhead(
        tmp_path, "new", "mwan116-acw", "--scenario", "first-bull-run-henry-hill", "--name", "b"
    )
    assert made.returncode == 0, made.stderr
    before = load_save(tmp_path / "b.toml").game.state
    done = drumhead(
        tmp_path,
        "play",
        "b",
        "close_combat",
        "--role",
        "attacker=va4",
        "--role",
        "defender=ny11_zouaves",
        "--set",
        "attacker_state=charge_to_combat",  # a frontal attack needs it (issue 35)
        "--dice",
        "9",
        "--dice",
        "3",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["outcome"] == "driven_back"
    # both cards change; 'the attacker captures the position' is the table's (on no card)
    assert {e.get("unit") for e in report["effects"]} == {"va4", "ny11_zouaves", None}
    after = load_save(tmp_path / "b.toml").game.state
    for unit in ("va4", "ny11_zouaves"):
        assert after.unit(unit).strength_now < before.unit(unit).strength_now
    assert after.unit("ny11_zouaves").state == "skedaddle"

    moved = drumhead(tmp_path, "play", "b", "--next-phase", "--json")
    assert json.loads(moved.stdout)["turn"] == "Turn 1 · Movement (Union)"  # whose pass


def test_an_unknown_role_is_refused_with_the_roles_named(tmp_path: Path) -> None:
    drumhead(
        tmp_path, "new", "mwan116-acw", "--scenario", "first-bull-run-henry-hill", "--name", "b"
    )
    bad = drumhead(tmp_path, "play", "b", "fire", "--role", "victim=va4", "--json")
    assert bad.returncode == 1
    error = json.loads(bad.stdout)["error"]
    assert "no role 'victim'" in error["message"] and "firer, target" in error["message"]


def test_the_sequence_is_walked_step_by_step_from_the_command_line(tmp_path: Path) -> None:
    """--next-step goes on (drawing the card at the drawing step), --previous-step goes back,
    and two walking options at once are refused with exit 1 and nothing saved."""
    made = drumhead(tmp_path, "new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "c")
    assert made.returncode == 0, made.stderr
    first = json.loads(drumhead(tmp_path, "play", "c", "--next-step", "--json").stdout)
    assert first["step"]["id"] == "draw" and first["card"] is None
    drawn = json.loads(drumhead(tmp_path, "play", "c", "--next-step", "--json").stdout)
    state = load_save(tmp_path / "c.toml").game.state
    assert drawn["card"] == state.activation.drawn[-1] and len(state.activation.deck) == 7
    assert (state.phase, state.step) == ("morale", "panic_tests")
    assert drawn["step"] == {"id": "panic_tests", "text": drawn["step"]["text"], "check": "morale"}
    text = drumhead(tmp_path, "play", "c", "--next-step")
    assert text.returncode == 0 and "Step: A routing unit that passes" in text.stdout
    back = drumhead(tmp_path, "play", "c", "--previous-step", "--next-phase")
    assert back.returncode == 1 and "give one of" in back.stderr
    assert load_save(tmp_path / "c.toml").game.state.step == "rally"


def test_new_switches_off_a_scenario_option_with_without(tmp_path: Path) -> None:
    made = drumhead(
        tmp_path, "new", "rank-and-file", "--scenario", "rnf-wave-attack", "--without", "rerolls",
        "--name", "w", "--json",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["options"] == ["wave_attacks"]
    bad = drumhead(tmp_path, "new", "rank-and-file", "--without", "nope", "--name", "x")
    assert bad.returncode == 1 and "no optional rule 'nope'" in bad.stderr
    assert not (tmp_path / "x.toml").exists()


def test_a_leader_picked_for_a_role_fills_its_inputs_from_the_command_line(tmp_path: Path) -> None:
    made = drumhead(
        tmp_path, "new", "mwan116-acw", "--scenario", "first-bull-run-henry-hill", "--name", "g"
    )
    assert made.returncode == 0, made.stderr
    bad = drumhead(tmp_path, "play", "g", "close_combat", "--role", "defender=ny11_zouaves",
                   "--leader", "attacker", "--dice", "6", "--dice", "6")  # fmt: skip
    assert bad.returncode == 1 and "--leader attacker: expected ROLE=LEADER" in bad.stderr
    unknown = drumhead(tmp_path, "play", "g", "close_combat", "--role", "defender=ny11_zouaves",
                       "--leader", "attacker=nobody", "--dice", "6", "--dice", "6")  # fmt: skip
    assert unknown.returncode == 1 and "no leader 'nobody'" in unknown.stderr
    assert load_save(tmp_path / "g.toml").game.log == ()


def test_a_check_the_rules_refuse_names_its_input_and_rolls_nothing(tmp_path: Path) -> None:
    """Issue 35: play's JSON error for a refused check is the one odds gives: by the check's
    title with its citation, naming the input it is about; nothing is logged."""
    made = drumhead(tmp_path, "new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "c")
    assert made.returncode == 0, made.stderr
    before = len(load_save(tmp_path / "c.toml").game.log)
    done = drumhead(
        tmp_path, "play", "c", "morale", "--role", "unit=nc_riflemen",
        "--set", "figures_lost=400", "--dice", "5", "--json",
    )  # fmt: skip
    assert done.returncode == 1
    error = json.loads(done.stdout)["error"]
    assert error["message"].startswith(
        "Morale test refused: the figures lost so far (400) cannot exceed"
    )
    assert (error["check"], error["input"]) == ("morale", "figures_start")
    assert error["inputs"] == ["figures_start", "figures_lost"]
    assert len(load_save(tmp_path / "c.toml").game.log) == before
