"""Leaders picked from the roster on the resolve screen (issue 17 item 4): 'l' offers, for each
side whose inputs read a leader, the leaders of that side nearest first; the one picked fills
the inputs, the odds are the core's for them, and the roll records him."""

from __future__ import annotations

from drumhead.screens.dialogs.pick_leader import LeaderPickModal
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from phases import to_phase
from textual.widgets import OptionList

from drumhead.checks.resolve import odds, prepare, result_odds
from drumhead.game import unit_inputs
from tests.ui.full_turn import Table
from tests.ui.helpers import SAMPLE_HOUSE_RULES, make_app, new_game_on_battle, run_command, until
from tests.ui.oracle.driver import shown


async def test_the_assault_leader_is_picked_from_the_roster_and_fills_the_inputs() -> None:
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, pilot)
        await new_game_on_battle(pilot, "republique", "aspern-1809", house_rules=SAMPLE_HOUSE_RULES)
        to_phase(app.session)
        game = table.game
        app.action_open_resolve("assault", "hiller_line")
        await until(pilot, lambda: table.resolve.form is not None)
        await table.pick_sides("ligne_16")
        for _ in ("attacker_incidental", "defender_incidental"):  # none: each left unpicked
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            await table.press("escape")
        form = table.resolve.form
        assert form is not None
        sides = [role for role, _, _ in form.leader_sides()]
        assert "attacker" in sides
        await table.press("l")
        await until(pilot, lambda: isinstance(app.screen, LeaderPickModal))
        listed = app.screen.query_one("#pick-leader", OptionList)
        offered = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        assert offered == [x.id for x in game.leader_choices("hiller_line")]
        assert "hiller" in offered
        target = offered.index("hiller")
        await table.press(*["down"] * (target - (listed.highlighted or 0)), "enter")
        for _ in sides[1:]:  # the other sides' leaders: kept as their cards give them
            await until(pilot, lambda: isinstance(app.screen, LeaderPickModal))
            await table.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, LeaderPickModal))
        assert form.leaders == {"attacker": "hiller"}
        card = unit_inputs(game.ruleset, "assault", game.state, "hiller_line", None, "hiller")
        assert {k: form.values[k] for k in card} == card
        assert form.values["attacker_leader"] == 1
        ctx = prepare(game.ruleset, "assault", form.values, form.ticked, game.state.gap_values())
        table_odds = odds(ctx)
        shown_odds = result_odds(ctx, table_odds) or table_odds  # a chart given whole: its results
        core = [f"{o.p.numerator}/{o.p.denominator}" for o in shown_odds]
        odds_shown = shown(table.resolve, "#odds")
        assert core and all(fraction in odds_shown for fraction in core), (core, odds_shown)
        sides_text = shown(table.resolve, "#sides")
        hiller = game.state.leader("hiller").name
        assert f"Leader of the assaulting units in primary contact: {hiller}" in sides_text, (
            sides_text
        )
        assert "charismatic (leads any unit): no" in sides_text  # words, not False
        await table.hand_dice(8, 2)
        roll = next(e for e in reversed(game.log) if e.kind == "resolution")
        assert roll.data["leaders"] == {"attacker": "hiller"}
        assert dict(table.resolve.result.inputs)["attacker_leader"] == 1  # type: ignore[union-attr]
        await pilot.press("ctrl+q")


async def test_the_pickers_are_in_the_command_palette_while_a_check_is_open() -> None:
    """ctrl+p, 'pick the other side', Enter: the same picker as o; 'pick leaders': as l."""
    from drumhead.screens.commands import palette_commands

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, pilot)
        await new_game_on_battle(pilot, "republique", "aspern-1809", house_rules=SAMPLE_HOUSE_RULES)
        assert "Pick leaders" not in [c.text for c in palette_commands(app)]  # no check open
        app.action_open_resolve("assault", "hiller_line")
        await until(pilot, lambda: table.resolve.form is not None)
        await run_command(pilot, "pick the other side", "Pick the other side")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        await table.pick_in_list("ligne_16")
        for _ in ("attacker_incidental", "defender_incidental"):  # none: each left unpicked
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            await table.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, UnitPickModal))
        assert table.resolve.form is not None
        assert table.resolve.form.roles == {"defender": "ligne_16"}
        await run_command(pilot, "pick leaders", "Pick leaders")
        await until(pilot, lambda: isinstance(app.screen, LeaderPickModal))
        await pilot.press("ctrl+q")
