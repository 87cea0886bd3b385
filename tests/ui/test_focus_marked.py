"""The widget with the focus is always plainly marked, in each theme: drawn with a colour
plainly apart from the one it has without the focus, or in another text style (bold,
reverse). Textual's compact fields changed only by a 5% tint: a drop-down with the focus
showed "only as a faint change of grey", and the players lost their place."""

from __future__ import annotations

import pytest
from drumhead.screens.themes import CONTRAST_THEME, DEFAULT_THEME
from drumhead.screens.views.resolve import ResolveScreen
from rich.color import Color
from rich.style import Style
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, SelectionList

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until

APART = 60
"""The least distance (in RGB, 0-441) between two colours told apart at a glance."""


def cells(widget: Widget) -> list[tuple[str, Style]]:
    """Every cell the widget and its children draw, as (character, style)."""
    out: list[tuple[str, Style]] = []
    for part in [widget, *widget.query("*")]:
        if not part.display or not part.size.area:
            continue
        region = Region(0, 0, part.size.width, part.size.height)
        for strip in part.render_lines(region):
            for segment in strip:
                style = segment.style or Style()
                out += [(char, style) for char in segment.text]
    return out


def distance(a: Color | None, b: Color | None) -> float:
    if a is None or b is None:
        return 0.0 if a == b else 441.0
    ta, tb = a.get_truecolor(), b.get_truecolor()
    return float(sum((x - y) ** 2 for x, y in zip(ta, tb, strict=True)) ** 0.5)


def plainly_apart(focused: list[tuple[str, Style]], blurred: list[tuple[str, Style]]) -> bool:
    """Whether some cell is drawn plainly otherwise: colours far apart, or bold or reverse
    added or taken away."""
    for (_, a), (_, b) in zip(focused, blurred, strict=False):
        if distance(a.bgcolor, b.bgcolor) >= APART or distance(a.color, b.color) >= APART:
            return True
        if bool(a.bold) != bool(b.bold) or bool(a.reverse) != bool(b.reverse):
            return True
    return False


@pytest.mark.parametrize("theme", [DEFAULT_THEME.name, CONTRAST_THEME.name])
async def test_every_field_of_the_resolve_screen_shows_its_focus(theme: str) -> None:
    """One If By Land's morale test: the check picker, a choice, a number, a yes/no box, the
    modifiers and, after the roll, the effects and the dice field."""
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        app.theme = theme
        unit = game.state.units[0].id
        app.action_open_resolve("morale", unit)
        await until(
            pilot, lambda: isinstance(app.screen, ResolveScreen) and app.focused is not None
        )
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        await pilot.press("h", "9", "enter")  # a failure: effects to keep or untick
        await until(pilot, lambda: screen.result is not None)
        assert screen.effects
        widgets: list[Widget] = [
            screen.query_one("#check", Select),
            screen.query_one("#in-quality", Select),
            screen.query_one("#in-figures_lost", Input),
            screen.query_one("#in-in_woods", Checkbox),
            screen.query_one("#mods", SelectionList),
            screen.query_one("#effects", SelectionList),
            screen.query_one("#hand", Input),
        ]
        elsewhere = screen.query_one("#use-reroll", Checkbox)
        elsewhere.display = True  # somewhere else to put the focus that none of these is
        for widget in widgets:
            screen.set_focus(widget)
            await pilot.pause()
            focused = cells(widget)
            screen.set_focus(elsewhere)
            await pilot.pause()
            blurred = cells(widget)
            assert plainly_apart(focused, blurred), f"{theme}: #{widget.id} shows no focus"
