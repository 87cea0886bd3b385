"""What the session tells the players about a game as it opens: an optional rule's commander
card phase that can never come up, because the game's deck has no commander's card."""

from __future__ import annotations

from pathlib import Path

from drumhead.session import TableSession


def session(saves: Path) -> TableSession:
    return TableSession(str(saves), ruleset="one-if-by-land", seed=5)


def test_division_cards_on_in_a_scenario_without_them_is_told(saves: Path) -> None:
    s = session(saves)
    s.new_game("one-if-by-land", "cowpens", options=["division_cards"], scenario="cowpens-1781")
    [notice] = s.advice()
    assert notice.severity == "warning"
    assert "Division or wing card" in notice.text
    assert "Division/wing commander cards" in notice.text  # the optional rule, by its title
    assert "never comes up" in notice.text


def test_both_commander_rules_on_are_both_told(saves: Path) -> None:
    s = session(saves)
    s.new_game(
        "one-if-by-land",
        "both",
        options=["division_cards", "army_cards"],
        scenario="cowpens-1781",
    )
    assert [n.text.split(" (")[0] for n in s.advice()] == [
        "Division or wing card",
        "Army commander card",
    ]


def test_nothing_is_told_without_the_rule_or_with_a_commanders_card(
    saves: Path, tmp_path: Path
) -> None:
    s = session(saves)
    s.new_game("one-if-by-land", "plain", scenario="cowpens-1781")
    assert s.advice() == []
    s.close()
    from importlib import resources

    shipped = (resources.files("drumhead.data") / "scenarios" / "cowpens-1781.toml").read_text(
        encoding="utf-8"
    )
    with_card = tmp_path / "cowpens-with-morgan.toml"
    with_card.write_text('cards = ["morgan"]\n' + shipped, encoding="utf-8")
    s.new_game("one-if-by-land", "carded", options=["division_cards"], scenario=str(with_card))
    assert s.advice() == []
    assert "morgan" in s.game.state.activation.cards  # type: ignore[union-attr]


def test_no_game_no_advice(saves: Path) -> None:
    assert session(saves).advice() == []
