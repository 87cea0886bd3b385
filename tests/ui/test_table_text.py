"""Text at 80x24 and 120x40: the turn and phase are never cut off, the log speaks in the
rules' words, and phases are numbered one way everywhere (issue: every tick counts, item 5)."""

from __future__ import annotations

import pytest
from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from drumhead.screens.views.resolve import ResolveScreen
from drumhead.screens.widgets.log_view import LogView
from textual.widgets import Label

from drumhead.game import load_scenario, new_game, scenario_ids
from tests.ui.helpers import make_app, open_on_battle, status_line, until

SCENARIOS = [(load_scenario(s).ruleset, s) for s in scenario_ids()]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS, ids=[s for _, s in SCENARIOS])
async def test_the_turn_and_phase_are_always_shown_whole(
    ruleset: str, scenario: str, size: tuple[int, int]
) -> None:
    """Through every phase of the turn, on the battle screen and on a check for the unit with
    the longest name, the status line holds the turn and phase whole, in the same words as
    the checklist's title."""
    game = new_game(ruleset, scenario=load_scenario(scenario), seed=3, name="a very long name")
    longest = max(game.state.units, key=lambda u: len(u.name)).id
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await open_on_battle(pilot, game)
        for _ in game.phases() or [None]:
            label = game.turn_label()
            line = status_line(app)
            # whole: the title's closing aside in brackets may go on a narrow line
            assert label in line or game.turn_label(short=True) in line, (label, line)
            assert len(line) <= size[0]
            title = app.screen.query_one("#phase-title", Label)
            assert str(title.render()).splitlines()[0] == label  # one scheme (then who acts)
            app.action_open_resolve("", longest)
            await until(pilot, lambda: not isinstance(app.screen, BattleScreen))
            await pilot.pause()
            while isinstance(app.screen, GapModal):  # a value the rules leave open: later
                await pilot.press("escape")
                await pilot.pause()
            assert isinstance(app.screen, ResolveScreen)
            line = status_line(app)
            assert label in line or game.turn_label(short=True) in line, (label, line)
            while not isinstance(app.screen, BattleScreen):
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("n")
            await pilot.pause()


async def test_the_log_names_steps_and_phases_in_the_rules_words() -> None:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        # tick the first step; next phase draws a card, the next goes on to step 2
        await pilot.press("s", "space", "n", "n")
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        view = app.screen.query_one(LogView)
        assert view.source is not None
        rows = view.source.rows(0, view.row_count)
        lines = [row.text for row in rows] + [row.where or "" for row in rows]
        first = game.phases()[0]
        assert any(first.steps[0].text in line for line in lines), lines
        assert not any(f"{first.id}.{first.steps[0].id}" in line for line in lines), lines
        assert any(game.turn_label() in line for line in lines), lines
