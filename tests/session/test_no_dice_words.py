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


def test_rank_and_files_shares_and_declarations_have_no_dice_to_type(saves: Path) -> None:
    """The wave attack's declaration, its 2:1 share of the defensive fire's hits and the melee
    result (scores read from the melees) roll nothing: no dice to type by hand (the share
    offered 'Dice by hand' until its mechanic said so)."""
    table = TableSession(str(saves), seed=1)
    try:
        table.new_game("rank-and-file", "waves", scenario="rnf-wave-attack")
        for check in ("wave_attack", "wave_split", "melee_result"):
            form = table.form(check, "csa_first_wave")
            assert form is not None and not form.rolls_dice, check
        assert table.form("fire", "union_regiment").rolls_dice  # type: ignore[union-attr]
    finally:
        table.close(force=True)


def test_the_report_names_no_seed_for_a_roll_without_dice(saves: Path) -> None:
    """The after-action report's line for a decision says "no dice", with no seed beside it
    (it said "no dice (seed 1776)", as if dice had been rolled)."""
    from drumhead.game.report import export_markdown

    table = oibl(saves)
    try:
        form = table.form("melee_winner", table.state.units[0].id)
        assert form is not None
        form.set_input("attacker_lost", "3")
        form.set_input("defender_lost", "1")
        form.roll(None)
        report = export_markdown(table.open_game_or_fail())
        decided = [line for line in report.splitlines() if "no dice" in line]
        assert decided and all("seed" not in line for line in decided)
    finally:
        table.close(force=True)
