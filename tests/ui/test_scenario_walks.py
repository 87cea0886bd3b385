"""One walk through the screens for each shipped scenario, by keys only, at the smallest
supported terminal (80x24): the end-to-end flow of each ruleset.

Each starts its scenario from the new-game screen, walks the turn with the checklist ('.'),
fights one two-sided check on the way (c opens the step's check, o picks the other side from
the roster, the inputs and dice typed, a applies), and ends on the log and the units screen.
At every step the status line holds the turn and phase whole, in the checklist's own words,
and it does on a check for the unit with the longest name at the phase with the longest
title. What the game must come to (the cards, the log, every check of the first unit, the
status line's words) is asserted through the session in tests/session/test_scenario_turns.py;
these walks assert that the keys get there and the screens show it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from drumhead.screens.views.resolve import ResolveScreen
from drumhead.screens.views.units import UnitsScreen
from drumhead.screens.widgets.status_bar import StatusBar
from textual.widgets import Label

from drumhead.game import Game, replay
from tests.ui.full_turn import Table
from tests.ui.helpers import NARROW, make_app, status_line, until

pytestmark = pytest.mark.slow  # each plays a whole turn by keys: seconds on its own


async def where_whole(table: Table) -> None:
    """The status line of the screen shown holds the turn and phase whole (the phase title's
    closing aside may go on a line this narrow), and fits the terminal."""
    screen = table.app.screen
    await until(table.pilot, lambda: screen.is_mounted and bool(screen.query(StatusBar)))
    game = table.game
    line = status_line(table.app)
    assert game.turn_label() in line or game.turn_label(short=True) in line, line
    assert len(line) <= NARROW[0], line


def longest(game: Game) -> tuple[str, str]:
    """The unit with the longest name, and the phase whose title is the longest."""
    unit = max(game.state.units, key=lambda u: len(u.name)).id
    turn = game.state.turn
    phase = max(game.phases(), key=lambda p: len(game.turn_label_at(turn, p.id))).id
    return unit, phase


@dataclass
class Look:
    """What is checked at every step of a walk."""

    longest_seen: bool = False
    """The check for the longest-named unit was opened at the longest-titled phase."""

    async def __call__(self, table: Table) -> None:
        """The status line whole, the checklist titled in the same words. Once, at the phase
        with the longest title: a check for the unit with the longest name, whose status line
        holds it all the same."""
        await where_whole(table)
        title = table.app.screen.query_one("#phase-title", Label)
        assert str(title.render()).splitlines()[0] == table.game.turn_label()
        unit, phase = longest(table.game)
        if table.game.state.phase != phase or self.longest_seen:
            return
        self.longest_seen = True
        table.app.action_open_resolve("", unit)
        await until(table.pilot, lambda: not isinstance(table.app.screen, BattleScreen))
        while isinstance(table.app.screen, GapModal):  # a value the rules leave open: later
            await table.press("escape")
        assert isinstance(table.app.screen, ResolveScreen)
        await where_whole(table)
        await table.back_to_battle()


async def end_on_the_log_and_the_units(table: Table) -> None:
    """l shows the log, Escape and e the units screen; every change was saved as it came."""
    await table.press("l")
    await until(table.pilot, lambda: isinstance(table.app.screen, LogScreen))
    await table.press("escape", "e")
    await until(table.pilot, lambda: isinstance(table.app.screen, UnitsScreen))
    game = table.game
    assert replay(game.start, game.log) == game.state
    await table.press("ctrl+q")


async def test_one_if_by_land_cowpens_draws_every_card_then_turn_two() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=NARROW) as pilot:
        table = Table(app, pilot)
        await table.new_game("one-if-by-land", "cowpens")
        game = table.game
        cards = game.state.activation.cards
        seen: dict[str, str] = {}

        async def melee(t: Table) -> None:
            card = t.game.active_card()
            attacker = next(u for u in t.game.state.units if u.brigade == card)
            defender = next(u for u in t.game.state.units if u.side != attacker.side)
            await t.open_step_check(attacker.id, "melee_winner")
            await where_whole(t)
            await t.pick_sides(defender.id)
            await t.type_number("attacker_lost", 1)
            await t.type_number("defender_lost", 4)
            await t.roll()
            result = t.resolve.result
            assert result is not None and result.outcome == "defenders_rout"
            await t.apply()
            seen.update(attacker=attacker.id, defender=defender.id)

        fights = {"melee.winner": melee}
        look = Look()
        walked = await table.walk_turn(fights, look)
        assert not fights, "the melee's step was never reached"
        assert look.longest_seen
        assert walked.count("draw.draw") == len(cards)  # every card drawn, each once
        assert game.state.turn == 2
        defender = game.state.unit(seen["defender"])
        assert defender.state == "rout" and "panic" in defender.markers
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        # the defender's rout on its card; the attacker's test an instruction for the table
        assert {e.get("unit") for e in applied.data["effects"]} == {seen["defender"], None}
        await end_on_the_log_and_the_units(table)


async def test_mwan_henry_hill_initiative_then_close_combat_costs_both_units() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=NARROW) as pilot:
        table = Table(app, pilot)
        await table.new_game("mwan116-acw", "henry")
        game = table.game
        before = {u: game.state.unit(u).strength_now for u in ("va4", "ny11_zouaves")}

        async def initiative(t: Table) -> None:
            await t.open_step_check("va4", "initiative")
            await where_whole(t)
            await t.hand_dice(11, 12, 1, 2)  # 2d12 each: the Confederates 23, the Union 3

        async def close_combat(t: Table) -> None:
            # the 4th Virginia charge on a Charge to Combat result (the frontal table needs it)
            app.session.edit_unit("va4", "state", "charge_to_combat")
            await t.open_step_check("va4", "close_combat")
            await t.pick_sides("ny11_zouaves")
            await t.hand_dice(9, 3)
            assert t.resolve.result is not None
            await t.apply()

        fights = {"initiative.roll": initiative, "close_combat.frontal": close_combat}
        look = Look()
        walked = await table.walk_turn(fights, look)
        assert not fights, f"never reached: {sorted(fights)}"
        assert look.longest_seen
        recorded = [e for e in game.log if e.kind == "initiative" and e.turn == 1]
        assert [e.data.get("winner") for e in recorded] == ["confederate"]  # with the roll
        assert walked.count("movement.move") == 2  # once for each side, the winner's first
        after = {u: game.state.unit(u).strength_now for u in before}
        assert all(after[u] < before[u] for u in before), (before, after)
        await end_on_the_log_and_the_units(table)


async def test_rank_and_file_wave_attack_melee_sends_the_loser_back_unsteady() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=NARROW) as pilot:
        table = Table(app, pilot)
        await table.new_game("rank-and-file", "waves")
        game = table.game

        async def melee_result(t: Table) -> None:
            await t.open_step_check("csa_first_wave", "melee_result")
            await where_whole(t)
            await t.pick_sides("union_regiment", "csa_second_wave")
            await t.type_number("attacker_hits", 3)
            await t.type_number("defender_hits", 1)
            await t.roll()
            result = t.resolve.result
            assert result is not None and result.outcome == "attacker_wins"
            await t.apply()

        fights = {"melee.melee_result": melee_result}
        look = Look()
        walked = await table.walk_turn(fights, look)
        assert not fights, f"never reached: {sorted(fights)}"
        assert look.longest_seen
        assert "charge.wave_split" in walked  # the scenario's wave attacks are on
        assert game.state.unit("union_regiment").state == "unsteady"
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        assert {e.get("unit") for e in applied.data["effects"]} == {
            "union_regiment",
            None,  # the table's note: the attackers may occupy the ground
        }
        await end_on_the_log_and_the_units(table)


async def test_republique_aspern_assault_picks_both_sides_then_the_panic_lands_on_the_card() -> (
    None
):
    """The house rules picked on the new-game screen; the assault's outcome (8 and 2: +7, the
    text's own cell 'Defender 3M 2P; ...', 4.4) lands on the 16e Ligne from the cell's parts
    (3 morale hits: shaken), the rest as the table's notes; the defender's panic test (the
    next step) lands on its card."""
    app = make_app(start="menu")
    async with app.run_test(size=NARROW) as pilot:
        table = Table(app, pilot)
        await table.new_game("republique", "aspern", house="Sample club values")
        game = table.game
        assert game.state.house is not None

        async def assault(t: Table) -> None:
            await t.open_step_check("hiller_line", "assault")
            await where_whole(t)
            await t.pick_sides("ligne_16")
            for _ in ("attacker_incidental", "defender_incidental"):  # none: each left unpicked
                await until(t.pilot, lambda: isinstance(t.app.screen, UnitPickModal))
                await t.press("escape")
            form = t.resolve.form
            assert form is not None and form.roles.get("defender") == "ligne_16"
            await t.hand_dice(8, 2)
            assert t.resolve.result is not None
            await t.apply()
            applied = next(e for e in reversed(t.game.log) if e.kind == "apply_effects")
            assert {e.get("unit") for e in applied.data["effects"]} == {None, "ligne_16"}
            assert t.game.state.unit("ligne_16").state == "shaken"

        async def panic(t: Table) -> None:
            await t.open_step_check("ligne_16", "panic")
            await t.type_number("panic_hits", 2)  # read from the players' chart result
            await t.roll()
            assert t.resolve.result is not None
            await t.apply()
            applied = next(e for e in reversed(t.game.log) if e.kind == "apply_effects")
            # a veteran's 2 panic hits read F (4.4's example): a fall back and no surrender,
            # a move the players make (the table's note), nothing to change on the card
            assert {e.get("unit") for e in applied.data["effects"]} == {None}

        fights = {"assault.step1_roll": assault, "assault.step4_results": panic}
        look = Look()
        walked = await table.walk_turn(fights, look)
        assert not fights, f"never reached: {sorted(fights)}"
        assert look.longest_seen
        assert walked[-1] == "turn_end.charge_disorder"
        await end_on_the_log_and_the_units(table)
