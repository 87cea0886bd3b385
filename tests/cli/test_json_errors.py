"""Issue 16, item 10: with --json every failure of every command is a JSON object on stdout,
``{"error": {"message", "file", "line", "key"}}``, with the documented exit code (1 invalid
data or a failed check, 2 usage); ``drumhead check`` reports every problem of every file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drumhead.cli.main import main

DATA = Path(__file__).resolve().parents[2] / "data"
FIELDS = {"message", "file", "line", "key"}


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main([*args, "--json"])
    out, err = capsys.readouterr()
    assert err == "", err  # nothing for a script to parse on stderr
    data = json.loads(out)
    assert isinstance(data, dict)
    return code, data


def _error(data: dict[str, object]) -> dict[str, object]:
    error = data["error"]
    assert isinstance(error, dict)
    assert set(error) == FIELDS
    assert isinstance(error["message"], str) and error["message"]
    return error


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text('ruleset = "one-if-by-land"\n[gaps]\nno_such_gap = 1\n', encoding="utf-8")
    return path


DATA_ERRORS = [
    ("roll", ["roll", "101d6"], "at most 100"),
    ("roll huge", ["roll", "9" * 5000], "at most 10,000"),
    ("checks", ["checks", "no-such-ruleset"], "no ruleset 'no-such-ruleset'"),
    ("checks check", ["checks", "one-if-by-land", "nope"], "has no check 'nope'"),
    ("odds", ["odds", "one-if-by-land", "morale", "--set", "quality=heroic"], "quality"),
    (
        "odds, two of one exclusive group (issue 35)",
        ["odds", "one-if-by-land", "morale", "--mod", "light_cover", "--mod", "heavy_cover"],
        "'light_cover' (In light cover) and 'heavy_cover' (In heavy cover) are one choice",
    ),
    ("resolve", ["resolve", "one-if-by-land", "morale", "--dice", "11"], "not a face"),
    ("new", ["new", "no-such-ruleset"], "no ruleset"),
    ("export", ["export", "no such save"], "no such save"),
    ("reference", ["reference", "no-such-ruleset"], "no ruleset"),
    ("serve", ["serve", "--host", "0.0.0.0"], "refusing to serve"),
]


@pytest.mark.parametrize(("name", "args", "says"), DATA_ERRORS, ids=[d[0] for d in DATA_ERRORS])
def test_a_data_error_is_json_with_exit_1(
    name: str,
    args: list[str],
    says: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    code, data = run_json(capsys, "--saves", str(tmp_path), *args)
    assert code == 1
    assert says in str(_error(data)["message"])


@pytest.mark.parametrize(
    "command",
    [
        "roll",
        "rulesets",
        "checks",
        "odds",
        "resolve",
        "check",
        "new",
        "saves",
        "export",
        "reference",
        "serve",
    ],
)
def test_a_usage_error_is_json_with_exit_2(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run_json(capsys, command, "--no-such-flag")
    assert code == 2
    message = str(_error(data)["message"])
    assert message.startswith("drumhead")
    assert "--no-such-flag" in message or "required" in message


def test_an_unknown_command_is_json_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "frobnicate")
    assert code == 2
    assert "frobnicate" in str(_error(data)["message"])


def test_house_rules_error_names_file_line_key(
    house: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run_json(capsys, "odds", "one-if-by-land", "morale", "--house-rules", str(house))
    assert code == 1
    assert _error(data) == {
        "message": _error(data)["message"],
        "file": str(house),
        "line": 3,
        "key": "gaps.no_such_gap",
    }


def test_check_json_lists_every_problem_of_every_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DATA / "rulesets" / "one-if-by-land.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        text.replace('marker = "panic"', 'marker = "panik"', 2).replace(
            'state = "shaken"', 'state = "shakn"', 1
        ),
        encoding="utf-8",
    )
    scenario = (DATA / "scenarios" / "cowpens-1781.toml").read_text(encoding="utf-8")
    bad_scenario = tmp_path / "scenario.toml"
    bad_scenario.write_text(
        scenario.replace('quality = "elite"', 'quality = "elit"').replace(
            'type = "cavalry"', 'type = "cavalery"'
        ),
        encoding="utf-8",
    )
    code, data = run_json(capsys, "check", str(bad), str(bad_scenario))
    assert code == 1
    assert data["valid"] is False
    errors = data["errors"]
    assert isinstance(errors, list)
    assert all(set(e) == FIELDS for e in errors)
    assert data["error"] == errors[0]
    in_ruleset = [e for e in errors if e["file"] == str(bad)]
    assert sorted(e["message"].split("'")[1] for e in in_ruleset) == ["panik", "panik", "shakn"]
    lines = text.splitlines()
    for error in in_ruleset:
        assert error["line"] is not None and error["key"]
        wrong = error["message"].split("'")[1]
        right = {"panik": 'marker = "panic"', "shakn": 'state = "shaken"'}[wrong]
        assert right in lines[error["line"] - 1]
    in_scenario = {e["message"].split("'")[1] for e in errors if e["file"] == str(bad_scenario)}
    assert {"elit", "cavalery"} <= in_scenario
    expected = scenario.count('quality = "elite"') + scenario.count('type = "cavalry"')
    assert len(errors) == 3 + expected


def test_check_json_when_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "check")
    assert code == 0
    assert data["valid"] is True and data["errors"] == []
    assert "error" not in data


def test_check_prose_lists_every_problem_one_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DATA / "rulesets" / "rank-and-file.toml").read_text(encoding="utf-8")
    bad = tmp_path / "rnf.toml"
    bad.write_text(text.replace('who = "self"', 'who = "slef"'), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    expected = text.count('who = "self"')
    assert len([line for line in out if "'slef'" in line]) == expected >= 3
    assert out[-1] == f"{expected} problems found"
    assert all(line.startswith(f"{bad}:") for line in out[:-1])


def test_a_refused_check_names_the_input_it_is_about(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 35: the rules' refusal is read by the check's title with its citation, and the
    JSON says which input it is about (as the app focuses it), not for a script to parse."""
    args = ["odds", "republique", "emergency_rally", "--set", "leader_value=2"]
    args += ["--set", "emergency_rally_target=10", "--set", "within_8cm=false"]
    code, data = run_json(capsys, "--saves", str(tmp_path), *args)
    assert code == 1
    assert data["error"] == {
        "message": "Emergency rally refused: the units must be within 8cm of the rallying "
        "leader (Republique 4.5 Emergency Rally)",
        "file": None,
        "line": None,
        "key": None,
        "check": "emergency_rally",
        "input": "within_8cm",
        "inputs": ["within_8cm"],
        "roles": [],
    }
