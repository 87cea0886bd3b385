"""A roll that stops for a question the rules leave open (a cell of Republique's combat chart)
is finished with the dice it was rolled with, once the question is answered: the question
showed what the dice gave ("infantry attacker, difference -1"), so new dice would be a second
chance at them (answered, or cancelled and rolled again)."""

from __future__ import annotations

from pathlib import Path

import pytest
from phases import to_phase

from drumhead.errors import MissingGapError
from drumhead.session import TableSession

INPUTS = {"attacker_bases_primary": 4, "defender_bases_primary": 4}
"""An assault of four bases against four."""


def assault(session: TableSession) -> object:
    form = session.form("assault", None)
    assert form is not None and form.check_id == "assault"
    for name, value in INPUTS.items():
        assert form.set_input(name, value)
    return form


def asked(form: object) -> str:
    with pytest.raises(MissingGapError) as err:
        form.roll(None)  # type: ignore[attr-defined]
    assert err.value.table == "combat_chart"
    return err.value.gap


CELL = "Defender 1M"
"""A Combat Chart result as printed (the chart's outcome set)."""


def test_the_answered_roll_is_logged_with_the_dice_it_began_with(tmp_path: Path) -> None:
    session = TableSession(str(tmp_path), seed=1810)  # its dice read a cell left open
    session.clock = lambda: "2026-11-26T10:00:00+00:00"
    session.new_game("republique", "aspern", scenario="aspern-1809")
    to_phase(session)
    game = session.game
    assert game is not None
    form = assault(session)
    began = session.roll_seed()
    cell = asked(form)
    session.set_gap(cell, session.read_gap(cell, CELL))  # the log moves on
    assert session.roll_seed() != began  # a roll begun now would have other dice
    form.roll(None)  # type: ignore[attr-defined]
    resolution = next(e for e in reversed(game.log) if e.kind == "resolution")
    assert resolution.data["seed"] == began
    assert session.roll_seed() != began  # held for that roll only
    session.close(force=True)


def test_cancelled_and_rolled_again_the_dice_are_the_same_without_a_game(
    tmp_path: Path,
) -> None:
    """No game (the resolve screen on its own): the session's dice move on with every roll,
    yet a roll stopped by a question and rolled again asks for the same cell, every time."""
    stopped = 0
    for seed in range(20):
        session = TableSession(str(tmp_path), ruleset="republique", seed=seed)
        form = assault(session)
        try:
            form.roll(None)  # type: ignore[attr-defined]
        except MissingGapError as err:
            stopped += 1
            assert [asked(form) for _ in range(3)] == [err.gap] * 3
    assert stopped >= 5  # the case came up (most rolls read a cell the rules leave open)


def test_a_check_opened_anew_after_the_question_rolls_the_same_dice(tmp_path: Path) -> None:
    """The dice are held for the check and unit, not for the screen: answered, then the
    check opened again (Escape, c), the roll still reads the dice the question showed."""
    session = TableSession(str(tmp_path), seed=1810)  # its dice read a cell left open
    session.clock = lambda: "2026-11-26T10:00:00+00:00"
    session.new_game("republique", "aspern", scenario="aspern-1809")
    to_phase(session)
    game = session.game
    assert game is not None
    began = session.roll_seed()
    cell = asked(assault(session))
    session.set_gap(cell, session.read_gap(cell, CELL))
    assault(session).roll(None)  # type: ignore[attr-defined]
    resolution = next(e for e in reversed(game.log) if e.kind == "resolution")
    assert resolution.data["seed"] == began
    assert session.held_seeds == {}  # rolled: held no longer
    session.close(force=True)


def test_without_a_game_a_new_form_asks_for_the_same_cell(tmp_path: Path) -> None:
    for seed in range(20):
        session = TableSession(str(tmp_path), ruleset="republique", seed=seed)
        try:
            assault(session).roll(None)  # type: ignore[attr-defined]
        except MissingGapError as err:
            assert asked(assault(session)) == err.gap
