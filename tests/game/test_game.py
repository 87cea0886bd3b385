"""The game layer: events, effects, dice, activation, undo/redo, on the test ruleset."""

from __future__ import annotations

import random
from pathlib import Path

import gamegen
import pytest

from drumhead.checks.resolve import prepare, resolve
from drumhead.dice.notation import parse
from drumhead.dice.roller import RandomDice
from drumhead.errors import DrumheadError, InputError, MissingGapError
from drumhead.game import Event, Leader, Unit, apply_event, derive_seed, replay, unit_inputs

AT = "2026-11-22T14:00:00Z"


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    return gamegen.start_game(seed=1781)


def test_new_game_from_scenario(game) -> None:  # type: ignore[no-untyped-def]
    s = game.state
    assert s.ruleset == "test-land" and s.turn == 1 and s.phase == "morale"
    assert s.scenario == "test-land-skirmish"
    assert [u.id for u in s.units][:2] == ["md_continentals", "sc_militia"]
    assert s.unit("md_continentals").state == "good_order"  # top of the default ladder
    assert s.unit("grasshoppers").state == "in_action"  # the artillery ladder
    assert s.unit("legion_horse").markers == frozenset({"fired"})
    assert s.leader_with("md_continentals") is not None
    # one card per brigade plus the scenario's army card, shuffled from the seed
    assert sorted(s.activation.cards) == sorted(
        ["howard_line", "pickens_militia", "legion", "guns", "army_american"]
    )
    assert sorted(s.activation.deck) == sorted(s.activation.cards)
    again = gamegen.start_game(seed=1781)
    assert again.state.activation.deck == s.activation.deck


def test_unit_inputs_fill_from_the_card(game) -> None:  # type: ignore[no-untyped-def]
    game.edit_unit("md_continentals", "strength_now", 21, at=AT)
    values = unit_inputs(game.ruleset, "morale", game.state, "md_continentals")
    assert values == {"quality": "veteran", "figures_start": 28, "figures_lost": 7, "leader": 2}
    # a unit with no leader: leader input 0
    assert unit_inputs(game.ruleset, "morale", game.state, "legion_foot")["leader"] == 0


def test_resolution_dice_are_seeded_by_position_and_recorded(game) -> None:  # type: ignore[no-untyped-def]
    values = unit_inputs(game.ruleset, "morale", game.state, "sc_militia")
    event, res = game.resolve("morale", "sc_militia", values, ["light_cover"], at=AT)
    assert event.seq == 1 and event.kind == "resolution"
    seed = derive_seed(1781, "roll:1")
    assert event.data["seed"] == seed
    # the same seed gives the same faces outside the game
    ctx = prepare(game.ruleset, "morale", values, ["light_cover"])
    again = resolve(ctx, RandomDice(random.Random(seed)))
    assert again.dice == res.dice
    record = event.data["resolution"]
    assert record["dice"] == list(res.dice)
    assert {o["outcome"] for o in record["odds"]} == {"pass", "fail_by_1", "fail_by_2"}
    # undo and roll again: same position, same faces (undo cannot fish for dice)
    game.undo()
    _, res2 = game.resolve("morale", "sc_militia", values, ["light_cover"], at=AT)
    assert res2.dice == res.dice


def test_the_card_gives_every_unit_field(game) -> None:  # type: ignore[no-untyped-def]
    from drumhead.game.game import card_fields
    from drumhead.rules.model import UNIT_FIELDS

    fields = card_fields(game.ruleset, game.state, "md_continentals")
    # the commanders' ratings come only where the scenario's sides give them; the ruleset's
    # attributes by name (the unit's) and as leader_NAME (its leader's)
    declared = {"elite", "hits_per_stand", "leader_rerolls"}
    assert UNIT_FIELDS - {"side_rating", "enemy_rating"} <= set(fields) <= UNIT_FIELDS | declared
    assert "panic_marker" not in fields  # a marker is read as marker:ID, none by name
    assert fields["leader_value"] == 2 and fields["elite"] is False
    assert fields["leader_rerolls"] == 0  # Morgan has none: the default
    assert fields["leader_attached"] is True
    assert card_fields(game.ruleset, game.state, "legion_foot")["leader_attached"] is False
    assert card_fields(game.ruleset, game.state, "grasshoppers")["single_stand"] is True
    # a marker is read by an input declaring it (from_unit = "marker:ID"), never by its name
    from dataclasses import replace

    from drumhead.game.game import unit_inputs
    from drumhead.rules.model import InputSpec

    wants = InputSpec("has_panic", "bool", "Panic marker", default=False, from_unit="marker:panic")
    check = game.ruleset.check("morale")
    check = replace(check, inputs=(*check.inputs, wants))
    assert unit_inputs(game.ruleset, check, game.state, "legion_foot")["has_panic"] is False
    game.edit_unit("legion_foot", "markers", ["panic"], at=AT)
    assert unit_inputs(game.ruleset, check, game.state, "legion_foot")["has_panic"] is True


