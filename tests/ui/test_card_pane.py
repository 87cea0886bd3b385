"""The unit card's pane (widgets/card_pane.py): what it draws, its scrollbar, and that a card of
another height costs the screen one layout, not two or three (tests/bench)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from drumhead.screens.widgets.card_pane import CardPane
from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import Screen

PANE = (30, 8)
"""The pane's width and height in the test app."""


def card(lines: int, name: str = "Red Line Regiment") -> Text:
    text = Text(name + "\n", style="bold underline")
    for n in range(1, lines):
        text.append(f"Row {n}", style="bold")
        text.append(f"  value {n}\n")
    return text.rstrip() or text


class PaneApp(App[None]):
    CSS = f"CardPane {{ width: {PANE[0]}; height: {PANE[1]}; }}"

    def compose(self) -> ComposeResult:
        yield CardPane(id="unit-card")


def drawn(pane: CardPane) -> list[str]:
    """The pane's lines as painted (the text of each, trailing spaces cut)."""
    return [pane.render_line(y).text.rstrip() for y in range(pane.size.height)]


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many times the screen was laid out."""
    count = [0]
    layout = Screen._refresh_layout

    def counted(self: Screen[object], *args: object, **kwargs: object) -> None:
        count[0] += 1
        layout(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    yield count


async def test_a_card_that_fits_is_drawn_whole_without_a_scrollbar() -> None:
    app = PaneApp()
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(CardPane)
        pane.show(card(5))
        await pilot.pause()
        assert not pane.show_vertical_scrollbar
        assert drawn(pane)[:5] == ["Red Line Regiment"] + [
            f"Row {n}  value {n}" for n in range(1, 5)
        ]
        assert drawn(pane)[5:] == ["", "", ""]
        assert all(pane.render_line(y).cell_length == PANE[0] for y in range(PANE[1]))


async def test_a_card_taller_than_the_pane_scrolls_beside_its_scrollbar() -> None:
    app = PaneApp()
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(CardPane)
        pane.show(card(12))
        await pilot.pause()
        assert pane.show_vertical_scrollbar and pane.vertical_scrollbar.display
        assert pane.max_scroll_y == 12 - PANE[1]
        bar = pane.styles.scrollbar_size_vertical
        assert pane.scrollable_content_region.width == PANE[0] - bar
        assert drawn(pane)[0] == "Red Line Regiment"
        pane.scroll_to(y=4, animate=False, immediate=True)
        await pilot.pause()
        assert drawn(pane)[0] == "Row 4  value 4"
        assert drawn(pane)[-1] == "Row 11  value 11"
        pane.show(card(12, "Blue Rifles"))  # another unit's card: from its top
        await pilot.pause()
        assert pane.scroll_y == 0 and drawn(pane)[0] == "Blue Rifles"
        pane.show(card(3))  # fits again: the scrollbar goes, the card as wide as the pane
        await pilot.pause()
        assert not pane.show_vertical_scrollbar
        assert pane.scrollable_content_region.width == PANE[0]


async def test_a_long_line_wraps_at_the_width_beside_the_scrollbar() -> None:
    """The card's width is the pane's less the scrollbar's: a line that fits the pane but not
    beside the scrollbar wraps (a card wrapped at the pane's width would be cut)."""
    app = PaneApp()
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(CardPane)
        text = card(10)
        notes = "Notes     word word word last"
        assert PANE[0] - pane.styles.scrollbar_size_vertical < len(notes) <= PANE[0]
        text.append("\n" + notes)
        pane.show(text)
        await pilot.pause()
        assert pane.show_vertical_scrollbar
        pane.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert drawn(pane)[-2:] == ["Notes     word word word", "last"]


async def test_a_card_of_another_height_costs_one_layout(layouts: list[int]) -> None:
    """Fits, overflows, fits: each change lays the screen out once (it was three times when
    the scrollbar came or went, twice when only the card's height changed)."""
    app = PaneApp()
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(CardPane)
        for lines in (12, 4):  # the scrollbar made (once, a layout of its own)
            pane.show(card(lines))
            await pilot.pause()
        for lines in (12, 4, 6, 14, 5):
            before = layouts[0]
            pane.show(card(lines))
            await pilot.pause()
            await pilot.pause()
            assert layouts[0] - before == 1, lines
            assert pane.show_vertical_scrollbar == (lines > PANE[1])
        before = layouts[0]
        pane.show(card(5, "Blue Rifles"))  # the same height: drawn again, no layout
        await pilot.pause()
        assert layouts[0] == before
        assert drawn(pane)[0] == "Blue Rifles"


async def test_a_resized_pane_wraps_its_card_again() -> None:
    app = PaneApp()
    async with app.run_test(size=(60, 20)) as pilot:
        pane = app.query_one(CardPane)
        text = card(3)
        text.append("\nNotes     " + "y" * 15)
        pane.show(text)
        await pilot.pause()
        assert drawn(pane)[3] == "Notes     " + "y" * 15
        pane.styles.width = 20
        await pilot.pause()
        await pilot.pause()
        assert drawn(pane)[3:5] == ["Notes", "y" * 15]


async def test_a_card_shown_before_the_pane_is_laid_out_is_drawn_when_it_is() -> None:
    class Early(PaneApp):
        def on_mount(self) -> None:
            self.query_one(CardPane).show(card(3, "Early Guards"))

    app = Early()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        pane = app.query_one(CardPane)
        assert drawn(pane)[0] == "Early Guards"
