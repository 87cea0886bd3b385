"""One If By Land p.11, Risk to generals: "5 or 6 General killed. All units under command
receive Panic Marker". The killed result puts a panic marker on the card of every unit his card
commands (``who = "command"``), each recorded in the event, so a replay, a save, an undo and a
revert give the same cards; units out of play are left out, the unit he was with is marked only
when it is his; a general whose card names no command asks the players first (ruling
oibl-general-command). Before (issue 35) it was a note to the table and only the unit he was
with was marked."""

from __future__ import annotations

import pytest

from drumhead.errors import CommandNeededError, InputError
from drumhead.game import Game, load_scenario, new_game, replay
from drumhead.game.command import under_command

AT = "2026-11-26T20:00:00Z"
PICKENS = ["nc_riflemen", "ga_riflemen", "sc_militia_spartan", "sc_militia_little_river"]
"""Col. Andrew Pickens commands the skirmish line and the militia line (the scenario's card)."""


def cowpens() -> Game:
    return new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=1781)


def killed(game: Game, unit: str, leaders: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    """The general with ``unit`` (or the one picked) killed: a risk die of 1, a wound die of 6;
    its effects applied as the players accept them (one event)."""
    event, result = game.resolve(
        "general_risk", unit, {"hits": 2}, [], hand_dice=[1, 6], at=AT, leaders=leaders
    )
    assert result.outcome == "killed"
    return game.apply_effects(unit, list(result.effects), at=AT, resolution=event.seq)


def panicked(game: Game) -> set[str]:
    return {u.id for u in game.state.units if "panic" in u.markers}


def test_every_unit_of_his_command_gets_a_marker_each_recorded_in_the_event() -> None:
    game = cowpens()
    applied = killed(game, "sc_militia_spartan")  # Pickens is with it
    assert game.state.leader("pickens").status == "killed"
    assert panicked(game) == set(PICKENS)
    markers = [e for e in applied.data["effects"] if e["kind"] == "marker"]
    assert [e["unit"] for e in markers] == PICKENS  # one effect a unit, the roster's order
    assert {(e["who"], e["leader"], e["marker"]) for e in markers} == {
        ("command", "pickens", "panic")
    }
    assert not [e for e in applied.data["effects"] if e["kind"] == "note"]  # nothing left over
    # a replay of the log, from the scenario's start, gives the same cards
    assert replay(game.state_at(0), game.log) == game.state


def test_undo_takes_every_marker_back_and_redo_puts_them_again() -> None:
    game = cowpens()
    killed(game, "sc_militia_spartan")
    after = game.state
    game.undo()
    assert panicked(game) == set() and game.state.leader("pickens").status == "active"
    game.redo()
    assert game.state == after


def test_units_out_of_play_are_left_out() -> None:
    game = cowpens()
    game.edit_unit("ga_riflemen", "removed", True, at=AT)
    applied = killed(game, "sc_militia_spartan")
    assert panicked(game) == set(PICKENS) - {"ga_riflemen"}
    assert "ga_riflemen" not in {e.get("unit") for e in applied.data["effects"]}


def test_the_unit_he_was_with_is_marked_only_when_it_is_his() -> None:
    """Howard commands the main line; with the North Carolina riflemen (Pickens' skirmish
    line) when he is killed, the riflemen get no marker, his Continentals and Virginians do."""
    game = cowpens()
    game.attach_leader("howard", "nc_riflemen", at=AT)
    killed(game, "nc_riflemen")
    assert game.state.leader("howard").status == "killed"
    assert panicked(game) == {"md_de_continentals", "va_militia"}


def test_a_general_picked_for_the_roll_is_the_one_whose_command_is_marked() -> None:
    """Morgan picked for the roll of the unit Pickens is with: Morgan is killed and his whole
    command (the four American brigades) marked; Pickens is unhurt."""
    game = cowpens()
    killed(game, "sc_militia_spartan", leaders={"self": "morgan"})
    assert game.state.leader("morgan").status == "killed"
    assert game.state.leader("pickens").status == "active"
    assert panicked(game) == {u.id for u in game.state.units if u.side == "american"}


def test_a_general_whose_card_names_no_command_asks_the_players_first() -> None:
    """Ruling oibl-general-command: nothing is guessed. The players are asked which brigades or
    units he commands (the brigades of his side offered); nothing is applied until they say,
    their answer is kept on his card, and the markers then follow it."""
    game = cowpens()
    game.edit_leader("pickens", "commands", [], at=AT)
    event, result = game.resolve(
        "general_risk", "sc_militia_spartan", {"hits": 2}, [], hand_dice=[1, 6], at=AT
    )
    count = game.event_count
    with pytest.raises(CommandNeededError) as asked:
        game.apply_effects("sc_militia_spartan", list(result.effects), at=AT, resolution=event.seq)
    assert asked.value.leader == "pickens"
    assert asked.value.choices[:4] == (
        "skirmish_line",
        "militia_line",
        "main_line",
        "cavalry_reserve",
    )
    assert "Col. Andrew Pickens's command, and his card names none" in str(asked.value)
    assert game.event_count == count and panicked(game) == set()  # nothing half-applied
    assert game.state.leader("pickens").status == "active"
    game.edit_leader("pickens", "commands", ["militia_line"], at=AT)  # the players' answer
    game.apply_effects("sc_militia_spartan", list(result.effects), at=AT, resolution=event.seq)
    assert panicked(game) == {"sc_militia_spartan", "sc_militia_little_river"}


def test_no_leader_with_the_unit_is_refused_by_name() -> None:
    game = cowpens()
    event, result = game.resolve(
        "general_risk", "ga_riflemen", {"hits": 2}, [], hand_dice=[1, 6], at=AT
    )
    marker = [e for e in result.effects if e.who == "command"]
    with pytest.raises(InputError, match="no leader is with it"):
        game.apply_effects("ga_riflemen", marker, at=AT, resolution=event.seq)


def test_a_command_all_out_of_play_is_said_on_no_card() -> None:
    game = cowpens()
    for unit in ("md_de_continentals", "va_militia"):
        game.edit_unit(unit, "removed", True, at=AT)
    applied = killed(game, "md_de_continentals", leaders={"self": "howard"})
    notes = [e for e in applied.data["effects"] if e["kind"] == "note"]
    assert [n["text"] for n in notes] == [
        "Every unit under his command receives a panic marker and tests morale (ruling "
        "oibl-panic-marker-life): no unit under Lt. Col. John Eager Howard's command is left in "
        "play"
    ]
    assert notes[0].get("table") is True and panicked(game) == set()


def test_reverting_the_answer_the_markers_followed_conflicts() -> None:
    """Revert: the markers fell on the units of the command as his card gave it then; taking
    back the edit that gave it (or a unit's removal that left one out) makes them conflict."""
    game = cowpens()
    answer = game.edit_leader("pickens", "commands", ["militia_line"], at=AT)
    applied = killed(game, "sc_militia_spartan")
    plan = game.revert(answer.seq)
    assert [(c.seq, c.rule) for c in plan.conflicts] == [(applied.seq, "card")]
    assert "every unit of Col. Andrew Pickens's command (2 units)" in plan.conflicts[0].reason
    # a later entry that leaves the command as it was does not conflict
    other = cowpens()
    note = other.note("the militia fire and fall back", at=AT)
    killed(other, "sc_militia_spartan")
    assert other.revert(note.seq).clean


def test_under_command_reads_brigades_and_unit_ids_of_his_side() -> None:
    game = cowpens()
    game.edit_leader("morgan", "commands", ["main_line", "3rd_dragoons", "front_line"], at=AT)
    morgan = game.state.leader("morgan")
    # front_line is a British brigade: never under an American general
    assert under_command(game.state, morgan) == ("md_de_continentals", "va_militia", "3rd_dragoons")


def test_a_command_naming_nothing_of_his_side_is_asked_again_not_left_empty() -> None:
    """A slip in his command (``militia_lin``) or a brigade of the enemy's names none of his
    units: the players are asked again, told what his card says, rather than the markers
    falling on nobody."""
    game = cowpens()
    game.edit_leader("pickens", "commands", ["militia_lin", "front_line"], at=AT)
    event, result = game.resolve(
        "general_risk", "sc_militia_spartan", {"hits": 2}, [], hand_dice=[1, 6], at=AT
    )
    with pytest.raises(CommandNeededError) as asked:
        game.apply_effects("sc_militia_spartan", list(result.effects), at=AT, resolution=event.seq)
    assert asked.value.given == ("militia_lin", "front_line")
    assert asked.value.question == (
        "Which brigades or units does Col. Andrew Pickens command? (his card's command "
        "(militia_lin, front_line) names no brigade or unit of his side)"
    )
