"""Issue 37: the printed cards name a unit type, a morale state and a marker as players say
them ("Panic marker", not "Panic marker (one at most)"): a marker's ``short`` label, else its
label without a closing aside in brackets or the explanation after a colon."""

from __future__ import annotations

import pytest

from drumhead.loading.loader import load_ruleset
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.model import spoken

from .minirules import document

RULESETS = ("one-if-by-land", "mwan116-acw", "rank-and-file", "republique")


@pytest.mark.parametrize(
    ("label", "said"),
    [
        ("Panic marker (one at most)", "Panic marker"),
        ("Shaken (failed by 1: may not advance, reduced fire)", "Shaken"),
        ("Battery silenced: no fire or movement for one turn", "Battery silenced"),
        ('Engaged: enemy a close combat threat within 2-6", no further movement', "Engaged"),
        ("Routed (off table)", "Routed"),
        (
            "Used assault bonus (charge) movement this turn",
            "Used assault bonus (charge) movement this turn",
        ),
        ("Good order", "Good order"),
    ],
)
def test_a_label_prints_as_players_say_it(label: str, said: str) -> None:
    assert spoken(label) == said


def test_a_marker_prints_its_short_label_else_its_spoken_one() -> None:
    markers = {
        "panic": {"label": "Panic marker (one at most)"},
        "charged": {"label": "Used the charge bonus (charge) this turn", "short": "Charged"},
    }
    rs = build_ruleset(document(markers=markers), file="mini.toml")
    assert {m.id: m.printed for m in rs.markers} == {"panic": "Panic marker", "charged": "Charged"}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_no_shipped_marker_prints_with_its_aside(ruleset_id: str) -> None:
    rs = load_ruleset(ruleset_id)
    for marker in rs.markers:
        assert not marker.printed.endswith(")") and ": " not in marker.printed, marker.id
    if ruleset_id == "one-if-by-land":
        printed = {m.id: m.printed for m in rs.markers}
        assert printed["panic"] == "Panic marker" and printed["charge_limit"] == "Charge limit"
