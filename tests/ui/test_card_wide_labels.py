"""The selected unit's card keeps a space between a row's label and its value when the label is
as wide as the label column or wider: the MWAN battery's gunners read "Gunner figures 11"
after a counter-battery hit, not "Gunner figures11" (issue 35, seen playing Henry Hill)."""

from __future__ import annotations

from pathlib import Path

from drumhead.screens.widgets.cards import unit_card

from drumhead.session import TableSession


def test_a_wide_label_keeps_a_space_before_its_value(tmp_path: Path) -> None:
    table = TableSession(str(tmp_path), seed=1)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("mwan116-acw", "henry", scenario="first-bull-run-henry-hill")
    try:
        table.edit_unit("ricketts", "gunners", 11)
        card = unit_card(table.ruleset, table.state, table.state.unit("ricketts")).plain
        assert "Gunner figures 11\n" in card
        assert "Formation in battery\n" in card  # a short label keeps its column
    finally:
        table.close(force=True)
