"""Issue 36, item 7: ``drumhead roll`` with 2,000 arguments took 4.9 s (each gets its exact
odds), and faces typed in by hand had no bound. One ``roll`` takes at most 50 dice
expressions and one check at most 500 faces, each refused with the limit named; no error
quotes more than an excerpt of a notation."""

from __future__ import annotations

import pytest

from drumhead.cli.main import main
from drumhead.cli.roll import MAX_ROLLS
from drumhead.dice.roller import MAX_HAND_FACES, HandDice
from drumhead.errors import DiceError


def test_roll_takes_a_handful_of_expressions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", *["2d6"] * MAX_ROLLS, "--seed", "1"]) == 0
    capsys.readouterr()
    assert main(["roll", *["100d500"] * 2_000]) == 2
    err = capsys.readouterr().err
    assert f"2,000 dice expressions; at most {MAX_ROLLS} at once" in err


def test_hand_dice_have_a_limit(capsys: pytest.CaptureFixture[str]) -> None:
    HandDice([1] * MAX_HAND_FACES)
    with pytest.raises(DiceError, match=f"at most {MAX_HAND_FACES} faces"):
        HandDice([1] * (MAX_HAND_FACES + 1))
    argv = ["resolve", "one-if-by-land", "morale", "--set", "quality=poor"]
    for _ in range(2_000):
        argv += ["--dice", "1"]
    assert main(argv) == 1
    assert (
        f"2,000 dice entered: one check takes at most {MAX_HAND_FACES}" in capsys.readouterr().err
    )


def test_a_long_notation_is_quoted_in_an_excerpt(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "1 d" + " " * 100_000]) == 1
    assert len(capsys.readouterr().err) < 300
