"""The tick list: a ✓ (not colour alone) for ticked entries, and long entries wrapped whole."""

from __future__ import annotations

from drumhead.screens.widgets.ticks import TickList
from textual.app import App, ComposeResult
from textual.widgets.selection_list import Selection

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
