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


async def checklist_after_unticking(option_id: str | None) -> tuple[list[str], frozenset[str]]:
    """New Rank and File game from its scenario, ``option_id`` unticked on the way (by keys),
    stepped on to the charge phase with '.': the checklist's lines and the game's options."""
    from textual.widgets import SelectionList

    app = make_app(start="menu")  # the start screen, not the game saved by the first run
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        rulesets = app.screen.query_one("#new-ruleset", OptionList)
        target = app.session.ruleset_ids().index("rank-and-file")
        await pilot.press(*["down"] * (target - (rulesets.highlighted or 0)), "enter")
        await pilot.pause()
        options = app.screen.query_one("#new-options", SelectionList)
        assert app.focused is options
        if option_id is not None:
            values = [options.get_option_at_index(i).value for i in range(options.option_count)]
            if options.highlighted is None:
                await pilot.press("down")  # the first Down highlights the first rule
            here = options.highlighted or 0
            await pilot.press(*["down"] * (values.index(option_id) - here), "space")
            assert option_id not in options.selected
        await pilot.press(*f"waves{option_id or ''}", "enter")  # a name not saved yet
        await pilot.pause()
        game = app.session.game
        assert game is not None
        while game.state.phase != "charge":
            await pilot.press("full_stop")
        await pilot.pause()
        steps = app.screen.query_one("#steps", SelectionList)
        lines = [str(steps.get_option_at_index(i).prompt) for i in range(steps.option_count)]
        active = game.ruleset.active_options
        await pilot.press("ctrl+q")
    return lines, active


async def test_the_checklist_hides_the_steps_of_an_optional_rule_switched_off() -> None:
    """Rank and File's wave-attack scenario switches wave attacks on: its charge phase lists
    the wave steps; unticked on the new-game screen, the checklist does not list them."""
    with_waves, active = await checklist_after_unticking(None)
    assert "wave_attacks" in active
    assert any("Wave attack" in line for line in with_waves)
    without, active = await checklist_after_unticking("wave_attacks")
    assert "wave_attacks" not in active
    assert not any("wave" in line.lower() for line in without), without
    assert any("Target fires at the chargers" in line for line in without)
