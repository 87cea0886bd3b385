"""A phase each side takes in turn says whose pass it is: MWAN's movement showed two
"Turn 1 · Movement" one after the other, the Union's and then the Confederates'."""

from __future__ import annotations

from pathlib import Path

from drumhead.session import TableSession


def test_the_status_line_and_checklist_name_the_side_moving(saves: Path) -> None:
    table = TableSession(str(saves), seed=1776)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("mwan116-acw", "bull-run", scenario="first-bull-run-henry-hill")
    try:
        game = table.game
        assert game is not None
        seen: list[str] = []
        for _ in range(12):
            table.next_step()
            if game.state.phase == "movement":
                seen.append(table.status().where)
        assert seen[0] == "Turn 1 · Movement (Union)"
        assert seen[-1] == "Turn 1 · Movement (Confederate)"
        assert table.status().where_short == "Turn 1 · Movement (Confederate)"
        assert table.checklist().title == "Turn 1 · Movement (Confederate)"
        # the log's own line for the change says whose too
        last = game.last_event
        assert last is not None and "(Confederate)" in table.describe(last)
        # a phase both sides take at once says no side
        while game.state.phase == "movement":
            table.next_phase()
        assert "(" not in table.status().where
    finally:
        table.close(force=True)
