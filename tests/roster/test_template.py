"""Issue 40: `drumhead scenario template R` is the ruleset's empty sheet: its header row is
the ruleset's columns (its own attributes among them, headed as its shipped mapping heads
them), and a row filled in under it imports."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from drumhead.game.rulesets import game_ruleset
from drumhead.loading.loader import ruleset_ids
from drumhead.roster import columns, import_battle, template_csv


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_the_template_is_the_rulesets_columns(ruleset_id: str) -> None:
    ruleset = game_ruleset(ruleset_id)
    header = next(csv.reader(io.StringIO(template_csv(ruleset))))
    shown = columns(ruleset)
    assert header == [c.header for c in shown]
    fields = {c.field for c in shown}
    assert {"kind", "name", "side", "brigade", "type", "strength"} <= fields
    assert {a.id for a in ruleset.unit_attributes + ruleset.leader_attributes} <= fields
    kinds = {c.field: c for c in shown}
    assert kinds["type"].allowed == ", ".join(t.id for t in ruleset.unit_types)
    assert kinds["strength"].required == ("unit",)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_row_filled_in_under_the_template_imports(tmp_path: Path, ruleset_id: str) -> None:
    ruleset = game_ruleset(ruleset_id)
    shown = columns(ruleset)
    row = {
        "name": "First Foot",
        "side": "Blue",
        "brigade": "First Brigade",
        "type": ruleset.unit_types[0].id,
        "strength": "12",
    }
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([c.header for c in shown])
    writer.writerow([row.get(c.field, "") for c in shown])
    path = tmp_path / "ours.csv"
    path.write_text(template_csv(ruleset) + out.getvalue().split("\n", 1)[1], encoding="utf-8")
    battle = import_battle(path, ruleset)
    assert battle.problems == (), [p.message for p in battle.problems]
    assert battle.units_by_side == {"Blue": ("First Foot",)}
