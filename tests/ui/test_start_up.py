"""Start-up: what the first frame holds, and the shortcuts that make it quick (see
tests/bench/bench_app.py) without changing what the player gets."""

from __future__ import annotations

import pytest
from drumhead.screens.app import DrumheadApp
from drumhead.screens.battle import BattleScreen
from drumhead.screens.start import StartScreen
from textual.widgets import OptionList
from textual.widgets._footer import FooterKey

from drumhead.cli.main import main
from tests.ui.helpers import cards_app, start_game


# -- the command --------------------------------------------------------------------------
def test_plain_drumhead_opens_the_app_on_the_default_saves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[str | None] = []
    monkeypatch.setattr(DrumheadApp, "run", lambda self: opened.append(self.saves))
    assert main([]) == 0
    assert main(["--saves", "/tmp/our-games"]) == 0
    assert opened == [None, "/tmp/our-games"]


# -- the first frame ------------------------------------------------------------------------
async def test_the_start_screen_is_built_whole_before_it_is_first_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The lists are filled and the footer has its keys when the screen is mounted, so the
    first frame shows them, not an empty frame that fills in a moment later."""
    seen: dict[str, int] = {}
    on_mount = StartScreen.on_mount

    def record(self: StartScreen) -> None:
        seen["rulesets"] = self.query_one("#rulesets", OptionList).option_count
        seen["saves"] = self.query_one("#saves", OptionList).option_count
        seen["keys"] = len(self.query(FooterKey))
        on_mount(self)

    monkeypatch.setattr(StartScreen, "on_mount", record)
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert seen["rulesets"] == len(app.ruleset_ids())
    assert seen["saves"] == 1  # "No saved games yet"
    assert seen["keys"] >= 3  # n New game, o Resume save, F1 Keys


async def test_the_start_screen_is_the_base_of_the_stack() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        assert [type(s) for s in app.screen_stack] == [StartScreen]
        await start_game(pilot)
        assert [type(s) for s in app.screen_stack] == [StartScreen, BattleScreen]
        await pilot.press("f3")
        await pilot.pause()
        app.action_close_game()  # the palette's "Close game", from the reference over the battle
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [StartScreen]
        assert app.game is None


async def test_back_on_the_start_screen_the_last_played_save_is_highlighted() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot, "mill")
        await pilot.press("ctrl+w")
        await pilot.pause()
        saves = app.screen.query_one("#saves", OptionList)
        assert saves.highlighted == 0
        option = saves.get_option_at_index(0)
        assert str(option.prompt).startswith("mill · ")
