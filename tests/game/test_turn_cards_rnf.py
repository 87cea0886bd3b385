"""Rank and File, the wave attack (Supplement 2's worked example): a full turn played through
the table session, every check reading the cards and every hit landing on the unit that took
it (issue 35). The expected cards are worked by hand from Supplement 2 (seed 000) and the core
rules (seed 001).

Two numbers are the players' own, as the app asks them (our sources do not give them): each
firing stand rolls 1 D6 (gap fire_dice_per_stand), and an infantry stand takes 3 hits (the
cards' hits per stand; the battery's card already says 3, the usual value for a gun model).

The turn, worked:

* Charge phase: the players declare the wave attack: both Confederate regiments carry the
  wave_attack marker (Wave Attacks: two units in line, the same target, the same side).
* Defensive fire: the Union regiment (6 stands, 6 D6) rolls 4, 5, 6, 4, 1, 2: 4 hits on 4+;
  the battery (1 D6) rolls 6: 1 hit. Both fire at the front wave, which is in a wave attack:
  their hits are left to the split, not marked on it.
* Wave split: 5 hits, 1 and 2 to the front wave, 3 to the second, 4 and 5 to the front: 4
  and 1 (the text's own example). The front wave marks 4 hits at 3 a stand: it loses its
  first stand (8 -> 7), 1 hit left. The second wave marks 1 hit.
* Charge home: the front wave lost a stand and tests: regular, 4 to pass; -1 for the stand
  lost so far, +1 supported (both waves), +1 the leader's morale bonus (he is with the second
  wave, and his morale bonus counts for both waves): +1. It rolls 3: 3 + 1 = 4, it passes
  and charges home (the text's example). The second wave lost no stand: no test.
* Melee 1: the front wave (7 stands, 2 deep with the second wave behind: deeper formation,
  hitting on 3+) rolls 3, 4, 1, 2, 2, 1, 2: 2 hits. The Union (6 stands, 4+) rolls 4, 5, 6,
  1, 2, 3: 3 hits (the text's result: 3 hits on the CSA, 2 on the Union). The Union marks 2
  hits (no stand); the front wave 1 + 3 = 4: it loses a stand (7 -> 6), 1 hit left.
  The front wave scored 2 against 3 (its leader is with the other wave: no melee bonus): it
  loses, becomes unsteady and retires 2D6"; the wave attack is over (ruling
  rnf-wave-attack-ends).
* Melee 2: the second wave (6 stands, no deeper formation, 4+) rolls 4, 5, 1, 2, 3, 1: 2
  hits; the Union (6 stands) rolls 4, 6, 1, 2, 3, 1: 2 hits ('2 more hits each, both sides
  losing a stand'). The Union marks 2 + 2 = 4: a stand (6 -> 5), 1 left; the second wave
  1 + 2 = 3: a stand (6 -> 5), none left. With the leader's melee bonus (+1, the players'
  answer: the bonus is not on his card) the Confederates score 3 against 2 and win: the
  Union becomes unsteady and is forced back 2D6".
* Morale phase: no unit lost a stand to fire since its test (the front wave tested to charge
  home); the battery took no hit. End turn: no leader moves.
"""

from __future__ import annotations

from pathlib import Path

from table_turn import fill, open_table, play, roll_and_apply, walk_turn

from drumhead.session import TableSession