def test_resolve_reads_missing_inputs_from_the_unit_card(game) -> None:  # type: ignore[no-untyped-def]
    game.edit_unit("sc_militia", "strength_now", 22, at=AT)
    _, res = game.resolve("morale", "sc_militia", {}, [], hand_dice=[4], at=AT)
    assert dict(res.inputs)["quality"] == "poor" and dict(res.inputs)["figures_lost"] == 8
    # the players' values win over the card
    _, res = game.resolve("morale", "sc_militia", {"quality": "elite"}, [], hand_dice=[4], at=AT)
    assert dict(res.inputs)["quality"] == "elite"


def test_hand_dice_are_recorded(game) -> None:  # type: ignore[no-untyped-def]
    values = unit_inputs(game.ruleset, "morale", game.state, "sc_militia")
    event, res = game.resolve("morale", "sc_militia", values, [], hand_dice=[9], at=AT)
    assert event.data["hand"] == [9] and "seed" not in event.data
    assert res.outcome == "fail_by_2"  # poor: morale 6, 9 fails by 3


def test_apply_effects_of_a_rout(game) -> None:  # type: ignore[no-untyped-def]
    values = unit_inputs(game.ruleset, "morale", game.state, "sc_militia")
    _, res = game.resolve("morale", "sc_militia", values, [], hand_dice=[9], at=AT)
    # the players add a loss of 3 figures before applying
    effects = [*res.effects, {"kind": "lose", "amount": 3, "text": "3 figures lost"}]
    event = game.apply_effects("sc_militia", effects, at=AT, resolution=1)
    unit = game.state.unit("sc_militia")
    assert unit.state == "rout"
    assert unit.markers == frozenset({"panic"})
    assert unit.strength_now == 27 and unit.strength_lost == 3
    assert "T1: If it rallies" in unit.notes
    assert event.data["resolution"] == 1


def test_step_effects_clamp_on_the_ladder(game) -> None:  # type: ignore[no-untyped-def]
    game.apply_effects("legion_foot", [{"kind": "step", "amount": 1, "text": "x"}], at=AT)
    assert game.state.unit("legion_foot").state == "shaken"
    event = game.apply_effects("legion_foot", [{"kind": "step", "amount": 5, "text": "x"}], at=AT)
    assert game.state.unit("legion_foot").state == "rout"
    assert event.data["effects"][0]["state"] == "rout"  # the landing state is recorded
    game.apply_effects("legion_foot", [{"kind": "step", "amount": -9, "text": "rally"}], at=AT)
    assert game.state.unit("legion_foot").state == "good_order"


def test_leader_effects_fall_on_the_leader_with_the_unit(game) -> None:  # type: ignore[no-untyped-def]
    game.apply_effects(
        "md_continentals", [{"kind": "leader", "state": "killed", "text": "Morgan falls"}], at=AT
    )
    assert game.state.leader("morgan").status == "killed"
    assert game.state.leader_with("md_continentals") is None
    game.attach_leader("tarleton", "legion_horse", at=AT)
    game.apply_effects("legion_horse", [{"kind": "leader", "amount": 1, "text": "re-roll"}], at=AT)
    assert game.state.leader("tarleton").attribute("rerolls") == 1
    assert game.log[-1].data["effects"][0] | {"text": ""} == {
        "kind": "leader",
        "amount": 1,
        "text": "",
        "unit": "legion_horse",
        "leader": "tarleton",
        "attribute": "rerolls",
        "left": 1,
    }
    with pytest.raises(InputError, match="no leader is with"):
        game.apply_effects("legion_foot", [{"kind": "leader", "amount": 1, "text": "x"}], at=AT)


