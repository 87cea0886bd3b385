"""The unit card's pane (widgets/card_pane.py): what it draws, what it says of the lines out of
sight, and that a new card or a resized pane costs the screen one layout, not two or three
(tests/bench)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

import pytest
from drumhead.screens.widgets.card_pane import CardPane
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen

PANE = (30, 8)
"""The pane's width and height in the test app."""


def card(lines: int, name: str = "Red Line Regiment") -> Text:
    """A card of ``lines`` lines (its name, then rows), without a last newline."""
    text = Text(name, style="bold underline")
    for n in range(1, lines):
        text.append("\n")
        text.append(f"Row {n}", style="bold")
        text.append(f"  value {n}")
    return text


class PaneApp(App[None]):
    CSS = f"CardPane {{ width: {PANE[0]}; height: {PANE[1]}; }}"

    def compose(self) -> ComposeResult:
        yield CardPane(id="unit-card")


def drawn(pane: CardPane) -> list[str]:
    """The pane's lines as painted (the text of each, trailing spaces cut)."""
    return [pane.render_line(y).text.rstrip() for y in range(pane.size.height)]


@asynccontextmanager
async def open_pane() -> AsyncIterator[tuple[Pilot[None], CardPane]]:
    """The test app running at 60x20, and its pane."""
    app = PaneApp()
    async with app.run_test(size=(60, 20)) as pilot:
        yield pilot, app.query_one(CardPane)


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


async def test_a_card_that_fits_is_drawn_whole() -> None:
    async with open_pane() as (pilot, pane):
        pane.show(card(5))
        await pilot.pause()
        assert drawn(pane)[:5] == ["Red Line Regiment"] + [
            f"Row {n}  value {n}" for n in range(1, 5)
        ]
        assert drawn(pane)[5:] == ["", "", ""]
        assert all(pane.render_line(y).cell_length == PANE[0] for y in range(PANE[1]))
        assert not pane.show_vertical_scrollbar and pane.max_scroll_y == 0


async def test_a_taller_card_says_what_is_out_of_sight_and_scrolls_by_the_wheel() -> None:
    async with open_pane() as (pilot, pane):
        pane.show(card(12))  # 12 lines in 8
        await pilot.pause()
        assert not pane.show_vertical_scrollbar  # the card keeps the pane's whole width
        assert pane.max_scroll_y == 12 - PANE[1]
        assert drawn(pane)[0] == "Red Line Regiment"
        assert drawn(pane)[6] == "Row 6  value 6"
        assert drawn(pane)[7] == "▼ 5 more lines: mouse wheel"  # rows 7 to 11
        marker = next(iter(pane.render_line(7)))
        assert marker.style is not None and marker.style == (
            pane.visual_style.rich_style + pane.get_component_rich_style("card-pane--more")
        )
        assert marker.style.italic  # told apart from the card's own lines
        pane.post_message(mouse_scroll_down(pane))  # a turn of the wheel: 2 lines (Textual)
        await pilot.pause()
        assert pane.scroll_y == 2
        assert drawn(pane)[0] == "▲ 3 lines above"  # rows 0 to 2
        assert drawn(pane)[1:7] == [f"Row {n}  value {n}" for n in range(3, 9)]
        assert drawn(pane)[7] == "▼ 3 more lines: mouse wheel"  # rows 9 to 11
        pane.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert pane.scroll_y == 4
        assert drawn(pane)[0] == "▲ 5 lines above"
        assert drawn(pane)[-1] == "Row 11  value 11"  # the end: nothing below
        pane.show(card(12, "Blue Rifles"))  # another unit's card: from its top
        await pilot.pause()
        assert pane.scroll_y == 0 and drawn(pane)[0] == "Blue Rifles"
        pane.scroll_end(animate=False, immediate=True)
        pane.show(card(3))  # one that fits, shown from its top though the last was scrolled
        await pilot.pause()
        assert pane.scroll_y == 0 and drawn(pane)[:4] == [
            "Red Line Regiment",
            "Row 1  value 1",
            "Row 2  value 2",
            "",
        ]


def mouse_scroll_down(pane: CardPane) -> events.MouseScrollDown:
    return events.MouseScrollDown(pane, 1, 1, 0, 1, 0, False, False, False, screen_x=1, screen_y=1)


async def test_a_card_of_another_height_costs_one_layout(layouts: list[int]) -> None:
    """Fits, overflows, fits: each new card lays the screen out once (it was three times
    when a scrollbar came or went, twice when only the card's height changed), and a card
    of the same height not at all."""
    async with open_pane() as (pilot, pane):
        pane.show(card(4))
        await pilot.pause()
        for lines in (12, 4, 6, 14, 5):
            before = layouts[0]
            pane.show(card(lines))
            await pilot.pause()
            await pilot.pause()
            assert layouts[0] - before == 1, lines
        before = layouts[0]
        pane.show(card(5, "Blue Rifles"))
        await pilot.pause()
        assert layouts[0] == before
        assert drawn(pane)[0] == "Blue Rifles"


