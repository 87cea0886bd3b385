"""An order of battle imported at the table (what the new-game screen's import does, through
the session): a CSV of the players' scenarios folder previewed for a ruleset, a bad one
refused with its rows and nothing written, a good one starting a game as a scenario does and
kept as a scenario file the new game then lists as theirs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.errors import DrumheadError
from drumhead.session import TableSession
from drumhead.session.scenarios import ScenarioDesk

GOOD = """Name,Side,Brigade,Type,Quality,Formation,Strength
1st Maryland,Americans,Howard,infantry,veteran,close_order,12
Virginia militia,Americans,Pickens,militia,poor,open_order,15
71st Highlanders,British,Fraser,infantry,regular,close_order,12
17th Light Dragoons,British,Tarleton,cavalry,veteran,close_order,6
"""
"""Four One If By Land units, two a side, as a club would type them."""

BAD = GOOD.replace("militia,poor", "militia,awful").replace(
    "veteran,close_order,6", "veteran,close_order,six"
)
"""Two bad cells: a quality the rules do not have (row 3), a strength in words (row 5)."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[TableSession]:
    (tmp_path / "saves").mkdir()
    (tmp_path / "scenarios").mkdir()
    session = TableSession(str(tmp_path / "saves"), seed=1)
    yield session
    session.close(force=True)


def sheet(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / "scenarios" / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_folder_offers_its_sheets_and_rosters(table: TableSession, tmp_path: Path) -> None:
    for name in ("b.csv", "a.ros", "c.rosz", "notes.txt", "d.toml"):
        sheet(tmp_path, name, "")
    files, left_out = ScenarioDesk(table).importable()
    assert [p.name for p in files] == ["a.ros", "b.csv", "c.rosz"]
    assert left_out == 0


def test_a_good_sheet_previews_by_side_and_starts_a_game(
    table: TableSession, tmp_path: Path
) -> None:
    path = sheet(tmp_path, "cowpens-club.csv", GOOD)
    desk = ScenarioDesk(table)
    battle = desk.preview(path, "one-if-by-land")
    assert battle.problems == ()
    assert battle.units_by_side == {
        "Americans": ("1st Maryland", "Virginia militia"),
        "British": ("71st Highlanders", "17th Light Dragoons"),
    }
    game = desk.start_imported(battle, path, "one-if-by-land", "saturday")
    assert table.game is game
    assert game.state.scenario == "cowpens-club"
    assert [(u.name, u.side, u.quality, u.strength_start) for u in game.state.units] == [
        ("1st Maryland", game.state.sides[0].id, "veteran", 12),
        ("Virginia militia", game.state.sides[0].id, "poor", 15),
        ("71st Highlanders", game.state.sides[1].id, "regular", 12),
        ("17th Light Dragoons", game.state.sides[1].id, "veteran", 6),
    ]
    assert (tmp_path / "saves" / "saturday.toml").is_file()
    assert not (tmp_path / "scenarios" / "cowpens-club.toml").exists()  # kept only if asked


def test_a_bad_sheet_names_its_rows_and_starts_nothing(table: TableSession, tmp_path: Path) -> None:
    path = sheet(tmp_path, "typos.csv", BAD)
    desk = ScenarioDesk(table)
    battle = desk.preview(path, "one-if-by-land")
    assert battle.scenario_text == ""
    where = [(p.where, p.found) for p in battle.problems]
    assert where == [("row 3, column Quality", "awful"), ("row 5, column Strength", "six")]
    assert "elite" in battle.problems[0].allowed and "wretched" in battle.problems[0].allowed
    with pytest.raises(DrumheadError, match=r"typos\.csv cannot start a game: row 3, column"):
        desk.start_imported(battle, path, "one-if-by-land", "saturday")
    with pytest.raises(DrumheadError, match="cannot start a game"):
        desk.keep_imported(battle, path)
    assert table.game is None
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == []
    assert sorted(p.name for p in (tmp_path / "scenarios").iterdir()) == ["typos.csv"]


def test_kept_as_a_scenario_it_is_listed_as_yours_and_plays_the_same(
    table: TableSession, tmp_path: Path
) -> None:
    path = sheet(tmp_path, "cowpens-club.csv", GOOD)
    desk = ScenarioDesk(table)
    battle = desk.preview(path, "one-if-by-land")
    kept = desk.keep_imported(battle, path)
    assert kept == tmp_path / "scenarios" / "cowpens-club.toml"
    mine = [c for c in desk.shelf("one-if-by-land").choices if c.origin == "yours"]
    assert [(c.id, c.usable) for c in mine] == [(str(kept), True)]
    with pytest.raises(DrumheadError, match="exists already"):
        desk.keep_imported(battle, path)  # never over a file of the players'
    from_file = desk.start("one-if-by-land", "from-file", mine[0]).state.units
    table.close(force=True)
    from_import = desk.start_imported(battle, path, "one-if-by-land", "from-import").state.units
    assert from_file == from_import  # every card the same, field for field
    assert len(from_file) == 4


def test_a_sheet_for_another_ruleset_says_what_it_lacks(
    table: TableSession, tmp_path: Path
) -> None:
    """The same sheet read for Republique: its words are not Republique's, and every problem
    says which row and what Republique allows (nothing raised, nothing written)."""
    path = sheet(tmp_path, "cowpens-club.csv", GOOD)
    battle = ScenarioDesk(table).preview(path, "republique")
    assert battle.scenario_text == ""
    first = battle.problems[0]
    assert (first.where, first.found, first.allowed) == (
        "row 2, column Formation",
        "close_order",
        "line, column, square, unlimbered, limbered",
    )
    assert [p.where for p in battle.problems[1:3]] == [
        "row 3, column Type",
        "row 3, column Quality",
    ]
    assert battle.units_by_side["British"] == ("71st Highlanders", "17th Light Dragoons")
