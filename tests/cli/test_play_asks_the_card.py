"""``drumhead play`` when a result needs what a card does not say (issue 35): the roll is taken
back, the error says which card value to give with ``--card``, and played again with it the
result lands on the cards. MWAN's stand captured (the figures a stand holds) and One If By
Land's general killed (his command, when his card names none: ruling oibl-general-command)."""

from __future__ import annotations

import json
from pathlib import Path

from drumhead.saves import load_save
from tests.cli.test_play import drumhead


def test_a_stand_captured_asks_the_stand_size_once_then_reads_the_card(tmp_path: Path) -> None:
    made = drumhead(
        tmp_path, "new", "mwan116-acw", "--scenario", "first-bull-run-henry-hill", "--name", "b"
    )
    assert made.returncode == 0, made.stderr
    start = load_save(tmp_path / "b.toml").game.state.unit("minn1").strength_now
    combat = [
        *("play", "b", "close_combat_flank", "--role", "attacker=va33"),
        *("--role", "defender=minn1", "--dice", "6", "--json"),
    ]
    asked = drumhead(tmp_path, *combat)
    assert asked.returncode != 0
    message = json.loads(asked.stdout)["error"]["message"]
    assert "1st Minnesota has no value for 'Figures per stand' on its card" in message
    assert message.endswith(
        "give it with --card minn1.figures_per_stand=N and play the check again"
    )
    assert load_save(tmp_path / "b.toml").game.event_count == 0  # nothing kept
    done = drumhead(tmp_path, *combat, "--card", "minn1.figures_per_stand=4")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["outcome"] == "swept_from_field"
    lost = next(e for e in report["effects"] if e["kind"] == "lose" and e["unit"] == "minn1")
    assert (lost["stands"], lost["per_stand"], lost["amount"]) == (1, 4, 4)
    assert report["units"]["minn1"]["strength_now"] == start - 4
    again = drumhead(tmp_path, *combat)  # the card gives it now: nobody is asked
    assert again.returncode == 0, again.stderr
    state = load_save(tmp_path / "b.toml").game.state
    assert state.unit("minn1").strength_now == start - 8
    assert state.unit("minn1").attribute("figures_per_stand") == 4


def test_a_general_killed_without_a_command_asks_for_it_on_his_card(tmp_path: Path) -> None:
    made = drumhead(tmp_path, "new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "c")
    assert made.returncode == 0, made.stderr
    risk = [
        *("play", "c", "general_risk", "--role", "self=sc_militia_spartan"),
        *("--set", "hits=2", "--dice", "1", "--dice", "6", "--json"),
    ]
    emptied = drumhead(tmp_path, *risk[:5], "--card", "pickens.commands=", *risk[5:])
    assert emptied.returncode != 0
    message = json.loads(emptied.stdout)["error"]["message"]
    assert "falls on every unit under Col. Andrew Pickens's command, and his card names none" in (
        message
    )
    assert message.endswith(
        "give it with --card pickens.commands=BRIGADE[,UNIT...] and play the check again"
    )
    game = load_save(tmp_path / "c.toml").game
    assert game.state.leader("pickens").status == "active"  # nothing of the roll kept
    done = drumhead(tmp_path, *risk, "--card", "pickens.commands=militia_line")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert {u for u, card in report["units"].items() if "panic" in card["markers"]} == {
        "sc_militia_spartan",
        "sc_militia_little_river",
    }
    game = load_save(tmp_path / "c.toml").game
    assert game.state.leader("pickens").commands == ("militia_line",)
    assert game.state.leader("pickens").status == "killed"
    wrong = drumhead(tmp_path, "play", "c", "--card", "pickens.brigade=x", "--next-step")
    assert wrong.returncode != 0 and "a leader's card has no field 'brigade'" in wrong.stderr
