"""The players' own scenarios in the new-game screen (Pilot: what the view adds). What is
listed, in what order and with which problem is asserted through the session in
tests/session/test_scenario_folder.py; here: the marks a player reads, the problem on the
right, the folder named, and Enter on a broken file refused in words."""

from __future__ import annotations

from pathlib import Path

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.new_game import NewGameScreen
from textual.widgets import Input, OptionList, Static

from tests.ui.helpers import make_app, until

SHIPPED = Path(__file__).resolve().parents[2] / "data" / "scenarios"
ASPERN = (SHIPPED / "aspern-1809.toml").read_text(encoding="utf-8")


def prompts(listing: OptionList) -> list[str]:
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_yours_marked_a_broken_one_says_why_and_starts_nothing(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "village.toml").write_text(
        ASPERN.replace("Aspern, 21 May 1809", "Our village"), encoding="utf-8"
    )
    (folder / "zz-bad.toml").write_text(
        ASPERN.replace("value = 2\n", 'value = "two"\n', 1), encoding="utf-8"
    )
    app = make_app(
        saves=str(saves), ruleset="republique", start="menu", scenario_folder=str(folder)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await until(
            pilot, lambda: isinstance(app.screen, NewGameScreen) and app.focused is not None
        )
        screen = app.screen
        scenarios = screen.query_one("#new-scenario", OptionList)
        assert prompts(scenarios) == [
            "Aspern, 21 May 1809",
            "Our village  (yours)",
            "✗ zz-bad.toml  (yours: cannot be used)",
            "Empty battlefield (add units yourself)",
        ]
        hint = str(screen.query_one("#scenario-folder", Static).render())
        assert hint == f"Yours: {folder} · ctrl+o imports a CSV or roster"
        detail = screen.query_one("#new-scenario-detail", Static)
        assert not detail.display  # a shipped scenario needs no word on the right

        await pilot.press("enter")  # the ruleset: Republique has no optional rules
        assert app.focused is scenarios
        await pilot.press("down")
        assert detail.display
        assert f"Your scenario: {folder / 'village.toml'}" in str(detail.render())
        await pilot.press("down")
        shown = str(detail.render())
        assert "✗ zz-bad.toml cannot be used" in shown
        assert f"{folder / 'zz-bad.toml'}:" in shown and "leaders.0.value" in shown
        await pilot.press("enter")  # refused: the focus stays on the list
        assert app.focused is scenarios
        assert "cannot be used" in str(screen.query_one("#new-error", Static).render())
        # a name typed and Enter: still refused, nothing saved
        await pilot.press(*"sunday", "enter")
        assert app.session.game is None
        assert not (saves / "sunday.toml").exists()

        # the player's own good one starts the game
        await pilot.press("up")
        assert app.focused is scenarios
        await pilot.press("enter")
        name = screen.query_one("#new-name", Input)
        assert app.focused is screen.query_one("#new-house", OptionList)
        name.focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert app.session.state.scenario == "village"
        await pilot.press("ctrl+q")
