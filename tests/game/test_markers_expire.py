"""Issue 35: markers that say "this turn" (moved, fired, charging, morale checked) come off
the cards when the turn ends (``lasts = "turn"``), recorded with the move so a replay needs
no ruleset; a marker without ``lasts`` stays until removed."""

from __future__ import annotations

from drumhead.game import load_scenario, new_game, replay

AT = "2026-11-26T20:00:00Z"


def test_this_turns_markers_come_off_at_the_turn_and_the_rest_stay() -> None:
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=4)
    game.edit_unit("va4", "markers", ["passed_through", "morale_checked", "charge_used"], at=AT)
    while game.state.turn == 1:
        game.next_step(at=AT)
    assert game.state.unit("va4").markers == frozenset({"charge_used"})  # one a game: stays
    moved_on = [e for e in game.log if e.data.get("expire")]
    assert len(moved_on) == 1 and moved_on[0].data["expire"] == {
        "va4": ["morale_checked", "passed_through"]
    }
    assert replay(game.start, game.log) == game.state
    game.undo()
    assert game.state.unit("va4").markers >= {"passed_through", "morale_checked"}


def test_a_fire_reads_the_turns_marker_from_the_card() -> None:
    """MWAN116 Movement: a unit that moved through other units may not fire this turn."""
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=4)
    form_values = game.table_inputs("fire", "va4")
    assert form_values["passed_through"] is False
    game.edit_unit("va4", "markers", ["passed_through"], at=AT)
    assert game.table_inputs("fire", "va4")["passed_through"] is True
