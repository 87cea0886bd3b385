"""The screens' pure helpers: distributions, bars, hand dice, palette roll commands."""

from __future__ import annotations

from fractions import Fraction

import pytest
from drumhead.screens.commands import _roll_command
from drumhead.screens.render import (
    bar,
    can_chart,
    distribution_chart,
    exact_distribution,
)

from drumhead.dice.notation import parse
from drumhead.errors import DrumheadError
from drumhead.session.cards import strength_bar
from drumhead.session.form import parse_hand_dice


@pytest.mark.parametrize("notation", ["1d6", "2d6", "3d6+1", "1d10z", "2d10z-3", "4d4", "5", "d12"])
def test_fast_distribution_equals_the_core(notation: str) -> None:
    expr = parse(notation)
    assert exact_distribution(expr) == expr.distribution()


def test_distribution_of_2d6_is_exact() -> None:
    dist = exact_distribution(parse("2d6"))
    assert dist[7] == Fraction(1, 6)
    assert dist[2] == dist[12] == Fraction(1, 36)
    assert sum(dist.values()) == 1


def test_chart_marks_the_rolled_total_and_lists_every_total() -> None:
    text = distribution_chart(parse("2d6"), rolled=9).plain
    lines = text.splitlines()
    assert [line for line in lines[:11] if line.startswith("▶")] == [lines[7]]
    assert lines[7].startswith("▶ 9  11.1%")
    assert "mean 7.00, totals 2-12" in text


def test_huge_expressions_are_summarised_not_charted() -> None:
    expr = parse("100d500")  # the largest the notation accepts
    assert not can_chart(expr)
    assert "too many totals" in distribution_chart(expr).plain
    assert can_chart(parse("10d100"))


def test_bar_scales_to_the_peak() -> None:
    assert bar(Fraction(1), Fraction(1), 10) == "█" * 10
    assert bar(Fraction(1, 2), Fraction(1), 10) == "█" * 5
    assert bar(Fraction(1, 2), Fraction(1), 1) == "▌"
    assert bar(Fraction(0), Fraction(0)) == ""


def test_strength_bar_always_has_the_numbers() -> None:
    assert strength_bar(5, 7, 7) == "█████░░ 5/7"
    assert strength_bar(0, 4, 4) == "░░░░ 0/4"


@pytest.mark.parametrize(
    ("text", "faces"),
    [("7", [7]), ("3 5", [3, 5]), ("3,5", [3, 5]), (" 0 ; 9 ", [0, 9]), ("", [])],
)
def test_hand_dice_are_read(text: str, faces: list[int]) -> None:
    """Nothing typed is no dice: a check that rolls none resolves; one that needs dice is
    refused by the rules core, which says how many (tests/core)."""
    assert parse_hand_dice(text) == faces


@pytest.mark.parametrize(
    ("text", "reason"), [("3 x", "'x' is not a die face"), ("4 -", "'-' is not a die face")]
)
def test_bad_hand_dice_are_refused(text: str, reason: str) -> None:
    with pytest.raises(DrumheadError, match=reason):
        parse_hand_dice(text)


class _Opener:
    def __init__(self) -> None:
        self.opened: list[str] = []

    def action_open_roller(self, notation: str = "2d6") -> None:
        self.opened.append(notation)


@pytest.mark.parametrize(("query", "label"), [("roll 3d6", "Roll 3d6"), ("2D10Z", "Roll 2d10z")])
def test_palette_offers_any_roll(query: str, label: str) -> None:
    app = _Opener()
    command = _roll_command(app, query)
    assert command is not None and command.text == label
    command.run()
    assert app.opened == [label.removeprefix("Roll ")]


@pytest.mark.parametrize("query", ["morale", "roll", "5", "roll 2x6"])
def test_palette_roll_needs_dice(query: str) -> None:
    assert _roll_command(_Opener(), query) is None


