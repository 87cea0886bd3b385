"""A turn of each shipped scenario at the table, through the session: what the app's walks
through the screens asserted about the game (issue 17's full turns; issue 38 moved them here,
where they take a tenth of a second each).

Every check offered for the first unit of the roster is rolled with the game's dice and
applied; the turn is walked to the next by the checklist; one two-sided check is fought on
the way, both sides picked, and both cards change; the status line and the checklist name
each phase in one scheme. The players' part is played as the resolve screen plays it with
the same form (:func:`roll`, :func:`apply`); tests/ui/test_scenario_walks.py walks the same
turns once by keys, for what the screens add.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from drumhead.checks.results import Resolution
from drumhead.errors import DrumheadError, MissingGapError, MissingHitsPerStandError
from drumhead.game import Game, load_scenario, replay, scenario_ids
from drumhead.game.attributes import value_of
from drumhead.session import TableSession
from drumhead.session.form import CheckForm

SCENARIOS = [(load_scenario(s).ruleset, s) for s in scenario_ids()]
"""Every shipped scenario with its ruleset."""

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "house-rules"


def open_table(saves: Path, ruleset: str, scenario: str, house: str | None = None) -> TableSession:
    """A session with a new game of ``scenario`` open (seeded as the app's tests are)."""
    table = TableSession(str(saves), ruleset=ruleset, seed=1776)
    table.clock = lambda: "2026-11-23T20:00:00+00:00"
    table.new_game(ruleset, "walk", scenario=scenario, house_rules=house)
    return table


def first_in_roster(game: Game) -> str:
    """The unit the battle screen opens on: the first of the first side's."""
    side = game.state.sides[0].id
    return next(u.id for u in game.state.units if u.side == side)


def answer(table: TableSession, error: MissingGapError) -> bool:
    """The players' answer to a value the rules lack, as the app's walks typed it: a choice's
    first, 1 for a number, "yes" for a text; False when that answer is refused (the question
    is then put off, and the check not rolled)."""
    gap = table.ruleset.gap(error.gap)
    assert gap is not None
    text = {"choice": gap.choices[0] if gap.choices else "", "int": "1"}.get(gap.type, "yes")
    try:
        value = table.read_gap(error.gap, text)
    except DrumheadError:
        return False
    table.set_gap(error.gap, value)
    return True


def roll(table: TableSession, form: CheckForm, hand: list[int] | None = None) -> Resolution | None:
    """Roll as the resolve screen does (r, or the dice typed by hand): the values its odds or
    its roll wait for answered first; None when the rules refuse the check as filled in."""
    for _ in range(20):
        view = form.odds()
        if view.waiting is not None:
            if not answer(table, view.waiting):
                return None
            continue
        try:
            return form.roll(hand)
        except MissingGapError as exc:
            if not answer(table, exc):
                return None
        except DrumheadError:
            return None
    pytest.fail(f"{form.check_id} kept asking for values")


def apply(
    table: TableSession,
    form: CheckForm,
    picked: Mapping[str, str] | None = None,
    hits_per_stand: int = 3,
) -> None:
    """Apply every effect as the resolve screen's a does: a two-sided check's on the units
    its sides name, in one event; otherwise each group on its unit, the table's notes in the
    log. A side the players pick after the roll is taken from ``picked`` (its effects are
    left to the players when it has none); a card without hits per stand is given
    ``hits_per_stand`` when asked."""

    def onto(unit: str | None, effects: list, roles: dict[str, str] | None = None) -> None:
        try:
            table.apply_effects(unit, effects, roles=roles)
        except MissingHitsPerStandError as missing:
            table.edit_unit(missing.unit, missing.attribute, hits_per_stand)
            table.apply_effects(unit, effects, roles=roles)

    picked = picked or {}
    groups = form.groups(list(form.effects))
    if form.other_roles:
        kept = []
        for group in groups:
            if not group.on_no_card and group.target is None:
                if group.who not in picked:
                    continue
                form.roles[group.who] = picked[group.who]
            kept.extend(group.effects)
        first = form.check.role_ids[0]
        onto(form.unit_id, kept, {first: form.unit_id or "", **form.roles})
    else:
        for group in groups:
            if group.on_no_card:
                table.log_notes(group.effects)
            elif (target := group.target or picked.get(group.who)) is not None:
                onto(target, list(group.effects))
    form.clear_result()


def step_form(table: TableSession, unit: str, check: str) -> CheckForm:
    """The check the current step names, for ``unit`` (c on the checklist's step)."""
    assert table.current_check(unit) == check
    form = table.form(check, unit if table.about_a_unit(check) else None)
    assert form is not None
    return form


def walk_turn(table: TableSession, fights: dict[str, Callable[[], None]]) -> list[str]:
    """Step on ('.') from the start of the turn to the next; at each ``phase.step`` of
    ``fights`` (the first time) the players fight it out. Every ``phase.step`` walked, in
    order; at each the status line and the checklist name the phase in the game's scheme."""
    game = table.open_game_or_fail()
    turn = game.state.turn
    walked: list[str] = []
    for _ in range(2_000):
        if game.state.turn != turn:
            return walked
        step = game.current_step()
        walked.append(f"{game.state.phase}.{step.id if step else ''}")
        status, checklist = table.status(), table.checklist()
        assert status.where == game.turn_label() == checklist.title
        assert status.where_short == game.turn_label(short=True)
        assert status.where.startswith(f"Turn {turn}")
        fight = fights.pop(walked[-1], None)
        if fight is not None:
            fight()
        table.next_step()
    raise AssertionError("the turn never ended")


@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS, ids=[s for _, s in SCENARIOS])
def test_every_check_for_the_first_unit_rolls_and_applies_then_the_turn_ends(
    saves: Path, ruleset: str, scenario: str
) -> None:
    """Each check offered for the roster's first unit, rolled with the game's dice (a value
    the rules lack answered with the first choice or 1) and applied; then the phases walked
    to the next turn (n), and the log and the unit's card read as their screens read them."""
    table = open_table(saves, ruleset, scenario)
    try:
        game = table.open_game_or_fail()
        unit = first_in_roster(game)
        offered = [c.id for c in table.check_choices(unit)]
        skipped: set[str] = set()
        for check in offered:
            form = table.form(check, unit)
            assert form is not None
            result = roll(table, form)
            if result is None:
                skipped.add(check)  # refused as the card fills it in (said on the form)
                continue
            logged = game.log[table.last_resolution_seq - 1]
            assert (logged.kind, logged.data["check"], logged.data["unit"]) == (
                "resolution",
                check,
                unit,
            )
            assert logged.data["resolution"]["outcome"] == result.outcome
            apply(table, form)
        resolved = {e.data["check"] for e in game.log if e.kind == "resolution"}
        assert resolved == set(offered) - skipped and resolved
        turn = game.state.turn
        cards = len(game.state.activation.cards)  # a card's phases are walked once per card
        for _ in range(len(game.phases()) * (cards + 1) + 1):
            table.next_phase()
            if game.state.turn > turn:
                break
        assert game.state.turn == turn + 1
        assert table.status().where == game.turn_label()
        rows = table.log_rows(everything=True)  # the log screen unfiltered: an entry a row
        assert [r.seq for r in rows.rows(0, len(rows))] == list(range(game.event_count + 1))
        assert all(r.text for r in rows.rows(0, len(rows)))
        assert table.unit_fields(unit)
        assert replay(game.start, game.log) == game.state
    finally:
        table.close(force=True)


