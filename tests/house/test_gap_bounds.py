"""A question's own bounds (``min``/``max`` on an int gap): an answer below them is refused
where it is typed, with what the question takes, so that the value kept is the value a check
uses (a stand that takes 0 hits was kept as 0, while the check showed 1 hits per stand)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.checks.resolve import odds, prepare
from drumhead.cli.main import main
from drumhead.errors import InputError, RulesetError
from drumhead.game import new_game
from drumhead.loading.loader import load_ruleset
from drumhead.questions.asked import open_questions

AT = "2026-11-26T14:00:00Z"


@pytest.mark.parametrize("typed", [0, -1, "0"])
def test_a_stand_that_takes_no_hits_is_refused_with_what_it_takes(typed: object) -> None:
    game = new_game("rank-and-file", seed=2, name="bounds")
    with pytest.raises(InputError) as err:
        game.set_gap("hits_per_stand_infantry", typed, at=AT)
    assert "takes a whole number, 1 or more" in str(err.value)
    assert game.state.gap_values().get("hits_per_stand_infantry") is None  # nothing kept


def test_the_answer_kept_is_the_value_the_check_shows() -> None:
    game = new_game("rank-and-file", seed=2, name="bounds")
    game.set_gap("hits_per_stand_infantry", 2, at=AT)
    ctx = prepare(
        game.ruleset, "hits_per_stand", {"unit_type": "infantry"}, gaps=game.state.gap_values()
    )
    assert [(o.value, o.p) for o in odds(ctx)] == [(2, 1)]


def test_the_question_says_what_it_takes() -> None:
    questions = open_questions(load_ruleset("rank-and-file"))
    takes = {q.gap: q.expects for q in questions.questions}
    assert takes["hits_per_stand_infantry"] == "a whole number, 1 or more"
    assert takes["rout_distance_cavalry"] == "a whole number, 0 or more"
    assert takes["buildings_bonus"] == "a whole number"  # a bonus may be negative


def test_a_house_rules_value_out_of_bounds_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.toml"
    path.write_text('ruleset = "rank-and-file"\n[gaps]\nhits_per_stand_cavalry = 0\n')
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:3" in out and "takes a whole number, 1 or more, not 0" in out


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ('type = "text"\nmin = 1', "only an int gap has bounds"),
        ("min = 3\nmax = 2", "the greatest answer (2) is below the least (3)"),
        ("min = 20", "gap 'rout_distance_infantry' takes a whole number, 20 or more, not 12"),
    ],
)
def test_a_ruleset_s_bounds_are_checked_as_it_loads(
    tmp_path: Path, patch: str, message: str
) -> None:
    """Rank and File's infantry rout distance (12, read from the rules' example) against
    bounds a ruleset's author could get wrong."""
    house = tmp_path / "patch.toml"
    house.write_text(f'ruleset = "rank-and-file"\n[patch.gaps.rout_distance_infantry]\n{patch}\n')
    with pytest.raises(RulesetError) as err:
        load_ruleset("rank-and-file", house_rules=house)
    assert message in str(err.value)
