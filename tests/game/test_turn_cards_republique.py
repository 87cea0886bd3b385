"""Republique, Aspern 1809: a full turn played through the table session, the assault reading
both sides' cards and the chart's hits landing on every unit in it (issue 35). The expected
cards are worked by hand from part 4 (shared/seeds/003_068d9e9635d6c05e.txt); the values our
source lacks (modifier sizes, the Combat Chart, the Panic Index, the injury chart) are the
sample house rules' (the players' own), except the cells the text itself gives; the club's
-9 infantry cell here carries a base hit too ('Attacker 4M 1B 3P'), as a printed chart's would.

The turn, worked:

* Maneuver (its rules are not in our source): IR 15 Zach uses assault bonus (charge) movement
  to reach the 16e Ligne; the players say so in its assault, which marks its card charged (no
  edit by hand).
* Assault 1: Hiller's line regiment (6 bases, regular, in line on its card) assaults the 67e
  Ligne (4 bases, veteran, in line, Molitor attached and in his command) in the stone houses
  of Aspern (class A), the 37e Ligne 25-50mm away in incidental contact (4 bases: 2 counted,
  4.1). Bases 6 against 4 + 2 = 6: no outnumbering (4.3). Attacker: in line +1. Defender:
  veteran +1 (club), Molitor +1, in line +1, tactical bonus A +3 = +6. Dice 3 and 7:
  3 + 1 = 4 against 7 + 6 = 13, a difference of -9: the club's infantry cell 'Attacker 4M 1B
  3P'. The assault's result lands from the cell's parts (4.4): Hiller's line takes 4 morale
  hits, fresh -> disordered -> rattled -> shaken -> demoralized, the base hit (the only unit
  in primary contact: no pick to make) 6 -> 5, and 3 panic hits, counted on its card (ruling
  rep-panic-hits-on-the-card). The Panic Index (club) reads the card's 3 panic hits for a
  regular unit: Rt-1, a rout and one base surrendering (it was in primary contact): 5 -> 4;
  the response answers the 3 hits, which come off the card: 0.
* Assault 2 (step 4 repeats from step 1 for the next assault): IR 15 Zach (6 bases, regular,
  in column, the Archduke attached: value 2, charismatic) with the Austrian battery 25-50mm
  away (incidental, unlimbered: 1 base, counted 0) assaults the 16e Ligne (4 bases, veteran,
  column) with Marulaz's light cavalry in incidental contact (4 bases, counted 2; light
  cavalry present, read from the chasseurs' card (ruling rep-cavalry-subtype): the club's +1). Bases 6
  against 6. Attacker: Charles +2. Defender: veteran +1, light cavalry +1 = +2. Dice 5 and
  5: a difference of 0, the club's cell 'Both 1M; fight another round'. Every unit of both
  sides, incidental ones too, takes 1 morale hit (4.4): Zach, the battery, the 16e and the
  chasseurs are disordered. (The players fight the next round next turn.)
* Step 5, injury: Molitor (attached in assault 1) rolls 8 + 1 (leading, club) = 9: the club's
  chart says "Wounded", and his card is marked wounded (ruling rep-injury-chart-words); the
  Archduke (attached in assault 2) rolls 2 + 1 = 3: "Unhurt", his card unchanged.
* Turn end, charge disorder (4.6): IR 15 Zach used charge movement: one more morale hit,
  disordered -> rattled, and the marker comes off.
"""

from __future__ import annotations

import re
from pathlib import Path

from table_turn import open_table, play, walk_turn

from drumhead.game.attributes import value_of
from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"


def club_chart(tmp_path: Path) -> str:
    """The sample club's values, its -9 infantry cell with a base hit."""
    text, n = re.subn(
        r'(?m)^chart_infantry_m9 = ".*"$',
        'chart_infantry_m9 = "Attacker 4M 1B 3P"',
        SAMPLE.read_text(encoding="utf-8"),
    )
    assert n == 1
    path = tmp_path / "republique-club.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_turn_at_aspern_leaves_the_cards_as_the_rules_say(tmp_path: Path) -> None:
    table = open_table(tmp_path / "saves", "republique", "aspern-1809", club_chart(tmp_path))
    game = table.open_game_or_fail()
    village = {"defender": "ligne_67", "defender_incidental": "ligne_37"}
    reserve = {
        "defender": "ligne_16",
        "attacker_incidental": "austrian_battery",
        "defender_incidental": "marulaz_chasseurs",
    }
    try:

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
                    "Defender higher (difference -9): Attacker 4M 1B 3P "
                    "(house rule, republique-club.toml)",
                )
            else:
                result = play(
                    t,
                    "assault",
                    "ir15_zach",
                    [5, 5],
                    roles=reserve,
                    values={"attacker_charged": True},  # its charge move, said at the assault
                    expect_values={
                        "defender_cavalry": "light",  # the incidental chasseurs' card
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
                    "(house rule, republique-club.toml)",
                )

        def panic(t: TableSession) -> bool:
            result = play(
                t,
                "panic",
                "hiller_line",
                None,
                expect_values={"grade": "regular", "panic_hits": 3},
            )
            assert (result.outcome, result.value) == ("rout", 1)
            assert value_of(t.ruleset, t.state.unit("hiller_line"), "panic_hits") == 0
            return True  # the next assault: back to step 1

        def injuries(t: TableSession) -> None:
            molitor = play(t, "leader_injury", "ligne_67", [8], values={"leading": True})
            charles = play(t, "leader_injury", "ir15_zach", [2], values={"leading": True})
            assert (molitor.modified, charles.modified) == (9, 3)
            club = "(house rule, republique-club.toml)"
            assert (molitor.text, charles.text) == (
                f"Leader injury chart: Wounded {club}",
                f"Leader injury chart: Unhurt {club}",
            )
            assert [(e.kind, e.state, e.who) for e in molitor.effects] == [
                ("leader", "wounded", "leader")
            ]
            assert charles.effects == ()  # unhurt: nothing to mark

        def charge_disorder(t: TableSession) -> None:
            for unit in t.open_game_or_fail().state.units:
                result = play(t, "charge_disorder", unit.id, None)
                assert result.outcome == ("morale_hit" if unit.id == "ir15_zach" else "no_hit")

        walk_turn(
            table,
            {
                "assault.step1_roll": [assault, assault],
                "assault.step4_results": [panic],
                "assault.step5_injury": [injuries],
                "turn_end.charge_disorder": [charge_disorder],
            },
        )

        cards = {u.id: (u.strength_now, u.state, set(u.markers)) for u in game.state.units}
        assert cards == {
            "ir15_zach": (6, "rattled", set()),
            "hiller_line": (4, "demoralized", set()),
            "hiller_grenz": (4, "fresh", set()),
            "austrian_battery": (1, "disordered", set()),
            "ligne_67": (4, "fresh", set()),
            "ligne_37": (4, "fresh", set()),
            "ligne_16": (4, "disordered", set()),
            "molitor_battery": (1, "fresh", set()),
            "marulaz_chasseurs": (4, "disordered", set()),
        }
        # every panic hit of the turn was answered by the Panic Index: none left on a card,
        # and no note on any card (what the cards hold is on them)
        assert {value_of(game.ruleset, u, "panic_hits") for u in game.state.units} == {0}
        assert not [n for u in game.state.units for n in u.notes.splitlines() if n[:3] == "T1:"]
        leaders = {x.id: x.status for x in game.state.leaders}
        assert {k: v for k, v in leaders.items() if v != "active"} == {"molitor": "wounded"}
        assert game.state.turn == 2
    finally:
        table.close(force=True)
