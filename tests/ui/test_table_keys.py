"""Keyboard and focus as found at the table (issue: every tick counts, item 4): each test
drives the app by keys as a player does and checks what the player then sees."""

from __future__ import annotations

from drumhead.screens.battle import BattleScreen
from drumhead.screens.pick_unit import UnitPickModal
from drumhead.screens.resolve import ResolveScreen
from textual.widgets import OptionList

from tests.ui.helpers import cards_app, start_game, until


async def test_the_unit_picker_lists_the_enemy_first_and_marks_friends() -> None:
    """Blue Rifles fire and a hit lands on 'the opponent': the picker offers the Red units
    first; Blue's own units come after, each marked as a friend in words."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        app.action_open_resolve("fire", "blue_rifles")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await pilot.press("h", "4", "enter", "a")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        picker = app.screen
        assert isinstance(picker, UnitPickModal)
        listed = picker.query_one("#pick-unit", OptionList)
        entries = [listed.get_option_at_index(i) for i in range(listed.option_count)]
        assert [e.id for e in entries] == ["red_line", "red_militia", "blue_guards", "blue_horse"]
        prompts = [str(e.prompt) for e in entries]
        assert [p.endswith("friend") for p in prompts] == [False, False, True, True]
        assert "Red" in prompts[0]  # the side's name, not its id
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert app.game is not None
        assert app.game.state.unit("red_line").strength_now == 20 - 4


async def test_q_saves_and_quits_like_ctrl_q() -> None:
    """q on the battle screen saves the game (the roll just made included), releases it and
    leaves; the save opens again with everything in it."""
    from drumhead.saves import SaveSession, list_saves

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await pilot.press("h", "3", "enter", "a")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert app.game is not None
        played = app.game.state
        await pilot.press("q")
        await until(pilot, lambda: app.game is None)
    (info,) = list_saves(app.saves_folder())
    assert not info.locked
    session, game = SaveSession.open(info.path)
    try:
        assert game.state == played
    finally:
        session.close()


async def test_q_types_in_a_text_field() -> None:
    """In the roster's filter, q is a letter (a unit named 'Queen's Rangers' must be found)."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await pilot.press("slash", "q")
        assert app.game is not None
        assert app.screen.query_one("#roster-filter").value == "q"  # type: ignore[attr-defined]
