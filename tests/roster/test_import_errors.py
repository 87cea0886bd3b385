"""Issue 40: a bad sheet is refused with every problem a player can act on: its row and
column, the value found and the values allowed; and nothing is imported (no scenario text)
while one remains."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import excerpt
from drumhead.game.rulesets import game_ruleset
from drumhead.roster import ImportedBattle, ImportProblem, import_battle
from drumhead.roster import problems as limits

HEADER = "Kind,Name,Side,Brigade,Type,Quality,Strength,Strength now,State,Markers,Small arms,Value,Attached to,Commands,Status,Removed\n"
GOOD = ",Good,Blue,X,infantry,regular,10,,,,,,,,,\n"
OIBL = "one-if-by-land"


def battle_of(tmp_path: Path, text: str | bytes, name: str = "bad.csv") -> ImportedBattle:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return import_battle(path, game_ruleset(OIBL))


def only(battle: ImportedBattle) -> ImportProblem:
    assert battle.scenario_text == ""  # nothing half-imported
    assert len(battle.problems) == 1, [p.message for p in battle.problems]
    return battle.problems[0]


# (the row after the header, where, what is said, the value found, the allowed values)
ROWS = {
    "a unit type": (
        ",A,Blue,X,infantri,regular,10,,,,,,,,,",
        "row 3, column Type",
        "not a type of one-if-by-land",
        "infantri",
        "infantry, militia, rifles, indians, cavalry, dismounted_cavalry, artillery, officer",
    ),
    "a quality": (
        ",B,Blue,X,infantry,Elitte,10,,,,,,,,,",
        "row 3, column Quality",
        "not a quality of one-if-by-land",
        "Elitte",
        "elite, veteran, regular, poor, wretched",
    ),
    "a number": (
        ",C,Blue,X,infantry,regular,ten,,,,,,,,,",
        "row 3, column Strength",
        "not a whole number",
        "ten",
        "a whole number, 0 or more",
    ),
    "a number past what a sheet gives": (
        ",C,Blue,X,infantry,regular," + "9" * 400 + ",,,,,,,,,",
        "row 3, column Strength",
        "out of range",
        "9" * 400,
        "a whole number, 0 or more (at most 1,000,000)",
    ),
    "a decimal": (
        ",C,Blue,X,infantry,regular,1.0e999,,,,,,,,,",
        "row 3, column Strength",
        "not a whole number",
        "1.0e999",
        "a whole number, 0 or more",
    ),
    "a negative strength": (
        ",C,Blue,X,infantry,regular,-3,,,,,,,,,",
        "row 3, column Strength",
        "out of range",
        "-3",
        "a whole number, 0 or more",
    ),
    "more left than at the start": (
        ",D,Blue,X,infantry,regular,10,12,,,,,,,,",
        "row 3, column Strength now",
        "more than its strength at the start",
        "12",
        "a whole number from 0 to 10",
    ),
    "a state": (
        ",E,Blue,X,infantry,regular,10,,routed,,,,,,,",
        "row 3, column State",
        "not a state of one-if-by-land",
        "routed",
        "good_order, shaken, reforming, retreating, rout",
    ),
    "a marker": (
        ',E,Blue,X,infantry,regular,10,,,"fired, panik",,,,,,',
        "row 3, column Markers",
        "no such marker",
        "panik",
        "panic, charging, charge_limit, fired, moved, activated, prolonged, charge_test_failed, light_wound, serious_wound",
    ),
    "an attribute's choice": (
        ",E,Blue,X,infantry,regular,10,,,,bayonet,,,,,",
        "row 3, column Small arms",
        "not a value Small arms takes in one-if-by-land",
        "bayonet",
        "musket, carbine, jaeger_rifle, long_rifle",
    ),
    "a yes or no": (
        ",E,Blue,X,infantry,regular,10,,,,,,,,,maybe",
        "row 3, column Removed",
        "not yes or no",
        "maybe",
        "yes, no (or true, false)",
    ),
    "a leader's value": (
        "leader,F,Blue,,,,,,,,,two,,,,",
        "row 3, column Value",
        "not a whole number",
        "two",
        "a whole number",
    ),
    "a leader's status": (
        "leader,F,Blue,,,,,,,,,,,,dead,",
        "row 3, column Status",
        "not a leader's status",
        "dead",
        "active, wounded, killed",
    ),
    "a kind of row": (
        "general,G,Blue,,,,,,,,,,,,,",
        "row 3, column Kind",
        "not a kind of row",
        "general",
        "unit, leader, side",
    ),
    "a missing name": (
        ",,Blue,X,infantry,,10,,,,,,,,,",
        "row 3, column Name",
        "a unit needs its name",
        "",
        "text",
    ),
    "a missing side": (
        ",H,,X,infantry,,10,,,,,,,,,",
        "row 3, column Side",
        "a unit needs its side",
        "",
        "text",
    ),
    "a field the row does not have": (
        ",I,Blue,X,infantry,,10,,,,,3,,,,",
        "row 3, column Value",
        "a unit has no value (it is for: leader); leave it empty",
        "3",
        "",
    ),
    "a unit a leader is with": (
        "leader,F,Blue,,,,,,,,,,Z unit,,,",
        "row 3, column Attached to",
        "no such unit",
        "Z unit",
        "a unit's id or name: good",
    ),
    "a command": (
        'leader,F,Blue,,,,,,,,,,,"x, nowhere",,',
        "row 3, column Commands",
        "neither a brigade nor a unit",
        "nowhere",
        "brigades: X; or a unit's id or name",
    ),
    "a cell past the header": (
        ",J,Blue,X,infantry,,10,,,,,,,,,,extra",
        "row 3",
        "17 cells, more than the 16 columns of the header",
        "extra",
        "",
    ),
}


@pytest.mark.parametrize("kind", sorted(ROWS))
def test_each_bad_value_is_named_with_its_row_value_and_what_is_allowed(
    tmp_path: Path, kind: str
) -> None:
    row, where, reason, found, allowed = ROWS[kind]
    problem = only(battle_of(tmp_path, HEADER + GOOD + row + "\n"))
    assert (problem.where, problem.allowed) == (where, allowed)
    assert problem.found == excerpt(found, 60)
    assert problem.message.startswith(f"{where}: {reason}")
    if found:
        assert f"found '{excerpt(found, 60)}'" in problem.message
    if allowed:
        assert f"allowed: {allowed}" in problem.message


def test_every_problem_of_the_sheet_is_listed_in_row_order(tmp_path: Path) -> None:
    rows = [ROWS[k][0] for k in ("a quality", "a state", "a cell past the header", "a number")]
    battle = battle_of(tmp_path, HEADER + GOOD + "\n".join(rows) + "\n")
    assert [p.where for p in battle.problems] == [
        "row 3, column Quality",
        "row 4, column State",
        "row 5",
        "row 6, column Strength",
    ]
    assert battle.scenario_text == ""
    assert battle.units_by_side == {"Blue": ("Good", "B", "E", "J", "C")}  # for the preview


def test_a_missing_column_is_said_once(tmp_path: Path) -> None:
    problem = only(
        battle_of(tmp_path, "Name,Side,Type,Strength\nA,Blue,infantry,1\nB,Blue,infantry,2\n")
    )
    assert problem.where == "row 1"
    assert problem.message.startswith("row 1: no column Brigade (a unit needs its brigade)")
    assert problem.found == "Name, Side, Type, Strength"


def test_a_column_no_field_reads_is_named(tmp_path: Path) -> None:
    problem = only(
        battle_of(tmp_path, "Name,Side,Brigade,Type,Strength,Points\nA,Blue,X,infantry,1,35\n")
    )
    assert problem.where == "row 1, column 6"
    assert problem.found == "Points"
    assert "mapping's ignore" in problem.message
    assert problem.allowed.startswith("Kind, Id, Name, Side, Brigade")


def test_a_column_twice_and_a_value_without_a_header(tmp_path: Path) -> None:
    battle = battle_of(
        tmp_path, "Name,Side,Brigade,Type,Strength,strength,\nA,Blue,X,infantry,1,1,oops\n"
    )
    assert [p.message for p in battle.problems] == [
        "row 1, column 6: a second column for strength (the first: Strength) (found 'strength')",
        "row 2, column 7: a value in a column with no header (give the column a header) "
        "(found 'oops')",
    ]


def test_two_units_given_the_same_id(tmp_path: Path) -> None:
    battle = battle_of(
        tmp_path,
        "Id,Name,Side,Brigade,Type,Strength\na1,A,Blue,X,infantry,1\na1,B,Blue,X,infantry,1\n",
    )
    problem = only(battle)
    assert (problem.where, problem.found) == ("row 3, column Id", "a1")
    assert "another unit has this id already" in problem.message


def test_two_sides_of_one_name(tmp_path: Path) -> None:
    problem = only(
        battle_of(
            tmp_path,
            "Kind,Name,Side,Brigade,Type,Strength\nside,Blue,,,,\n"
            "side,blue,,,,\n,A,Blue,X,infantry,1\n",
        )
    )
    assert (problem.where, problem.found) == ("row 3, column Name", "blue")
    assert "another side has this name" in problem.message


def test_an_id_of_the_sheets_own_is_held_to_what_ids_hold(tmp_path: Path) -> None:
    problem = only(
        battle_of(tmp_path, "Id,Name,Side,Brigade,Type,Strength\na.1,A,Blue,X,infantry,1\n")
    )
    assert (problem.where, problem.found) == ("row 2, column Id", "a.1")
    assert problem.allowed.startswith("letters, digits, _ and -")


def test_a_sheet_without_units(tmp_path: Path) -> None:
    assert "no units" in only(battle_of(tmp_path, HEADER)).message
    assert "the sheet is empty" in only(battle_of(tmp_path, "")).message


def test_a_long_value_is_shown_as_an_excerpt(tmp_path: Path) -> None:
    long = "Elite" * 100
    problem = only(battle_of(tmp_path, HEADER + f",A,Blue,X,infantry,{long},10,,,,,,,,,\n"))
    assert len(problem.found) <= 60 and " ... " in problem.found
    assert len(problem.message) < 400


def test_a_sheet_not_in_utf8_is_refused_with_what_to_do(tmp_path: Path) -> None:
    text = (HEADER + ",Régiment,Bleu,X,infantry,regular,10,,,,,,,,,\n").encode("cp1252")
    problem = only(battle_of(tmp_path, text))
    assert problem.where == f"{tmp_path / 'bad.csv'}:2"
    assert "not UTF-8" in problem.message and "CSV UTF-8" in problem.message


def test_a_file_neither_sheet_nor_roster(tmp_path: Path) -> None:
    problem = only(battle_of(tmp_path, "x", name="army.xlsx"))
    assert "give a .csv" in problem.message and ".rosz" in problem.message


def test_a_missing_file(tmp_path: Path) -> None:
    problem = only(import_battle(tmp_path / "nowhere.csv", game_ruleset(OIBL)))
    assert problem.message.endswith("file not found")


def test_an_unreadable_csv_is_named_at_its_row(tmp_path: Path) -> None:
    problem = only(battle_of(tmp_path, HEADER + GOOD + ',"Broken,Blue,X\n'))
    assert problem.where == "row 3"
    assert "not readable as CSV" in problem.message


# -- limits ------------------------------------------------------------------------------------
def test_a_sheet_past_its_size_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("drumhead.roster.sheet.SHEET_SIZE", 1000)
    problem = only(battle_of(tmp_path, HEADER + GOOD * 100))
    assert "a spreadsheet (CSV) may be at most 1,000 bytes" in problem.message


def test_the_rows_limit_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("drumhead.roster.sheet.ROWS", 5)
    battle = battle_of(tmp_path, HEADER + GOOD * 10)
    assert [p.message for p in battle.problems] == [
        "row 6: more than 5 rows; a sheet has at most 5"
    ]


def test_the_units_limit_is_named(tmp_path: Path) -> None:
    text = HEADER + "".join(
        f",U{n},Blue,X,infantry,regular,10,,,,,,,,,\n" for n in range(limits.UNITS + 1)
    )
    problem = only(battle_of(tmp_path, text))
    assert problem.message == "the file: 1,001 units; a battle has at most 1,000"


def test_a_battle_at_the_limits_imports(tmp_path: Path) -> None:
    """1,000 units and 1,000 leaders, each with a unit and a command named by name (names
    are looked up once, not once a leader: this took 5 s, now a third of a second)."""
    head = "Kind,Name,Side,Brigade,Type,Strength,Value,Attached to,Commands\n"
    units = "".join(f",Unit {n},S{n % 2},B{n // 10},infantry,20,,,\n" for n in range(1000))
    leaders = "".join(
        f'leader,Gen {n},S{n % 2},,,,1,Unit {n},"B{n // 10}, Unit {n}"\n' for n in range(1000)
    )
    battle = battle_of(tmp_path, head + units + leaders, name="big.csv")
    assert battle.problems == ()
    assert sum(len(names) for names in battle.units_by_side.values()) == 1000


def test_the_columns_and_cell_limits_are_named(tmp_path: Path) -> None:
    wide = ",".join(f"c{n}" for n in range(limits.COLUMNS + 1))
    assert any(
        f"a sheet has at most {limits.COLUMNS} columns" in p.message
        for p in battle_of(tmp_path, wide + "\n").problems
    )
    cell = "x" * (limits.CELL + 1)
    problem = only(battle_of(tmp_path, HEADER + f",{cell},Blue,X,infantry,regular,10,,,,,,,,,\n"))
    assert problem.where == "row 2, column Name"
    assert "2,001 characters; a cell holds at most 2,000" in problem.message


def test_past_the_problems_shown_one_line_says_how_many_more(tmp_path: Path) -> None:
    bad = ",A,Blue,X,infantry,Elitte,10,,,,,,,,,\n"
    battle = battle_of(tmp_path, HEADER + bad * (limits.SHOWN + 5))
    assert len(battle.problems) == limits.SHOWN + 1
    assert battle.problems[-1].message == (
        f"the file: 5 more problems not listed (at most {limits.SHOWN} are)"
    )
