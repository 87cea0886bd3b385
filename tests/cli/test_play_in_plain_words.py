"""What ``drumhead play`` prints for the players (not --json) speaks their words (issue 35):
the step's check by its title, the acting side by its name, each effect on the unit's name,
the values the players agreed by their labels; the same words test as the rulesets' texts."""

from __future__ import annotations

from pathlib import Path

from drumhead.loading.loader import load_ruleset
from tests.cli.test_play import drumhead
from tests.rules.test_texts_in_plain_words import input_values, leftovers


def plain(ruleset: str, out: str) -> list[str]:
    pairs = input_values(load_ruleset(ruleset))
    return [f"{p}: {line}" for line in out.splitlines() for p in leftovers(line, pairs)]


def test_a_wave_attack_turn_and_a_fire_print_no_ids(tmp_path: Path) -> None:
    made = drumhead(
        tmp_path, "new", "rank-and-file", "--scenario", "rnf-wave-attack", "--name", "w"
    )
    assert made.returncode == 0, made.stderr
    said = []
    for _ in range(7):  # into the charge phase: the wave attack's steps and their checks
        walked = drumhead(tmp_path, "play", "w", "--next-step")
        assert walked.returncode == 0, walked.stderr
        said.append(walked.stdout)
    fired = drumhead(
        tmp_path,
        "play",
        "w",
        "fire",
        "--role",
        "firer=union_regiment",
        "--role",
        "target=csa_first_wave",
        "--set",
        "fire_dice_per_stand=1",
        "--set",
        "weapon_ranges=muskets 12",
        "--card",
        "csa_first_wave.hits_per_stand=3",
        *("--dice", "6") * 6,  # by hand: six hits, so the effect names the unit it falls on
    )
    assert fired.returncode == 0, fired.stderr
    said.append(fired.stdout)
    out = "\n".join(said)
    assert "[check: Wave attack: share defensive fire hits]" in out
    assert "Confederate regiment (first wave)" in out  # the effect's unit by its name
    assert plain("rank-and-file", out) == []
