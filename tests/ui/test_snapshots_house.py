"""Snapshots of the house-rules screens: the new game's house-rules step with its preview,
and the grid editor typing a missing chart.

Each picture is taken at 120x40 (a second at 80x24 only for a layout rule, named in its id);
the docstring says what the picture must show (review the SVG against it when it changes).
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.ui.helpers import NARROW, SIZE, make_app, until


class TestNewGameHouseRules:
    def test_sample_previewed(self, snap_compare) -> None:
        """New game, Republique picked, the Aspern scenario picked: step 4 'House rules' has
        the focus (▶), 'none: ask me when needed' first and the shipped sample highlighted
        under it with 'answers 126 of 126 open questions'; the right pane shows the ruleset,
        the sample's title, author line, description, that its values are the players' own,
        its file name (no folder path), then the open questions folded: the summary 'The
        answers cover all 126 questions the rules leave open (126 answered by house rules)',
        'No check stops to ask', one line per check."""

        async def run(pilot: Pilot) -> None:
            app = pilot.app
            await pilot.press("n")
            await until(pilot, lambda: app.focused is not None and app.focused.id == "new-ruleset")
            await pilot.press("enter", "enter", "down")
            await pilot.pause()

        app = make_app(ruleset="republique", start="menu")
        assert snap_compare(app, terminal_size=SIZE, run_before=run)


class TestGridEditor:
    @pytest.mark.parametrize(
        "size",
        [pytest.param(SIZE, id="120x40"), pytest.param(NARROW, id="80x24-no-room-for-help")],
    )
    def test_typing_the_combat_chart(self, snap_compare, size) -> None:
        """The Combat Chart's grid (no game open): its title, 'Rows: Difference (attacker
        minus defender); columns: Attacker' and the source, then the outcome set's
        description. Columns Infantry, Cavalry, Artillery under the row labels '-11 or
        less', '-10', ...; 'Defender 2M' typed at -11 infantry marked ✎, 'Bogus' at -10
        infantry marked ✗ with the cursor in it, the line under the grid '[2 cells typed,
        1 refused] ✗ -10 · Infantry: 'Bogus' refused; it takes a Combat Chart result ...';
        the legend (R, r, H, P, ✎, ✗) and the footer 'ctrl+s Keep the chart', 'esc Cancel'.
        The rules' own cells (+2, +3 infantry 'Defender 2M 1P') show dimmed with R.

        The layout rule pictured at 80x24: under 32 rows the outcome set's description is
        left out above the grid (the refusal under it still says what a cell takes), so the
        rows down to +2 show."""

        async def run(pilot: Pilot) -> None:
            from drumhead.screens.dialogs.grid_editor import GridEditor
            from drumhead.screens.house_actions import open_chart

            app = pilot.app
            open_chart(app, "combat_chart")  # type: ignore[arg-type]
            await until(
                pilot, lambda: isinstance(app.screen, GridEditor) and app.focused is not None
            )
            await pilot.press(*"Defender 2M", "enter", *"Bogus")
            await pilot.pause()

        app = make_app(ruleset="republique", start="menu")
        assert snap_compare(app, terminal_size=size, run_before=run)
