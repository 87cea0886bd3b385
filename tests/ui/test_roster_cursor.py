"""The roster's cursor and the card beside it.

The card is drawn as the cursor moves, in the same frame (widgets/cursor_list.py): Textual's
highlight message was handled after the cursor's frame had gone out, and the card came a frame
later, on every cursor key. A card drawn takes the cursor to its brigade: the brigade's header
at the top of the roster with as many of its units as fit below it (the cursor used to stop at
the roster's bottom edge, the rest of the brigade out of sight, and the next cursor key
scrolled the whole roster)."""

from __future__ import annotations

from drumhead.screens.compat import option_top
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.widgets.card_pane import CardPane
from drumhead.screens.widgets.cursor_list import CursorList
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import list_lines, make_app, open_on_battle


async def test_a_card_drawn_shows_its_brigade_at_the_top_and_its_card_at_once() -> None:
    scenario = load_scenario("cowpens-1781")
    game = new_game(scenario.ruleset, scenario=scenario, seed=5, name="deck")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:  # Cowpens' roster overflows here
        await open_on_battle(pilot, game)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        roster = screen.query_one("#roster", OptionList)
        assert roster.max_scroll_y > 0
        at_top = 0
        for count in range(1, len(game.state.activation.cards) + 1):
            screen.action_draw()  # as the key does, with no frame after it yet
            state = app.session.state
            assert len(state.activation.drawn) == count
            brigade = state.activation.drawn[-1]
            unit = state.unit(screen.selected_unit() or "")
            assert unit.brigade == brigade
            assert screen.shown_card is not None and screen.shown_card.plain.startswith(unit.name)
            first = next(u for u in state.units if u.brigade == brigade)
            assert unit.id == first.id  # the brigade's first unit
            await pilot.pause()
            lines = list_lines(roster)
            header = f"— {brigade.replace('_', ' ')}  ▶ card drawn"
            where = next(i for i, line in enumerate(lines) if line.strip() == header)
            below = " ".join(line.strip() for line in lines[where:])  # a long name wraps
            assert f"▶ {unit.name}" in below, (brigade, lines)
            if roster.scroll_y < roster.max_scroll_y:  # not held back by the roster's end
                assert where == 0, (brigade, lines)
                at_top += 1
        assert at_top >= 3  # most brigades: the last ones may sit at the end of the roster


async def test_the_card_follows_the_cursor_before_any_frame() -> None:
    """Each way the cursor moves draws its unit's card before the app gets to draw a frame:
    keys (the list's own actions, called as a key calls them), a click, the cursor put back
    by the screen."""
    scenario = load_scenario("cowpens-1781")
    game = new_game(scenario.ruleset, scenario=scenario, seed=5, name="cursor")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        roster = screen.query_one("#roster", CursorList)

        def card_is_the_cursors() -> bool:
            unit = screen.selected_unit()
            assert unit is not None and screen.shown_card is not None
            return screen.shown_card.plain.startswith(app.session.state.unit(unit).name + "\n")

        for move in (
            roster.action_cursor_down,
            roster.action_cursor_down,
            roster.action_cursor_up,
            roster.action_page_down,
            roster.action_last,
            roster.action_first,
        ):
            before = screen.selected_unit()
            move()  # no await: nothing drawn since
            assert screen.selected_unit() != before and card_is_the_cursors(), move
        await pilot.pause()
        clicked = roster.get_option_index(game.state.units[2].id)  # on the screen (the top)
        line = option_top(roster, clicked) - round(roster.scroll_y)
        await pilot.click(roster, offset=(10, roster.content_region.y - roster.region.y + line))
        assert screen.selected_unit() == game.state.units[2].id and card_is_the_cursors()
        roster.highlighted = roster.get_option_index(game.state.units[3].id)  # as put back
        assert screen.selected_unit() == game.state.units[3].id and card_is_the_cursors()


async def test_a_cursor_list_tells_of_every_move_and_only_of_moves() -> None:
    class Lists(App[None]):
        def compose(self) -> ComposeResult:
            yield CursorList(*(f"entry {i}" for i in range(30)))

    moves: list[int | None] = []
    app = Lists()
    async with app.run_test(size=(40, 10)) as pilot:
        listed = app.query_one(CursorList)
        listed.cursor_moved = lambda: moves.append(listed.highlighted)
        await pilot.press("down", "down", "end", "up")
        with listed.prevent(OptionList.OptionHighlighted):
            listed.highlighted = 5
        listed.highlighted = 5  # no move: not told
        listed.clear_options()  # no cursor: not told
    assert moves == [1, 2, 29, 28, 5]


async def test_the_units_screen_shows_the_cursors_unit_before_any_frame() -> None:
    """The units screen's list is a CursorList too: its card and fields follow the cursor as
    it moves, and reopening on a unit puts the cursor, the card and the fields on it."""
    from drumhead.screens.views.units import UnitsScreen

    scenario = load_scenario("cowpens-1781")
    game = new_game(scenario.ruleset, scenario=scenario, seed=5, name="units")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        await pilot.press("e")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, UnitsScreen)
        listed = screen.query_one("#unit-list", CursorList)
        card = screen.query_one("#units-card", CardPane)
        fields = screen.query_one("#field-list", OptionList)
        units = game.state.units

        def shows(index: int) -> bool:
            name = card.render_line(0).text.rstrip()  # as drawn
            return screen.unit_id == units[index].id and name == units[index].name

        start = units.index(next(u for u in units if u.id == screen.unit_id))
        listed.action_cursor_down()  # no await: nothing drawn since
        assert shows(start + 1) and fields.option_count > 0
        listed.action_cursor_down()
        listed.action_cursor_up()
        assert shows(start + 1)
        screen.reopen(units[5].id)
        assert shows(5) and listed.highlighted_option is not None
        assert listed.highlighted_option.id == units[5].id