def test_one_if_by_land_cowpens_draws_every_card_and_a_melee_routs_the_defender(
    saves: Path,
) -> None:
    """Cowpens walked step by step: every card drawn once, then turn 2; at the melee step the
    active brigade's first unit fights the enemy's first, 1 lost against 4: the defender
    routs with a panic marker, and the one event changes both cards."""
    table = open_table(saves, "one-if-by-land", "cowpens-1781")
    try:
        game = table.open_game_or_fail()
        cards = game.state.activation.cards
        seen: dict[str, str] = {}

        def melee() -> None:
            card = game.active_card()
            attacker = next(u for u in game.state.units if u.brigade == card)
            defender = next(u for u in game.state.units if u.side != attacker.side)
            form = step_form(table, attacker.id, "melee_winner")
            assert form.other_roles and form.role_choices("defender")
            form.set_role("defender", defender.id)
            assert form.set_input("attacker_lost", "1") and form.set_input("defender_lost", "4")
            result = roll(table, form)
            assert result is not None and result.outcome == "defenders_rout"
            apply(table, form)
            seen.update(attacker=attacker.id, defender=defender.id)

        fights = {"melee.winner": melee}
        walked = walk_turn(table, fights)
        assert not fights, "the melee's step was never reached"
        assert walked.count("draw.draw") == len(cards)  # every card drawn, each once
        assert game.state.turn == 2
        drawn = [e for e in game.log if e.kind == "draw_card" and e.turn == 1]
        assert len(drawn) == len(cards)
        defender = game.state.unit(seen["defender"])
        assert defender.state == "rout" and "panic" in defender.markers
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        # the defender's rout on its card; the attacker's test an instruction for the table
        assert {e.get("unit") for e in applied.data["effects"]} == {seen["defender"], None}
        assert replay(game.start, game.log) == game.state
    finally:
        table.close(force=True)


