"""The tick list: a ✓ (not colour alone) for ticked entries, and long entries wrapped whole."""

from __future__ import annotations

import pytest
from drumhead.screens.compat import option_lines
from drumhead.screens.widgets.ticks import TickList
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static
from textual.widgets.selection_list import Selection

from tests.ui.helpers import until

LONG = "Higher-quality formed friend seen routing within 12 inches (OIBL p.11 Morale)"


class ListApp(App[None]):
    CSS = "TickList { width: 30; }"

    def compose(self) -> ComposeResult:
        yield TickList[str](
            Selection("Short", "short", True), Selection(LONG, "long", False), compact=True
        )


def lines(app: ListApp) -> list[str]:
    ticks = app.query_one(TickList)
    return [ticks.render_line(y).text for y in range(ticks.size.height)]


async def test_a_long_entry_wraps_whole_under_its_text() -> None:
    app = ListApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        shown = lines(app)
        assert len(shown) == 1 + 4  # "Short", then the long entry on four lines of 26
        assert shown[0].startswith("▐✓▌ Short")
        assert shown[1].startswith("▐ ▌ Higher-quality")
        # the next lines start under the text, not under the box; every word is there
        assert all(line.startswith("    ") and line[4] != " " for line in shown[2:])
        assert " ".join(" ".join(line[4:].split()) for line in shown[1:]) == LONG
        assert "…" not in "".join(shown)


async def test_ticking_a_wrapped_entry_marks_its_first_line_only() -> None:
    app = ListApp()
    async with app.run_test(size=(40, 12)) as pilot:
        ticks = app.query_one(TickList)
        ticks.focus()
        await pilot.press("down", "space")
        assert ticks.selected == ["short", "long"]
        shown = lines(app)
        assert shown[1].startswith("▐✓▌")
        assert "✓" not in "".join(shown[2:])


MOVEMENT = [
    "  -5 45-degree wheel (line only), each (per item)  (MWAN116 Movement: Movement Modifiers)",
    '  -4 Crossing a stream (4"), each (per item)  (MWAN116 Movement: Movement Modifiers '
    "(ruling mwan-move-stream))",
    "x1/2 Rough terrain (half)  (MWAN116 Movement: Movement Modifiers)",
    'x1/2 Formation change (half; at the start of the move, not within 12" of the enemy)  '
    "(MWAN116 Movement: Movement Modifiers)",
]
"""MWAN's movement modifiers as the resolve screen lists them."""


class PanelApp(App[None]):
    """The list in a pane that a side panel narrows when shown, as F1's keys panel does."""

    CSS = """
    #left { width: 1fr; }
    #side { width: 34; display: none; }
    TickList { height: auto; max-height: 16; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            with VerticalScroll(id="left"):
                yield TickList[str](
                    *(Selection(text, str(i)) for i, text in enumerate(MOVEMENT)), compact=True
                )
            yield Static("keys", id="side")


@pytest.mark.parametrize("width", [60, 63, 64])
async def test_an_entry_keeps_its_last_line_when_a_scrollbar_narrows_the_list(width: int) -> None:
    """The panel narrows the list, which then outgrows its 16 lines: a scrollbar comes, and
    narrows the entries by two more cells without a size event. Each entry is shown whole at
    that width (it was given the lines it had without the scrollbar: "Movement: Movement"
    with "Modifiers)" lost, on the resolve screen with the keys panel open)."""
    app = PanelApp()
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        app.query_one("#side").display = True
        ticks = app.query_one(TickList)
        await until(pilot, lambda: ticks.show_vertical_scrollbar)  # the case: it came
        await pilot.pause()
        drawn: dict[int, str] = {}  # every line of the list, by its line number
        for top in (0, ticks.max_scroll_y):
            ticks.scroll_y = top
            for y in range(ticks.size.height):
                drawn[ticks.scroll_offset.y + y] = ticks.render_line(y).text[4:]
        shown: dict[int, list[str]] = {}
        for number, (entry, _) in enumerate(option_lines(ticks)):
            shown.setdefault(entry, []).append(drawn[number])
        assert [" ".join(" ".join(lines).split()) for _, lines in sorted(shown.items())] == [
            " ".join(text.split()) for text in MOVEMENT
        ]


class ScrollbarApp(App[None]):
    """A list that fits, its scrollbar always shown, as the battle's checklist is."""

    CSS = "TickList { width: 40; height: auto; max-height: 30; overflow-y: scroll; }"

    def compose(self) -> ComposeResult:
        yield TickList[str](
            *(Selection(text, str(i)) for i, text in enumerate(MOVEMENT)), compact=True
        )


async def test_a_list_whose_scrollbar_is_always_shown_is_measured_beside_it() -> None:
    """Its height counts the lines its entries wrap to beside the scrollbar: counted at
    the width with the scrollbar's cells, the battle's checklist came up a line short and
    scrolled, its last step's last line hidden although the list had room for it."""
    app = ScrollbarApp()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        ticks = app.query_one(TickList)
        assert ticks.show_vertical_scrollbar
        assert ticks.size.height == len(option_lines(ticks)) > len(MOVEMENT)
        assert ticks.max_scroll_y == 0
