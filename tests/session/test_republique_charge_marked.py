"""Republique 4.4 Continuing Movement and 4.6 Charge Disorder: "Units which use their assault
movement bonus will suffer one morale hit at the end of the turn". The charge move is made in
the Maneuver phase (not in our source), so no check recorded it: the players had to mark the
card by hand before the turn's end could give the hit (issue 35, played at Aspern as a new
player). The assault now asks whether its attackers charged and marks their cards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from phases import to_phase

from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
CLUB = str(ROOT / "data" / "house-rules" / "republique-sample-club-values.toml")


@pytest.fixture
def aspern(saves: Path) -> Iterator[TableSession]:
    table = TableSession(str(saves), seed=1809)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("republique", "aspern", scenario="aspern-1809", house_rules=CLUB)
    to_phase(table)
    yield table
    table.close(force=True)


def assault(table: TableSession, charged: bool) -> None:
    """IR 15 Zach (Charles +2) against the 67e Ligne in Aspern's stone houses (class A): the
    club's chart reads +4, 'Defender 2M 1P; attacker carries the position'."""
    form = table.form("assault", "ir15_zach")
    assert form is not None
    form.set_role("defender", "ligne_67")
    for name, value in {
        "defender_tactical": "a",
        "defender_in_buildings": True,
        "attacker_charged": charged,
    }.items():
        assert form.set_input(name, value), name
    assert form.roll([9, 2]).value == 4
    table.apply_effects(
        "ir15_zach", list(form.effects), {"attacker": "ir15_zach", **form.picked_roles()}
    )


@pytest.mark.parametrize(("charged", "at_the_end"), [(True, "disordered"), (False, "fresh")])
def test_a_charge_said_at_the_assault_gives_its_disorder_at_the_turns_end(
    aspern: TableSession, charged: bool, at_the_end: str
) -> None:
    assault(aspern, charged)
    zach = aspern.state.unit("ir15_zach")
    assert ("charged" in zach.markers) is charged
    assert aspern.state.unit("ligne_67").state == "rattled"  # 2M: fresh -> rattled
    to_phase(aspern, "turn_end")  # charge disorder: at the turn's end (4.6)
    form = aspern.form("charge_disorder", "ir15_zach")
    assert form is not None
    assert form.values["used_assault_bonus"] is charged  # read from the card
    result = form.roll(None)
    aspern.apply_effects("ir15_zach", list(form.effects))
    assert result.outcome == ("morale_hit" if charged else "no_hit")
    zach = aspern.state.unit("ir15_zach")
    assert (zach.state, "charged" in zach.markers) == (at_the_end, False)
