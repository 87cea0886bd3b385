"""``drumhead play --pick``: the unit of a group that takes an effect the rules leave to the
players (Republique's base hits, 4.4), a missing or wrong pick a JSON error and nothing saved.

Worked by hand as in tests/rules/test_republique_chart_parts.py: Hiller's line against the 67e
and 37e Ligne (the players give the group's 8 bases, veteran, in line, Molitor of value 1),
dice 9 and 1: +6, the club's cell 'Defender 3M 2B 2P; attacker carries the position'."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from phases import save_to_phase

from drumhead.saves import load_save

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
ASSAULT = [
    "assault",
    "--role",
    "attacker=hiller_line",
    "--role",
    "defender=ligne_67,ligne_37",
    *("--set", "defender_bases_primary=8", "--set", "defender_grade=veteran"),
    *("--set", "defender_formation=line", "--set", "defender_leader=1"),
    *("--dice", "9", "--dice", "1", "--json"),
]


def drumhead(saves: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "drumhead", *args],
        capture_output=True,
        text=True,
        env={"DRUMHEAD_SAVES": str(saves), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def aspern(tmp_path: Path) -> Path:
    text = re.sub(
        r'(?m)^chart_infantry_p6 = ".*"$',
        'chart_infantry_p6 = "Defender 3M 2B 2P; attacker carries the position"',
        SAMPLE.read_text(encoding="utf-8"),
    )
    house = tmp_path / "club.toml"
    house.write_text(text, encoding="utf-8")
    saves = tmp_path / "saves"
    made = drumhead(
        saves, "new", "republique", "--scenario", "aspern-1809", "--house-rules", str(house),
        "--name", "a",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    save_to_phase(saves / "a.toml")  # assaults are made in the assault phase (4.1)
    return saves


def test_a_missing_pick_names_the_units_and_saves_nothing(tmp_path: Path) -> None:
    saves = aspern(tmp_path)
    done = drumhead(saves, "play", "a", *ASSAULT)
    assert done.returncode == 1
    error = json.loads(done.stdout)["error"]
    assert error["pick"] == {
        "role": "defender",
        "units": ["ligne_67", "ligne_37"],
        "random": "Republique 4.4 Base hits (distributed randomly)",
    }
    assert "--pick defender=" in error["message"]
    assert [e.kind for e in load_save(saves / "a.toml").game.log] == ["next_phase"] * 3


def test_a_pick_outside_the_group_is_refused(tmp_path: Path) -> None:
    saves = aspern(tmp_path)
    done = drumhead(saves, "play", "a", *ASSAULT, "--pick", "defender=ligne_16,ligne_67")
    assert done.returncode == 1
    assert "'ligne_16' is not one of the defender" in json.loads(done.stdout)["error"]["message"]
    wrong = drumhead(saves, "play", "a", *ASSAULT, "--pick", "flank=ligne_67")
    assert "has no role 'flank'" in json.loads(wrong.stdout)["error"]["message"]
    assert [e.kind for e in load_save(saves / "a.toml").game.log] == ["next_phase"] * 3


def test_the_picked_units_lose_the_bases(tmp_path: Path) -> None:
    saves = aspern(tmp_path)
    done = drumhead(saves, "play", "a", *ASSAULT, "--pick", "defender=ligne_37,ligne_37")
    assert done.returncode == 0, done.stdout
    units = json.loads(done.stdout)["units"]
    assert (units["ligne_37"]["strength_now"], units["ligne_37"]["state"]) == (2, "shaken")
    assert (units["ligne_67"]["strength_now"], units["ligne_67"]["state"]) == (4, "shaken")
    # a fresh game: after the first assault both Lignes are shaken on their cards, which the
    # second would read (4.3 Morale Hits) and roll another cell
    (tmp_path / "again").mkdir()
    again = aspern(tmp_path / "again")
    rolled = drumhead(again, "play", "a", *ASSAULT, "--pick", "defender=random,random")
    assert rolled.returncode == 0, rolled.stdout
    lose = [e for e in json.loads(rolled.stdout)["effects"] if e["kind"] == "lose"]
    assert [e["unit"] for e in lose] == [e["among"][e["rolled"] - 1] for e in lose]


def test_the_first_side_may_be_a_group_too(tmp_path: Path) -> None:
    """``--role attacker=A,B``: the check is made for A, and B is in the attacking group the
    effects fall on (it was dropped before)."""
    saves = aspern(tmp_path)
    done = drumhead(
        saves, "play", "a", "assault", "--role", "attacker=hiller_line,hiller_grenz",
        "--role", "defender=ligne_16", "--dice", "5", "--dice", "5", "--no-apply", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    log = load_save(saves / "a.toml").game.log
    assert log[-1].data["roles"]["attacker"] == ["hiller_line", "hiller_grenz"]