def test_mwan_henry_hill_initiative_rolled_then_close_combat_costs_both_units(
    saves: Path,
) -> None:
    """Henry Hill: the initiative rolled by hand (2d12 each: the Confederates 23, the Union
    3) is recorded with its winner; each side moves, the winner first; the close combat
    against the Zouaves (9 and 3) costs both units figures, in one event."""
    table = open_table(saves, "mwan116-acw", "first-bull-run-henry-hill")
    try:
        game = table.open_game_or_fail()
        before = {u: game.state.unit(u).strength_now for u in ("va4", "ny11_zouaves")}

        def initiative() -> None:
            form = step_form(table, "va4", "initiative")  # rolled for the Confederates' unit
            assert roll(table, form, [11, 12, 1, 2]) is not None
            assert table.rolled_winner() == "confederate"

        def close_combat() -> None:
            # a frontal attack: the 4th Virginia charge on a Charge to Combat result (issue 35)
            table.edit_unit("va4", "state", "charge_to_combat")
            form = step_form(table, "va4", "close_combat")
            form.set_role("defender", "ny11_zouaves")
            assert roll(table, form, [9, 3]) is not None
            apply(table, form)

        fights = {"initiative.roll": initiative, "close_combat.frontal": close_combat}
        walked = walk_turn(table, fights)
        assert not fights, f"never reached: {sorted(fights)}"
        recorded = [e for e in game.log if e.kind == "initiative" and e.turn == 1]
        assert [e.data.get("winner") for e in recorded] == ["confederate"]  # with the roll
        assert walked.count("movement.move") == 2  # once for each side, the winner's first
        after = {u: game.state.unit(u).strength_now for u in before}
        assert all(after[u] < before[u] for u in before), (before, after)
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        assert {e.get("unit") for e in applied.data["effects"]} >= {"va4", "ny11_zouaves"}
        assert replay(game.start, game.log) == game.state
    finally:
        table.close(force=True)


def test_rank_and_file_wave_attack_melee_sends_the_loser_back_unsteady(saves: Path) -> None:
    """The wave attack, declared at its step and fought at the melee, worked from Supplement 2
    (Wave Attacks):

    * charge.declare_waves: the players declare it for the first wave, the second wave and
      the Union regiment picked (no dice): both Confederate cards take the wave attack marker,
      the second wave's the second wave marker too (ruling rnf-wave-declared).
    * melee.melee_result: the first wave against the Union regiment, the second wave behind it
      (both found from the declaration, not picked), 3 hits against 1 and no leader melee bonus:
      3 against 1, the attacker wins (the side that took more hits loses: ruling
      rnf-melee-loser-retires). The regiment becomes unsteady and is forced back 2D6"; the
      attackers may occupy the ground; the wave attack is over, so the markers come off both
      waves (ruling rnf-wave-attack-ends). One event for every card."""
    table = open_table(saves, "rank-and-file", "rnf-wave-attack")
    try:
        game = table.open_game_or_fail()

        def declare() -> None:
            form = step_form(table, "csa_first_wave", "wave_attack")
            assert [r for r, _ in form.other_roles] == ["second", "target"]
            form.set_role("second", "csa_second_wave")
            form.set_role("target", "union_regiment")
            result = roll(table, form)
            assert result is not None and (result.outcome, result.rolls) == ("declared", ())
            apply(table, form)
            marked = {u.id: set(u.markers) for u in game.state.units if u.markers}
            assert marked == {
                "csa_first_wave": {"wave_attack"},
                "csa_second_wave": {"wave_attack", "second_wave"},
            }

        def melee_result() -> None:
            form = step_form(table, "csa_first_wave", "melee_result")
            assert [r for r, _ in form.other_roles] == ["defender", "second"]
            # both from the declaration: its target and its second wave
            assert form.roles == {"defender": "union_regiment", "second": "csa_second_wave"}
            assert form.values["attacker_in_wave"] is True  # the first wave's card
            assert form.set_input("attacker_hits", "3") and form.set_input("defender_hits", "1")
            result = roll(table, form)
            assert result is not None and result.outcome == "attacker_wins"
            apply(table, form)

        fights = {"charge.declare_waves": declare, "melee.melee_result": melee_result}
        walked = walk_turn(table, fights)
        assert not fights, f"never reached: {sorted(fights)}"
        assert "charge.wave_split" in walked  # the scenario's wave attacks are on
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        fell = [(e.get("unit"), e.get("kind")) for e in applied.data["effects"]]
        assert fell == [
            ("union_regiment", "state"),
            ("union_regiment", "distance"),
            (None, "note"),  # the table's note: the attackers may occupy the ground
            ("csa_first_wave", "clear_marker"),
            ("csa_second_wave", "clear_marker"),  # the wave attack marker
            ("csa_second_wave", "clear_marker"),  # the second wave marker
        ]
        cards = {u.id: (u.state, set(u.markers)) for u in game.state.units}
        assert cards == {
            "csa_first_wave": ("good_order", set()),
            "csa_second_wave": ("good_order", set()),
            "union_regiment": ("unsteady", set()),
            "union_battery": ("good_order", set()),
        }
        assert replay(game.start, game.log) == game.state
    finally:
        table.close(force=True)


