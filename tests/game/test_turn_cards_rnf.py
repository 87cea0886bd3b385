"""Rank and File, the wave attack (Supplement 2's worked example): a full turn played through
the table session, every check reading the cards and every hit landing on the unit that took
it (issue 35). The expected cards are worked by hand from Supplement 2 (seed 000) and the core
rules (seed 001).

Two numbers are the players' own, as the app asks them (our sources do not give them): each
firing stand rolls 1 D6 (gap fire_dice_per_stand), and an infantry stand takes 3 hits (the
cards' hits per stand; the battery's card already says 3, the usual value for a gun model).

The turn, worked:

* Charge phase: the players declare the wave attack with its check (no dice), for the first
  wave with the second wave and the Union regiment picked: both Confederate regiments take the
  wave_attack marker, the second wave the second_wave marker too (Wave Attacks: two units in
  line, the same target, the same side; ruling rnf-wave-declared). The Union regiment's defensive fire then finds the front wave picked as
  its target, and the split and the first melee find the second wave, from the declaration.
* Defensive fire: the Union regiment (6 stands, 6 D6) rolls 4, 5, 6, 4, 1, 2: 4 hits on 4+;
  the battery (1 D6) rolls 6: 1 hit. Both fire at the front wave, which is in a wave attack:
  their hits are left to the split, not marked on it.
* Wave split: 5 hits, 1 and 2 to the front wave, 3 to the second, 4 and 5 to the front: 4
  and 1 (the text's own example). The front wave marks 4 hits at 3 a stand: it loses its
  first stand (8 -> 7), 1 hit left. The second wave marks 1 hit.
* Charge home: the front wave lost a stand and tests: regular, 4 to pass; -1 for the stand
  lost so far, +1 supported (both waves), +1 the leader's morale bonus (he is with the second
  wave, and his morale bonus counts for both waves: read off the second wave's card, no leader
  picked or typed; ruling rnf-wave-leader-bonus): +1. It rolls 3: 3 + 1 = 4, it passes and
  charges home (the text's example). His re-roll is not the first wave's (ruling
  rnf-rerolls-own-leader): none used. The second wave lost no stand: no test.
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
            result = play(
                t,
                "wave_attack",
                "csa_first_wave",
                None,
                roles={"second": "csa_second_wave", "target": "union_regiment"},
                expect_values={"first_in_wave": False, "second_in_wave": False, "in_line": True},
            )
            assert (result.outcome, result.rolls) == ("declared", ())
            state = t.open_game_or_fail().state
            assert {u.id for u in state.units if "wave_attack" in u.markers} == {
                "csa_first_wave",
                "csa_second_wave",
            }

        def defensive_fire(t: TableSession) -> None:
            form = fill(
                t,
                "fire",
                "union_regiment",  # its target: the front wave, named by the declaration
                expect_values={"stands": 6, "wave_attack_target": True},
            )
            assert form.roles == {"target": "csa_first_wave"}
            regiment = roll_and_apply(t, form, [4, 5, 6, 4, 1, 2])
            battery = play(t, "fire", "union_battery", [6], roles={"target": "csa_first_wave"})
            assert (regiment.value, battery.value) == (4, 1)
            assert t.open_game_or_fail().state.unit("csa_first_wave").hits == 0

        def split(t: TableSession) -> None:
            form = fill(
                t,
                "wave_split",
                "csa_first_wave",
                expect_values={"hits": 5},  # the two fires at the front wave, from the log
            )
            assert form.roles == {"second": "csa_second_wave"}  # from the declaration
            result = roll_and_apply(t, form, None)
            assert dict(result.values) == {"first": 4, "second": 1}

        def charge_home(t: TableSession) -> None:
            result = play(
                t,
                "morale",
                "csa_first_wave",
                [3],
                # the step says why it tests; the wave attack marker, that it is supported;
                # the other wave's card, its leader's morale bonus (none with the front wave)
                expect_values={
                    "stands_start": 8,
                    "stands_lost": 1,
                    "leader": 0,
                    "leader_rerolls": 0,
                    "cause": "charge",
                    "in_wave_attack": True,
                    "other_wave_leader": 1,
                },
            )
            assert (result.outcome, result.modified) == ("pass", 4)
            applied = {m.id: m.value for m in result.modifiers}
            assert applied == {"stands_lost": -1, "wave_supported": 1, "wave_leader": 1}

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
                form = fill(
                    t,
                    "melee_result",
                    attacker,
                    roles={"defender": "union_regiment"},
                    values={
                        "attacker_hits": hits[0],
                        "defender_hits": hits[1],
                        "attacker_leader": leader,
                    },
                    expect_values={"attacker_in_wave": attacker == "csa_first_wave"},
                )
                # the second wave from the declaration, only while the wave attack lasts
                second = {"second": "csa_second_wave"} if attacker == "csa_first_wave" else {}
                assert form.roles_in_play() == {"defender": "union_regiment", **second}
                result = roll_and_apply(t, form, None)
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


def test_the_other_waves_leader_gives_his_bonus_but_not_his_reroll(tmp_path: Path) -> None:
    """The first wave (regular, 8 stands, 1 lost to the defensive fire) tests to charge home
    with the brigade leader picked for it: he is attached to the second wave. Supplement 2,
    Wave Attacks: both waves get the 'supported' modifier and the command bonus of a leader
    attached to either (+1), but his re-rolls apply only to his own unit (ruling
    rnf-rerolls-own-leader). Regular needs 4 (core, Rally): 4 - (-1 stand lost + 1 supported
    + 1 leader) = 3 on 1D6 (a 1 always fails): 4/6 = 66.7%. With his re-roll it would be
    1 - (2/6)^2 = 8/9 = 88.9%: the re-roll is not offered. The second wave's own test, with
    him attached, keeps it: 88.9%."""
    from fractions import Fraction

    table = open_table(tmp_path / "saves", "rank-and-file", "rnf-wave-attack")
    try:
        table.edit_unit("csa_first_wave", "strength_now", 7)
        first = fill(
            table,
            "morale",
            "csa_first_wave",
            values={"cause": "charge"},
            ticks=["supported"],
        )
        (side, *_) = first.leader_sides()
        first.set_leader(side[0], "csa_brigadier")
        assert (first.values["leader"], first.values["leader_rerolls"]) == (1, 1)
        view = first.odds(offer=False)
        passes = sum(o.p for o in view.odds if o.outcome == "pass")
        assert passes == Fraction(2, 3)
        assert first.values["leader_with_unit"] is False
        result = first.roll([2])  # 2 + 1 = 3 < 4 fails; no re-roll of the other wave's leader
        assert (result.outcome, result.rerolled) == ("fail", False)
        assert "rnf-rerolls-own-leader" in {r.id for r in result.rulings}
        table.edit_unit("csa_second_wave", "strength_now", 5)
        second = fill(
            table, "morale", "csa_second_wave", values={"cause": "charge"}, ticks=["supported"]
        )
        assert second.values["leader_with_unit"] is True
        view = second.odds(offer=False)
        assert sum(o.p for o in view.odds if o.outcome == "pass") == Fraction(8, 9)
    finally:
        table.close(force=True)


def test_picking_the_target_keeps_the_players_tick_and_says_so(tmp_path: Path) -> None:
    """The players tick "The target is in a wave attack" on the Union regiment's fire form, then
    pick the target, whose card carries no wave attack marker yet (not declared on the card).
    The tick stays (Supplement 2, Wave Attacks: its hits are shared with the second wave) and
    the form says the card reads otherwise; before, picking the target unticked it silently
    and the 4 hits would have been marked on the front wave. Once the players tick it, the
    card is not read over it again."""
    table = open_table(tmp_path / "saves", "rank-and-file", "rnf-wave-attack")
    try:
        form = table.form("fire", "union_regiment")
        assert form is not None
        form.set_role("target", None)
        assert form.set_input("wave_attack_target", True)
        form.set_role("target", "csa_first_wave")
        assert form.values["wave_attack_target"] is True
        (said,) = [line for line in form.card_lines() if line.startswith("Kept as you gave it")]
        assert "The target is in a wave attack" in said and "card says no" in said
    finally:
        table.close(force=True)


def test_the_melee_result_offers_no_dice_to_type(tmp_path: Path) -> None:
    """Supplement 2, Wave Attacks, example: the melee is decided by the hits each side scored
    (2 against 3: the defender wins); no dice are rolled, so none are offered by hand. The
    morale test rolls 1D6 (core, Rally): its die is offered."""
    table = open_table(tmp_path / "saves", "rank-and-file", "rnf-wave-attack")
    try:
        result = fill(
            table,
            "melee_result",
            "csa_first_wave",
            roles={"defender": "union_regiment"},
            values={"attacker_hits": 2, "defender_hits": 3},
        )
        assert result.rolls_dice is False
        assert result.roll([]).outcome == "defender_wins"
        assert fill(table, "morale", "csa_first_wave").rolls_dice is True
    finally:
        table.close(force=True)


def test_a_value_given_for_the_first_time_reads_as_given(tmp_path: Path) -> None:
    """The players give the front wave's hits per stand when asked (R&F core: Artillery,
    optional rule, hit points; 3 a stand, their answer): the log reads "Hits per stand set
    to 3", by the attribute's label, not "hits_per_stand None → 3". A later change reads
    from the old value to the new."""
    table = open_table(tmp_path / "saves", "rank-and-file", "rnf-wave-attack")
    game = table.open_game_or_fail()
    try:
        table.edit_unit("csa_first_wave", "hits_per_stand", 3)
        first = table.describe(game.entries[-1])
        assert first.endswith("Hits per stand set to 3"), first
        assert "None" not in first
        table.edit_unit("csa_first_wave", "hits_per_stand", 4)
        assert table.describe(game.entries[-1]).endswith("Hits per stand 3 → 4")
        table.edit_unit("csa_first_wave", "strength_now", 7)
        assert table.describe(game.entries[-1]).endswith("strength now 8 → 7")
    finally:
        table.close(force=True)