def test_remove_effect_keeps_the_card(game) -> None:  # type: ignore[no-untyped-def]
    game.apply_effects("legion_horse", [{"kind": "remove", "text": "quits the field"}], at=AT)
    assert game.state.unit("legion_horse").removed


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ({"kind": "state", "state": "panicking", "text": "x"}, "not on the ladder"),
        ({"kind": "marker", "marker": "sunburn", "text": "x"}, "no marker 'sunburn'"),
        ({"kind": "lose", "amount": -2, "text": "x"}, "cannot be negative"),
        ({"kind": "lose", "text": "x"}, "whole-number amount"),
        ({"kind": "teleport", "text": "x"}, "unknown effect kind"),
    ],
)
def test_bad_effects_are_refused(game, effect, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match=message):
        game.apply_effects("legion_foot", [effect], at=AT)
    assert game.log == ()


def test_edits_record_old_and_new(game) -> None:  # type: ignore[no-untyped-def]
    event = game.edit_unit("legion_foot", "markers", ["panic"], at=AT)
    assert event.data == {
        "target": "unit",
        "id": "legion_foot",
        "field": "markers",
        "old": [],
        "new": ["panic"],
    }
    event = game.edit_leader("morgan", "attached_to", None, at=AT)
    assert event.data["old"] == "md_continentals" and "new" not in event.data
    assert game.state.leader("morgan").attached_to is None
    game.edit_side("british", "rating", "timid", at=AT)
    assert game.state.side("british").rating == "timid"
    with pytest.raises(InputError):
        game.edit_unit("legion_foot", "quality", "legendary", at=AT)
    with pytest.raises(InputError, match="cannot be edited"):
        game.edit_unit("legion_foot", "id", "x", at=AT)
    with pytest.raises(InputError, match="0 or more"):
        game.edit_unit("legion_foot", "strength_now", -1, at=AT)


def test_add_and_remove_units_and_leaders(game) -> None:  # type: ignore[no-untyped-def]
    unit = Unit("tories", "Tory militia", "british", "legion", "infantry", 16, 16, "")
    game.add_unit(unit, at=AT)
    assert game.state.unit("tories").state == "good_order"
    with pytest.raises(InputError, match="already"):
        game.add_unit(unit, at=AT)
    game.add_leader(
        Leader("ferguson", "Patrick Ferguson", "british", 1, attached_to="tories"), at=AT
    )
    assert game.state.leader_with("tories") is not None
    game.remove_unit("tories", at=AT)
    assert not game.state.has_unit("tories")
    assert game.state.leader("ferguson").attached_to is None
    game.remove_leader("ferguson", at=AT)
    assert not game.state.has_leader("ferguson")


def test_a_game_without_a_scenario_gets_its_sides_and_units_by_events() -> None:
    from drumhead.game import Side, new_game

    gamegen.setup()
    game = new_game("test-land", seed=3, name="from scratch")
    assert game.state.sides == () and game.state.activation.cards == ()
    with pytest.raises(InputError, match="no side 'french'"):
        game.add_unit(Unit("a", "A", "french", "b1", "infantry", 10, 10, ""), at=AT)
    game.add_side(Side("french", "French", "Ney"), at=AT)
    with pytest.raises(InputError, match="already a side"):
        game.add_side(Side("french", "Français"), at=AT)
    game.add_unit(Unit("a", "A", "french", "b1", "infantry", 10, 10, ""), at=AT)
    assert (
        game.state.side("french").commander == "Ney" and game.state.unit("a").state == "good_order"
    )
    assert replay(game.start, game.log) == game.state


def test_cards_draw_and_reshuffle_each_turn(game) -> None:  # type: ignore[no-untyped-def]
    deck = game.state.activation.deck
    game.draw_card(at=AT)
    game.draw_card(at=AT)
    assert game.state.activation.drawn == deck[:2]
    assert game.state.activation.deck == deck[2:]
    for _ in range(3):
        game.draw_card(at=AT)
    with pytest.raises(InputError, match="every card has been drawn"):
        game.draw_card(at=AT)
    game.next_turn(at=AT)
    act = game.state.activation
    assert game.state.turn == 2 and game.state.phase == "morale"
    assert act.drawn == () and sorted(act.deck) == sorted(act.cards)
    game.shuffle_deck(at=AT)
    assert sorted(game.state.activation.deck) == sorted(act.cards)


