"""A full turn of each ruleset's shipped scenario, played through the checklist only, by keys
as the players would (issue 17, done when): each walks every step to the next turn, fights one
two-sided check on the way with both sides picked from the roster, and checks both units'
cards against the rules core given the same values and dice."""

from __future__ import annotations

from drumhead.screens.dialogs.pick_unit import UnitPickModal

from drumhead.game import replay
from tests.ui.full_turn import Table
from tests.ui.helpers import make_app, until


async def test_one_if_by_land_cowpens_draws_every_card_then_turn_two() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
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
            await t.pick_sides(defender.id)
            await t.type_number("attacker_lost", 1)
            await t.type_number("defender_lost", 4)
            await t.roll()
            result = t.resolve.result
            assert result is not None and result.outcome == "defenders_rout"
            await t.apply()
            seen.update(attacker=attacker.id, defender=defender.id)

        fights = {"melee.winner": melee}
        walked = await table.walk_turn(fights)
        assert not fights, "the melee's step was never reached"
        assert walked.count("draw.draw") == len(cards)  # every card drawn, each once
        assert game.state.turn == 2
        drawn_before_turn_two = [e for e in game.log if e.kind == "draw_card" and e.turn == 1]
        assert len(drawn_before_turn_two) == len(cards)
        defender = game.state.unit(seen["defender"])
        assert defender.state == "rout" and "panic" in defender.markers
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        # the defender's rout on its card; the attacker's test an instruction for the table
        assert {e.get("unit") for e in applied.data["effects"]} == {seen["defender"], None}
        assert replay(game.start, game.log) == game.state
        await pilot.press("ctrl+q")


async def test_mwan_henry_hill_initiative_then_close_combat_costs_both_units() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, pilot)
        await table.new_game("mwan116-acw", "henry")
        game = table.game
        before = {u: game.state.unit(u).strength_now for u in ("va4", "ny11_zouaves")}

        async def initiative(t: Table) -> None:
            await t.open_step_check("va4", "initiative")
            await t.hand_dice(11, 12, 1, 2)  # 2d12 each: the Confederates 23, the Union 3

        async def close_combat(t: Table) -> None:
            await t.open_step_check("va4", "close_combat")
            await t.pick_sides("ny11_zouaves")
            await t.hand_dice(9, 3)
            assert t.resolve.result is not None
            await t.apply()

        fights = {"initiative.roll": initiative, "close_combat.frontal": close_combat}
        walked = await table.walk_turn(fights)
        assert not fights, f"never reached: {sorted(fights)}"
        recorded = [e for e in game.log if e.kind == "initiative" and e.turn == 1]
        assert [e.data.get("winner") for e in recorded] == ["confederate"]  # with the roll
        assert walked.count("movement.move") == 2  # once for each side, the winner's first
        after = {u: game.state.unit(u).strength_now for u in before}
        assert all(after[u] < before[u] for u in before), (before, after)
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        assert {e.get("unit") for e in applied.data["effects"]} >= {"va4", "ny11_zouaves"}
        assert replay(game.start, game.log) == game.state
        await pilot.press("ctrl+q")


async def test_rank_and_file_wave_attack_melee_sends_the_loser_back_unsteady() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, pilot)
        await table.new_game("rank-and-file", "waves")
        game = table.game

        async def melee_result(t: Table) -> None:
            await t.open_step_check("csa_first_wave", "melee_result")
            await t.pick_sides("union_regiment", "csa_second_wave")
            await t.type_number("attacker_hits", 3)
            await t.type_number("defender_hits", 1)
            await t.roll()
            result = t.resolve.result
            assert result is not None and result.outcome == "attacker_wins"
            await t.apply()

        fights = {"melee.melee_result": melee_result}
        walked = await table.walk_turn(fights)
        assert not fights, f"never reached: {sorted(fights)}"
        assert "charge.wave_split" in walked  # the scenario's wave attacks are on
        assert game.state.unit("union_regiment").state == "unsteady"
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        assert {e.get("unit") for e in applied.data["effects"]} == {
            "union_regiment",
            None,  # the table's note: the attackers may occupy the ground
        }
        assert replay(game.start, game.log) == game.state
        await pilot.press("ctrl+q")


async def test_republique_aspern_assault_picks_both_sides_then_the_panic_lands_on_the_card() -> (
    None
):
    """The assault's chart results are not in our source: its outcome goes to the table as
    notes (ruling rep-assault-results-marked), with both sides picked and their cards
    read; the defender's panic test, the next step, lands on its card."""
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, pilot)
        await table.new_game("republique", "aspern", house="Sample club values")
        game = table.game
        assert game.state.house is not None

        async def assault(t: Table) -> None:
            await t.open_step_check("hiller_line", "assault")
            await t.pick_sides("ligne_16")
            for _ in ("attacker_incidental", "defender_incidental"):  # none: each left unpicked
                await until(t.pilot, lambda: isinstance(t.app.screen, UnitPickModal))
                await t.press("escape")
            form = t.resolve.form
            assert form is not None and form.roles.get("defender") == "ligne_16"
            await t.hand_dice(8, 2)
            result = t.resolve.result
            assert result is not None
            await t.apply()
            applied = next(e for e in reversed(t.game.log) if e.kind == "apply_effects")
            assert {e.get("unit") for e in applied.data["effects"]} == {None}  # the table's

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
        walked = await table.walk_turn(fights)
        assert not fights, f"never reached: {sorted(fights)}"
        assert walked[-1] == "turn_end.charge_disorder"
        resolved = [(e.data["check"], e.data["unit"]) for e in game.log if e.kind == "resolution"]
        assert ("assault", "hiller_line") in resolved and ("panic", "ligne_16") in resolved
        assault_roll = next(
            e for e in game.log if e.kind == "resolution" and e.data["check"] == "assault"
        )
        assert assault_roll.data["roles"]["defender"] == ["ligne_16"]
        assert replay(game.start, game.log) == game.state
        await pilot.press("ctrl+q")
