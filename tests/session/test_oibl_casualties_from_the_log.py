"""One If By Land reads casualties from the log: risk to generals and the melee rounds (issue 35).

A new player's Cowpens turn: the British Legion's fire at the charging South Carolina militia
(Brandon's, Col. Pickens with it) cost it 2 figures; at the risk-to-generals step the form
asked "Hits (figures) the unit just lost" although the card and the log hold them. It now
fills the figures lost since the general's last risk roll for the unit this turn (ruling
oibl-general-risk-from-the-log): new casualties only, as "test each time new casualties are
taken" says."""

from __future__ import annotations

from pathlib import Path

from drumhead.session import TableSession
from drumhead.session.form import CheckForm

MILITIA = "sc_militia_spartan"
LEGION = "legion_infantry"


def open_table(saves: Path) -> TableSession:
    table = TableSession(str(saves), ruleset="one-if-by-land", seed=1781)
    table.clock = lambda: "2026-11-27T00:00:00+00:00"
    table.new_game("one-if-by-land", "walk", scenario="cowpens-1781")
    return table


def fire_at_militia(table: TableSession, die: int) -> None:
    form = table.form("fire", LEGION)
    assert form is not None
    form.set_role("target", MILITIA)
    form.roll([die])
    table.apply_effects(LEGION, list(form.effects), roles={"firer": LEGION, **form.roles})


def risk(table: TableSession) -> CheckForm:
    form = table.form("general_risk", MILITIA)
    assert form is not None
    return form


def test_the_risk_roll_reads_the_new_casualties_off_the_log(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    before = table.game.state.unit(MILITIA).strength_now
    fire_at_militia(table, 9)
    lost = before - table.game.state.unit(MILITIA).strength_now
    assert lost >= 2
    form = risk(table)
    assert form.values["hits"] == lost  # no question: the log says it
    result = form.roll([5] * -(-lost // 2))  # one d10 per two hits, none a 1: unhurt
    assert result.outcome == "unhurt"
    table.apply_effects(MILITIA, list(form.effects))
    form.clear_result()

    fire_at_militia(table, 9)  # new casualties: only they are rolled for
    again = table.game.state.unit(MILITIA).strength_now
    assert risk(table).values["hits"] == before - lost - again


def melee(table: TableSession, unit: str, opponent: str, round_: str, **inputs: int) -> CheckForm:
    form = table.form("melee", unit)
    assert form is not None
    form.set_role("opponent", opponent)
    form.set_input("round", round_)
    for name, value in inputs.items():
        form.set_input(name, value)
    return form


def fight(table: TableSession, form: CheckForm, die: int) -> int:
    """Roll the round with ``die`` and apply it: the casualties it caused."""
    result = form.roll([die])
    table.apply_effects(
        form.unit_id, list(form.effects), roles={"fighting": form.unit_id, **form.roles}
    )
    form.clear_result()
    return int(result.value)


def test_the_side_rolling_second_in_a_melee_round_fights_with_what_it_had(tmp_path: Path) -> None:
    """Brandon's militia charges the Legion (ruling oibl-melee-round-simultaneous): in round 2
    every survivor of round 1 fights, so the Legion, rolling after Brandon's round-2 dice, still
    counts the figures those dice just took; Brandon, rolling first, counts none of round 1's."""
    table = open_table(tmp_path)
    contact = {"stands_in_contact": 3}
    fight(table, melee(table, MILITIA, LEGION, "first", **contact), 5)
    fight(table, melee(table, LEGION, MILITIA, "first", **contact, overlap_flanks=2), 5)
    militia_left = table.game.state.unit(MILITIA).strength_now

    first = melee(table, MILITIA, LEGION, "second")
    assert first.values["figures_lost_this_round"] == 0  # round 1's losses are answered
    assert first.values["figures"] == militia_left
    legion_before = table.game.state.unit(LEGION).strength_now
    took = fight(table, first, 9)
    assert took > 0

    second = melee(table, LEGION, MILITIA, "second")
    assert second.values["figures"] == legion_before - took  # the card
    assert second.values["figures_lost_this_round"] == took  # the log: they still fight
    result = second.roll([5])
    assert f"every surviving figure, {legion_before}" in " ".join(result.steps)


def test_the_melee_forms_name_the_unit_the_charge_test_named(tmp_path: Path) -> None:
    """Brandon's militia declared its charge on the Legion (its charge test picks the unit
    charged): the melee rounds of both sides and the winner of the melee open on that pair
    (the players pick another where two units charged one defender)."""
    table = open_table(tmp_path)
    charge = table.form("morale", MILITIA)
    assert charge is not None
    charge.set_input("situation", "charging")
    charge.set_role("charged", LEGION)
    charge.roll([3])
    table.apply_effects(MILITIA, list(charge.effects), roles={"unit": MILITIA, **charge.roles})

    for unit, other in ((MILITIA, LEGION), (LEGION, MILITIA)):
        form = table.form("melee", unit)
        assert form is not None and form.roles.get("opponent") == other
    winner = table.form("melee_winner", MILITIA)
    assert winner is not None and winner.roles.get("defender") == LEGION