def test_phases_and_steps(game) -> None:  # type: ignore[no-untyped-def]
    game.tick_step("panic", True, at=AT)
    assert game.state.ticked == frozenset({"morale.panic"})
    with pytest.raises(InputError, match="no step"):
        game.tick_step("movement.nope", True, at=AT)
    game.next_phase(at=AT)
    assert game.state.phase == "movement" and game.state.ticked == frozenset()
    game.next_phase(at=AT)
    game.next_phase(at=AT)  # after the last phase: the next turn
    assert (game.state.turn, game.state.phase) == (2, "morale")


def test_initiative_counts_turns_without(game) -> None:  # type: ignore[no-untyped-def]
    game.set_initiative("british", "british", at=AT)
    game.set_initiative("british", "american", at=AT)
    act = game.state.activation
    assert act.initiative == "british" and act.first == "american"
    assert dict(act.turns_without) == {"american": 2, "british": 0}


def test_gaps_are_kept_with_the_game(game) -> None:  # type: ignore[no-untyped-def]
    game.set_gap("reform_turns", "2", at=AT)
    assert game.state.gap_values() == {"reform_turns": 2}
    with pytest.raises(InputError, match="no gap"):
        game.set_gap("nonsense", 1, at=AT)


def test_checks_read_the_games_gap_values(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(MissingGapError) as info:
        game.resolve("reform", "legion_foot", {}, at=AT)
    assert info.value.gap == "reform_turns"
    assert game.log == ()
    game.set_gap("reform_turns", 2, at=AT)
    event, res = game.resolve("reform", "legion_foot", {}, at=AT)
    assert res.value == 2
    assert event.data["resolution"]["gaps_used"] == {"reform_turns": 2}
    game.undo()
    game.undo()
    with pytest.raises(MissingGapError):
        game.resolve("reform", "legion_foot", {}, at=AT)


def test_checks_for_puts_fitting_checks_first(game) -> None:  # type: ignore[no-untyped-def]
    assert [c.id for c in game.checks_for("grasshoppers")] == ["gun_check", "morale", "reform"]
    assert [c.id for c in game.checks_for("legion_foot")] == ["morale", "reform", "gun_check"]
    assert [c.id for c in game.checks_for(None)] == ["morale", "reform", "gun_check"]


def test_undo_redo_and_jump(game) -> None:  # type: ignore[no-untyped-def]
    states = [game.state]
    for n in range(5):
        game.edit_unit("legion_foot", "strength_now", 19 - n, at=AT)
        states.append(game.state)
    game.jump_to(2)
    assert game.state == states[2] and len(game.redo_stack) == 3
    assert game.redo() is not None and game.state == states[3]
    game.undo()
    game.undo()
    assert game.state == states[1]
    game.note("new branch", at=AT)
    assert not game.can_redo
    assert game.state.unit("legion_foot").strength_now == 19
    with pytest.raises(InputError):
        game.jump_to(99)


def test_out_of_order_and_unknown_events_are_refused(game) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError, match="out of order"):
        game.add_event(Event(5, "note", {"text": "x"}, 1, "morale", AT))
    with pytest.raises(InputError, match="unknown kind"):
        apply_event(game.state, Event(1, "party", {}, 1, "morale", AT))
    with pytest.raises(DrumheadError, match="no unit 'ghost'"):
        apply_event(
            game.state, Event(1, "apply_effects", {"unit": "ghost", "effects": []}, 1, "m", AT)
        )


def test_replaying_the_log_rebuilds_the_state() -> None:
    game = gamegen.random_game(seed=7, events=400)
    assert replay(game.start, game.log) == game.state
    assert {e.kind for e in game.log} >= {"resolution", "apply_effects", "edit", "next_phase"}


