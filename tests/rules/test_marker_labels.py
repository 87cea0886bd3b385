"""A marker is named the short way where room is short: on the printed card, in the battle
screen's roster (tests/ui/test_roster_markers.py) and on the table's display (its unit rows,
``markers_short``). Each marker of every shipped ruleset has a
label players say (its ``short``, or its label without the closing aside) that fits one line
of the battle card at 80x24, whose pane is 29 columns wide (measured with Pilot): Republique's
``charged`` once took 46 ("Used assault bonus (charge) movement this turn")."""

from __future__ import annotations

import pytest

from drumhead.game.rulesets import game_ruleset
from drumhead.host.views import public_view
from drumhead.session import TableSession

COMPACT = 29
"""Columns of the battle card's pane at 80x24."""

RULESETS = ["mwan116-acw", "one-if-by-land", "rank-and-file", "republique"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_marker_has_a_short_label_that_fits_the_compact_card(ruleset_id: str) -> None:
    ruleset = game_ruleset(ruleset_id)
    assert ruleset.markers
    too_long = {m.id: m.printed for m in ruleset.markers if len(m.printed) > COMPACT}
    assert not too_long


def test_republique_names_its_markers_as_players_say_them() -> None:
    printed = {m.id: m.printed for m in game_ruleset("republique").markers}
    assert printed["charged"] == "Charge move used"
    assert printed["rallied"] == "Emergency rallied"


def test_the_table_display_shows_the_short_labels(tmp_path: object) -> None:
    session = TableSession(str(tmp_path), seed=1)
    session.new_game("republique", "aspern", scenario="aspern-1809")
    try:
        game = session.open_game_or_fail()
        unit = game.state.units[0]
        session.edit_unit(unit.id, "markers", ["charged", "rallied"])
        shown = public_view(session, [])
        row = next(u for s in shown["sides"] for u in s["units"] if u["id"] == unit.id)
        assert row["markers_short"] == ["Charge move used", "Emergency rallied"]
        assert row["markers"][0] == "Used assault bonus (charge) movement this turn"
    finally:
        session.close(force=True)