def test_the_wave_attack_turn_leaves_the_cards_as_the_rules_say(tmp_path: Path) -> None:
    table = open_table(tmp_path / "saves", "rank-and-file", "rnf-wave-attack")
    game = table.open_game_or_fail()
    try:
        for unit in ("csa_first_wave", "csa_second_wave", "union_regiment"):
            table.edit_unit(unit, "hits_per_stand", 3)  # the players' answer when asked
        table.set_gap("fire_dice_per_stand", 1)  # the players' answer: 1 D6 a firing stand

        def declare(t: TableSession) -> None:
            for unit in ("csa_first_wave", "csa_second_wave"):
                t.edit_unit(unit, "markers", ["wave_attack"])

        def defensive_fire(t: TableSession) -> None:
            regiment = play(
                t,
                "fire",
                "union_regiment",
                [4, 5, 6, 4, 1, 2],
                roles={"target": "csa_first_wave"},
                expect_values={"stands": 6, "wave_attack_target": True},
            )
            battery = play(t, "fire", "union_battery", [6], roles={"target": "csa_first_wave"})
            assert (regiment.value, battery.value) == (4, 1)
            assert t.open_game_or_fail().state.unit("csa_first_wave").hits == 0

        def split(t: TableSession) -> None:
            result = play(
                t,
                "wave_split",
                "csa_first_wave",
                None,
                roles={"second": "csa_second_wave"},
                values={"hits": 5},
            )
            assert dict(result.values) == {"first": 4, "second": 1}

        def charge_home(t: TableSession) -> None:
            result = play(
                t,
                "morale",
                "csa_first_wave",
                [3],
                values={"cause": "charge", "leader": 1},  # the other wave's leader's bonus
                ticks=["supported"],
                expect_values={"stands_start": 8, "stands_lost": 1, "leader": 0},
            )
            assert (result.outcome, result.modified) == ("pass", 4)

        def melee(attacker: str, attacker_dice, defender_dice, hits, leader, deeper):  # type: ignore[no-untyped-def]
            """Both sides roll before either's hits land (the stands that fight are those at
            the start of the melee), then the result."""

            def fight(t: TableSession) -> None:
                ours = fill(
                    t,
                    "melee",
                    attacker,
                    roles={"enemy": "union_regiment"},
                    ticks=["deeper_formation"] if deeper else [],
                )
                theirs = fill(t, "melee", "union_regiment", roles={"enemy": attacker})
                assert (ours.values["stands"], theirs.values["stands"]) == hits[2]
                assert roll_and_apply(t, ours, attacker_dice).value == hits[0]
                assert roll_and_apply(t, theirs, defender_dice).value == hits[1]
                roles = {"defender": "union_regiment"}
                if attacker == "csa_first_wave":
                    roles["second"] = "csa_second_wave"
                result = play(
                    t,
                    "melee_result",
                    attacker,
                    None,
                    roles=roles,
                    values={
                        "attacker_hits": hits[0],
                        "defender_hits": hits[1],
                        "attacker_leader": leader,
                    },
                    expect_values={"attacker_in_wave": attacker == "csa_first_wave"},
                )
                assert result.outcome == ("defender_wins" if leader == 0 else "attacker_wins")

            return fight

        walked = walk_turn(
            table,
            {
                "charge.declare_waves": [declare],
                "charge.defensive_fire": [defensive_fire],
                "charge.wave_split": [split],
                "charge.charge_home": [charge_home],
                "melee.melee_result": [
                    melee(
                        "csa_first_wave",
                        [3, 4, 1, 2, 2, 1, 2],
                        [4, 5, 6, 1, 2, 3],
                        (2, 3, (7, 6)),
                        0,
                        True,
                    )
                ],
                "melee.second_wave": [
                    melee(
                        "csa_second_wave",
                        [4, 5, 1, 2, 3, 1],
                        [4, 6, 1, 2, 3, 1],
                        (2, 2, (6, 6)),
                        1,
                        False,
                    )
                ],
            },
        )
        assert "charge.wave_split" in walked and walked[-1] == "end_turn.attach_leaders"

        cards = {u.id: (u.strength_now, u.hits, u.state, set(u.markers)) for u in game.state.units}
        assert cards == {
            "csa_first_wave": (6, 1, "unsteady", set()),
            "csa_second_wave": (5, 0, "good_order", set()),
            "union_regiment": (5, 1, "unsteady", set()),
            "union_battery": (1, 0, "good_order", set()),
        }
        (leader,) = game.state.leaders
        assert (leader.status, leader.attribute("rerolls")) == ("active", 1)  # no re-roll used
        assert game.state.turn == 2
    finally:
        table.close(force=True)
