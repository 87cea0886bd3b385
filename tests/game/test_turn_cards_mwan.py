"""MWAN #116, First Bull Run: Henry Hill: a full turn played through the table session, the
cards read by every check and every result landing on them (issue 35). The expected cards at
the end are worked by hand from the article (shared/seeds/002_a5828d3d965392ed.txt); the
firing table is the sample house rules' (the players' own numbers: the article's is missing).

The turn, worked:

* Initiative (Command and Control): each commander rolls 2d12 (ruling mwan-initiative-dice).
  Jackson (aggressive, +3) rolls 6 + 6 = 12 + 3 = 15; McDowell (steady, +2) 5 + 4 = 9 + 2 = 11.
  The Confederates win and move first; the Union's count of turns without the initiative is 1.
* Movement, Confederates: the 1st Virginia Cavalry (mounted on its card) makes its one charge
  of the game: 30" + 10" = 40", and its card is marked charge_used (Cavalry Charges). The end
  of movement roll is 11: the Confederate movement ends.
* Movement, Union: the 1st Minnesota (line) wheels once: 20" - 5" = 15". Roll 3: movement
  goes on. The 38th New York (column) moves 20". Roll 12: the Union movement ends.
* Artillery fire: Ricketts' rifled battery fires shot and shell at the 4th Virginia at band 2
  of the players' table: 3 dice + 1 (rifled guns, Artillery Rules) = 4, hitting on 9-12:
  9, 12, 3, 5 = 2 hits; the 4th Virginia 12 -> 10 figures. The Rockbridge Artillery
  (smoothbore) fires shot and shell at the 11th New York at band 1: 4 dice - 1 (Fire
  Modifiers) = 3, hitting on 7-12: 7, 2, 11 = 2 hits; the Zouaves 18 -> 16.
* Thomas's battery (smoothbore) fires shot and shell at Griffin's battery at band 2: 3 dice
  - 1 = 2, hitting on 9-12: 10, 12 = 2 hits. Two hits remove one artillery gunner (Artillery
  Rules; ruling mwan-fire-artillery-hits): Griffin's card gives no gunners, so the players
  give them when asked (6: their basing, the article has no crew size) and the card goes
  6 -> 5 gunner figures (ruling mwan-gunners-on-the-card); its guns stay 6.
* Small arms: the 4th Virginia fires at the Zouaves at band 1 (casualties are ignored until a
  unit has fired): 4 dice hitting on 8-12: 8, 9, 1, 2 = 2 hits; the Zouaves 16 -> 14.
* Morale: the Zouaves took 4 casualties this turn, at least the players' infantry trigger of 3
  (When to Check: the infantry line is missing): they check, and are marked morale_checked.
  The 4th Virginia took 2: no check. Griffin's battery took 2 hits, at least the artillery
  trigger of 1: it checks. The Zouaves roll 6 on the infantry column: Charge to Combat;
  Griffin's battery rolls 1 on the artillery column: Battery Silenced (may not fire or move
  for one turn).
* Close combat, frontal: the Zouaves (14 of 18 figures: above half, Additional Rules) charge
  the 4th Virginia. Willcox is with the Zouaves (+1), Jackson with the Virginians (+1):
  10 + 1 = 11 against 4 + 1 = 5, a difference of +6: Driven Back. The 4th Virginia skedaddles
  and loses 2 figures captured (10 -> 8); the Zouaves lose 2 figures (14 -> 12) and take the
  position (the table's note); their charge fought, they are in good order again (ruling
  mwan-charge-spent: Charge to Combat is the order to close and fight, not a lasting state).
"""

from __future__ import annotations

from pathlib import Path

from table_turn import apply_as_the_app_does, fill, open_table, play, walk_turn

from drumhead.errors import MissingCardValueError
from drumhead.game import unit_inputs
from drumhead.game.attributes import value_of
from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
HOUSE = str(ROOT / "data" / "house-rules" / "mwan116-acw-sample-firing-table.toml")


