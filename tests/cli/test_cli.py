"""The CLI contract: commands, --json shapes, exit codes (0 ok, 1 invalid data, 2 usage)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from drumhead.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("drumhead ")


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("roll", "rulesets", "checks", "odds", "resolve", "check"):
        with pytest.raises(SystemExit) as info:
            main([command, "--help"])
        assert info.value.code == 0
        assert "usage: drumhead" in capsys.readouterr().out


def test_roll_json_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "2d6", "1d10z", "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seed"] == 5
    assert [r["expr"] for r in data["rolls"]] == ["2d6", "1d10z"]
    assert all(0 <= f <= 9 for f in data["rolls"][1]["faces"])
    assert json.loads(run(capsys, "roll", "2d6", "1d10z", "--seed", "5", "--json")[1]) == data


@pytest.mark.parametrize("expr", ["0d6", "d0", "2d", "abc", "1000d6"])
def test_roll_bad_notation(capsys: pytest.CaptureFixture[str], expr: str) -> None:
    code, _, err = run(capsys, "roll", expr)
    assert code == 1
    assert err.startswith("drumhead: ") and "Traceback" not in err


def test_rulesets_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rulesets", "--json")
    assert code == 0
    data = {r["id"]: r for r in json.loads(out)}
    assert "morale" in data["one-if-by-land"]["checks"]
    assert {"id", "title", "version", "checks"} <= set(data["one-if-by-land"])


def test_checks_json_lists_inputs_modifiers_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "checks", "one-if-by-land", "morale", "--json")
    assert code == 0
    check = json.loads(out)["checks"][0]
    quality = next(i for i in check["inputs"] if i["name"] == "quality")
    assert quality["choices"] == ["elite", "veteran", "regular", "poor", "wretched"]
    assert quality["default"] == "regular"
    cover = next(m for m in check["modifiers"] if m["id"] == "light_cover")
    assert cover["value"] == "-1" and cover["source"].startswith("OIBL")
    assert [o["id"] for o in check["outcomes"]][:3] == ["pass", "fail_by_1", "fail_by_2"]


def test_odds_json_exact(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "odds",
        "one-if-by-land",
        "morale",
        "--set",
        "quality=regular",
        "--set",
        "figures_start=20",
        "--set",
        "figures_lost=10",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    # regular 7, +2 for 50% casualties: passes on 0-5
    assert {o["outcome"]: o["p"] for o in data["odds"]} == {
        "pass": "3/5",
        "fail_by_1": "1/10",
        "fail_by_2": "3/10",
    }
    assert data["total_modifier"] == 2


def test_resolve_json_with_hand_dice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "resolve",
        "one-if-by-land",
        "morale",
        "--set",
        "quality=veteran",
        "--mod",
        "light_cover",
        "--dice",
        "9",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    for key in (
        "ruleset",
        "check",
        "inputs",
        "modifiers",
        "dice",
        "total_modifier",
        "modified",
        "outcome",
        "value",
        "text",
        "effects",
        "odds",
    ):
        assert key in data
    assert data["dice"] == [9] and data["modified"] == 8 and data["outcome"] == "pass"
    assert data["modifiers"] == [
        {
            "id": "light_cover",
            "label": "In light cover",
            "value": -1,
            "applies": "roll",
            "side": None,
            "explain": "",
            "source": "OIBL p.11 Morale",
        }
    ]
    assert data["value"] is None


def test_resolve_rolls_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    a = json.loads(run(capsys, "resolve", "one-if-by-land", "morale", "--seed", "9", "--json")[1])
    b = json.loads(run(capsys, "resolve", "one-if-by-land", "morale", "--seed", "9", "--json")[1])
    assert a == b and a["seed"] == 9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "nope", "morale"], "no ruleset 'nope'"),
        (["odds", "one-if-by-land", "nope"], "has no check 'nope'"),
        (["odds", "one-if-by-land", "morale", "--set", "quality"], "NAME=VALUE"),
        (["odds", "one-if-by-land", "morale", "--set", "quality=heroic"], "quality takes one of"),
        (["odds", "one-if-by-land", "morale", "--mod", "bogus"], "has no modifier 'bogus'"),
        (
            ["odds", "one-if-by-land", "morale", "--option", "bogus"],
            "unknown optional rule 'bogus'",
        ),
        (["resolve", "one-if-by-land", "morale", "--dice", "10"], "10 is not a face of a d10z"),
        (
            ["resolve", "one-if-by-land", "morale", "--dice", "1", "--dice", "2"],
            "1 more dice entered",
        ),
        (
            ["odds", "one-if-by-land", "morale", "--house-rules", "/nonexistent.toml"],
            "file not found",
        ),
    ],
)
def test_bad_data_exits_1_with_a_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, *args)
    assert code == 1
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["bogus"],
        ["roll"],
        ["odds", "one-if-by-land"],
        ["resolve", "one-if-by-land", "morale", "--dice", "x"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("drumhead") and "Traceback" not in err


def test_check_shipped_data_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check")
    assert code == 0 and "all files valid" in out


def test_check_reports_path_line_message(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\ntitle = "Bad"\nversion = "1"\ndescription = "x"\ncolour = 3\n')
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1
    assert (
        out.splitlines()[0]
        == f"{bad}:5: colour: unknown key 'colour' (this table takes: checks, default_quality, description, formations, gap_tables, gaps, id, inputs, ladders, leader_attributes, lookups, markers, options, qualities, quick_facts, reference, rulings, sequence, sources, title, unit_attributes, unit_types, version)"
    )


def test_python_dash_m(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "drumhead", "roll", "1d6", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert out.stdout.startswith("1d6: ")


def test_an_internal_error_is_reported_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from drumhead.cli import commands

    def broken(args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(commands, "cmd_rulesets", broken)
    monkeypatch.delenv("DRUMHEAD_DEBUG", raising=False)
    code, _, err = run(capsys, "rulesets")
    assert code == 1
    assert "internal error (RuntimeError: boom)" in err and "Traceback" not in err
    monkeypatch.setenv("DRUMHEAD_DEBUG", "1")
    with pytest.raises(RuntimeError):
        main(["rulesets"])


def test_every_command_names_a_handler_that_exists() -> None:
    import argparse

    from drumhead.cli.parser import build_parser, handler

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) >= {"roll", "resolve", "new", "saves", "export", "reference", "serve"}
    for name, command in sub.choices.items():
        named = command.get_default("handler")
        assert isinstance(named, str), name
        assert callable(handler(named)), f"{name}: {named}"


def test_parsing_the_command_line_loads_nothing_of_the_rules_core() -> None:
    """`drumhead` with no command opens the app: it must not wait for the rules core."""
    code = (
        "import sys\n"
        "from drumhead.cli.parser import build_parser\n"
        "build_parser().parse_args([])\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('drumhead.')"
        " and m.split('.')[1] not in ('cli', 'errors'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
