"""Importing an order of battle from the new-game screen, by keys (Pilot: what the view adds).
What an import gives (units by side, problems with their rows, the game started, the file
kept) is asserted through the session in tests/session/test_import_at_the_table.py; here:
ctrl+o in the footer and the palette, where the focus lands, Escape backing out, Enter
refused in words on a file with problems, and the import listed and started as a scenario."""

from __future__ import annotations

import shutil
from pathlib import Path

from drumhead.screens.commands import palette_commands
from drumhead.screens.dialogs.import_battle import ImportDialog
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.new_game import NewGameScreen
from drumhead.screens.widgets.footer import KeysFooter
from textual.widgets import Input, OptionList, Static

from tests.ui.helpers import make_app, until

SHEETS = Path(__file__).resolve().parent / "scenarios"
"""A good One If By Land sheet (cowpens-club.csv) and one with two bad cells (typos.csv)."""


async def test_ctrl_o_previews_escape_backs_out_enter_lists_it_and_it_starts(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "scenarios"
    shutil.copytree(SHEETS, folder)
    saves = tmp_path / "saves"
    app = make_app(saves=str(saves), start="menu", scenario_folder=str(folder))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await until(
            pilot, lambda: isinstance(app.screen, NewGameScreen) and app.focused is not None
        )
        screen = app.screen
        assert app.session.ruleset_id == "one-if-by-land"
        rulesets = screen.query_one("#new-ruleset", OptionList)
        assert app.focused is rulesets
        footer = screen.query_one(KeysFooter).keys()
        assert ("ctrl+o", "import_battle", "Import", True) in [k[:4] for k in footer]
        assert "Import an order of battle" in [c.text for c in palette_commands(app)]

        # ctrl+o: the dialog, its file list focused on the first file, previewed
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, ImportDialog))
        dialog = app.screen
        files = dialog.query_one("#import-files", OptionList)
        await until(pilot, lambda: app.focused is files)
        assert files.highlighted == 0
        preview = dialog.query_one("#import-preview", Static)
        await until(pilot, lambda: str(preview.render()).startswith("✓ cowpens-club.csv: 4 units"))
        shown = dialog.query_one(KeysFooter).keys()
        assert [k[:3] for k in shown] == [
            ("enter", "use", "Use for this game"),
            ("escape", "cancel", "Back"),
            ("ctrl+k", "keep", "Keep as scenario"),
        ]
        assert "Import an order of battle" not in [c.text for c in palette_commands(app)]

        # Escape: back where the player was, nothing listed
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert app.focused is rulesets
        scenarios = screen.query_one("#new-scenario", OptionList)
        assert "imported:" not in [
            scenarios.get_option_at_index(i).id for i in range(scenarios.option_count)
        ]

        # the file with problems: Enter refused in words, ctrl+k dimmed, the dialog stays
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, ImportDialog))
        dialog = app.screen
        files = dialog.query_one("#import-files", OptionList)
        await until(pilot, lambda: app.focused is files)
        await pilot.press("down")
        preview = dialog.query_one("#import-preview", Static)
        await until(pilot, lambda: "row 3, column Quality" in str(preview.render()))
        shown = dialog.query_one(KeysFooter).keys()
        assert [k[3] for k in shown] == [False, True, False]  # enabled: Back alone
        await pilot.press("enter")
        assert app.screen is dialog
        error = str(dialog.query_one("#import-error", Static).render())
        assert error.startswith("✗ typos.csv cannot be used: correct the problems listed")
        await pilot.press("ctrl+k")
        assert app.screen is dialog
        assert sorted(p.name for p in folder.iterdir()) == ["cowpens-club.csv", "typos.csv"]

        # the good one: Enter lists it as the scenario picked, the focus on the next step
        # (One If By Land has no house-rules file: the save's name)
        await pilot.press("up", "enter")
        await until(pilot, lambda: app.screen is screen)
        name = screen.query_one("#new-name", Input)
        await until(pilot, lambda: app.focused is name)
        assert scenarios.get_option_at_index(scenarios.highlighted or 0).id == "imported:"
        assert str(scenarios.get_option_at_index(scenarios.highlighted or 0).prompt) == (
            "cowpens-club.csv  (imported: 4 units)"
        )
        assert "Americans (2)" in str(screen.query_one("#new-scenario-detail", Static).render())

        await pilot.press(*"club-night", "enter")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        state = app.session.state
        assert state.scenario == "cowpens-club"
        assert [u.name for u in state.units] == [
            "1st Maryland",
            "Virginia militia",
            "71st Highlanders",
            "17th Light Dragoons",
        ]
        assert (saves / "club-night.toml").is_file()
        await pilot.press("ctrl+q")


async def test_with_no_file_the_dialog_says_where_to_put_one(tmp_path: Path) -> None:
    """No folder yet: the palette's command opens the dialog, which names the folder and what
    goes in it; Enter and ctrl+k are dimmed; Escape goes back."""
    folder = tmp_path / "club"
    app = make_app(saves=str(tmp_path / "saves"), start="menu", scenario_folder=str(folder))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await until(
            pilot, lambda: isinstance(app.screen, NewGameScreen) and app.focused is not None
        )
        screen = app.screen
        assert not screen.query_one("#scenario-folder", Static).display  # no folder to name
        (command,) = [c for c in palette_commands(app) if c.text == "Import an order of battle"]
        command.run()
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, ImportDialog) and bool(app.screen.query("#import-error"))
            ),
        )
        dialog = app.screen
        said = str(dialog.query_one("#import-preview", Static).render())
        assert said.startswith(f"No CSV or roster file in {folder}.")
        assert "drumhead scenario template one-if-by-land" in said
        assert not dialog.query_one("#import-files", OptionList).display
        shown = dialog.query_one(KeysFooter).keys()
        assert [k[3] for k in shown] == [False, True, False]  # nothing to use or keep
        await pilot.press("enter")
        assert app.screen is dialog
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert not folder.exists()  # nothing made up
        await pilot.press("ctrl+q")
