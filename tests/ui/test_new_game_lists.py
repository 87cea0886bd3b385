"""The new-game screen as a player first meets it: where the lists start, what Down does, and
what the status line names."""

from __future__ import annotations

from drumhead.screens.views.new_game import NewGameScreen
from textual.containers import VerticalScroll
from textual.widgets import OptionList

from tests.ui.helpers import make_app


async def test_down_from_the_scenario_goes_to_the_empty_battlefield_below_it() -> None:
    """The shipped scenario is highlighted first and the empty battlefield is the next entry:
    Down used to wrap round to an empty battlefield listed above the highlight."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        scenarios = screen.query_one("#new-scenario", OptionList)
        for index, ruleset_id in enumerate(app.session.ruleset_ids()):
            screen.query_one("#new-ruleset", OptionList).highlighted = index
            await pilot.pause()
            shipped = [sid for sid, _ in app.session.scenarios(ruleset_id)]
            ids = [scenarios.get_option_at_index(i).id for i in range(scenarios.option_count)]
            assert ids == [*shipped, ""], ruleset_id
            assert scenarios.highlighted == 0
            scenarios.focus()
            await pilot.pause()
            await pilot.press("down")
            assert scenarios.highlighted == 1
            assert ids[1] == (shipped[1] if len(shipped) > 1 else "")
        await pilot.press("ctrl+q")


async def test_the_status_line_names_the_ruleset_highlighted() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        rulesets = app.screen.query_one("#new-ruleset", OptionList)
        for index, ruleset_id in enumerate(app.session.ruleset_ids()):
            rulesets.highlighted = index
            await pilot.pause()
            assert app.session.status().what == app.session.ruleset_title(ruleset_id)
        await pilot.press("escape")
        await pilot.pause()
        assert app.session.ruleset_id == app.session.ruleset_ids()[-1]  # kept, as on start
        await pilot.press("ctrl+q")


async def test_at_80x24_the_first_steps_heading_shows() -> None:
    """The left pane opens at its top: step 1's heading was scrolled off by Textual's own
    focusing (it looked before the first layout and centred the list)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#new-left", VerticalScroll).scroll_y == 0
        assert app.focused is app.screen.query_one("#new-ruleset", OptionList)
        await pilot.press("ctrl+q")
