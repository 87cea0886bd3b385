"""House rules and open questions, played as the players play them (Pilot, keys only).

Issue 20's done-when, what the screens add to it: with "none: ask me when needed", the
assault's question offers the whole Combat Chart, whose infantry section is typed in the grid
editor from there and the roll carries on with the typed cell; the answers, typed from the
palette, are saved from the answers screen as a house-rules file that the new-game screen
then offers. What the game comes to (three assaults from the shipped sample with no question;
a game from the saved file reading its cell with none) is asserted through the session in
tests/session/test_house_desk.py.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from drumhead.screens.dialogs.answers import AnswersScreen
from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.dialogs.grid_editor import CellInput, GridEditor
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.new_game import NewGameScreen
from drumhead.screens.views.resolve import ResolveScreen
from phases import to_phase
from textual.widgets import OptionList

from tests.ui.helpers import make_app, open_resolve, run_command, until
from tests.ui.keys import type_keys

INFANTRY = [
    # the Combat Chart's infantry column, -11 or less down to +11 or more, as a club typed it
    # (players' own values; +2, +3 and +7 are the rules' and are not typed)
    "Attacker 3M 1P",
    "Attacker 3M 1P",
    "Attacker 3M",
    "Attacker 2M 1P",
    "Attacker 2M 1P",
    "Attacker 2M",
    "Attacker 2M",
    "Attacker 1M 1P",
    "Attacker 1M",  # -3: the cell the assault below reads
    "Attacker 1M",
    "Both 1M",
    "Both 1M",
    "Defender 1M",
    # +2, +3: the rules'
    "Defender 2M 1P",
    "Defender 2M 1P",
    "Defender 3M",
    # +7: the rules'
    "Defender 3M 2P",
    "Defender 3M 2P",
    "Defender 4M 2P",
    "Defender 4M 2P",
]
"""Twenty cells: the infantry section less the three the rules give."""


def republique_app(saves: Path) -> object:
    return make_app(saves=str(saves), ruleset="republique", start="menu")


async def new_republique_game(pilot, name: str, house: str | None) -> None:
    """n, Republique (the ruleset highlighted), the Aspern scenario, the house-rules choice
    whose title starts with ``house`` (None: "none: ask me when needed"), the name, Enter."""
    app = pilot.app
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.focused is not None)
    await pilot.press("enter", "enter")  # the ruleset, then the (first) scenario
    houses = app.screen.query_one("#new-house", OptionList)
    await until(pilot, lambda: app.focused is houses)
    if house is not None:
        titles = [str(houses.get_option_at_index(i).prompt) for i in range(houses.option_count)]
        target = next(i for i, t in enumerate(titles) if t.startswith(house))
        for _ in range(target):
            await pilot.press("down")
        await pilot.press("enter")
    await pilot.press(*name, "enter")
    await until(pilot, lambda: isinstance(app.screen, BattleScreen))


async def fill_assault(pilot) -> ResolveScreen:
    """F4 opens the assault (no unit): 4 attacking bases, 3 defending."""
    await open_resolve(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ResolveScreen) and screen.check_id == "assault"
    await pilot.press("4", "enter", "3", "enter")
    await pilot.pause()
    return screen


async def test_ask_me_then_the_whole_infantry_section_typed_from_the_question(
    tmp_path: Path,
) -> None:
    """With "ask me", the assault's roll stops at the missing cell (-3, infantry); the
    question offers the whole chart; the infantry column is typed down with Enter and kept
    with ctrl+s as one event; the roll carries on and reads the typed cell, marked as the
    players'."""
    app = republique_app(tmp_path / "saves")
    async with app.run_test(size=(120, 40)) as pilot:
        app.session.new_game("republique", "ask", scenario="aspern-1809")  # house rules: none
        to_phase(app.session)
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        game = app.session.game
        assert game is not None and game.state.house is None
        screen = await fill_assault(pilot)
        await pilot.press("h", *"5 8", "enter")  # 5 - 8 = -3
        await until(pilot, lambda: isinstance(app.screen, GapModal))
        await pilot.press("ctrl+g")  # "Type the whole chart now"
        await until(pilot, lambda: isinstance(app.screen, GridEditor))
        editor = app.screen
        focused = app.focused
        assert isinstance(focused, CellInput)
        assert (focused.cell.row, focused.cell.column) == ("m3", "infantry")
        for _ in range(8):
            await pilot.press("up")  # to the top of the column: -11 or less
        before = game.event_count
        for value in INFANTRY:
            await type_keys(app, *value, "enter")
        assert editor.refused == {}
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.screen is screen and screen.form.result is not None)
        assert game.event_count == before + 2  # the chart (one event), then the assault
        chart, assault = game.log[-2:]
        assert chart.kind == "set_gaps" and len(chart.data["answers"]) == 20
        assert assault.kind == "resolution"
        result = screen.form.result
        assert result.outcome == "defender_higher" and result.modified == -3
        shown = str(screen.query_one("#result").render())  # the result panel
        assert "Attacker 1M" in shown and "your club" in shown
        while not isinstance(app.screen, BattleScreen):
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("u")  # undo the assault, then the chart: one undo for 20 cells
        assert "chart_infantry_m3" in game.state.gap_values()
        await pilot.press("u")
        assert "chart_infantry_m3" not in game.state.gap_values()
        await pilot.press("ctrl+q")


async def test_answers_saved_as_a_file_start_a_game_that_asks_nothing(tmp_path: Path) -> None:
    """Answers given in one game (a cell of the Combat Chart typed from the palette), saved
    from the answers screen as a house-rules file holding that answer; the new-game screen
    offers that file, and the game started with it holds no answer of its own (its assault
    reads the saved cell with no question: tests/session/test_house_desk.py). The whole
    column typed down with Enter is the test above's."""
    app = republique_app(tmp_path / "saves")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_republique_game(pilot, "first", None)
        await run_command(pilot, "Type chart Combat", "Type chart: Combat")
        await until(pilot, lambda: isinstance(app.screen, GridEditor))
        await type_keys(app, *INFANTRY[0], "enter")  # the editor's first cell
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        await run_command(pilot, "Open questions", "Open questions")
        await until(pilot, lambda: isinstance(app.screen, AnswersScreen))
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*"club-infantry", "enter")
        await until(pilot, lambda: isinstance(app.screen, AnswersScreen))
        saved = tmp_path / "house-rules" / "club-infantry.toml"
        assert tomllib.loads(saved.read_text(encoding="utf-8"))["gaps"] == {
            "chart_infantry_m11_down": INFANTRY[0]
        }
        await pilot.press("escape", "ctrl+w")
        await until(pilot, lambda: app.session.game is None)
        await new_republique_game(pilot, "second", "Republique: our answers")
        game = app.session.game
        assert game is not None and game.state.house is not None
        assert game.state.house.title == "Republique: our answers"  # the file picked
        assert game.state.gap_values() == {}
        await pilot.press("ctrl+q")
