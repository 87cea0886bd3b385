"""The game's record in words: the log's markers for entries a revert took back, what a revert
entry says, and a revert plan's summary and changes to the cards (worked out by hand on the
test skirmish)."""

from __future__ import annotations

import gamegen
import pytest

from drumhead.game import Game, Reverted
from drumhead.game.record_text import entry_marker, plan_changes, plan_summary, revert_text

AT = "2026-11-22T14:00:00Z"


@pytest.fixture
def game() -> Game:
    g = gamegen.start_game(seed=1781)
    g.edit_unit("sc_militia", "strength_now", 22, at=AT)  # 1: 8 figures lost
    _, res = g.resolve("morale", "sc_militia", {}, [], hand_dice=[6], at=AT)  # 2: fails by 1
    g.apply_effects("sc_militia", res.effects, at=AT, resolution=2)  # 3
    g.edit_unit("legion_foot", "strength_now", 15, at=AT)  # 4
    return g


def test_markers_say_in_words_how_and_by_which_entry() -> None:
    gone = {1: Reverted(5, "reverted"), 3: Reverted(5, "dropped")}
    assert entry_marker(1, gone) == "[reverted by 5]"
    assert entry_marker(3, gone) == "[dropped by 5]"
    assert entry_marker(2, gone) == ""


def test_a_revert_with_conflicts_is_summarised_and_its_changes_listed(game: Game) -> None:
    plan = game.revert(1)
    assert plan.drop == (2, 3)
    assert plan_summary(plan).startswith(
        "Entry 1 is taken back and the later entries replayed; these 2 entries no longer apply"
    )
    # only the militia's card changes: strength back to 30, the failed test's notes gone
    assert plan_changes(game.state, plan.state) == [
        "South Carolina militia: strength now 22 → 30; notes changed"
    ]
    event = game.apply_revert(plan, drop=plan.drop, at=AT)
    assert revert_text(event) == "Reverted entry 1; dropped 2, 3 (no longer applied without it)"


def test_a_clean_revert_says_every_later_entry_is_replayed(game: Game) -> None:
    plan = game.revert(4)
    assert plan.clean
    assert plan_summary(plan) == (
        "Entry 4 is taken back and every later entry is replayed as it was: none depends on it."
    )
    assert plan_changes(game.state, plan.state) == ["British Legion infantry: strength now 15 → 20"]
    assert plan_changes(game.state, game.state) == []
    assert revert_text(game.apply_revert(plan, at=AT)) == "Reverted entry 4"


def test_a_unit_added_or_removed_by_the_reverted_entry_is_said_to_go_or_come_back() -> None:
    """Taking back an added unit: 'gone'; taking back a removal: 'back in the game'."""
    g = gamegen.start_game(seed=1781, units=1)  # entry 1 adds "Generated unit 0"
    g.remove_unit("legion_foot", at=AT)  # 2
    assert plan_changes(g.state, g.revert(1).state) == ["Generated unit 0: gone"]
    assert plan_changes(g.state, g.revert(2).state) == ["British Legion infantry: back in the game"]


def test_applied_effects_are_named_under_the_unit_each_fell_on() -> None:
    """A fire's effects fall on the target and the firer: each under its own unit (all under
    the firer, the log read as if the firer had lost the figures)."""
    from drumhead.game.record_text import applied_text

    names = {"nc": "North Carolina riflemen", "li": "Light infantry companies"}.__getitem__
    fire = {
        "unit": "nc",
        "effects": [
            {"kind": "lose", "text": "The target loses 1 figure(s)", "amount": 1, "unit": "li"},
            {"kind": "marker", "text": "The target took casualties", "unit": "li"},
            {"kind": "marker", "text": "Mark the firer as having fired", "unit": "nc"},
        ],
    }
    assert applied_text(fire, names) == (
        "Applied to Light infantry companies: The target loses 1 figure(s); The target took "
        "casualties — to North Carolina riflemen: Mark the firer as having fired"
    )
    morale = {"unit": "nc", "effects": [{"kind": "state", "text": "Routs away"}]}
    assert applied_text(morale, names) == "Applied to North Carolina riflemen: Routs away"
    note = {"effects": [{"kind": "note", "text": "Both sides roll again"}]}
    assert applied_text(note, names) == "Applied to the table: Both sides roll again"
    # a note to the table is the table's, not the unit's the check was made for; each side's
    # units have their own (Republique's assault: the chart's hits fell on the French)
    assault = {
        "unit": "nc",
        "effects": [
            {"kind": "note", "text": "Apply the chart result", "who": "table", "table": True},
            {"kind": "step", "text": "3 morale hits", "who": "defender", "unit": "li"},
        ],
    }
    assert applied_text(assault, names) == (
        "Applied to the table: Apply the chart result — to Light infantry companies: 3 morale hits"
    )
    assert applied_text({"unit": "nc", "effects": []}, names) == (
        "Applied to North Carolina riflemen: nothing"
    )
    assert applied_text(fire, names, lead="effects applied").startswith(
        "effects applied to Light infantry companies: "
    )


def test_an_answer_is_logged_with_its_question_not_its_id() -> None:
    from drumhead.game import new_game
    from drumhead.game.wording import describe_event

    game = new_game("mwan116-acw", seed=2, name="words")
    game.set_gap("fire_dice.infantry.2", 3, at=AT)
    game.clear_gap("fire_dice.infantry.2", at=AT)
    given, taken = game.log[-2:]
    assert describe_event(game, given) == (
        "Your club's answer: How many d12s does your firing table give this firer at this "
        "range band (before the dice modifiers)? The article's firing table is missing. "
        "[Who fires: infantry; Range band on your firing table (1 = the closest): 2] → 3"
    )
    assert describe_event(game, taken).startswith("Answer taken back: How many d12s")
    assert describe_event(game, taken).endswith("(it was 3)")


def test_a_step_walked_to_is_logged_with_its_words_and_whose_pass_it_is() -> None:
    """ "." logged "Turn 1 · Movement" twice (each side's pass), no step named."""
    from drumhead.game import load_scenario, new_game
    from drumhead.game.wording import describe_event

    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=5)
    first = game.next_step(at=AT)
    moving = game.next_step(at=AT)
    assert describe_event(game, first) == (
        "Turn 1 · Initiative ▸ The winner decides which side moves first and which last"
    )
    assert describe_event(game, moving) == (
        "Turn 1 · Movement (Union) ▸ Move one brigade or battery (formation changes at the "
        "start of the move)"
    )


def test_an_army_roll_is_not_logged_as_a_units() -> None:
    """MWAN's initiative, opened from a unit's card, is the army's roll: "Initiative:
    rolled ...", not "Initiative for Ricketts' Battery ..."."""
    from drumhead.game import load_scenario, new_game
    from drumhead.game.wording import describe_event

    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=5)
    unit = game.state.units[0]
    event, _ = game.resolve("initiative", unit.id, {}, [], hand_dice=[6, 6, 5, 5], at=AT)
    line = describe_event(game, event)
    assert line.startswith("Initiative: typed in [") and unit.name not in line