def test_every_kind_of_event_declares_its_data_keys(game) -> None:  # type: ignore[no-untyped-def]
    from drumhead.game.events import DATA_KEYS, EVENT_KINDS

    assert set(DATA_KEYS) == set(EVENT_KINDS)
    with pytest.raises(InputError, match=r"data\.colour: unknown key"):
        apply_event(game.state, Event(1, "note", {"text": "x", "colour": "red"}, 1, "m", AT))
    with pytest.raises(InputError, match=r"effects\.0\.colour: unknown key"):
        apply_event(
            game.state,
            Event(
                1,
                "apply_effects",
                {"unit": "legion_foot", "effects": [{"kind": "note", "text": "x", "colour": 1}]},
                1,
                "m",
                AT,
            ),
        )


def test_house_rules_are_kept_with_the_game(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from drumhead.game import new_game

    house = tmp_path / "club.toml"
    house.write_text('ruleset = "one-if-by-land"\ntitle = "club"\n')
    monkeypatch.chdir(tmp_path)
    game = new_game("one-if-by-land", house_rules="club.toml", seed=1)
    assert game.state.house_rules == str(house.resolve())
    assert game.ruleset.house_rules == str(house.resolve())


def test_the_commanders_ratings_fill_the_initiative_from_either_side() -> None:
    from drumhead.game import load_scenario, new_game, unit_inputs

    bull = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=1)
    union = next(u for u in bull.state.units if u.side == "union")
    rebel = next(u for u in bull.state.units if u.side == "confederate")
    assert unit_inputs(bull.ruleset, "initiative", bull.state, union.id) == {
        "rating": "steady",
        "opponent_rating": "aggressive",
        "turns_without": 0,
        "opponent_turns_without": 0,
    }
    assert unit_inputs(bull.ruleset, "initiative", bull.state, rebel.id) == {
        "rating": "aggressive",
        "opponent_rating": "steady",
        "turns_without": 0,
        "opponent_turns_without": 0,
    }


def test_the_initiative_roll_names_the_side_that_won() -> None:
    """MWAN's initiative outcomes say which side won ('winner'), seen from the side of the
    unit rolled for: the app offers that side when the players record the initiative."""
    from drumhead.game import load_scenario, new_game

    bull = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=1)
    union = next(u for u in bull.state.units if u.side == "union")
    rebel = next(u for u in bull.state.units if u.side == "confederate")
    assert bull.rolled_winner() is None  # nothing rolled yet
    # hand dice: the unit's commander's two d12, then the opposing commander's
    bull.resolve("initiative", union.id, {}, hand_dice=[12, 12, 1, 1], at=AT)  # 26 v 5
    assert bull.rolled_winner() == "union"
    bull.resolve("initiative", rebel.id, {}, hand_dice=[12, 12, 1, 1], at=AT)  # the latest
    assert bull.rolled_winner() == "confederate"
    bull.resolve("initiative", union.id, {}, hand_dice=[1, 1, 12, 12], at=AT)  # union loses
    assert bull.rolled_winner() == "confederate"
    bull.resolve("initiative", union.id, {}, hand_dice=[6, 6, 5, 6], at=AT)  # 14 v 14: tie
    assert bull.rolled_winner() is None  # roll again
    steady = {"rating": "steady", "opponent_rating": "steady"}
    bull.resolve("initiative", None, steady, hand_dice=[12, 12, 1, 1], at=AT)
    assert bull.rolled_winner() is None  # rolled for no unit: whose side won is unknown
    bull.resolve("initiative", union.id, {}, hand_dice=[12, 12, 1, 1], at=AT)
    bull.resolve("morale", union.id, {}, at=AT)  # other rolls after it do not hide it
    assert bull.rolled_winner() == "union"
    bull.next_turn(at=AT)
    assert bull.rolled_winner() is None  # last turn's roll


