"""Every morale state has a name a player would use (issue 35): a ladder state without a label
showed its id ("rattled", lower case) on the card, the printed card and the report."""

from __future__ import annotations

import pytest

from drumhead.game import load_scenario, new_game
from drumhead.game.report import _state_label
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.session.cards import card_rows


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_state_of_every_ladder_has_a_label(ruleset_id: str) -> None:
    rules = load_ruleset(ruleset_id)
    for ladder in rules.ladders:
        labels = dict(ladder.labels)
        missing = [s for s in ladder.states if not labels.get(s)]
        assert not missing, f"{ruleset_id} ladder {ladder.id}: no label for {missing}"


def test_a_rattled_unit_shows_its_label_on_the_card_and_in_the_report() -> None:
    game = new_game("republique", scenario=load_scenario("aspern-1809"), seed=1)
    game.edit_unit("ir15_zach", "state", "rattled", at="2026-11-23T20:00:00Z")
    unit = game.state.unit("ir15_zach")
    assert dict(card_rows(game.ruleset, game.state, unit))["Morale"] == "Rattled (2 morale hits)"
    assert _state_label(game.ruleset, unit.type, unit.state) == "Rattled (2 morale hits)"
