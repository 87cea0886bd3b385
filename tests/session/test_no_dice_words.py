"""A check that rolls no dice (One If By Land's winner of a melee, decided from the losses)
says so: its form has no dice to type in, and the log says "no dice", not "rolled []"."""

from __future__ import annotations

from pathlib import Path

from drumhead.session import TableSession


def oibl(saves: Path) -> TableSession:
    table = TableSession(str(saves), seed=1776)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("one-if-by-land", "mill", scenario="cowpens-1781")
    return table


def test_a_decision_has_no_dice_to_type_and_the_log_says_no_dice(saves: Path) -> None:
    table = oibl(saves)
    try:
        unit = table.state.units[0].id
        morale = table.form("morale", unit)
        assert morale is not None and morale.rolls_dice
        form = table.form("melee_winner", unit)
        assert form is not None and not form.rolls_dice
        form.set_input("attacker_lost", "3")
        form.set_input("defender_lost", "1")
        form.roll(None)
        game = table.game
        assert game is not None and game.last_event is not None
        said = table.describe(game.last_event)
        assert "no dice →" in said and "[]" not in said and "odds" not in said
        assert said.endswith("The attacker lost more: it routs")
    finally:
        table.close(force=True)
