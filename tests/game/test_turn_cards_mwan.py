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
* Small arms: the 4th Virginia fires at the Zouaves at band 1 (casualties are ignored until a
  unit has fired): 4 dice hitting on 8-12: 8, 9, 1, 2 = 2 hits; the Zouaves 16 -> 14.
* Morale: the Zouaves took 4 casualties this turn, at least the players' infantry trigger of 3
  (When to Check: the infantry line is missing): they check, and are marked morale_checked.
  The 4th Virginia took 2: no check. The Zouaves roll 6 on the infantry column: Charge to
  Combat.
* Close combat, frontal: the Zouaves (14 of 18 figures: above half, Additional Rules) charge
  the 4th Virginia. Willcox is with the Zouaves (+1), Jackson with the Virginians (+1):
  10 + 1 = 11 against 4 + 1 = 5, a difference of +6: Driven Back. The 4th Virginia skedaddles
  and loses 2 figures captured (10 -> 8); the Zouaves lose 2 figures (14 -> 12) and take the
  position (the table's note).
"""

from __future__ import annotations

from pathlib import Path

from table_turn import open_table, play, walk_turn

from drumhead.game import unit_inputs
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
            values={"firer": "field_artillery", "range_band": 2},
            ticks=["rifled_shot_shell"],
            expect_values={"firer_type": "artillery", "ordnance": "rifled"},
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

    def small_arms(t: TableSession) -> None:
        volley = play(t, "fire", "va4", [8, 9, 1, 2], roles={"target": "ny11_zouaves"})
        assert volley.value == 2

    def morale_due(t: TableSession) -> None:
        zouaves = play(t, "morale_due", "ny11_zouaves", None, values={"casualties_this_turn": 4})
        assert zouaves.outcome == "check_morale"
        virginians = play(t, "morale_due", "va4", None, values={"casualties_this_turn": 2})
        assert virginians.outcome == "no_check"

    def morale(t: TableSession) -> None:
        result = play(t, "morale", "ny11_zouaves", [6], expect_values={"unit_type": "infantry"})
        assert result.outcome == "charge_to_combat"

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
            "griffin": (6, "good_order", set()),
            # checked morale this turn: the marker comes off as the turn ends (lasts = "turn")
            "ny11_zouaves": (12, "charge_to_combat", set()),
            "minn1": (19, "good_order", set()),
            "ny38": (14, "good_order", set()),
            "va2": (9, "good_order", set()),
            "va4": (8, "skedaddle", set()),
            "va5": (13, "good_order", set()),
            "va27": (8, "good_order", set()),
            "va33": (9, "good_order", set()),
            "rockbridge": (4, "good_order", set()),
            "thomas_artillery": (4, "good_order", set()),
            "va1_cavalry": (6, "good_order", {"charge_used"}),
        }
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
