"""Republique, Aspern 1809: a full turn played through the table session, the assault reading
both sides' cards and the chart's hits landing on every unit in it (issue 35). The expected
cards are worked by hand from part 4 (shared/seeds/003_068d9e9635d6c05e.txt); the values our
source lacks (modifier sizes, the Combat Chart, the Panic Index, the injury chart) are the
sample house rules' (the players' own), except the cells the text itself gives.

The turn, worked:

* Maneuver (its rules are not in our source): IR 15 Zach uses assault bonus (charge) movement;
  the players mark its card charged.
* Assault 1: Hiller's line regiment (6 bases, regular, in line on its card) assaults the 67e
  Ligne (4 bases, veteran, in line, Molitor attached and in his command) in the stone houses
  of Aspern (class A), the 37e Ligne 25-50mm away in incidental contact (4 bases: 2 counted,
  4.1). Bases 6 against 4 + 2 = 6: no outnumbering (4.3). Attacker: in line +1. Defender:
  veteran +1 (club), Molitor +1, in line +1, tactical bonus A +3 = +6. Dice 3 and 7:
  3 + 1 = 4 against 7 + 6 = 13, a difference of -9: the club's infantry cell 'Attacker 4M 3P'.
  Marked (assault_result): Hiller's line takes 4 morale hits, fresh -> disordered -> rattled
  -> shaken -> demoralized, and 3 panic hits. The Panic Index (club) for a regular unit at 3
  panic hits: Rt-1, a rout and one base surrendering (it was in primary contact): 6 -> 5.
* Assault 2 (step 4 repeats from step 1 for the next assault): IR 15 Zach (6 bases, regular,
  in column, the Archduke attached: value 2, charismatic) with the Austrian battery 25-50mm
  away (incidental, unlimbered: 1 base, counted 0) assaults the 16e Ligne (4 bases, veteran,
  column) with Marulaz's light cavalry in incidental contact (4 bases, counted 2; light
  cavalry present: the club's +1, given by the players for a group's cavalry). Bases 6
  against 6. Attacker: Charles +2. Defender: veteran +1, light cavalry +1 = +2. Dice 5 and
  5: a difference of 0, the club's cell 'Both 1M; fight another round'. Marked: every unit
  of both sides, incidental ones too, takes 1 morale hit (4.4): Zach, the battery, the 16e
  and the chasseurs are disordered. (The players fight the next round next turn.)
* Step 5, injury: Molitor (attached in assault 1) rolls 5 + 1 (leading, club) = 6: unhurt;
  the Archduke (attached in assault 2) rolls 2 + 1 = 3: unhurt (the club's chart).
* Turn end, charge disorder (4.6): IR 15 Zach used charge movement: one more morale hit,
  disordered -> rattled, and the marker comes off.
"""

from __future__ import annotations

from pathlib import Path

from table_turn import open_table, play, walk_turn

from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
HOUSE = str(ROOT / "data" / "house-rules" / "republique-sample-club-values.toml")


def test_a_turn_at_aspern_leaves_the_cards_as_the_rules_say(tmp_path: Path) -> None:
    table = open_table(tmp_path / "saves", "republique", "aspern-1809", HOUSE)
    game = table.open_game_or_fail()
    village = {"defender": "ligne_67", "defender_incidental": "ligne_37"}
    reserve = {
        "defender": "ligne_16",
        "attacker_incidental": "austrian_battery",
        "defender_incidental": "marulaz_chasseurs",
    }
    try:

        def charge_movement(t: TableSession) -> None:
            t.edit_unit("ir15_zach", "markers", ["charged"])  # the players' record of the move

        def assault(t: TableSession) -> None:
            if not any(e.kind == "resolution" for e in t.open_game_or_fail().log):
                result = play(
                    t,
                    "assault",
                    "hiller_line",
                    [3, 7],
                    roles=village,
                    values={"defender_tactical": "a", "defender_in_buildings": True},
                    expect_values={
                        "attacker_formation": "line",
                        "attacker_bases_primary": 6,
                        "defender_bases_primary": 4,
                        "defender_bases_incidental": 4,
                        "defender_grade": "veteran",
                        "defender_leader": 1,
                        "defender_formation": "line",
                    },
                )
                assert (result.value, result.text) == (
                    -9,
                    "Defender higher (difference -9): Attacker 4M 3P "
                    "(house rule, republique-sample-club-values.toml)",
                )
            else:
                result = play(
                    t,
                    "assault",
                    "ir15_zach",
                    [5, 5],
                    roles=reserve,
                    values={"defender_cavalry": "light"},
                    expect_values={
                        "attacker_leader": 2,
                        "attacker_leader_charismatic": True,
                        "attacker_formation": "column",
                        "attacker_bases_incidental": 1,
                        "defender_bases_incidental": 4,
                    },
                )
                assert (result.value, result.text) == (
                    0,
                    "Level (difference 0): Both 1M; fight another round "
                    "(house rule, republique-sample-club-values.toml)",
                )

        def mark_village(t: TableSession) -> None:
            values = {"result_for": "attacker", "morale_hits": 4, "panic_hits": 3}
            result = play(t, "assault_result", "hiller_line", None, roles=village, values=values)
            assert result.outcome == "attacker_takes"

        def mark_reserve(t: TableSession) -> None:
            values = {"result_for": "both", "morale_hits": 1}
            result = play(t, "assault_result", "ir15_zach", None, roles=reserve, values=values)
            assert result.outcome == "both_take"

        def panic(t: TableSession) -> bool:
            result = play(
                t,
                "panic",
                "hiller_line",
                None,
                values={"panic_hits": 3},
                expect_values={"grade": "regular"},
            )
            assert (result.outcome, result.value) == ("rout", 1)
            return True  # the next assault: back to step 1

        def injuries(t: TableSession) -> None:
            molitor = play(t, "leader_injury", "ligne_67", [5], values={"leading": True})
            charles = play(t, "leader_injury", "ir15_zach", [2], values={"leading": True})
            assert (molitor.modified, charles.modified) == (6, 3)
            assert {molitor.text, charles.text} == {
                "Leader injury chart: Unhurt (house rule, republique-sample-club-values.toml)"
            }

        def charge_disorder(t: TableSession) -> None:
            for unit in t.open_game_or_fail().state.units:
                result = play(t, "charge_disorder", unit.id, None)
                assert result.outcome == ("morale_hit" if unit.id == "ir15_zach" else "no_hit")

        walk_turn(
            table,
            {
                "maneuver.": [charge_movement],
                "assault.step1_roll": [assault, assault],
                "assault.step4_mark": [mark_village, mark_reserve],
                "assault.step4_results": [panic],
                "assault.step5_injury": [injuries],
                "turn_end.charge_disorder": [charge_disorder],
            },
        )

        cards = {u.id: (u.strength_now, u.state, set(u.markers)) for u in game.state.units}
        assert cards == {
            "ir15_zach": (6, "rattled", set()),
            "hiller_line": (5, "demoralized", set()),
            "hiller_grenz": (4, "fresh", set()),
            "austrian_battery": (1, "disordered", set()),
            "ligne_67": (4, "fresh", set()),
            "ligne_37": (4, "fresh", set()),
            "ligne_16": (4, "disordered", set()),
            "molitor_battery": (1, "fresh", set()),
            "marulaz_chasseurs": (4, "disordered", set()),
        }
        assert "T1: 3 panic hit(s) in the assault: read the Panic Index (check panic)" in (
            game.state.unit("hiller_line").notes.splitlines()
        )
        assert {leader.status for leader in game.state.leaders} == {"active"}
        assert game.state.turn == 2
    finally:
        table.close(force=True)
