"""``drumhead play`` when a result needs what a card does not say (issue 35): the roll is taken
back, the error says which card value to give with ``--card``, and played again with it the
result lands on the cards. MWAN's stand captured (the figures a stand holds)."""

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
