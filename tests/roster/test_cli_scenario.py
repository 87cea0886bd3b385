"""Issue 40 from the command line: ``drumhead scenario import|export|template`` through the
CLI's main(), in text and with --json; files named after their input in the current folder
(never over one there), -o FILE (never through a link), -o - to standard output; nothing
written when an import has problems."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.game.rulesets import game_ruleset
from drumhead.roster import template_csv
from tests.roster.handmade import SHEETS, SIDES

OIBL = "one-if-by-land"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder: a folder of the test's own."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def sheet(folder: Path, ruleset: str = OIBL, name: str = "ours.csv") -> Path:
    path = folder / name
    path.write_text(SHEETS[ruleset], encoding="utf-8")
    return path


# -- template ----------------------------------------------------------------------------------
def test_the_template_is_written_beside_the_player_with_its_columns(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "scenario", "template", "republique")
    assert code == 0
    written = here / "republique sheet.csv"
    assert written.read_text(encoding="utf-8") == template_csv(game_ruleset("republique"))
    assert out.startswith(f"wrote {written}")
    assert "Quality" in out and "elite, veteran, regular, green, militia" in out
    # once there, it is not written over
    code, _, err = run(capsys, "scenario", "template", "republique")
    assert code == 1 and "exists already: give -o" in err


def test_the_template_as_json_lists_each_column(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "scenario", "template", "mwan116-acw", "-o", "-", "--json")
    data = json.loads(out)
    assert code == 0 and data["output"] is None
    assert data["text"].splitlines()[0].startswith("Kind,Id,Name,Side,Brigade,Type")
    columns = {c["field"]: c for c in data["columns"]}
    assert columns["rating"]["allowed"] == "timid, steady, aggressive"
    assert columns["strength"]["required"] == ["unit"]
    assert columns["figures_per_stand"]["column"] == "Figures per stand"
    assert not list(here.iterdir())


def test_the_sample_sheet_imports(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "scenario", "template", OIBL, "--sample")[0] == 0
    code, out, _ = run(
        capsys, "scenario", "import", f"{OIBL} sample.csv", "--ruleset", OIBL, "--json"
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["output"] == str(here / f"{OIBL} sample.toml")
    assert set(data["units_by_side"]) == {"Americans", "British"}
    assert run(capsys, "check", f"{OIBL} sample.toml")[0] == 0


# -- import ------------------------------------------------------------------------------------
def test_import_writes_the_scenario_named_after_the_sheet(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(here)
    code, out, _ = run(capsys, "scenario", "import", str(path), "--ruleset", OIBL)
    assert code == 0
    assert out.splitlines()[:3] == [
        f"wrote {here / 'ours.toml'}",
        "  Patriots: 2 units",
        "  Crown Forces: 2 units",
    ]
    code, out, _ = run(capsys, "check", "ours.toml", "--json")
    assert json.loads(out)["valid"] is True
    saves = here / "saves"
    code, out, _ = run(
        capsys, "--saves", str(saves), "new", OIBL, "--scenario", "ours.toml", "--json"
    )
    assert code == 0 and json.loads(out)["units"] == 4


def test_import_never_writes_over_a_file_it_names_itself(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(here)
    (here / "ours.toml").write_text("# my own notes\n", encoding="utf-8")
    code, out, _ = run(capsys, "scenario", "import", str(path), "--ruleset", OIBL, "--json")
    assert code == 1
    assert "exists already: give -o ours.toml to replace it" in json.loads(out)["error"]["message"]
    assert (here / "ours.toml").read_text(encoding="utf-8") == "# my own notes\n"
    assert (
        run(capsys, "scenario", "import", str(path), "--ruleset", OIBL, "-o", "ours.toml")[0] == 0
    )
    assert (here / "ours.toml").read_text(encoding="utf-8").startswith('scenario = "ours"')


def test_import_to_standard_output(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sheet(here, "republique")
    code, out, _ = run(
        capsys, "scenario", "import", str(path), "--ruleset", "republique", "-o", "-"
    )
    assert code == 0 and out.startswith('scenario = "ours"\nruleset = "republique"')
    code, out, _ = run(
        capsys, "scenario", "import", str(path), "--ruleset", "republique", "-o", "-", "--json"
    )
    data = json.loads(out)
    assert data["text"].startswith('scenario = "ours"')
    assert data["units_by_side"] == {k: list(v) for k, v in SIDES["republique"].items()}
    assert data["problems"] == []
    assert [p.name for p in here.iterdir()] == ["ours.csv"]


def test_import_never_writes_through_a_link(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sheet(here)
    target = here / "elsewhere.toml"
    target.write_text("kept\n", encoding="utf-8")
    os.symlink(target, here / "out.toml")
    code, _, err = run(capsys, "scenario", "import", str(path), "--ruleset", OIBL, "-o", "out.toml")
    assert code == 1 and "link" in err
    assert target.read_text(encoding="utf-8") == "kept\n"


def test_import_into_a_missing_folder_or_a_folder(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(here)
    code, _, err = run(
        capsys, "scenario", "import", str(path), "--ruleset", OIBL, "-o", "gone/ours.toml"
    )
    assert code == 1
    assert (
        err
        == "drumhead: cannot write gone/ours.toml: there is no folder gone (nothing was written)\n"
    )
    code, _, err = run(capsys, "scenario", "import", str(path), "--ruleset", OIBL, "-o", ".")
    assert code == 1 and "is a folder" in err


def test_a_bad_sheet_lists_every_problem_and_writes_nothing(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = here / "bad.csv"
    bad.write_text(
        "Name,Side,Brigade,Type,Quality,Strength\n"
        "A,Blue,X,infantri,regular,10\nB,Blue,X,infantry,Elitte,ten\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "scenario", "import", str(bad), "--ruleset", OIBL)
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"{bad}: row 2, column Type: not a type of one-if-by-land (found 'infantri'; allowed: "
        "infantry, militia, rifles, indians, cavalry, dismounted_cavalry, artillery, officer)",
        f"{bad}: row 3, column Quality: not a quality of one-if-by-land (found 'Elitte'; "
        "allowed: elite, veteran, regular, poor, wretched)",
        f"{bad}: row 3, column Strength: not a whole number (found 'ten'; allowed: a whole "
        "number, 0 or more)",
        "3 problems: nothing was written",
    ]
    assert not (here / "bad.toml").exists()
    code, out, _ = run(capsys, "scenario", "import", str(bad), "--ruleset", OIBL, "--json")
    data = json.loads(out)
    assert code == 1
    assert data["error"] == {
        "message": "not a type of one-if-by-land (found 'infantri'; "
        "allowed: infantry, militia, rifles, indians, cavalry, "
        "dismounted_cavalry, artillery, officer)",
        "file": str(bad),
        "line": None,
        "key": "row 2, column Type",
    }
    assert len(data["errors"]) == 3
    assert data["problems"][2] == {
        "where": "row 3, column Strength",
        "found": "ten",
        "allowed": "a whole number, 0 or more",
        "message": "row 3, column Strength: not a whole number (found 'ten'; allowed: a whole "
        "number, 0 or more)",
    }
    assert data["units_by_side"] == {"Blue": ["A", "B"]}
    assert not (here / "bad.toml").exists()


def test_import_with_an_unknown_ruleset_or_no_ruleset(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(here)
    code, out, _ = run(capsys, "scenario", "import", str(path), "--ruleset", "chess", "--json")
    assert code == 1 and "chess" in json.loads(out)["error"]["message"]
    code, out, _ = run(capsys, "scenario", "import", str(path), "--json")
    assert code == 2 and "--ruleset" in json.loads(out)["error"]["message"]


def test_import_with_a_mapping(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mapping = here / "ours-map.toml"
    mapping.write_text(
        'ruleset = "one-if-by-land"\n[columns]\nname = "Regiment"\n', encoding="utf-8"
    )
    path = here / "oob.csv"
    path.write_text("Regiment,Side,Brigade,Type,Strength\nA,Blue,X,infantry,10\n", encoding="utf-8")
    code, out, _ = run(
        capsys,
        "scenario",
        "import",
        str(path),
        "--ruleset",
        OIBL,
        "--mapping",
        str(mapping),
        "-o",
        "-",
        "--json",
    )
    assert code == 0 and json.loads(out)["units_by_side"] == {"Blue": ["A"]}


# -- export ------------------------------------------------------------------------------------
def test_export_writes_the_roster_beside_the_player(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = str(here / "saves")
    assert (
        run(
            capsys,
            "--saves",
            saves,
            "new",
            OIBL,
            "--scenario",
            "cowpens-1781",
            "--name",
            "Cowpens",
            "--seed",
            "1",
        )[0]
        == 0
    )
    code, out, _ = run(capsys, "--saves", saves, "scenario", "export", "Cowpens", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["output"] == str(here / "Cowpens scenario.toml")
    assert (data["units"], data["leaders"], data["turn"]) == (16, 7, 1)
    assert run(capsys, "check", "Cowpens scenario.toml")[0] == 0
    code, _, err = run(capsys, "--saves", saves, "scenario", "export", "Cowpens")
    assert code == 1 and "exists already" in err
    code, out, _ = run(
        capsys, "--saves", saves, "scenario", "export", "Cowpens", "-o", "cowpens.csv"
    )
    assert code == 0 and out.startswith("wrote cowpens.csv: the roster at turn 1")
    code, out, _ = run(
        capsys, "scenario", "import", "cowpens.csv", "--ruleset", OIBL, "-o", "again.toml", "--json"
    )
    assert code == 0, out
    code, out, _ = run(capsys, "--saves", saves, "scenario", "export", "Cowpens", "-o", "-")
    assert code == 0 and out.startswith('scenario = "Cowpens, 17 January 1781"')


def test_export_never_writes_over_a_save(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """-o naming the save itself (or any save) would lose the game: refused."""
    saves = here / "saves"
    for name in ("Cowpens", "Other"):
        assert (
            run(
                capsys,
                "--saves",
                str(saves),
                "new",
                OIBL,
                "--scenario",
                "cowpens-1781",
                "--name",
                name,
            )[0]
            == 0
        )
    before = {p.name: p.read_bytes() for p in saves.iterdir()}
    for target, why in (
        ("saves/Cowpens.toml", "is the file being read"),
        ("saves/Other.toml", "is a saved game"),
    ):
        code, _, err = run(
            capsys, "--saves", str(saves), "scenario", "export", "Cowpens", "-o", target
        )
        assert code == 1 and why in err, err
    assert {p.name: p.read_bytes() for p in saves.iterdir()} == before


def test_a_broken_scenario_is_not_taken_for_a_save(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(here)
    (here / "ours.toml").write_text("scenario = [broken\n", encoding="utf-8")
    assert (
        run(capsys, "scenario", "import", str(path), "--ruleset", OIBL, "-o", "ours.toml")[0] == 0
    )
    assert (here / "ours.toml").read_text(encoding="utf-8").startswith('scenario = "ours"')


def test_import_never_writes_over_its_own_sheet(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(here)
    code, _, err = run(
        capsys, "scenario", "import", str(path), "--ruleset", OIBL, "-o", "./ours.csv"
    )
    assert code == 1 and "is the file being read" in err
    assert path.read_text(encoding="utf-8") == SHEETS[OIBL]


def test_export_of_a_missing_save(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--saves", str(here), "scenario", "export", "Nowhere", "--json")
    assert code == 1 and json.loads(out)["error"]["message"]
