"""Rank and File's melee dice, both sides at once (issue 35, a new player's wave attack).

Supplement 2's second melee: the second wave and the Union regiment, 6 stands each, roll, score
2 hits each and both lose a stand. At the table one side's dice are typed and applied first:
the other side's card has then lost a stand, and its dice must still count it (ruling
rnf-melee-simultaneous), without the players changing "Stands in the melee" by hand."""

from __future__ import annotations

from pathlib import Path

from drumhead.session import TableSession
from drumhead.session.form import CheckForm


def open_table(saves: Path) -> TableSession:
    table = TableSession(str(saves), ruleset="rank-and-file", seed=1776)
    table.clock = lambda: "2026-11-27T00:00:00+00:00"
    table.new_game("rank-and-file", "walk", scenario="rnf-wave-attack")
    for unit in ("csa_second_wave", "union_regiment"):  # the players' answer: 2 hits a stand
        table.edit_unit(unit, "hits_per_stand", 2)
    return table


def melee(table: TableSession, fighter: str, enemy: str) -> CheckForm:
    form = table.form("melee", fighter)
    assert form is not None
    form.set_role("enemy", enemy)
    return form


def roll_and_apply(table: TableSession, form: CheckForm, dice: list[int]) -> None:
    form.roll(dice)
    table.apply_effects(
        form.unit_id, list(form.effects), roles={"fighter": form.unit_id, **form.roles}
    )
    form.clear_result()


def stands(table: TableSession, unit: str) -> int:
    return table.game.state.unit(unit).strength_now


def test_the_side_that_rolls_second_still_rolls_for_the_stand_it_just_lost(
    tmp_path: Path,
) -> None:
    table = open_table(tmp_path)
    roll_and_apply(table, melee(table, "csa_second_wave", "union_regiment"), [4, 5, 1, 1, 2, 3])
    assert stands(table, "union_regiment") == 5  # 2 hits: a stand of 2 hits gone

    form = melee(table, "union_regiment", "csa_second_wave")
    assert form.values["stands"] == 5  # the card
    assert form.values["stands_lost_this_melee"] == 1  # the log: lost to those dice
    result = form.roll([4, 5, 1, 1, 2, 3])  # six dice, as the example's six stands roll
    assert result.value == 2
    table.apply_effects(
        form.unit_id, list(form.effects), roles={"fighter": form.unit_id, **form.roles}
    )
    form.clear_result()
    assert stands(table, "csa_second_wave") == 5  # both sides lost a stand, as in the example


def test_losses_already_answered_by_its_own_dice_are_not_counted_again(tmp_path: Path) -> None:
    """The Union rolls first in a later melee: the stand the second wave's dice took earlier
    was answered by the Union's own dice then, so it rolls for its card's stands only."""
    table = open_table(tmp_path)
    roll_and_apply(table, melee(table, "csa_second_wave", "union_regiment"), [4, 5, 1, 1, 2, 3])
    roll_and_apply(table, melee(table, "union_regiment", "csa_second_wave"), [1, 1, 1, 1, 2, 3])
    form = melee(table, "union_regiment", "csa_first_wave")
    assert form.values["stands"] == 5
    assert form.values["stands_lost_this_melee"] == 0
