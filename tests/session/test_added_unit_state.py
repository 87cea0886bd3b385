"""A unit added in play starts where its ruleset says a fresh unit starts (issue 35).

MWAN's morale ladder reads high morale, good order, charge to combat, ...: its best state is
a morale result (MWAN116 Morale: Unit Status, "HIGH MORALE - When morale check results in
high morale, units within range may fire again"), while "GOOD ORDER - Units with normal
morale" is where a unit stands before any result: every unit of the shipped First Bull Run
scenario says so on its card. A unit the players add in play (the units screen's "a", the
session's ``add_unit``) or a scenario unit that gives no state starts in good order, not in
high morale; the other rulesets' ladders start at their best state.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from table_turn import open_table

from drumhead.loading.loader import load_ruleset, load_ruleset_file


def test_a_unit_added_like_a_regiment_starts_in_good_order(tmp_path: Path) -> None:
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill")
    try:
        new = table.add_unit("14th Brooklyn", like="ny11_zouaves")
        card = table.state.unit(new)
        assert (card.type, card.state) == ("infantry", "good_order")
        added = table.add_unit("Arnold's Battery", like="ricketts")
        battery = table.state.unit(added)
        assert (battery.type, battery.state) == ("artillery", "good_order")
        # a card in good order is a card in normal morale: not marked as fallen
        from drumhead.session.cards import is_top_state

        assert is_top_state(table.ruleset, card)
    finally:
        table.close(force=True)


@pytest.mark.parametrize(
    ("ruleset", "unit_type", "state"),
    [
        ("mwan116-acw", "infantry", "good_order"),
        ("mwan116-acw", "cavalry", "good_order"),
        ("mwan116-acw", "artillery", "good_order"),
        ("one-if-by-land", "infantry", "good_order"),
        ("rank-and-file", "infantry", "good_order"),
        ("republique", "infantry", "fresh"),
    ],
)
def test_where_a_fresh_unit_starts(ruleset: str, unit_type: str, state: str) -> None:
    from drumhead.game.scenario import start_state

    assert start_state(load_ruleset(ruleset), unit_type) == state


def test_a_ladder_start_off_the_ladder_is_refused(tmp_path: Path) -> None:
    from drumhead.errors import RulesetError

    text = (Path(__file__).resolve().parents[1] / "ui" / "rulesets" / "cards-test.toml").read_text()
    assert "[ladders.default]" in text
    bad = text.replace("[ladders.default]\n", '[ladders.default]\nstart = "heroic"\n', 1)
    path = tmp_path / "cards-test.toml"
    path.write_text(bad)
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    assert info.value.key == "ladders.default.start"
    assert "'heroic' is not a state of this ladder" in str(info.value)
    assert info.value.line == bad.splitlines().index('start = "heroic"') + 1


@pytest.mark.parametrize(
    ("ruleset", "scenario", "unit", "state", "marked"),
    [
        # MWAN116 Morale, Unit Status: good order is "normal morale", where a fresh unit
        # starts (ruling mwan-fresh-good-order); high morale is above it; the rest below
        ("mwan116-acw", "first-bull-run-henry-hill", "ny11_zouaves", "high_morale", False),
        ("mwan116-acw", "first-bull-run-henry-hill", "ny11_zouaves", "good_order", False),
        ("mwan116-acw", "first-bull-run-henry-hill", "ny11_zouaves", "charge_to_combat", True),
        ("mwan116-acw", "first-bull-run-henry-hill", "griffin", "battery_silenced", True),
        # Rank and File's ladder starts at its top: good order, then unsteady
        ("rank-and-file", "rnf-wave-attack", "csa_first_wave", "good_order", False),
        ("rank-and-file", "rnf-wave-attack", "csa_first_wave", "unsteady", True),
    ],
)
def test_the_mark_is_for_a_state_below_where_a_fresh_unit_starts(
    tmp_path: Path, ruleset: str, scenario: str, unit: str, state: str, marked: bool
) -> None:
    """The roster's ‼ and the shared table's 'shaken' mark a unit below its ladder's start,
    never a unit in good order (a new player read '‼ Good order' as a fallen unit)."""
    from drumhead.session.cards import is_top_state

    table = open_table(tmp_path / "saves", ruleset, scenario)
    try:
        table.edit_unit(unit, "state", state)
        card = table.state.unit(unit)
        assert is_top_state(table.ruleset, card) is not marked
    finally:
        table.close(force=True)
