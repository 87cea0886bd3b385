"""Republique resolves its assaults in the assault phase (issue 35): "Hostile units which have
approached to within 25mm of each other during movement must now enter into the assault
phase" (4.1), the turn being 1 Command, 2 Maneuver, 3 Artillery/Skirmish, 4 Assault, 5 Panic
Test. An assault in any other phase is refused before the roll, with that citation; so is an
emergency rally (one "per assault phase", before the losers move: 4.5) and its +4 injury
roll, and charge disorder before the turn's end (4.6). In the game, in the session's form and
on the command line (a JSON error); a check made without a game knows no phase and is not
refused by it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from phases import AT, to_phase

from drumhead.checks.resolve import prepare
from drumhead.cli.main import main
from drumhead.errors import InputError
from drumhead.game import Game, load_scenario, new_game

CLUB = str(
    Path(__file__).resolve().parents[2] / "data/house-rules/republique-sample-club-values.toml"
)
CITED = (
    "(Republique 4.1 Assault Procedure ('Hostile units which have approached to within 25mm "
    "of each other during movement must now enter into the assault phase'); page header "
    "(the turn sequence: 1 Command to 5 Panic Test))"
)
OTHER_PHASES = ["command", "maneuver", "artillery_skirmish", "panic_test", "turn_end"]


def aspern() -> Game:
    return new_game("republique", scenario=load_scenario("aspern-1809"), seed=5, house_rules=CLUB)


def assault(game: Game) -> None:
    """Hiller's line assaults the 67e Ligne, dice 5 and 5."""
    game.resolve(
        "assault", "hiller_line", {}, hand_dice=[5, 5], at=AT, roles={"defender": "ligne_67"}
    )


@pytest.mark.parametrize("phase", OTHER_PHASES)
def test_an_assault_out_of_the_assault_phase_is_refused_with_its_citation(phase: str) -> None:
    game = to_phase(aspern(), phase)
    logged = game.log
    with pytest.raises(InputError) as refused:
        assault(game)
    assert str(refused.value) == (
        "Assault refused: assaults are resolved in the assault phase, after movement and the "
        f"artillery and skirmish fire: move the turn on to it first {CITED}"
    )
    assert game.log == logged  # no die, no line


def test_in_the_assault_phase_it_is_rolled() -> None:
    game = to_phase(aspern(), "assault")
    assault(game)
    assert game.log[-1].kind == "resolution" and game.log[-1].data["check"] == "assault"


def test_the_form_shows_the_refusal_before_the_roll(tmp_path: Path) -> None:
    from drumhead.session import TableSession

    table = TableSession(str(tmp_path), ruleset="republique", seed=7)
    table.new_game("republique", "aspern", scenario="aspern-1809", house_rules=CLUB)
    try:
        form = table.form("assault", "hiller_line")
        assert form is not None
        form.set_role("defender", "ligne_67")
        with pytest.raises(InputError, match=r"assaults are resolved in the assault phase"):
            form.context({})
        to_phase(table)
        form = table.form("assault", "hiller_line")
        assert form is not None
        form.set_role("defender", "ligne_67")
        assert form.context({}) is not None
    finally:
        table.close(force=True)


@pytest.mark.parametrize("phase", OTHER_PHASES)
def test_an_emergency_rally_and_its_injury_roll_wait_for_the_assault_phase(phase: str) -> None:
    game = to_phase(aspern(), phase)
    rally = {"leader_value": 2, "emergency_rally_target": 8}
    with pytest.raises(InputError, match=r"'Leaders may only conduct one emergency rally"):
        game.resolve("emergency_rally", "hiller_line", rally, hand_dice=[5], at=AT)
    with pytest.raises(InputError, match=r"its injury roll \(\+4\) is made there too"):
        game.resolve("leader_injury", None, {"emergency_rally": True}, hand_dice=[5], at=AT)


def test_a_leaders_other_injury_rolls_are_not_bound_to_the_assault_phase() -> None:
    """The injury chart is read in the Artillery & Skirmish phase too (4.6 sends its modifiers
    there): only the emergency rally's roll is the assault phase's alone."""
    ruleset = aspern().ruleset
    for rule in ruleset.check("leader_injury").refusals:
        assert not rule.phases or "emergency_rally" in str(rule.when)


def test_charge_disorder_waits_for_the_turns_end() -> None:
    game = to_phase(aspern(), "assault")
    with pytest.raises(InputError, match=r"charge disorder is taken at the end of the turn"):
        game.resolve("charge_disorder", "hiller_line", {}, at=AT)
    to_phase(game, "turn_end")
    game.resolve("charge_disorder", "hiller_line", {}, at=AT)
    assert game.log[-1].data["check"] == "charge_disorder"


def test_without_a_game_no_phase_refuses() -> None:
    ruleset = aspern().ruleset
    ctx = prepare(ruleset, "assault", {"attacker_bases_primary": 4, "defender_bases_primary": 4})
    assert ctx.phase is None


def test_the_command_line_gives_the_refusal_as_a_json_error_with_its_citation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = ["--saves", str(tmp_path)]
    made = [*saves, "new", "republique", "--scenario", "aspern-1809", "--name", "a"]
    assert main([*made, "--house-rules", CLUB]) == 0
    capsys.readouterr()
    play = [*saves, "play", "a", "assault", "--role", "attacker=hiller_line"]
    play += ["--role", "defender=ligne_67", "--dice", "5", "--dice", "5", "--json"]
    assert main(play) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["check"] == "assault"
    assert error["message"].startswith("Assault refused: assaults are resolved in the assault")
    assert error["message"].endswith(CITED)
    for _ in range(3):  # Command, Maneuver, Artillery/Skirmish
        assert main([*saves, "play", "a", "--next-phase", "--json"]) == 0
    capsys.readouterr()
    assert main(play) == 0
    assert json.loads(capsys.readouterr().out)["check"] == "assault"


def test_the_command_line_without_a_game_is_not_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    resolve = ["resolve", "republique", "assault", "--house-rules", CLUB, "--json"]
    resolve += ["--set", "attacker_bases_primary=4", "--set", "defender_bases_primary=4"]
    assert main([*resolve, "--dice", "5", "--dice", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["check"] == "assault"
