"""The effects that change a card beyond its morale, strength and markers, from the command
line (issue 35): ``resolve --json`` proposes them with what they change, ``play`` applies them
to the save's cards and reports what they came to."""

from __future__ import annotations

import json
from pathlib import Path

from drumhead.saves import load_save
from tests.cli.test_play import drumhead

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "data" / "house-rules"


def test_play_puts_a_routing_unit_in_no_formation(tmp_path: Path) -> None:
    """The Legion infantry (Regular 7) rolls 9 after a melee: it fails by 2 and routs, in no
    formation at all (OIBL p.11)."""
    made = drumhead(tmp_path, "new", "one-if-by-land", "--scenario", "cowpens-1781", "--name", "c")
    assert made.returncode == 0, made.stderr
    done = drumhead(
        tmp_path,
        "play",
        "c",
        "morale",
        "--role",
        "unit=legion_infantry",
        "--set",
        "situation=melee_result",
        "--dice",
        "9",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["outcome"] == "fail_by_2"
    formation = [e for e in report["effects"] if e["kind"] == "formation"]
    assert formation == [
        {
            "kind": "formation",
            "text": "In no formation at all (ruling oibl-rout-no-formation)",
            "who": "unit",
            "formation": "no_formation",
            "unit": "legion_infantry",
            "was": "open_order",
        }
    ]
    card = load_save(tmp_path / "c.toml").game.state.unit("legion_infantry")
    assert (card.state, card.formation) == ("rout", "no_formation")
    text = drumhead(tmp_path, "play", "c", "--next-step")
    assert text.returncode == 0, text.stderr


def test_resolve_json_proposes_gunners_off_a_battery() -> None:
    """4 hits on a battery: two hits remove one gunner (MWAN116 Artillery Rules): -2."""
    done = drumhead(
        Path("/nonexistent"),
        "resolve",
        "mwan116-acw",
        "fire",
        "--house-rules",
        str(HOUSE / "mwan116-acw-sample-firing-table.toml"),
        "--set",
        "target_type=artillery",
        "--set",
        "firer=field_artillery",
        *("--dice", "7", "--dice", "8", "--dice", "9", "--dice", "10"),
        "--json",
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["value"] == 4
    gunners = [e for e in report["effects"] if e["kind"] == "attribute"]
    assert [(e["attribute"], e["amount"], e["beyond"], e["who"], e["source"]) for e in gunners] == [
        ("gunners", -2, "clamp", "target", "MWAN116 Artillery: Artillery Rules")
    ]


def test_resolve_json_reads_a_leader_s_injury_from_the_chart() -> None:
    """The club's chart: a modified 9 reads 'Wounded'; 4 reads 'Unhurt' (nothing to mark)."""
    base = (
        "resolve",
        "republique",
        "leader_injury",
        "--house-rules",
        str(HOUSE / "republique-sample-club-values.toml"),
        "--json",
    )
    wounded = json.loads(drumhead(Path("/nonexistent"), *base, "--dice", "9").stdout)
    assert [(e["kind"], e["state"], e["who"], e["text"]) for e in wounded["effects"]] == [
        ("leader", "wounded", "leader", "The leader's injury, as the chart reads: Wounded")
    ]
    assert "rep-injury-chart-words" in {r["id"] for r in wounded["rulings"]}
    unhurt = json.loads(drumhead(Path("/nonexistent"), *base, "--dice", "4").stdout)
    assert unhurt["effects"] == []


def test_play_asks_for_a_number_the_card_lacks_and_takes_the_roll_back(tmp_path: Path) -> None:
    """Thomas's battery hits Griffin's twice (10, 12 on 9-12): one gunner off. The card gives
    no gunners: the roll is taken back, not half-recorded; --card gives them and it lands."""
    made = drumhead(
        tmp_path,
        "new",
        "mwan116-acw",
        "--scenario",
        "first-bull-run-henry-hill",
        "--name",
        "b",
        "--house-rules",
        str(HOUSE / "mwan116-acw-sample-firing-table.toml"),
    )
    assert made.returncode == 0, made.stderr
    fire = [
        *("play", "b", "fire", "--role", "firer=thomas_artillery", "--role", "target=griffin"),
        *("--set", "firer=field_artillery", "--set", "range_band=2"),
        *("--mod", "smoothbore_shot_shell", "--dice", "10", "--dice", "12", "--json"),
    ]
    asked = drumhead(tmp_path, *fire)
    assert asked.returncode != 0
    message = json.loads(asked.stdout)["error"]["message"]
    assert "has no value for 'Gunner figures' on its card" in message
    assert message.endswith("give it with --card griffin.gunners=N and play the check again")
    assert load_save(tmp_path / "b.toml").game.event_count == 0  # nothing kept
    done = drumhead(tmp_path, *fire, "--card", "griffin.gunners=6")
    assert done.returncode == 0, done.stderr
    effect = next(e for e in json.loads(done.stdout)["effects"] if e["kind"] == "attribute")
    assert (effect["unit"], effect["was"], effect["now"]) == ("griffin", 6, 5)
    game = load_save(tmp_path / "b.toml").game
    assert [e.kind for e in game.log] == ["edit", "resolution", "apply_effects"]
    wrong = drumhead(tmp_path, "play", "b", "--card", "griffin.crew=6", "--next-step")
    assert wrong.returncode != 0 and "a unit card has no field 'crew'" in wrong.stderr