async def test_a_pane_resized_costs_no_layout_of_its_own(layouts: list[int]) -> None:
    """A phase with a taller or shorter checklist resizes the pane: the card, wrapped at
    the same width, is not measured again, and the screen is laid out only for the resize."""
    async with open_pane() as (pilot, pane):
        pane.show(card(10))
        await pilot.pause()
        for height in (12, 6, 9):
            before = layouts[0]
            pane.styles.height = height
            await pilot.pause()
            await pilot.pause()
            assert layouts[0] - before == 1, height
            assert len(drawn(pane)) == height
            assert drawn(pane)[-1] == (
                "" if height > 10 else f"▼ {11 - height} more lines: mouse wheel"
            )


async def test_a_scrolled_card_in_a_taller_pane_shows_no_blank_lines_below_it() -> None:
    async with open_pane() as (pilot, pane):
        pane.show(card(12))
        await pilot.pause()
        pane.scroll_end(animate=False, immediate=True)
        pane.styles.height = 10
        await pilot.pause()
        await pilot.pause()
        assert pane.scroll_y == 2 and drawn(pane)[-1] == "Row 11  value 11"


async def test_the_cards_last_newline_is_not_a_line_more_to_see() -> None:
    async with open_pane() as (pilot, pane):
        pane.show(card(8) + Text("\n"))  # as widgets/cards.unit_card ends
        await pilot.pause()
        assert len(pane.lines) == PANE[1] and pane.max_scroll_y == 0
        assert drawn(pane)[-1] == "Row 7  value 7"


async def test_a_theme_switched_draws_the_card_in_the_new_colours() -> None:
    async with open_pane() as (pilot, pane):
        pane.show(card(3))
        await pilot.pause()
        before = pane.visual_style.rich_style.bgcolor
        app = pilot.app
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        await pilot.pause()
        after = pane.visual_style.rich_style.bgcolor
        assert after != before
        for y in range(3):
            segment = next(iter(pane.render_line(y)))
            assert segment.style is not None and segment.style.bgcolor == after, y


async def test_a_resized_pane_wraps_its_card_again() -> None:
    async with open_pane() as (pilot, pane):
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


async def test_the_units_screen_keeps_its_fields_in_sight_beside_a_long_card() -> None:
    """A unit with an evening's notes: its card was as tall as the notes, and pushed the
    fields (what the units screen is for) off the bottom of an 80x24 screen."""
    from drumhead.screens.views.units import UnitsScreen
    from textual.widgets import OptionList

    from drumhead.game import load_scenario, new_game
    from tests.ui.helpers import make_app, open_on_battle, until

    scenario = load_scenario("cowpens-1781")
    game = new_game(scenario.ruleset, scenario=scenario, seed=5, name="notes")
    unit = game.state.units[0]
    notes = "\n".join(f"T{n}: held the ford" for n in range(30))
    game.edit_unit(unit.id, "notes", notes, at="2026-11-26T20:00:00Z")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_on_battle(pilot, game)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, UnitsScreen) and app.screen.is_mounted)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, UnitsScreen) and screen.unit_id == unit.id
        pane = screen.query_one("#units-card", CardPane)
        fields = screen.query_one("#field-list", OptionList)
        assert pane.size.height <= screen.size.height // 2
        assert drawn(pane)[0] == unit.name
        assert drawn(pane)[-1].startswith("▼ ") and "more lines" in drawn(pane)[-1]
        assert fields.region.height >= 5 and fields.region.bottom <= screen.size.height
        assert fields.option_count and fields.region.y > pane.region.bottom


async def test_the_battle_card_reads_on_by_keys() -> None:
    """shift+↓ and shift+↑ scroll the battle screen's card (it has no focus of its own, and
    the wheel is not every player's), and its last line names the key."""
    from drumhead.screens.views.battle import BattleScreen

    from tests.ui.helpers import cards_app, start_game, until

    app = cards_app()
    async with app.run_test(size=(80, 16)) as pilot:
        await start_game(pilot)
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        pane = app.screen.query_one("#unit-card", CardPane)
        await until(pilot, lambda: pane.max_scroll_y > 0)  # the card overflows at 80x16
        assert drawn(pane)[-1].startswith("▼ ") and drawn(pane)[-1].endswith("shift+↓")
        await pilot.press("shift+down")
        assert pane.scroll_y == min(3, pane.max_scroll_y)
        await pilot.press("shift+down", "shift+down", "shift+down")
        assert pane.scroll_y == pane.max_scroll_y  # no further than the card
        await pilot.press("shift+up")
        assert pane.scroll_y == max(0, pane.max_scroll_y - 3)
        assert app.screen.query_one("#roster").has_focus  # the cursor stays in the roster
