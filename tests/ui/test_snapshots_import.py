"""Snapshot of the new-game screen's import: an order of battle previewed before the game.

Taken at 120x40; the docstring says what the picture must show (review the SVG against it
when it changes).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.ui.helpers import SIZE, make_app, until

ROOT = Path(__file__).resolve().parents[2]
SHEETS = "tests/ui/scenarios"
"""The sheets pictured, named from the repository's root (the picture shows the folder as
given: an absolute path would differ from one checkout to the next)."""


class TestImportDialog:
    def test_problems_previewed(self, snap_compare, monkeypatch: pytest.MonkeyPatch) -> None:
        """ctrl+o on the new-game screen (One If By Land): 'Import an order of battle for One
        If By Land', the hint naming the folder tests/ui/scenarios and what Enter and ctrl+k
        do; on the left the files cowpens-club.csv and typos.csv, typos.csv highlighted; on
        the right '✗ typos.csv: 2 problems, so it cannot start a game', then 'row 3, column
        Quality' (found 'awful'; allowed: elite, veteran, regular, poor, wretched) and 'row 5,
        column Strength' (found 'six'; allowed: a whole number, 0 or more), each where in
        bold; then the units read, by side: Americans (2) 1st Maryland, Virginia militia;
        British (2) 71st Highlanders, 17th Light Dragoons. The footer: enter 'Use for this
        game' and ctrl+k 'Keep as scenario' dimmed, esc 'Back'."""
        monkeypatch.chdir(ROOT)

        async def run(pilot: Pilot) -> None:
            from drumhead.screens.dialogs.import_battle import ImportDialog
            from textual.widgets import OptionList, Static

            app = pilot.app
            await pilot.press("n")
            await until(pilot, lambda: app.focused is not None and app.focused.id == "new-ruleset")
            await pilot.press("ctrl+o")
            await until(pilot, lambda: isinstance(app.screen, ImportDialog))
            files = app.screen.query_one("#import-files", OptionList)
            await until(pilot, lambda: app.focused is files)
            await pilot.press("down")
            preview = app.screen.query_one("#import-preview", Static)
            await until(pilot, lambda: "Americans (2)" in str(preview.render()))
            await pilot.pause()

        app = make_app(start="menu", scenario_folder=SHEETS)
        assert snap_compare(app, terminal_size=SIZE, run_before=run)
