"""Issue 40: a mapping file says which column (or roster field) feeds which field, and the
players' own words for the ruleset's names; it is validated like a ruleset (each unknown key
named with its file and line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import RulesetErrors
from drumhead.game.rulesets import game_ruleset
from drumhead.game.scenario import read_scenario
from drumhead.loading.loader import ruleset_ids
from drumhead.roster import import_battle
from drumhead.roster.mapping import read_mapping, shipped_mapping
from drumhead.rules.toml_file import read_toml

OIBL = "one-if-by-land"


def mapping_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ours.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_each_shipped_mapping_is_valid(ruleset: str) -> None:
    mapping = shipped_mapping(game_ruleset(ruleset))
    assert mapping.file == f"data/mappings/{ruleset}.toml"
    assert mapping.header("name") == "Name"
    assert dict(mapping.unit_sources)["type"].kind == "category"


def test_a_mapping_reads_a_sheet_of_the_players_own(tmp_path: Path) -> None:
    mapping = mapping_file(
        tmp_path,
        'ruleset = "one-if-by-land"\n'
        'ignore = ["Points", "Painted?"]\n'
        "[columns]\n"
        'name = "Regiment"\nside = "Army"\nbrigade = "Brigade"\ntype = "Arm"\n'
        'strength = "Figures"\nquality = "Grade"\n'
        "[values.type]\n"
        '"Line infantry" = "infantry"\n"Continental line" = "infantry"\n'
        "[values.quality]\n"
        '"Crack" = "elite"\n',
    )
    sheet = tmp_path / "oob.csv"
    sheet.write_text(
        "Regiment,Army,Brigade,Arm,Figures,Grade,Points,Painted?\n"
        "1st Maryland,Patriots,Williams,Continental Line,24,crack,120,yes\n"
        "Guards,Crown,Leslie,line infantry,20,Elite,140,no\n",
        encoding="utf-8",
    )
    battle = import_battle(sheet, game_ruleset(OIBL), mapping)
    assert battle.problems == (), [p.message for p in battle.problems]
    data, text = read_toml("oob.toml", battle.scenario_text, kind="scenario")
    scenario = read_scenario(data, text=text, ruleset=game_ruleset(OIBL))
    assert [(u.type, u.quality, u.strength_start) for u in scenario.units] == [
        ("infantry", "elite", 24),
        ("infantry", "elite", 20),
    ]


def test_without_the_mapping_the_players_headers_are_named(tmp_path: Path) -> None:
    sheet = tmp_path / "oob.csv"
    sheet.write_text("Regiment,Army\nA,B\n", encoding="utf-8")
    battle = import_battle(sheet, game_ruleset(OIBL))
    assert [p.found for p in battle.problems][:2] == ["Regiment", "Army"]


BAD = {
    "an unknown key": (
        'ruleset = "one-if-by-land"\ncolums = {}\n',
        2,
        "colums",
        "unknown key 'colums'",
    ),
    "an unknown field": (
        'ruleset = "one-if-by-land"\n[columns]\nqualty = "Q"\n',
        3,
        "columns.qualty",
        "no field 'qualty' in an order of battle",
    ),
    "two fields, one header": (
        'ruleset = "one-if-by-land"\n[columns]\nname = "N"\nnotes = "n"\n',
        4,
        "columns.notes",
        "'n' already feeds name",
    ),
    "a word for a name not the ruleset's": (
        'ruleset = "one-if-by-land"\n[values.quality]\n"Crack" = "elitte"\n',
        3,
        "values.quality.Crack",
        "'elitte' is not one of: elite, veteran",
    ),
    "words for a field of text": (
        'ruleset = "one-if-by-land"\n[values.name]\n"a" = "b"\n',
        2,
        "values.name",
        "name takes text",
    ),
    "an unknown source": (
        'ruleset = "one-if-by-land"\n[roster.unit]\nquality = "profile"\n',
        3,
        "roster.unit.quality",
        "no source 'profile'",
    ),
    "a source table of two kinds": (
        'ruleset = "one-if-by-land"\n[roster.unit]\n'
        'quality = { characteristic = "Q", category = ["A"] }\n',
        3,
        "roster.unit.quality",
        "give one of: characteristic, category, selection, value",
    ),
    "a field a leader has not": (
        'ruleset = "one-if-by-land"\n[roster.leader]\nbrigade = "parent"\n',
        3,
        "roster.leader.brigade",
        "no field 'brigade' on a leader",
    ),
    "an unknown key of a source": (
        'ruleset = "one-if-by-land"\n[roster.unit]\n'
        'quality = { characteristic = "Q", profil = "U" }\n',
        3,
        "roster.unit.quality.profil",
        "unknown key 'profil'",
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_bad_mapping_is_named_with_file_line_and_key(tmp_path: Path, kind: str) -> None:
    text, line, key, words = BAD[kind]
    path = mapping_file(tmp_path, text)
    with pytest.raises(RulesetErrors) as info:
        read_mapping(path, game_ruleset(OIBL))
    error = info.value.errors[0]
    assert (error.path, error.line, error.key) == (str(path), line, key)
    assert words in error.message


def test_a_mapping_for_another_ruleset_is_refused(tmp_path: Path) -> None:
    path = mapping_file(tmp_path, 'ruleset = "republique"\n')
    sheet = tmp_path / "oob.csv"
    sheet.write_text("Name\nA\n", encoding="utf-8")
    battle = import_battle(sheet, game_ruleset(OIBL), path)
    assert [p.message for p in battle.problems] == [
        f"{path}:1, ruleset: this mapping is for 'republique', not 'one-if-by-land'"
    ]


def test_every_problem_of_a_mapping_is_listed_for_the_preview(tmp_path: Path) -> None:
    path = mapping_file(
        tmp_path, 'ruleset = "one-if-by-land"\n[columns]\nqualty = "Q"\nnmae = "N"\n'
    )
    sheet = tmp_path / "oob.csv"
    sheet.write_text("Name\nA\n", encoding="utf-8")
    battle = import_battle(sheet, game_ruleset(OIBL), path)
    assert [p.where for p in battle.problems] == [
        f"{path}:3, columns.qualty",
        f"{path}:4, columns.nmae",
    ]
    assert battle.scenario_text == ""


def test_drumhead_check_validates_mappings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`drumhead check` tells a mapping from its keys (and checks the shipped ones with the
    rest of the shipped data)."""
    from drumhead.cli.main import main

    path = mapping_file(tmp_path, BAD["an unknown field"][0])
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.startswith(f"{path}:3: columns.qualty: no field 'qualty'")
    folder = Path(__file__).resolve().parents[2] / "data" / "mappings"
    shipped = [str(p) for p in sorted(folder.glob("*.toml"))]
    assert len(shipped) == 4
    assert main(["check", *shipped]) == 0
    assert main(["check"]) == 0