def test_an_outcome_winner_must_be_one_of_the_checks_sides(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from drumhead.errors import RulesetError
    from drumhead.game import register_ruleset_file

    base = (Path(__file__).parents[2] / "data" / "rulesets" / "mwan116-acw.toml").read_text()
    bad = tmp_path / "bad-winner.toml"
    bad.write_text(
        base.replace('id = "mwan116-acw"', 'id = "bad-winner"', 1).replace(
            'winner = "player"', 'winner = "union"', 1
        )
    )
    with pytest.raises(
        RulesetError, match=r"outcomes\.wins\.winner: an opposed check's winner is one"
    ):
        register_ruleset_file(str(bad))  # the file, line and key are named


# -- hits marked on a unit: each full set of its hits per stand loses a stand -----------------
def rnf_game():  # type: ignore[no-untyped-def]
    from drumhead.game import load_scenario, new_game

    return new_game("rank-and-file", scenario=load_scenario("rnf-wave-attack"), seed=3)


def test_hits_become_lost_stands_and_the_rest_stays_on_the_card() -> None:
    from drumhead.game.events import replay as replay_events

    game = rnf_game()
    unit = game.state.units[0]
    game.edit_unit(unit.id, "hits_per_stand", 3, at=AT)
    start = game.state.unit(unit.id).strength_now
    hits = {"kind": "hits", "text": "takes hits", "amount": 4}
    event = game.apply_effects(unit.id, [hits], at=AT)
    assert (event.data["effects"][0]["stands"], event.data["effects"][0]["left"]) == (1, 1)
    after = game.state.unit(unit.id)
    assert (after.strength_now, after.hits) == (start - 1, 1)
    # two marks in one go count on from each other: 1 + 2 = 3, another stand
    game.apply_effects(unit.id, [dict(hits, amount=1), dict(hits, amount=1)], at=AT)
    after = game.state.unit(unit.id)
    assert (after.strength_now, after.hits) == (start - 2, 0)
    # a later change to the card does not change what was applied (replay reads the event)
    game.edit_unit(unit.id, "hits_per_stand", 10, at=AT)
    assert replay_events(game.start, game.log) == game.state
    game.undo()  # the edit
    game.undo()  # the two single hits
    assert (game.state.unit(unit.id).strength_now, game.state.unit(unit.id).hits) == (
        start - 1,
        1,
    )


def test_hits_need_the_cards_hits_per_stand() -> None:
    from drumhead.errors import MissingHitsPerStandError

    game = rnf_game()
    unit = game.state.units[0]
    with pytest.raises(MissingHitsPerStandError) as info:
        game.apply_effects(unit.id, [{"kind": "hits", "text": "hits", "amount": 2}], at=AT)
    assert info.value.unit == unit.id and "hits_per_stand" in str(info.value)
    assert not game.log  # nothing applied


def test_rank_and_file_fire_proposes_its_hits_for_the_target() -> None:
    game = rnf_game()
    firer = game.state.units[0]
    game.set_gap("fire_dice_per_stand", 1, at="2024-05-01T20:00:00")  # not in our sources
    _, res = game.resolve("fire", firer.id, {"stands": 6}, [], hand_dice=[6, 5, 4, 1, 2, 3], at=AT)
    hits = [e for e in res.effects if e.kind == "hits"]
    assert [(e.amount, e.who) for e in hits] == [(3, "target")]
    # the dice per stand are the club's, asked on the day, never the rules'
    assert [(g.id, g.kind, g.source) for g in res.gaps] == [
        ("fire_dice_per_stand", "players", "your club's answer, asked on 2024-05-01")
    ]


def test_dice_outside_a_check_are_seeded_recorded_and_replayed(game) -> None:  # type: ignore[no-untyped-def]
    """A distance or a roller roll during a game comes from the game's seed, is logged with
    its seed and faces, replays to the same faces, and undo cannot fish for other dice."""
    event = game.roll_dice("2d6", purpose="distance: retires 2D6", at=AT, unit_id="sc_militia")
    seed = derive_seed(1781, "roll:1")
    faces, total = parse("2d6").roll(random.Random(seed))
    assert event.kind == "roll" and event.data["seed"] == seed
    assert event.data["faces"] == list(faces) and event.data["total"] == total
    assert replay(game.start, game.log) == game.state
    game.undo()
    again = game.roll_dice("2d6", purpose="distance: retires 2D6", at=AT, unit_id="sc_militia")
    assert again.data["faces"] == event.data["faces"]


def test_a_roll_whose_faces_do_not_match_its_seed_is_refused(game) -> None:  # type: ignore[no-untyped-def]
    event = game.roll_dice("1d6", purpose="the dice roller", at=AT)
    forged = Event(
        seq=event.seq,
        kind="roll",
        data={**event.data, "faces": [7 - event.data["faces"][0]], "total": 0},
        turn=event.turn,
        phase=event.phase,
        at=event.at,
    )
    with pytest.raises(InputError, match="faces: the seed gives"):
        apply_event(game.start, forged)
