"""The session with no game open: rulesets, their titles, gap answers, its own seeded dice."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from drumhead.dice.notation import parse
from drumhead.errors import DrumheadError, MissingGapError
from drumhead.session import Change, TableSession
from tests.session.conftest import CARDS_TEST, GAP_TEST, Recorder


def test_the_rulesets_on_offer_are_the_shipped_ones_and_those_from_files(saves: Path) -> None:
    session = TableSession(str(saves), ruleset_files=(CARDS_TEST,))
    ids = session.ruleset_ids()
    assert {"one-if-by-land", "rank-and-file", "mwan116-acw", "republique"} <= set(ids)
    assert "cards-test" in ids and ids == sorted(ids)
    assert session.ruleset_id == "one-if-by-land"  # the default, none asked for
    assert session.ruleset_title("cards-test") == "Cards Test"
    assert session.ruleset_title("one-if-by-land") == session.load("one-if-by-land").title


def test_an_unknown_ruleset_is_refused_with_the_ones_on_offer(saves: Path) -> None:
    with pytest.raises(DrumheadError, match=r"no ruleset 'panik'.*one-if-by-land"):
        TableSession(str(saves), ruleset="panik")


def test_titles_and_ids_are_read_without_the_validator() -> None:
    """The start screen's first frame lists the rulesets: the ruleset validator and the rules
    core are not loaded for it (checked in a fresh interpreter)."""
    code = (
        "import sys\n"
        "from drumhead.session import TableSession\n"
        "s = TableSession('/nonexistent')\n"
        "[s.ruleset_title(r) for r in s.ruleset_ids()]\n"
        "s.status()\n"
        "print(','.join(m for m in ('drumhead.loading.ruleset', 'drumhead.checks.resolve', 'drumhead.game')"
        " if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_a_ruleset_from_a_file_is_loaded_once_per_set_of_options(saves: Path) -> None:
    session = TableSession(str(saves), ruleset_files=(CARDS_TEST,))
    first = session.load("cards-test")
    assert session.load("cards-test") is first
    assert first.id == "cards-test"


def test_choosing_a_ruleset_tells_the_observers_and_drops_its_options(saves: Path) -> None:
    session = TableSession(str(saves), options=("some_option",))
    seen = Recorder()
    session.subscribe(seen)
    session.choose_ruleset("rank-and-file")
    assert session.ruleset.id == "rank-and-file" and session.options == ()
    assert seen.take() == [Change.RULESET]
    assert session.next_ruleset() == "republique"
    assert seen.take() == [Change.RULESET]
    with pytest.raises(DrumheadError, match="no ruleset 'nope'"):
        session.choose_ruleset("nope")
    session.unsubscribe(seen)
    session.choose_ruleset("mwan116-acw")
    assert seen.take() == []


def test_gap_answers_without_a_game_are_kept_per_ruleset(saves: Path) -> None:
    session = TableSession(str(saves), ruleset="gap-test", ruleset_files=(GAP_TEST,))
    form = session.form(None, None)
    assert form is not None
    view = form.odds()
    assert isinstance(view.waiting, MissingGapError) and view.context is None
    assert view.blocked == f"Waiting for a value: {view.waiting.question}"
    gap = view.waiting.gap
    session.set_gap(gap, session.read_gap(gap, "7"))
    assert session.gaps() == {gap: 7}
    assert form.odds().context is not None
    session.choose_ruleset("one-if-by-land")
    assert session.gaps() == {}  # another ruleset's answers are its own
    session.choose_ruleset("gap-test")
    assert session.gaps() == {gap: 7}
    with pytest.raises(DrumheadError, match="whole number"):
        session.read_gap(gap, "seven")


def test_dice_without_a_game_come_from_the_sessions_seed(saves: Path) -> None:
    session = TableSession(str(saves), seed=99)
    expected = parse("2d6").roll(random.Random(99))
    assert session.roll_in_roller("2d6") == ("2d6", *expected)
    assert session.roll_history == [("2d6", *expected)]
    assert TableSession(str(saves), seed=99).roll_dice("2d6", "test") == expected


def test_a_check_without_a_game_rolls_the_sessions_dice_or_the_players(saves: Path) -> None:
    session = TableSession(str(saves), ruleset="cards-test", seed=5, ruleset_files=(CARDS_TEST,))
    form = session.form("morale", None)
    assert form is not None and form.check_id == "morale"
    by_hand = form.roll([9])
    assert by_hand.outcome == "rout" and by_hand.hand_dice
    rolled = form.roll(None)
    die = parse("1d10z").roll(random.Random(5))[1]
    assert rolled.modified == die
    assert form.result is rolled and form.effects == list(rolled.effects)
    assert session.cards_change is False
    assert session.apply_effects(None, rolled.effects) is False


def test_the_status_line_without_a_game(saves: Path) -> None:
    line = TableSession(str(saves), ruleset="rank-and-file").status()
    assert (line.where, line.problem) == ("no game open", None)
    assert line.what == TableSession(str(saves)).ruleset_title("rank-and-file")


def test_what_needs_a_game_says_so(saves: Path) -> None:
    session = TableSession(str(saves))
    for call in (session.next_phase, session.checklist, lambda: session.edit_unit("x", "y", 1)):
        with pytest.raises(DrumheadError, match="no game is open"):
            call()
    assert session.close() is None  # nothing to close
    assert session.autosave_job() is None
    assert session.prefill("morale", "anyone") == {}


@pytest.mark.parametrize(
    ("ruleset", "check", "offered"),
    [
        ("rank-and-file", "morale", True),  # elite and leaders' re-rolls
        ("rank-and-file", "rally", True),
        ("rank-and-file", "fire", False),
        ("one-if-by-land", "morale", False),
        ("mwan116-acw", "morale", False),
        ("republique", "assault", False),
    ],
)
def test_use_a_re_roll_is_offered_only_where_the_rules_give_one(
    saves: Path, ruleset: str, check: str, offered: bool
) -> None:
    session = TableSession(str(saves), ruleset=ruleset)
    form = session.form(check, None)
    assert form is not None and form.check_id == check
    assert form.has_rerolls is offered


def test_modifiers_that_cancel_out_are_said_to_total_nothing_not_to_be_absent(
    saves: Path,
) -> None:
    """Rank and File's morale test with a stand lost (-1) and a leader (+1): the modifiers
    apply and total +0; "No modifiers apply" said the rules had none for the case."""
    session = TableSession(str(saves), ruleset="rank-and-file")
    form = session.form("morale", None)
    assert form is not None
    for name, value in (("quality", "regular"), ("stands_start", 4)):
        assert form.set_input(name, value)
    assert form.odds().context is not None
    assert form.odds().needed == "No modifiers apply"
    assert form.set_input("stands_lost", 1) and form.set_input("leader", 1)
    view = form.odds()
    assert view.context is not None and len(view.context.modifiers) == 2
    assert view.needed == "Modifiers total +0"


def test_the_hits_a_general_risks_are_asked_not_assumed(saves: Path) -> None:
    """One If By Land's risk to generals: the hits the unit just lost are the players' to
    say (the fire's note gives them); a default of 1 showed the odds of one hit after a fire
    of two, unasked."""
    session = TableSession(str(saves), ruleset="one-if-by-land")
    form = session.form("general_risk", None)
    assert form is not None and [i.name for i in form.missing_inputs()] == ["hits"]
    assert form.odds().blocked is not None and "required" in form.odds().blocked
    assert form.set_input("hits", 2)
    assert form.odds().blocked is None
