"""``drumhead play`` lands Republique's capture of the defending artillery as the game does
(issue 35; 4.4 Artillery effects, ruling rep-artillery-captured): the same inputs on the
command line and through the core give the same cards.

Worked by hand as in tests/game/test_republique_artillery_captured.py: Aspern with the
sample club values, the game moved on to the assault phase; Hiller's line (in line, +1)
against the 16e Ligne and Molitor's battery (4 of 5 bases veteran, +1), dice 8 and 1:
9 - 2 = +7, 'Defender 3M 2P; defending artillery is captured instead'. The 16e: shaken,
2 panic hits; the battery: removed, fresh, no panic hits.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from drumhead.game import load_scenario, new_game
from drumhead.game.attributes import value_of
from drumhead.saves import load_save

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
AT = "2026-11-26T20:00:00Z"
ROLES = {"attacker": ["hiller_line"], "defender": ["ligne_16", "molitor_battery"]}


def drumhead(saves: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "drumhead", *args],
        capture_output=True,
        text=True,
        env={"DRUMHEAD_SAVES": str(saves), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def cards(state, ruleset) -> dict[str, tuple[str, object, bool, int]]:  # type: ignore[no-untyped-def]
    return {
        uid: (
            state.unit(uid).state,
            value_of(ruleset, state.unit(uid), "panic_hits"),
            state.unit(uid).removed,
            state.unit(uid).strength_now,
        )
        for uid in ("ligne_16", "molitor_battery", "hiller_line")
    }


def test_the_command_line_captures_the_battery_as_the_core_does(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    made = drumhead(
        saves, "new", "republique", "--scenario", "aspern-1809", "--house-rules", str(SAMPLE),
        "--name", "a",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    for _ in range(6):
        if load_save(saves / "a.toml").game.state.phase == "assault":
            break
        moved = drumhead(saves, "play", "a", "--next-phase", "--json")
        assert moved.returncode == 0, moved.stdout + moved.stderr
    played = drumhead(
        saves, "play", "a", "assault", "--role", "attacker=hiller_line",
        "--role", "defender=ligne_16,molitor_battery", "--dice", "8", "--dice", "1", "--json",
    )  # fmt: skip
    assert played.returncode == 0, played.stdout + played.stderr
    assert json.loads(played.stdout)  # the answer, as JSON
    on_line = load_save(saves / "a.toml").game

    game = new_game(
        "republique", scenario=load_scenario("aspern-1809"), seed=5, house_rules=str(SAMPLE)
    )
    while game.state.phase != "assault":
        game.next_phase(at=AT)
    event, res = game.resolve("assault", "hiller_line", {}, hand_dice=[8, 1], at=AT, roles=ROLES)
    game.apply_effects("hiller_line", list(res.effects), at=AT, resolution=event.seq, roles=ROLES)

    expected = {
        "ligne_16": ("shaken", 2, False, 4),
        "molitor_battery": ("fresh", 0, True, 1),
        "hiller_line": ("fresh", 0, False, 6),
    }
    assert cards(game.state, game.ruleset) == expected
    assert cards(on_line.state, on_line.ruleset) == expected
