"""The grid editor alone (Pilot, keys only): moving, checking each cell as typed, what it
dismisses. The flows through the app (a check's question, the reference, the palette, the
game keeping the chart as one event) are in test_house_flows.py."""

from __future__ import annotations

from typing import Any

from drumhead.screens.dialogs.grid_editor import REFUSED, TYPED, CellInput, GridEditor, Line
from textual.app import App

from drumhead.errors import InputError
from drumhead.loading.loader import load_ruleset
from drumhead.questions.tables import check_cell, table_view

RULESET = load_ruleset("republique")
TABLE = RULESET.gap_table("combat_chart")
assert TABLE is not None


def check(row: str, column: str, text: str) -> str | None:
    try:
        check_cell(RULESET, "combat_chart", row, column, text)
    except InputError as exc:
        return str(exc)
    return None


class Host(App[None]):
    """Pushes the editor on the Combat Chart (one players' answer at -3 infantry)."""

    CSS_PATH = ["../../screens/styles/drumhead.tcss", "../../screens/styles/screens.tcss"]

    def __init__(self) -> None:
        super().__init__()
        self.result: Any = "not yet"

    def on_mount(self) -> None:
        players = {"chart_infantry_m3": "Attacker 2M"}
        shown = table_view(RULESET, "combat_chart", players, {"chart_infantry_m3": "yours"})
        assert TABLE is not None
        self.push_screen(GridEditor(TABLE, shown, check), self.done)

    def done(self, value: object) -> None:
        self.result = value


def where(app: Host) -> tuple[str, str]:
    focused = app.focused
    assert isinstance(focused, CellInput)
    return focused.cell.row, focused.cell.column


async def test_a_column_typed_with_enter_and_kept() -> None:
    """The focus starts on the first open cell; Enter goes down the column, skipping the
    rules' own cells; ctrl+s dismisses exactly the cells typed."""
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert where(app) == ("m11_down", "infantry")
        await pilot.press(*"Defender 3M", "enter")
        assert where(app) == ("m10", "infantry")
        for _ in range(12):  # down past +2 and +3, the rules' own infantry cells
            await pilot.press("down")
        assert where(app) == ("p4", "infantry")  # +2 and +3 are the rules', skipped
        await pilot.press("up")
        assert where(app) == ("p1", "infantry")
        await pilot.press("tab")
        assert where(app) == ("p1", "cavalry")
        await pilot.press(*"Both 1M 1P", "ctrl+s")
        await pilot.pause()
    assert app.result == {
        ("m11_down", "infantry"): "Defender 3M",
        ("p1", "cavalry"): "Both 1M 1P",
    }


async def test_left_and_right_leave_a_cell_only_at_its_ends() -> None:
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"Both", "left")
        assert where(app) == ("m11_down", "infantry")  # inside the text: the cursor moves
        await pilot.press("right", "right")
        assert where(app) == ("m11_down", "cavalry")
        await pilot.press("left")
        assert where(app) == ("m11_down", "infantry")
        await pilot.press("left")  # the chart's edge: stays
        assert where(app) == ("m11_down", "infantry")


async def test_a_refused_cell_is_marked_and_blocks_keeping() -> None:
    """'Bogus' is refused at once: ✗ beside the cell, the reason under the grid naming the
    cell by its row and column (not the gap id); ctrl+s goes back to it; once fixed, kept."""
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"Bogus", "enter", *"Defender 1M")
        screen = app.screen
        assert screen.query_one("#mark-0-0", Line).text == REFUSED
        assert screen.query_one("#mark-1-0", Line).text == TYPED
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.result == "not yet"
        assert where(app) == ("m11_down", "infantry")
        status = screen.query_one("#grid-status", Line).text
        assert "] ✗ -11 or less · Infantry: 'Bogus' refused; it takes a Combat Chart result" in (
            status
        )
        assert "chart_infantry" not in status
        await pilot.press("ctrl+u", *"Attacker", "ctrl+s")
        await pilot.pause()
    assert app.result == {
        ("m11_down", "infantry"): "Attacker",
        ("m10", "infantry"): "Defender 1M",
    }


async def test_emptying_the_players_answer_takes_it_back() -> None:
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        for _ in range(8):
            await pilot.press("down")
        assert where(app) == ("m3", "infantry")
        await pilot.press("ctrl+u", "ctrl+s")
        await pilot.pause()
    assert app.result == {("m3", "infantry"): ""}


async def test_escape_with_cells_typed_asks_once_more() -> None:
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"Both", "escape")
        await pilot.pause()
        assert app.result == "not yet"
        assert "1 typed cell would be lost" in app.screen.query_one("#grid-status", Line).text
        await pilot.press("escape")
        await pilot.pause()
    assert app.result is None