def play_the_turn(table: TableSession) -> list[str]:
    """The turn worked in the module's docstring, walked and played; returns the steps."""

    def initiative(t: TableSession) -> None:
        result = play(t, "initiative", "va4", [6, 6, 5, 4])
        assert (result.outcome, dict(result.values)) == (
            "wins",
            {"player": 15, "opponent": 11},
        )

    def charge(t: TableSession) -> None:
        result = play(
            t,
            "movement",
            "va1_cavalry",
            [],
            ticks=["cavalry_charge"],
            expect_values={"arm": "cavalry", "formation": "mounted", "charge_used": False},
        )
        assert result.value == 40

    def end_roll(face: int, goes_on: bool):  # type: ignore[no-untyped-def]
        def roll(t: TableSession) -> bool:
            unit = "va1_cavalry" if face == 11 else "minn1"
            result = play(t, "movement_end", unit, [face])
            assert result.outcome == ("continues" if goes_on else "ends")
            return goes_on

        return roll

    def wheel(t: TableSession) -> None:
        assert play(t, "movement", "minn1", [], ticks=["wheel"]).value == 15

    def column(t: TableSession) -> None:
        result = play(t, "movement", "ny38", [], expect_values={"formation": "column"})
        assert result.value == 20

    def artillery(t: TableSession) -> None:
        rifled = play(
            t,
            "fire",
            "ricketts",
            [9, 12, 3, 5],
            roles={"target": "va4"},
            values={"range_band": 2},
            ticks=["rifled_shot_shell"],
            expect_values={
                "firer_type": "artillery",
                "ordnance": "rifled",
                "firer": "field_artillery",
            },
        )
        assert rifled.value == 2
        smoothbore = play(
            t,
            "fire",
            "rockbridge",
            [7, 2, 11],
            roles={"target": "ny11_zouaves"},
            values={"firer": "field_artillery", "range_band": 1},
            ticks=["smoothbore_shot_shell"],
            expect_values={"ordnance": "smoothbore", "target_formation": "line"},
        )
        assert smoothbore.value == 2
        form = fill(
            t,
            "fire",
            "thomas_artillery",
            roles={"target": "griffin"},
            values={"firer": "field_artillery", "range_band": 2},
            ticks=["smoothbore_shot_shell"],
            expect_values={"target_type": "artillery"},
        )
        counter = form.roll([10, 12])
        assert counter.value == 2
        try:
            apply_as_the_app_does(t, form)
        except MissingCardValueError as missing:  # as the app asks: the card gives none
            assert (missing.unit, missing.attribute, missing.minimum) == ("griffin", "gunners", 0)
            t.edit_unit("griffin", "gunners", 6)
            apply_as_the_app_does(t, form)
        else:
            raise AssertionError("the players were not asked for Griffin's gunners")
        assert value_of(t.ruleset, t.state.unit("griffin"), "gunners") == 5

    def small_arms(t: TableSession) -> None:
        volley = play(t, "fire", "va4", [8, 9, 1, 2], roles={"target": "ny11_zouaves"})
        assert volley.value == 2

    def morale_due(t: TableSession) -> None:
        zouaves = play(
            t, "morale_due", "ny11_zouaves", None, expect_values={"casualties_this_turn": 4}
        )
        assert zouaves.outcome == "check_morale"
        virginians = play(t, "morale_due", "va4", None, expect_values={"casualties_this_turn": 2})
        assert virginians.outcome == "no_check"
        battery = play(t, "morale_due", "griffin", None, expect_values={"casualties_this_turn": 1})
        assert battery.outcome == "check_morale"

    def morale(t: TableSession) -> None:
        result = play(t, "morale", "ny11_zouaves", [6], expect_values={"unit_type": "infantry"})
        assert result.outcome == "charge_to_combat"
        silenced = play(t, "morale", "griffin", [1], expect_values={"unit_type": "artillery"})
        assert silenced.outcome == "battery_silenced"

    def close_combat(t: TableSession) -> None:
        result = play(
            t,
            "close_combat",
            "ny11_zouaves",
            [10, 4],
            roles={"defender": "va4"},
            expect_values={
                "general": True,
                "opponent_general": True,
                "attacker_strength_start": 18,
                "attacker_strength_now": 14,
                "defender_type": "infantry",
            },
        )
        assert (result.outcome, result.modified) == ("driven_back", 6)

    walked = walk_turn(
        table,
        {
            "initiative.roll": [initiative],
            "movement.move": [charge, wheel, column],
            "movement.end_roll": [end_roll(11, False), end_roll(3, True), end_roll(12, False)],
            "artillery_fire.fire": [artillery],
            "small_arms_fire.fire": [small_arms],
            "morale.due": [morale_due],
            "morale.check": [morale],
            "close_combat.frontal": [close_combat],
        },
    )
    assert walked.count("movement.move") == 3  # the Confederates' one, the Union's two
    return walked


