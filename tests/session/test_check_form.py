"""A check filled in at the table: the checks offered, the card's values, the odds (or why
there are none), the roll, and the effects kept, edited and applied."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from drumhead.checks.results import Effect
from drumhead.errors import DrumheadError, MissingHitsPerStandError
from drumhead.session import TableSession
from drumhead.session.form import CheckForm, parse_hand_dice


def form_for(session: TableSession, check: str | None, unit: str | None) -> CheckForm:
    form = session.form(check, unit)
    assert form is not None
    return form


def chances(form: CheckForm) -> dict[str, Fraction]:
    view = form.odds()
    assert view.context is not None, view.blocked
    return {o.outcome: o.p for o in view.odds}


def test_the_checks_for_a_unit_come_first_and_the_morale_test_is_found(
    played: TableSession,
) -> None:
    assert [c.id for c in played.check_choices("blue_guards")] == ["morale", "fire"]
    assert played.morale_check_id("blue_guards") == "morale"
    assert played.about_a_unit("morale") and played.about_a_unit("fire")


def test_a_form_for_a_unit_starts_from_its_card(played: TableSession) -> None:
    form = form_for(played, "morale", "blue_guards")
    # veteran, 24 figures, none lost, Col. Azure (rated 2) with the unit
    assert form.values == {
        "quality": "veteran",
        "figures_start": 24,
        "figures_lost": 0,
        "leader": 2,
    }
    view = form.odds()
    assert view.context is not None
    assert [m.id for m in view.automatic] == ["leader"]
    assert view.automatic[0].value == -2
    assert view.needed == "Needs ≤ 8 after modifiers (-2): a natural ≤ 10 on 1d10z"
    assert {o.outcome: o.p for o in view.odds} == {"pass": Fraction(1)}
    assert [m.id for m in form.offered] == ["cover", "flank"]


def test_the_odds_follow_the_inputs_and_the_ticks(session: TableSession) -> None:
    form = form_for(session, "morale", None)
    assert form.unit_id is None and form.values == {}
    # regular: morale number 7 on a d10 read 0-9
    assert chances(form) == {
        "pass": Fraction(8, 10),
        "shaken": Fraction(1, 10),
        "rout": Fraction(1, 10),
    }
    form.tick({"cover"})  # -1
    assert chances(form) == {"pass": Fraction(9, 10), "shaken": Fraction(1, 10)}
    assert form.set_input("figures_lost", "10") is True  # half of 20: +2 (the larger only)
    view = form.odds()
    assert [m.id for m in view.automatic] == ["casualties_50"]
    assert view.needed == "Needs ≤ 7 after modifiers (+1): a natural ≤ 6 on 1d10z"
    assert form.set_input("figures_lost", "10") is False  # the same value: no change


def test_refused_and_missing_inputs_say_why_there_are_no_odds(session: TableSession) -> None:
    form = form_for(session, "morale", None)
    assert form.set_input("figures_start", "lots")
    assert form.bad_inputs == {"figures_start": "✗ takes a whole number, not 'lots'"}
    view = form.odds()
    assert view.context is None and view.blocked == "Fix the inputs marked ✗ to see the odds."
    with pytest.raises(DrumheadError, match="fix the inputs marked ✗ first"):
        form.roll(None)
    assert form.set_input("figures_start", "0")
    assert form.bad_inputs["figures_start"] == "✗ must be at least 1, not 0"
    assert form.set_input("figures_start", "")  # blank: the default
    assert form.bad_inputs == {} and form.values["figures_start"] == 20
    assert form.odds().context is not None


def test_a_required_choice_left_blank_is_asked_for(session: TableSession) -> None:
    form = form_for(session, "morale", None)
    spec = form.check.input("quality")
    assert spec is not None and spec.default == "regular"
    form.set_input("quality", "militia")
    assert form.clear_input("quality") is True
    assert form.clear_input("quality") is False
    assert form.missing_inputs() == []  # it has a default: the rules take it


def test_a_tick_no_longer_offered_is_dropped_and_counts_only_where_countable(
    session: TableSession,
) -> None:
    form = form_for(session, "morale", None)
    form.odds()
    form.tick({"cover", "flank"})
    assert form.count("cover", 1) == "Only modifiers counted per item take + and -."
    assert form.count("nonesuch", 1) is not None
    form.ticked["gone"] = 1
    form.odds(offer=True)
    assert form.ticked == {"cover": 1, "flank": 1}


def test_a_roll_is_logged_with_the_games_dice_and_its_effects_applied(
    played: TableSession,
) -> None:
    form = form_for(played, "morale", "red_line")  # regular: passes on 0-7
    result = form.roll([9])
    assert result.outcome == "rout" and played.last_resolution_seq == 1
    assert played.game is not None and played.game.log[-1].kind == "resolution"
    groups = form.groups(form.effects)
    assert [(g.who, g.target, len(g.effects)) for g in groups] == [("self", "red_line", 3)]
    assert form.distances_to_roll
    assert form.roll_distances() is True and not form.distances_to_roll
    assert played.game.log[-1].kind == "roll"
    distance = next(e for e in form.effects if e.kind == "distance")
    assert distance.amount == played.game.log[-1].data["total"]
    assert played.apply_effects("red_line", form.effects) is True
    red = played.state.unit("red_line")
    assert red.state == "rout" and "panic" in red.markers
    assert played.game.log[-1].data["resolution"] == 1


def test_a_form_knows_its_roll_is_in_the_log_until_it_is_undone(played: TableSession) -> None:
    """Another roll of a form whose roll the log holds would be a second check (the resolve
    screen asks first); applied, it still is; undone, or never logged, it is not."""
    form = form_for(played, "morale", "red_line")
    assert form.rolled_before() is None
    result = form.roll([9])
    assert form.rolled_before() == (1, result.text)
    assert played.apply_effects("red_line", form.effects) is True
    form.clear_result()
    assert form.rolled_before() == (1, result.text)  # the effects applied: still rolled
    played.undo()
    played.undo()
    assert form.rolled_before() is None  # the roll undone: no roll to repeat
    other = form_for(played, "morale", "red_line")
    assert other.rolled_before() is None  # a form opened anew has rolled nothing


def test_without_a_game_a_form_rolls_again_freely(session: TableSession) -> None:
    form = form_for(session, "morale", None)
    form.roll([3])
    assert form.rolled_before() is None  # nothing recorded: nothing to take twice


def test_an_amount_is_edited_only_where_there_is_one(played: TableSession) -> None:
    form = form_for(played, "morale", "red_line")
    form.roll([8])  # fails by 1: one step down
    assert form.amount_refusal(0) is None
    form.set_amount(0, 2)
    assert form.effects[0].amount == 2
    form.effects.append(Effect("marker", "A marker", marker="panic"))
    assert form.amount_refusal(1) == "This effect has no amount; untick it to discard it."


def test_what_is_said_when_nothing_is_applied(played: TableSession) -> None:
    form = form_for(played, "morale", "red_line")
    form.roll([0])  # passes: no effects
    assert form.leftover_text([]) == "Passes: nothing to apply. The roll is in the log."
    form.roll([9])
    assert form.leftover_text([]) == "Effects discarded. The roll is in the log."
    assert form.leftover_text(form.effects) is None
    form.clear_result()
    assert form.result is None and form.effects == []


def test_the_opponents_effects_fall_on_a_unit_the_players_pick(played: TableSession) -> None:
    form = form_for(played, "fire", "blue_guards")
    form.roll([4])
    groups = form.groups(form.effects)
    assert [(g.who, g.target) for g in groups] == [("opponent", None)]
    assert groups[0].question == "Which unit is the opponent?"
    targets = [u.id for u in played.effect_targets("blue_guards")]
    assert "blue_guards" not in targets and "red_line" in targets


def test_hits_on_a_card_without_hits_per_stand_are_refused_until_it_says(
    played: TableSession,
) -> None:
    hits = Effect("hits", "Two hits", amount=2)
    with pytest.raises(MissingHitsPerStandError):
        played.apply_effects("red_line", [hits])
    played.edit_unit("red_line", "hits_per_stand", 3)
    assert played.apply_effects("red_line", [hits]) is True
    assert played.state.unit("red_line").hits == 2


@pytest.mark.parametrize(
    ("text", "faces"), [("7", [7]), ("3 5", [3, 5]), ("3,5", [3, 5]), (" 1 ; 2 ", [1, 2]), ("", [])]
)
def test_hand_dice_are_read_as_the_players_type_them(text: str, faces: list[int]) -> None:
    assert parse_hand_dice(text) == faces


def test_a_face_that_is_not_a_number_is_refused() -> None:
    with pytest.raises(DrumheadError, match="'x' is not a die face"):
        parse_hand_dice("3 x")


def test_a_group_of_exclusive_modifiers_is_one_choice_and_says_what_it_unticked(
    saves: Path,
) -> None:
    """Issue 35: ticking "light cover" and "heavy cover" showed both ticked and counted -2,
    and nothing said which tick was ignored. A newer tick of a group replaces the older one,
    the form says which it unticked, and the odds count what is ticked."""
    table = TableSession(str(saves), ruleset="one-if-by-land", seed=5)
    try:
        form = form_for(table, "morale", None)
        assert form.tick({"light_cover"}) is None
        said = form.tick({"light_cover", "heavy_cover", "outflanked"})
        assert said == "In light cover unticked: In heavy cover replaces it (one choice)"
        assert set(form.ticked) == {"heavy_cover", "outflanked"}
        assert form.tick({"heavy_cover", "outflanked"}) is None  # nothing new: nothing said
        view = form.odds()
        assert view.context is not None
        assert {m.id for m in view.context.modifiers} >= {"heavy_cover", "outflanked"}
        assert "light_cover" not in {m.id for m in view.context.modifiers}
    finally:
        table.close(force=True)


def test_effects_of_an_empty_optional_role_are_not_grouped_for_a_card(saves: Path) -> None:
    """A role left empty (no second wave picked, min = 0): its effects fall on nobody, so the
    form neither groups them for a card nor asks which unit they fall on."""
    table = TableSession(str(saves), ruleset="rank-and-file", seed=5)
    try:
        (scenario, _), *_ = table.scenarios("rank-and-file")
        table.new_game("rank-and-file", "waves", scenario=scenario)
        game = table.open_game_or_fail()
        game.edit_unit("csa_first_wave", "markers", ["wave_attack"], at="2026-11-26T20:00:00Z")
        form = form_for(table, "melee_result", "csa_first_wave")
        form.set_role("defender", "union_regiment")
        form.set_input("attacker_hits", "2")
        form.set_input("defender_hits", "3")
        form.roll(None)
        whos = {g.who for g in form.groups(form.effects)}
        assert "second" not in whos and "self" in whos
    finally:
        table.close(force=True)