def test_outcome_labels_put_the_value_in_their_text() -> None:
    from drumhead.screens.render import outcome_label

    from drumhead.checks.results import OutcomeOdds
    from drumhead.loading.loader import load_ruleset

    republique = load_ruleset("republique").check("assault")
    label = {o.id: o.text for o in republique.outcomes}
    assert label["defender_higher"] == "Defender higher (difference {value})"
    assert outcome_label(republique, OutcomeOdds("defender_higher", -6, Fraction(1, 100))) == (
        "Defender higher (difference -6)"
    )
    movement = load_ruleset("one-if-by-land").check("movement")
    assert outcome_label(movement, OutcomeOdds("inches_half", 2, Fraction(1))) == "2 1/2 inches"
    assert outcome_label(movement, OutcomeOdds("half_inch", 0, Fraction(1)), False) == "1/2 inch"
    # a value the text does not say is kept where it tells rows apart
    assert outcome_label(movement, OutcomeOdds("half_inch", 0, Fraction(1))) == "1/2 inch [0]"
    # a counted placeholder says its word, singular for one (it was shown raw, braces and all)
    fire = load_ruleset("one-if-by-land").check("fire")
    hit = next(o.id for o in fire.outcomes if "{value:" in o.text)
    assert outcome_label(fire, OutcomeOdds(hit, 1, Fraction(1))) == (
        "1 figure casualty on the target"
    )
    assert outcome_label(fire, OutcomeOdds(hit, 3, Fraction(1))) == (
        "3 figure casualties on the target"
    )


def test_an_outcome_that_names_the_players_values_says_them() -> None:
    """An outcome whose text names inputs besides the value ("The defender's units take
    {morale_hits}M {panic_hits}P", as Republique's marked assault result read before the
    chart's cells landed by themselves) says the players' values: the odds cut it at its
    first placeholder, "The defender's units take", and stopped."""
    import dataclasses

    from drumhead.screens.render import outcome_label

    from drumhead.checks.results import OutcomeOdds
    from drumhead.loading.loader import load_ruleset

    assault = load_ruleset("republique").check("assault")
    first = assault.outcomes[0]
    marked = dataclasses.replace(
        first, text="The defender's units take {morale_hits}M {panic_hits}P"
    )
    check = dataclasses.replace(assault, outcomes=(marked, *assault.outcomes[1:]))
    odds = OutcomeOdds(first.id, None, Fraction(1))
    assert outcome_label(check, odds, inputs={"morale_hits": 2, "panic_hits": 1}) == (
        "The defender's units take 2M 1P"
    )
    # without the players' values, the text up to what it lacks, never a placeholder shown
    assert outcome_label(check, odds) == "The defender's units take"


def odds_lines(width: int) -> list[str]:
    """MWAN's initiative odds (its outcomes' long names) drawn as the resolve screen does, in
    ``width`` cells."""
    from drumhead.screens.render import OddsChart
    from rich.console import Console

    from drumhead.checks.results import OutcomeOdds
    from drumhead.loading.loader import load_ruleset

    check = load_ruleset("mwan116-acw").check("initiative")
    odds = [
        OutcomeOdds(check.outcomes[0].id, None, Fraction(5473, 10368)),
        OutcomeOdds(check.outcomes[1].id, None, Fraction(143, 2592)),
        OutcomeOdds(check.outcomes[2].id, None, Fraction(1441, 3456)),
    ]
    console = Console(width=width, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(OddsChart(check, odds, 6))
    return [line.rstrip() for line in capture.get().splitlines()]


@pytest.mark.parametrize("width", [80, 48, 34, 30, 26, 22])
def test_the_odds_table_keeps_its_outcomes_readable_in_a_narrow_pane(width: int) -> None:
    """The keys panel open beside the resolve screen left the odds 33 cells: Rich shrank
    every column, and the outcomes were spelt one letter a line. The bars go first, then the
    fractions; every line fits, and the outcome column keeps its room."""
    from drumhead.screens.render import ODDS_MIN_OUTCOME

    lines = odds_lines(width)
    header = lines[0]
    assert header.startswith("outcome") and "chance" in header
    assert all(len(line) <= width for line in lines)
    assert header.index("chance") >= ODDS_MIN_OUTCOME  # the outcome column's room
    assert any(line.startswith("You win the") for line in lines)
    body = "\n".join(lines)
    assert "52.8%" in body and "5.5%" in body and "41.7%" in body
    assert ("5473/10368" in body) == (width >= 34)
    assert ("█" in body) == (width >= 48)
    # no word of an outcome is broken into single letters down the column
    assert not any(len(line.split()[0]) == 1 and line.split()[0].isalpha() for line in lines)
