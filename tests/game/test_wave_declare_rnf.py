"""Rank and File, Supplement 2, Wave Attacks: the wave attack declared at the table (issue 35).

The declaration is a check without dice made for the first wave, the second wave (its own
side) and the enemy target picked; it puts the wave attack marker on both cards, which the
defensive fire, the split, the charge-home test and the melee read. What the Supplement forbids
and a card can say is refused before anything lands: a wave already in a wave attack ("No more
than two units may take part in a wave attack") and a wave whose card names a formation other
than line ("you must have troops in line formation"); the second wave must be the first's own
side and the target the enemy's (ruling rnf-wave-declared). Each wave's morale test reads the
other wave from the declaration, and the leader attached to it gives his morale bonus to a
wave that has none of its own, but not his re-roll ("both units will benefit from the command
bonuses of leaders attached to either unit - however the melee bonus, leader casualties or
re-rolls still only apply to the actual unit that the leader is attached to": rulings
rnf-wave-leader-bonus, rnf-rerolls-own-leader).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from table_turn import apply_as_the_app_does, fill, open_table, play

from drumhead.checks.resolve import RefusedError
from drumhead.errors import DrumheadError, InputError, WrongSideError
from drumhead.game import replay
from drumhead.session import TableSession
from drumhead.session.form import CheckForm

WAVES = {"second": "csa_second_wave", "target": "union_regiment"}
"""The example's wave attack: the first wave declares it, the second behind it, on the Union
regiment."""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[TableSession]:
    opened = open_table(tmp_path / "saves", "rank-and-file", "rnf-wave-attack")
    yield opened
    opened.close(force=True)


def declare(table: TableSession, first: str = "csa_first_wave", **roles: str) -> None:
    play(table, "wave_attack", first, None, roles={**WAVES, **roles})


def in_wave(table: TableSession) -> set[str]:
    state = table.open_game_or_fail().state
    return {u.id for u in state.units if "wave_attack" in u.markers}


def test_declaring_marks_both_waves_and_nothing_else(table: TableSession) -> None:
    """No dice (the declaration is the players'); both waves' cards take the marker, the
    second wave's the second wave marker as well, the target's none; undoing it takes them
    off; a save replays to the same cards."""
    form = fill(table, "wave_attack", "csa_first_wave", roles=WAVES)
    assert form.rolls_dice is False
    result = form.roll(None)
    assert (result.outcome, result.rolls) == ("declared", ())
    assert in_wave(table) == set()  # rolled, not applied yet
    apply_as_the_app_does(table, form)
    game = table.open_game_or_fail()
    marked = {u.id: set(u.markers) for u in game.state.units if u.markers}
    assert marked == {
        "csa_first_wave": {"wave_attack"},
        "csa_second_wave": {"wave_attack", "second_wave"},
    }
    assert replay(game.start, game.log) == game.state
    table.undo()
    assert not any(u.markers for u in game.state.units)


@pytest.mark.parametrize(
    ("already", "says"),
    [
        ("csa_first_wave", "the first wave is already in a wave attack"),
        ("csa_second_wave", "the second wave is already in a wave attack"),
    ],
)
def test_a_wave_already_in_a_wave_attack_is_refused(
    table: TableSession, already: str, says: str
) -> None:
    """'No more than two units may take part in a wave attack': a unit whose card carries
    the marker cannot join a second one; refused before the roll, citing the Supplement, and
    no card changes."""
    table.edit_unit(already, "markers", ["wave_attack"])
    with pytest.raises(RefusedError) as refused:
        declare(table)
    assert says in str(refused.value)
    assert "R&F Supplement 2: Wave Attacks" in str(refused.value)
    assert in_wave(table) == {already}


def test_declaring_twice_is_refused(table: TableSession) -> None:
    """The same two units declared again, the marker now on both: refused."""
    declare(table)
    with pytest.raises(RefusedError, match="already in a wave attack"):
        declare(table)


@pytest.mark.parametrize("unit", ["csa_first_wave", "csa_second_wave"])
def test_a_wave_whose_card_names_another_formation_is_refused(
    table: TableSession, unit: str
) -> None:
    """'To declare a wave attack you must have troops in line formation': a card that says
    column is refused; one that says line, or names none (the players' word), is not."""
    table.edit_unit(unit, "formation", "column")
    with pytest.raises(RefusedError, match="line formation"):
        declare(table)
    assert in_wave(table) == set()
    table.edit_unit(unit, "formation", "line")
    declare(table)
    assert in_wave(table) == {"csa_first_wave", "csa_second_wave"}


def test_an_enemy_second_wave_and_a_friendly_target_are_refused(table: TableSession) -> None:
    """The second wave goes in behind the first, so it is of the same side; the target is
    'the chosen enemy unit'. The form will not take either pick, and the game refuses them
    before anything is rolled."""
    form = table.form("wave_attack", "csa_first_wave")
    assert form is not None
    with pytest.raises(InputError, match="is not on the side of"):
        form.set_role("second", "union_battery")
    with pytest.raises(InputError, match="is on the side of"):
        form.set_role("target", "csa_second_wave")
    game = table.open_game_or_fail()
    for role, unit in (("second", "union_battery"), ("target", "csa_second_wave")):
        with pytest.raises(WrongSideError) as wrong:
            game.resolve(
                "wave_attack",
                "csa_first_wave",
                {},
                roles={**WAVES, role: unit},
                at="2026-11-23T20:00:00+00:00",
            )
        assert wrong.value.role == role
    assert in_wave(table) == set()


def test_without_the_option_there_is_no_wave_attack(tmp_path: Path) -> None:
    """Wave attacks are an optional rule: with it off the check is not offered, and asked
    for anyway it is refused."""
    table = TableSession(str(tmp_path), ruleset="rank-and-file", seed=35)
    table.clock = lambda: "2026-11-23T20:00:00+00:00"
    table.new_game("rank-and-file", "off", scenario="rnf-wave-attack", without=["wave_attacks"])
    try:
        offered = {c.id for c in table.check_choices("csa_first_wave")}
        assert "wave_attack" not in offered
        game = table.open_game_or_fail()
        with pytest.raises(DrumheadError, match="wave_attacks"):
            game.resolve(
                "wave_attack", "csa_first_wave", {}, roles=WAVES, at="2026-11-23T20:00:00+00:00"
            )
        assert in_wave(table) == set()
    finally:
        table.close(force=True)


def charge_home(table: TableSession, unit: str) -> CheckForm:
    """The morale test to charge home, as the charge_home step opens it."""
    form = table.form("morale", unit)
    assert form is not None
    assert form.set_input("cause", "charge")
    return form


def test_the_first_wave_reads_the_other_waves_leader_without_a_pick(
    table: TableSession,
) -> None:
    """The example: the first wave (regular, 8 stands, one lost to the defensive fire) tests
    to charge home; the brigade leader (+1, one re-roll) is attached to the second wave.
    Regular needs 4 (core, Rally); -1 a stand lost, +1 supported (a wave), +1 the leader's
    bonus read off the second wave's card: +1, so 3 or more on 1D6 passes (a 1 always fails):
    4/6. His re-roll stays with his own unit: with it the odds would be 1 - (2/6)^2 = 8/9,
    and a failed 2 stays failed. No leader picked, no value typed, no tick."""
    declare(table)
    table.edit_unit("csa_first_wave", "strength_now", 7)
    form = charge_home(table, "csa_first_wave")
    assert form.roles_in_play() == {"other_wave": "csa_second_wave"}  # from the declaration
    values = {k: form.values[k] for k in ("leader", "leader_rerolls", "other_wave_leader")}
    assert values == {"leader": 0, "leader_rerolls": 0, "other_wave_leader": 1}
    view = form.odds(offer=False)
    assert sum(o.p for o in view.odds if o.outcome == "pass") == Fraction(2, 3)
    result = form.roll([2])
    assert (result.outcome, result.modified, result.rerolled) == ("fail", 3, False)
    applied = {m.id: m.value for m in result.modifiers}
    assert applied == {"stands_lost": -1, "wave_supported": 1, "wave_leader": 1}
    assert "rnf-wave-leader-bonus" in {r.id for r in result.rulings}


def test_the_second_wave_keeps_its_own_leader_and_his_reroll(table: TableSession) -> None:
    """The second wave (6 stands, one lost) has the leader with it: his +1 and his re-roll
    are its own, and the first wave, with no leader, adds nothing to it. -1 lost +1
    supported +1 leader: 3 or more, 4/6, with the re-roll 1 - (2/6)^2 = 8/9."""
    declare(table)
    table.edit_unit("csa_second_wave", "strength_now", 5)
    form = charge_home(table, "csa_second_wave")
    assert form.roles_in_play() == {"other_wave": "csa_first_wave"}
    values = {k: form.values[k] for k in ("leader", "leader_rerolls", "other_wave_leader")}
    assert values == {"leader": 1, "leader_rerolls": 1, "other_wave_leader": 0}
    view = form.odds(offer=False)
    assert sum(o.p for o in view.odds if o.outcome == "pass") == Fraction(8, 9)
    result = form.roll([1, 4])  # a 1 fails; the leader's re-roll: 4 + 1 = 5 passes
    assert (result.outcome, result.rerolled) == ("pass", True)
    assert {m.id for m in result.modifiers} == {"stands_lost", "wave_supported", "leader"}


def test_with_a_leader_on_each_wave_each_counts_its_own(table: TableSession) -> None:
    """Whether two leaders' bonuses add up the Supplement does not say: each wave's test
    counts its own leader's bonus only (ruling rnf-wave-leader-bonus), shown as the leader's
    bonus it used; the players may type another."""
    colonel = table.add_leader("Colonel of the first wave", "csa_first_wave")
    table.edit_leader(colonel, "value", 2)
    declare(table)
    form = charge_home(table, "csa_first_wave")
    assert (form.values["leader"], form.values["other_wave_leader"]) == (2, 1)
    result = form.roll([4])
    assert {m.id: m.value for m in result.modifiers} == {"wave_supported": 1, "leader": 2}


def test_the_wave_attack_ends_with_the_turn_when_no_melee_ends_it(table: TableSession) -> None:
    """Both waves fail to charge home: 'there is no melee phase', so no melee result takes
    the marker off; it lasts the turn only (ruling rnf-wave-declared), so the next turn's
    fire at the regiment is not shared out as defensive fire at a wave."""
    declare(table)
    game = table.open_game_or_fail()
    turn = game.state.turn
    while game.state.turn == turn:
        table.next_phase()
    assert in_wave(table) == set()
    form = fill(table, "fire", "union_regiment", roles={"target": "csa_first_wave"})
    assert form.values["wave_attack_target"] is False


def test_fire_at_the_second_wave_lands_on_its_own_card(table: TableSession) -> None:
    """'Defensive fire is carried out against the first unit as usual but the hits are split
    between the two targets in a 2:1 ratio': the front wave's hits wait for the split. Fire
    at the second wave itself is not the front wave's to share: its 2 hits (4+ on 4 and 6;
    1 D6 a stand, the players' answer; 3 hits a stand) go on its card at once, none left out."""
    table.set_gap("fire_dice_per_stand", 1)
    table.edit_unit("csa_second_wave", "hits_per_stand", 3)
    declare(table)
    form = fill(table, "fire", "union_regiment", roles={"target": "csa_second_wave"})
    assert (form.values["wave_attack_target"], form.values["target_second_wave"]) == (True, True)
    result = play(
        table, "fire", "union_regiment", [4, 6, 1, 2, 3, 1], roles={"target": "csa_second_wave"}
    )
    assert result.value == 2
    game = table.open_game_or_fail()
    assert game.state.unit("csa_second_wave").hits == 2
    assert game.state.unit("csa_first_wave").hits == 0


def test_each_waves_melee_result_names_the_target_the_declaration_named(
    table: TableSession,
) -> None:
    """The second wave's fresh melee (after the front wave lost) opens its result on the
    target with nothing to pick; the wave attack is over by then, so it offers no second
    wave either (it asked for one, to be skipped with Escape)."""
    declare(table)
    for wave in ("csa_first_wave", "csa_second_wave"):
        form = table.form("melee_result", wave)
        assert form is not None and form.roles.get("defender") == "union_regiment", wave
    play(
        table,
        "melee_result",
        "csa_first_wave",
        None,
        values={"attacker_hits": 2, "defender_hits": 3, "attacker_leader": 0},
    )
    assert in_wave(table) == set()  # the first melee's result ends the wave attack
    second = table.form("melee_result", "csa_second_wave")
    assert second is not None
    assert second.roles_in_play() == {"defender": "union_regiment"}