def test_a_turn_on_henry_hill_leaves_the_cards_as_the_rules_say(tmp_path: Path) -> None:
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill", HOUSE)
    game = table.open_game_or_fail()
    try:
        play_the_turn(table)
        cards = {u.id: (u.strength_now, u.state, set(u.markers)) for u in game.state.units}
        assert cards == {
            "ricketts": (6, "good_order", set()),
            "griffin": (6, "battery_silenced", {"silenced"}),  # its one turn silent is next
            # checked morale this turn: the marker comes off as the turn ends (lasts = "turn")
            # the charge is spent once fought: back in good order (ruling mwan-charge-spent)
            "ny11_zouaves": (12, "good_order", set()),
            "minn1": (19, "good_order", set()),
            "ny38": (14, "good_order", set()),
            "va2": (9, "good_order", set()),
            # skedaddled with Jackson, its brigadier, on its card: he is at its location, so
            # the following turn it is in good order (ruling mwan-skedaddle-general)
            "va4": (8, "good_order", set()),
            "va5": (13, "good_order", set()),
            "va27": (8, "good_order", set()),
            "va33": (9, "good_order", set()),
            "rockbridge": (4, "good_order", set()),
            "thomas_artillery": (4, "good_order", set()),
            "va1_cavalry": (6, "good_order", {"charge_used"}),
        }
        gunners = {u.id: value_of(game.ruleset, u, "gunners") for u in game.state.units}
        assert {u: n for u, n in gunners.items() if n is not None} == {"griffin": 5}
        assert {leader.status for leader in game.state.leaders} == {"active"}
        assert game.state.turn == 2
        assert dict(game.state.activation.turns_without) == {"union": 1, "confederate": 0}
        # the charge is kept: turn 2's movement reads it from the card
        check = game.ruleset.check("movement")
        assert unit_inputs(game.ruleset, check, game.state, "va1_cavalry")["charge_used"] is True
    finally:
        table.close(force=True)


def test_no_card_carries_a_note_for_the_table(tmp_path: Path) -> None:
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill", HOUSE)
    game = table.open_game_or_fail()
    try:
        play_the_turn(table)
        told = {
            e["text"]
            for event in game.log
            if event.kind == "apply_effects"
            for e in event.data["effects"]
            if "unit" not in e
        }
        assert told  # the position taken, the morale trigger, the woods' edge, ...
        on_cards = {
            line.split(": ", 1)[-1] for u in game.state.units for line in u.notes.splitlines()
        }
        assert not told & on_cards
    finally:
        table.close(force=True)


def test_turn_two_initiative_reads_the_turns_without_it(tmp_path: Path) -> None:
    """Initiative Modifiers: +2 for each turn a commander failed to win it (ruling
    mwan-initiative-catch-up). McDowell lost turn 1: on turn 2 the Union rolls with +2 + 2 =
    +4 against Jackson's +3: 52.8% to win on 2d12 each, not the 41.7% of +2 against +3."""
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill", HOUSE)
    try:
        play_the_turn(table)
        form = table.form("initiative", "minn1")
        assert form is not None
        assert form.values.get("turns_without") == 1
    finally:
        table.close(force=True)


def test_the_casualties_this_turn_are_read_from_the_log(tmp_path: Path) -> None:
    """A new player's turn: the Rockbridge Artillery (smoothbore, shot and shell) fires at the
    11th New York at band 1 of the sample firing table: 4 dice - 1 (MWAN116 Fire Modifiers:
    smoothbore art -1 die) = 3 dice hitting on 7-12: 7, 2, 11 = 2 hits, and each hit is one
    figure (How to Fire): 18 -> 16. Must the Zouaves check? MWAN116 Morale, When to Check:
    with the players' infantry trigger of 2 (the article's infantry line is missing), 2
    casualties >= 2: check morale (ruling mwan-casualties-this-turn). Before, "casualties this
    turn" showed 0 and the answer was "no morale check needed", 100%. Taking the fire back
    takes back the answer that read it."""
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill", HOUSE)
    game = table.open_game_or_fail()
    try:
        table.set_gap("infantry_morale_casualties", 2)  # the players' answer
        fire = play(
            table,
            "fire",
            "rockbridge",
            [7, 2, 11],
            roles={"target": "ny11_zouaves"},
            values={"firer": "field_artillery", "range_band": 1},
            ticks=["smoothbore_shot_shell"],
        )
        assert fire.value == 2
        assert game.state.unit("ny11_zouaves").strength_now == 16
        hits_entry = game.entries[-1].seq
        assert game.entries[-1].kind == "apply_effects"
        form = fill(table, "morale_due", "ny11_zouaves", expect_values={"casualties_this_turn": 2})
        answer = form.roll(None)
        assert answer.outcome == "check_morale"
        assert "mwan-casualties-this-turn" in {r.id for r in answer.rulings}
        (answered,) = [e.seq for e in game.entries if e.data.get("check") == "morale_due"]
        apply_as_the_app_does(table, form)
        # a unit not fired at lost nothing this turn
        assert fill(table, "morale_due", "va4").values["casualties_this_turn"] == 0
        assert answered in game.revert(hits_entry).drop
    finally:
        table.close(force=True)


