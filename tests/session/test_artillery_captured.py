"""Republique's defending artillery captured, at the table (issue 35; 4.4 Artillery effects:
the involved artillery "does not suffer" the first part of the result where an artillery
effect is called for; ruling rep-artillery-captured). What the resolve screen shows beside
each effect, and what the cards say once applied, undone, redone and saved.

Worked by hand, Aspern with the sample club values, the game walked to the assault phase:
Hiller's line (6 regular bases, in line, +1) assaults the 16e Ligne (4 veteran bases) and
Molitor's battery (1 base) in primary contact: 4 of 5 bases veteran, +1; 6 against 5 is
under 3:2. Dice 8 and 1: 9 - 2 = +7, 'Defender 3M 2P; defending artillery is captured
instead'. The 16e: fresh -> shaken (3 steps), 2 panic hits; the battery: removed, fresh,
no panic hits. With a cell that also gives base hits ('Defender 2M 2B 1P; defending
artillery is captured', the club's +7 in the second test), both base hits fall on the 16e,
the only unit left to take them (no pick asked): 4 -> 2 bases.
"""

from __future__ import annotations

import re
from pathlib import Path

from table_turn import open_table

from drumhead.game.attributes import value_of
from drumhead.saves import load_save
from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"


def _cards(table: TableSession) -> dict[str, tuple[str, int, bool, int]]:
    game = table.open_game_or_fail()
    out = {}
    for uid in ("ligne_16", "molitor_battery", "hiller_line"):
        unit = game.state.unit(uid)
        panic = value_of(game.ruleset, unit, "panic_hits")
        out[uid] = (
            unit.state,
            panic if isinstance(panic, int) else -1,
            unit.removed,
            unit.strength_now,
        )
    return out


def _assault(table: TableSession):  # type: ignore[no-untyped-def]
    game = table.open_game_or_fail()
    while game.state.phase != "assault":
        table.next_phase()
    form = table.form("assault", "hiller_line")
    assert form is not None
    form.set_role("defender", "ligne_16")
    form.add_to_role("defender", "molitor_battery")
    result = form.roll([8, 1])
    assert (result.value, "difference 9 - 2 = +7") == (7, result.steps[3])
    return form, {"attacker": "hiller_line", **form.picked_roles()}


BEFORE = {
    "ligne_16": ("fresh", 0, False, 4),
    "molitor_battery": ("fresh", 0, False, 1),
    "hiller_line": ("fresh", 0, False, 6),
}


def test_the_battery_is_captured_and_the_16e_takes_the_cell(tmp_path: Path) -> None:
    table = open_table(tmp_path / "saves", "republique", "aspern-1809", str(SAMPLE))
    try:
        form, roles = _assault(table)
        shown = {e.text: form.falls_on(e) for e in form.effects if e.kind != "note"}
        capture = next(e for e in form.effects if e.kind == "remove" and e.who == "defender")
        assert shown[capture.text] == "Molitor's divisional foot battery"
        step = next(e for e in form.effects if e.kind == "step" and e.who == "defender")
        assert shown[step.text] == "16e Ligne"  # the battery takes none of the cell's hits
        assert _cards(table) == BEFORE
        assert table.apply_effects("hiller_line", form.effects, roles)
        after = {
            "ligne_16": ("shaken", 2, False, 4),
            "molitor_battery": ("fresh", 0, True, 1),
            "hiller_line": ("fresh", 0, False, 6),
        }
        assert _cards(table) == after
        table.undo()
        assert _cards(table) == BEFORE
        table.redo()
        assert _cards(table) == after
        saved = load_save(table.save_as(str(tmp_path / "kept"))).game
        assert saved.state == table.open_game_or_fail().state
        assert saved.state.unit("molitor_battery").removed
    finally:
        table.close(force=True)


def test_base_hits_fall_on_the_defenders_the_capture_spares(tmp_path: Path) -> None:
    text, n = re.subn(
        r"(?m)^chart_infantry_p8 = .*$",
        'chart_infantry_p7 = "Defender 2M 2B 1P; defending artillery is captured"',
        SAMPLE.read_text(encoding="utf-8"),
    )
    assert n == 1  # the club's +8 line stands in for its own +7 (the text's is the ruleset's)
    house = tmp_path / "club.toml"
    house.write_text(text, encoding="utf-8")
    table = open_table(tmp_path / "saves", "republique", "aspern-1809", str(house))
    try:
        form, roles = _assault(table)
        assert table.apply_effects("hiller_line", form.effects, roles)  # no pick asked
        assert _cards(table) == {
            "ligne_16": ("rattled", 1, False, 2),
            "molitor_battery": ("fresh", 0, True, 1),
            "hiller_line": ("fresh", 0, False, 6),
        }
        applied = next(
            e for e in reversed(table.open_game_or_fail().log) if e.kind == "apply_effects"
        )
        on_battery = [
            e["kind"] for e in applied.data["effects"] if e.get("unit") == "molitor_battery"
        ]
        assert on_battery == ["remove"]
    finally:
        table.close(force=True)
