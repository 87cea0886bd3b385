"""Beside each effect of a result the players read whom it falls on, by name: nothing for the
unit tested, the unit picked for another side of the check (or the side as the rules name it
while none is picked), the leader by name, the table for a note on no card. One If By Land's
morale test calls the unit tested "unit": its effects once read "(unit)"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.checks.results import Effect
from drumhead.session import TableSession
from drumhead.session.form import CheckForm


@pytest.fixture
def cowpens(saves: Path) -> Iterator[TableSession]:
    table = TableSession(str(saves), seed=1781)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("one-if-by-land", "cowpens", scenario="cowpens-1781")
    yield table
    table.close(force=True)


def declared_charge(table: TableSession, unit: str) -> CheckForm | None:
    """A charge declared by ``unit`` and its morale test passed (dice typed: a 0); None for
    a unit that may not charge."""
    form = table.form("morale", unit)
    assert form is not None
    form.set_input("situation", "charging")
    if form.odds().context is None:
        return None
    form.roll([0])
    assert form.result is not None and form.result.outcome == "pass"
    return form


def chargers(table: TableSession, side: str) -> list[str]:
    game = table.open_game_or_fail()
    return [u.id for u in game.state.units if u.side == side and declared_charge(table, u.id)]


def _effect(form: CheckForm, who: str) -> Effect:
    return next(e for e in form.effects if e.who == who)


def test_the_unit_tested_needs_no_name_and_the_others_are_named(cowpens: TableSession) -> None:
    game = cowpens.open_game_or_fail()
    form = declared_charge(cowpens, chargers(cowpens, "american")[0])
    assert form is not None
    assert {e.who for e in form.effects} >= {"unit", "table", "charged"}
    assert form.falls_on(_effect(form, "unit")) is None  # the unit tested: its own card
    assert form.falls_on(_effect(form, "table")) == "the table"
    # the unit charged, not picked yet: the role as the rules name it
    assert form.falls_on(_effect(form, "charged")) == "the unit it charges (its charge test)"
    british = next(u for u in game.state.units if u.side == "british")
    form.set_role("charged", british.id)
    assert form.falls_on(_effect(form, "charged")) == british.name


def test_no_effect_reads_as_a_role_id(cowpens: TableSession) -> None:
    for unit in chargers(cowpens, "british"):
        form = declared_charge(cowpens, unit)
        assert form is not None
        for effect in form.effects:
            shown = form.falls_on(effect)
            assert shown is None or shown not in {"unit", "charged", "charger", "table"}


def test_a_leader_is_named(cowpens: TableSession) -> None:
    form = cowpens.form("morale", "sc_militia_spartan")  # Col. Andrew Pickens is with it
    assert form is not None
    leader = Effect(kind="leader", text="The attached leader is hit", who="leader")
    assert form.falls_on(leader) == "Col. Andrew Pickens"
    alone = cowpens.form("morale", "ga_riflemen")  # no leader with it
    assert alone is not None and alone.falls_on(leader) == "its leader"