def test_republique_aspern_assault_notes_go_to_the_table_then_the_panic_lands_on_the_card(
    saves: Path,
) -> None:
    """Aspern with the sample club values: the assault (the defender picked, 8 and 2 by hand)
    reads both cards: Hiller's line in line +1, 9; the 16e Ligne veteran +1 (club) and
    outnumbered 3:2 by 6 bases against 4 -1 (club), 2; +7, the text's own cell 'Defender 3M
    2P; defending artillery is captured instead' (4.4). Its parts land on the 16e (ruling
    rep-assault-results-marked): 3 morale hits, fresh -> shaken, its 2 panic hits counted on
    its card (ruling rep-panic-hits-on-the-card); the rest are the table's notes. The
    defender's panic test, the next step, reads them off the card and answers them."""
    house = str(SAMPLE / "republique-sample-club-values.toml")
    table = open_table(saves, "republique", "aspern-1809", house=house)
    try:
        game = table.open_game_or_fail()
        assert game.state.house is not None

        def assault() -> None:
            form = step_form(table, "hiller_line", "assault")
            form.set_role("defender", "ligne_16")
            assert form.roles.get("defender") == "ligne_16"
            assert roll(table, form, [8, 2]) is not None
            apply(table, form)
            applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
            assert {e.get("unit") for e in applied.data["effects"]} == {None, "ligne_16"}
            assert game.state.unit("ligne_16").state == "shaken"

        def panic() -> None:
            form = step_form(table, "ligne_16", "panic")
            assert form.values["panic_hits"] == 2  # counted on the card by the assault's cell
            assert roll(table, form) is not None
            apply(table, form)
            # a veteran's 2 panic hits read F (4.4's example): a fall back and no surrender,
            # a move the players make (the table's notes, in the log); the hits come off the
            # card (an event of its own, as the resolve screen applies a one-sided check's)
            applied = [e for e in game.log if e.kind == "apply_effects"][-2:]
            units = {x.get("unit") for e in applied for x in e.data["effects"]}
            assert units == {None, "ligne_16"}
            assert value_of(game.ruleset, game.state.unit("ligne_16"), "panic_hits") == 0

        fights = {"assault.step1_roll": assault, "assault.step4_results": panic}
        walked = walk_turn(table, fights)
        assert not fights, f"never reached: {sorted(fights)}"
        assert walked[-1] == "turn_end.charge_disorder"
        resolved = [(e.data["check"], e.data["unit"]) for e in game.log if e.kind == "resolution"]
        assert ("assault", "hiller_line") in resolved and ("panic", "ligne_16") in resolved
        assault_roll = next(
            e for e in game.log if e.kind == "resolution" and e.data["check"] == "assault"
        )
        assert assault_roll.data["roles"]["defender"] == ["ligne_16"]
        assert replay(game.start, game.log) == game.state
    finally:
        table.close(force=True)


def test_the_log_names_steps_and_phases_in_the_rules_words(saves: Path) -> None:
    """Cowpens: the first step ticked, then two phases on (a card drawn, then step 2): the
    log's rows (what the log screen shows) name the step in the rules' words, never by its
    id, and the turn and phase in the status line's scheme."""
    table = open_table(saves, "one-if-by-land", "cowpens-1781")
    try:
        game = table.open_game_or_fail()
        first = game.phases()[0]
        table.tick_step(f"{first.id}.{first.steps[0].id}", True)
        table.next_phase()
        table.next_phase()
        rows = table.log_rows(everything=True)  # every entry (the default folds the walk)
        read = rows.rows(0, len(rows))
        lines = [row.text for row in read] + [row.where or "" for row in read]
        assert any(first.steps[0].text in line for line in lines), lines
        assert not any(f"{first.id}.{first.steps[0].id}" in line for line in lines), lines
        assert any(game.turn_label() in line for line in lines), lines
    finally:
        table.close(force=True)
