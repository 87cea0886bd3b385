"""Issue 35: the MWAN statuses that last a stated time end by themselves as the turns change,
read from the cards and this turn's log, recorded with the turn's move (so a replay and a
save need no ruleset), and undone with it.

* BATTERY SILENCED "may not fire or move for one turn": silenced in turn 1's morale phase
  (after turn 1's fire), the battery may not move or fire in turn 2, and is back in good order
  with the marker off as turn 2 ends (ruling mwan-silenced-one-turn).
* RETIRE "Units may move and fire the next turn": good order as the turn it retired in ends
  (ruling mwan-retire-next-turn).
* SKEDADDLE: until a general in their chain of command comes to them; the following turn good
  order (ruling mwan-skedaddle-general).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import InputError, RulesetError
from drumhead.game import Game, load_scenario, new_game, replay
from drumhead.game.wording import describe_event
from drumhead.loading.loader import load_ruleset_file
from drumhead.saves import SaveSession, save_path

AT = "2026-11-26T20:00:00Z"


def _game() -> Game:
    return new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=4)


def _to(game: Game, turn: int, phase: str) -> None:
    while (game.state.turn, game.state.phase) != (turn, phase):
        game.next_step(at=AT)


def _silence(game: Game, unit_id: str = "griffin") -> None:
    event, result = game.resolve("morale", unit_id, {}, [], hand_dice=[1], at=AT)
    assert result.outcome == "battery_silenced"
    game.apply_effects(unit_id, result.effects, at=AT, resolution=event.seq)


def _card(game: Game, unit_id: str = "griffin") -> tuple[str, bool]:
    unit = game.state.unit(unit_id)
    return unit.state, "silenced" in unit.markers


def test_a_battery_silenced_in_the_morale_phase_is_silent_the_whole_next_turn() -> None:
    game = _game()
    _to(game, 1, "morale")
    _silence(game)
    _to(game, 2, "initiative")
    assert _card(game) == ("battery_silenced", True)  # turn 2 is its one turn
    _to(game, 2, "movement")
    assert game.table_inputs("movement", "griffin")["silenced"] is True
    with pytest.raises(InputError, match="silenced battery may not move"):
        game.resolve("movement", "griffin", {}, [], at=AT)
    _to(game, 2, "close_combat")
    assert _card(game) == ("battery_silenced", True)
    _to(game, 3, "initiative")
    assert _card(game) == ("good_order", False)
    turn_3 = game.log[-1]
    assert turn_3.data["states"] == {"griffin": "good_order"}
    assert turn_3.data["expire"]["griffin"] == ["silenced"]
    assert "Griffin" in describe_event(game, turn_3) and "back to good order" in describe_event(
        game, turn_3
    )
    assert replay(game.start, game.log) == game.state
    game.undo()
    assert _card(game) == ("battery_silenced", True)
    game.redo()
    assert _card(game) == ("good_order", False)


def test_silenced_again_in_its_silent_turn_it_stays_silent_one_turn_more() -> None:
    game = _game()
    _to(game, 1, "morale")
    _silence(game)
    _to(game, 2, "morale")
    _silence(game)  # hit again while silent: the next turn is silent too
    _to(game, 3, "initiative")
    assert _card(game) == ("battery_silenced", True)
    _to(game, 4, "initiative")
    assert _card(game) == ("good_order", False)


def test_a_silenced_state_set_by_hand_lasts_the_same() -> None:
    game = _game()
    game.edit_unit("griffin", "state", "battery_silenced", at=AT)
    game.edit_unit("griffin", "markers", ["silenced"], at=AT)
    _to(game, 2, "initiative")
    assert _card(game) == ("battery_silenced", True)
    _to(game, 3, "initiative")
    assert _card(game) == ("good_order", False)


def test_a_retiring_unit_is_in_good_order_the_next_turn() -> None:
    game = _game()
    _to(game, 1, "close_combat")
    back = {"kind": "state", "state": "retire", "text": 'Retire 20"'}
    game.apply_effects("ny38", [back], at=AT)
    assert game.state.unit("ny38").state == "retire"
    _to(game, 2, "initiative")
    assert game.state.unit("ny38").state == "good_order"
    game.undo()
    assert game.state.unit("ny38").state == "retire"


def test_a_skedaddled_unit_waits_for_a_general_of_its_chain_of_command() -> None:
    game = _game()
    skedaddle = {"kind": "state", "state": "skedaddle", "text": "Skedaddle"}
    game.apply_effects("va2", [skedaddle], at=AT)
    game.apply_effects("ny38", [skedaddle], at=AT)
    game.attach_leader("stuart", "va2", at=AT)  # not in va2's chain of command
    _to(game, 2, "initiative")
    assert game.state.unit("va2").state == "skedaddle"
    game.attach_leader("jackson", "va2", at=AT)  # its brigade's general comes to it
    game.attach_leader("willcox", "ny38", at=AT)
    game.edit_leader("willcox", "status", "killed", at=AT)  # a dead general rallies nobody
    assert game.state.unit("va2").state == "skedaddle"  # not before the following turn
    _to(game, 3, "initiative")
    assert game.state.unit("va2").state == "good_order"
    assert game.state.unit("ny38").state == "skedaddle"
    assert game.log[-1].data["states"] == {"va2": "good_order"}
    game.undo()
    assert game.state.unit("va2").state == "skedaddle"
    game.redo()
    assert game.state.unit("va2").state == "good_order"


def test_the_ends_are_saved_and_replayed_exactly(tmp_path: Path) -> None:
    path = save_path(tmp_path, "henry-hill")
    game = _game()
    session = SaveSession.create(path, game)
    try:
        _to(game, 1, "morale")
        _silence(game)
        _to(game, 1, "close_combat")
        game.apply_effects("ny38", [{"kind": "state", "state": "retire", "text": "Retire"}], at=AT)
        game.apply_effects("va2", [{"kind": "state", "state": "skedaddle", "text": "Off"}], at=AT)
        session.autosave(game)
        _to(game, 2, "movement")
        game.attach_leader("jackson", "va2", at=AT)
        session.autosave(game)
        _to(game, 3, "initiative")
        session.autosave(game)
    finally:
        session.release()
    session, again = SaveSession.open(path)
    try:
        assert again.state == game.state
        assert _card(again) == ("good_order", False)
        assert {u: again.state.unit(u).state for u in ("ny38", "va2")} == {
            "ny38": "good_order",  # at turn 2
            "va2": "good_order",  # at turn 3, Jackson having come in turn 2
        }
        again.undo()
        assert _card(again) == ("battery_silenced", True)
        assert again.state.unit("va2").state == "skedaddle"
    finally:
        session.release()


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        (
            'battery_silenced = { lasts = "next_turn"',
            'battery_silenced = { lasts = "a_while"',
            "ladders.artillery.lasting.battery_silenced.lasts",
            "a_while",
        ),
        (
            'battery_silenced = { lasts = "next_turn", then = "good_order"',
            'battery_silenced = { lasts = "next_turn", then = "high_morale"',
            "ladders.artillery.lasting.battery_silenced.then",
            "'high_morale' is not a state of this ladder",
        ),
        (
            "[ladders.artillery.lasting]\nbattery_silenced",
            "[ladders.artillery.lasting]\nsilenced",
            "ladders.artillery.lasting",
            "'silenced' is not a state of this ladder",
        ),
        (
            'lasts = "next_turn"  # given in the morale phase',
            'lasts = "two_turns"  # given in the morale phase',
            "markers.silenced.lasts",
            "two_turns",
        ),
    ],
)
def test_a_lasting_off_the_ladder_is_refused_at_load(
    tmp_path: Path, old: str, new: str, key: str, message: str
) -> None:
    text = (
        Path(__file__).resolve().parents[2] / "data" / "rulesets" / "mwan116-acw.toml"
    ).read_text()
    assert text.count(old) == 1
    path = tmp_path / "mwan116-acw.toml"
    path.write_text(text.replace(old, new))
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    assert info.value.key == key
    assert message in str(info.value)
