"""CLI: drumhead new, saves, export, and check on scenario and save files."""

from __future__ import annotations

import json
from pathlib import Path

import gamegen
import pytest

from drumhead.cli.main import main
from drumhead.saves import SaveSession, load_save

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gamegen.setup()
    monkeypatch.setenv("DRUMHEAD_SAVES", str(tmp_path / "saves"))


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> object:
    capsys.readouterr()
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_new_from_a_scenario_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    info = _json(
        capsys,
        [
            "new",
            "test-land",
            "--scenario",
            str(DATA / "test-land-skirmish.toml"),
            "--seed",
            "5",
            "--json",
        ],
    )
    assert isinstance(info, dict)
    assert info["save"] == "test-land-skirmish" and info["seed"] == 5 and info["units"] == 5
    game = load_save(tmp_path / "saves" / "test-land-skirmish.toml").game
    assert game.state.seed == 5 and game.state.scenario == "test-land-skirmish"
    # a second game of the same scenario gets a new name
    info2 = _json(
        capsys, ["new", "test-land", "--scenario", str(DATA / "test-land-skirmish.toml"), "--json"]
    )
    assert isinstance(info2, dict) and info2["save"] == "test-land-skirmish 2"


def test_new_one_if_by_land(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "--saves",
                str(tmp_path / "mine"),
                "new",
                "one-if-by-land",
                "--scenario",
                str(DATA / "oibl-test-scenario.toml"),
                "--name",
                "Cowpens",
            ]
        )
        == 0
    )
    assert "created" in capsys.readouterr().out
    assert (tmp_path / "mine" / "Cowpens.toml").exists()
    assert (
        main(["--saves", str(tmp_path / "mine"), "new", "one-if-by-land", "--name", "Cowpens"]) == 1
    )
    assert "already a save named 'Cowpens'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["new", "chess"], "no ruleset 'chess'"),
        (["new", "test-land", "--name", "../up"], "not a usable save name"),
        (["new", "test-land", "--scenario", "atlantis"], "no scenario 'atlantis'"),
        (["new", "test-land", "--option", "nonsense"], "unknown optional rule 'nonsense'"),
        (["export", "missing"], "no such save"),
    ],
)
def test_bad_requests_get_a_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_saves_lists_ruleset_turn_and_last_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["saves"]) == 0
    assert "no saved games" in capsys.readouterr().out
    game = gamegen.random_game(3, 50)
    SaveSession.create(tmp_path / "saves" / "Tuesday.toml", game).close()
    rows = _json(capsys, ["saves", "--json"])
    assert isinstance(rows, list)
    assert rows[0]["name"] == "Tuesday" and rows[0]["ruleset"] == "test-land"
    assert rows[0]["turn"] == game.state.turn and rows[0]["last_played"] == game.log[-1].at
    assert main(["saves"]) == 0
    assert "Tuesday" in capsys.readouterr().out


def test_export_is_an_after_action_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = gamegen.start_game(seed=2)
    values = {"quality": "poor", "figures_start": 30, "figures_lost": 0, "leader": 0}
    _, res = game.resolve(
        "morale", "sc_militia", values, [], hand_dice=[9], at="2026-11-22T20:00:00Z"
    )
    game.apply_effects(
        "sc_militia",
        [*res.effects, {"kind": "lose", "amount": 4, "text": "volley"}],
        at="2026-11-22T20:01:00Z",
    )
    game.apply_effects(
        "md_continentals",
        [{"kind": "leader", "state": "killed", "text": "Morgan falls"}],
        at="2026-11-22T20:02:00Z",
    )
    game.next_turn(at="2026-11-22T20:03:00Z")
    game.note("the militia rallies behind the hill", at="2026-11-22T20:04:00Z")
    SaveSession.create(tmp_path / "saves" / "Cowpens night.toml", game).close()
    capsys.readouterr()
    assert main(["export", "Cowpens night"]) == 0
    report = capsys.readouterr().out
    assert "## Losses" in report and "| South Carolina militia | 30 | 26 | 4 | Routing |" in report
    assert "Americans: lost 4 of 58" in report
    assert "- Daniel Morgan (american): killed (turn 1)" in report
    assert "### Turn 1" in report and "### Turn 2" in report
    assert "note: the militia rallies behind the hill" in report.split("### Turn 2")[1]
    assert "test 1d10z [9] (by hand)" in report
    assert "fail by 2" in report and "% (" in report  # the odds as shown, with exact fractions
    out = tmp_path / "report.md"
    assert main(["export", str(tmp_path / "saves" / "Cowpens night.toml"), "-o", str(out)]) == 0
    assert out.read_text() == report


def test_check_validates_scenarios_and_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = gamegen.random_game(4, 30)
    save = tmp_path / "saves" / "ok.toml"
    SaveSession.create(save, game).close()
    assert main(["check", str(DATA / "test-land-skirmish.toml"), str(save)]) == 0
    assert "all files valid" in capsys.readouterr().out
    bad = tmp_path / "bad-scenario.toml"
    bad.write_text(
        (DATA / "test-land-skirmish.toml")
        .read_text()
        .replace('type = "cavalry"', 'type = "camels"')
    )
    broken = tmp_path / "saves" / "broken.toml"
    broken.write_text(save.read_text().replace("turn = ", 'turn = "x" #', 1))
    assert main(["check", str(bad), str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:" in out and "units.3.type: no unit type 'camels'" in out
    assert f"{broken}:" in out and "game.turn" in out
    assert "2 problems found" in out


def test_check_with_no_paths_covers_shipped_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0


def test_new_warns_of_a_commander_card_phase_that_never_comes_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same advice as the app's (drumhead.session.advice), in the JSON and as text."""
    from drumhead.session.advice import game_advice

    argv = ["new", "one-if-by-land", "--scenario", "cowpens-1781", "--seed", "3"]
    info = _json(capsys, [*argv, "--option", "division_cards", "--name", "carded", "--json"])
    assert isinstance(info, dict)
    game = load_save(tmp_path / "saves" / "carded.toml").game
    assert info["warnings"] == [n.text for n in game_advice(game)] != []
    plain = _json(capsys, [*argv, "--name", "plain", "--json"])
    assert isinstance(plain, dict) and plain["warnings"] == []
    assert main([*argv, "--option", "division_cards", "--name", "texted"]) == 0
    assert "  warning: Division or wing card" in capsys.readouterr().out