def test_who_fires_is_read_from_the_battery_card(tmp_path: Path) -> None:
    """MWAN116 Firing, How to Fire: the firing table is read on the firer's row. Ricketts'
    battery's card is artillery, not horse artillery: its row is field artillery (before, the
    form said infantry and the rules' check refused the roll: 'the firing unit's card is a
    battery'). Band 2 of the sample table: 3 dice + 1 (rifled guns, Artillery Rules) = 4 dice
    hitting on 9-12: 9, 12, 3, 5 = 2 hits. The 1st Virginia Cavalry's card (mounted) fires on
    the mounted cavalry row, and the 4th Virginia's (infantry) on the infantry row."""
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill", HOUSE)
    try:
        form = fill(
            table,
            "fire",
            "ricketts",
            roles={"target": "va4"},
            values={"range_band": 2},
            ticks=["rifled_shot_shell"],
            expect_values={"firer": "field_artillery"},
        )
        assert form.odds().refused is False
        assert form.roll([9, 12, 3, 5]).value == 2
        cavalry = fill(table, "fire", "va1_cavalry", roles={"target": "ny11_zouaves"})
        assert cavalry.values["firer"] == "mounted_cavalry"
        assert fill(table, "fire", "va4", roles={"target": "minn1"}).values["firer"] == "infantry"
    finally:
        table.close(force=True)


def test_a_move_offers_no_dice_to_type(tmp_path: Path) -> None:
    """MWAN116 Movement, Basic Movement: infantry moves 20", a fixed allowance; no dice are
    rolled, so none are offered to type in by hand (the 1st Minnesota's move is 20 with
    none). Fire rolls d12s (How to Fire): its dice are offered."""
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill", HOUSE)
    try:
        move = fill(table, "movement", "minn1")
        assert move.rolls_dice is False
        assert move.roll([]).value == 20
        fire = fill(table, "fire", "va4", roles={"target": "minn1"})
        assert fire.rolls_dice is True
    finally:
        table.close(force=True)


def test_close_combat_cites_the_tables_ends_only_past_them(tmp_path: Path) -> None:
    """MWAN116 Close Combat, Frontal Attack: the table runs from -11 to +11; with a general's +1
    on one side only a difference of +12 can be rolled, read as the nearest band (ruling
    mwan-close-combat-12). The Zouaves (Willcox with them, +1) against the 4th Virginia
    without Jackson: 5 + 1 = 6 against 3: +3 (hard pressed), an answer that rests on no
    reading of the ends (before, it cited the ruling). 12 + 1 = 13 against 1: +12, past the
    end, read as +9..+11 (swept from the field): the ruling is cited."""
    table = open_table(tmp_path / "saves", "mwan116-acw", "first-bull-run-henry-hill", HOUSE)
    try:
        form = fill(
            table,
            "close_combat",
            "ny11_zouaves",
            roles={"defender": "va4"},
            # Jackson has ridden off; the Zouaves are charging (a frontal attack needs it)
            values={"opponent_general": False, "attacker_state": "charge_to_combat"},
            expect_values={"general": True},
        )
        plus_three = form.roll([5, 3])
        assert (plus_three.outcome, plus_three.modified) == ("hard_pressed", 3)
        assert "mwan-close-combat-12" not in {r.id for r in plus_three.rulings}
        twelve = form.roll([12, 1])
        assert (twelve.outcome, twelve.modified) == ("swept_from_field", 12)
        assert "mwan-close-combat-12" in {r.id for r in twelve.rulings}
    finally:
        table.close(force=True)
