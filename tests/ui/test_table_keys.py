"""Keyboard and focus as found at the table (issue: every tick counts, item 4): each test
drives the app by keys as a player does and checks what the player then sees."""

from __future__ import annotations

from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.resolve import ResolveScreen
from textual.widgets import OptionList

from tests.ui.helpers import cards_app, open_on_battle, start_game, until


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
        assert app.session.game is not None
        assert app.session.game.state.unit("red_line").strength_now == 20 - 4


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
        assert app.session.game is not None
        played = app.session.game.state
        await pilot.press("q")
        await until(pilot, lambda: app.session.game is None)
    (info,) = list_saves(app.session.saves_folder())
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
        assert app.session.game is not None
        assert app.screen.query_one("#roster-filter").value == "q"  # type: ignore[attr-defined]


async def test_new_game_a_name_typed_on_any_list_goes_to_the_name() -> None:
    """n, Enter on the ruleset, then the name typed straight away (no Tabs counted: the
    focus was on the optional rules), Enter: the game starts under that name. The step with
    the focus is marked ▶ all along."""
    from textual.widgets import Label

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: app.screen.query("#new-ruleset"))
        marked = [str(label.render()) for label in app.screen.query(".step")]
        assert [m.startswith("▶") for m in marked] == [True, False, False, False, False]
        await pilot.press("enter")  # the ruleset: the focus moves on to the next step
        assert app.focused is not None and app.focused.id != "new-name"
        current = app.screen.query_one(".step.-current", Label)
        assert str(current.render()).startswith("▶")
        await pilot.press(*"quatre-bras", "enter")  # q types: it does not quit here
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert app.session.game is not None and app.session.game.state.name == "quatre-bras"


async def test_escape_leaves_a_field_before_it_leaves_the_screen() -> None:
    """In a count on the resolve screen, Escape leaves the field (for the modifiers); a
    second Escape goes back to the battle. In the gap question, Escape leaves the value's
    field first; a second puts the question off."""
    from drumhead.screens.dialogs.gap import GapModal

    from tests.ui.helpers import make_app
    from tests.ui.rulesets import GAP_TEST

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        screen = app.screen
        chain = [w.id for w in screen.focus_chain]
        await pilot.press(*["tab"] * (chain.index("in-figures_lost") - chain.index("mods")))
        assert app.focused is not None and app.focused.id == "in-figures_lost"
        await pilot.press("escape")
        assert app.screen is screen and app.focused is not None and app.focused.id == "mods"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))

    gaps = make_app(ruleset="gap-test", ruleset_files=(GAP_TEST,))
    async with gaps.run_test(size=(120, 40)) as pilot:
        await pilot.press("f4")
        await until(pilot, lambda: isinstance(gaps.screen, GapModal))
        question = gaps.screen
        await pilot.press("escape")
        assert gaps.screen is question and gaps.focused is not None
        assert gaps.focused.id == "gap-ok"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(gaps.screen, ResolveScreen))


async def test_back_on_the_battle_one_cursor_is_live() -> None:
    """Whichever way the players come back from a check (Escape, applying, a unit picked),
    the roster or the checklist has the focus: the one they left, never neither."""
    from textual.widgets import SelectionList

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        roster = battle.query_one("#roster", OptionList)
        steps = battle.query_one("#steps", SelectionList)

        async def back() -> None:
            await until(pilot, lambda: app.screen is battle)
            await pilot.pause()

        await pilot.press("m")  # from the roster, Escape back
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await pilot.press("escape")
        await back()
        assert roster.has_focus and not steps.has_focus
        await pilot.press("s", "m")  # from the checklist, a roll applied
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await pilot.press("h", "3", "enter", "a")
        await back()
        assert steps.has_focus and not roster.has_focus
        await pilot.press("s")  # the roster again; a fire whose hit needs a unit picked
        app.action_open_resolve("fire", "blue_rifles")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await pilot.press("h", "4", "enter", "a")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        await pilot.press("enter")
        await back()
        assert roster.has_focus and not steps.has_focus


async def test_a_general_with_the_unit_ticks_its_box_visibly_and_editably() -> None:
    """MWAN close combat for the 4th Virginia, whose general is with it: 'A general is with
    the attacking unit' shows ticked (+1 in the odds); unticked by the player, the +1 goes."""
    from textual.widgets import Checkbox

    from drumhead.game import load_scenario, new_game
    from tests.ui.helpers import make_app

    game = new_game(
        "mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=2, name="bull"
    )
    game.edit_unit("va4", "state", "charge_to_combat", at="t")  # a frontal attack needs it
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        app.action_open_resolve("close_combat", "va4")
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, ResolveScreen)
                and app.screen.check_id == "close_combat"
                and bool(app.screen.query("#in-general"))
            ),
        )
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        box = screen.query_one("#in-general", Checkbox)
        assert box.value is True and screen.values["general"] is True
        assert "+1" in str(screen.query_one("#needed").content)
        chain = [w.id for w in screen.focus_chain]
        here = chain.index(app.focused.id) if app.focused is not None else 0
        await pilot.press(*["tab"] * (chain.index("in-general") - here), "space")
        assert box.value is False and screen.values["general"] is False
        assert "+1" not in str(screen.query_one("#needed").content).split("Modifiers:")[-1]


async def test_new_game_a_fast_typed_name_keeps_its_spaces_and_ticks_nothing() -> None:
    """Keys typed faster than the focus moves (a paste, a quick typist, tmux): the space in
    'wave test' is the name's, not a tick of the optional rule under the cursor."""
    from textual import events
    from textual.widgets import Input, SelectionList

    from tests.ui.helpers import make_app

    app = make_app(ruleset="rank-and-file")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: app.screen.query("#new-ruleset"))
        await pilot.press("enter")  # Rank and File: the focus moves to its optional rules
        options = app.screen.query_one("#new-options", SelectionList)
        await until(pilot, lambda: options.has_focus)
        ticked = list(options.selected)
        for char in "wave test":  # all at once, no pause between them
            app.post_message(events.Key("space" if char == " " else char, char))
        name = app.screen.query_one("#new-name", Input)
        await until(pilot, lambda: name.value == "wave test")
        assert list(options.selected) == ticked


async def test_an_army_level_result_never_asks_for_a_unit_nor_lands_on_a_card() -> None:
    """MWAN initiative from the battle screen with a unit selected: rolled and applied, its
    notes go to the log; no picker asks for a unit, no card gets a note."""
    from drumhead.game import load_scenario, new_game
    from tests.ui.helpers import make_app

    game = new_game(
        "mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=2, name="bull"
    )
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_on_battle(pilot, game)
        notes = {u.id: u.notes for u in game.state.units}
        app.action_open_resolve("initiative", "va4")
        await until(
            pilot,
            lambda: isinstance(app.screen, ResolveScreen) and app.screen.check_id == "initiative",
        )
        await pilot.press("r")
        await until(pilot, lambda: app.screen.result is not None)  # type: ignore[attr-defined]
        await pilot.press("a")
        await until(pilot, lambda: not isinstance(app.screen, ResolveScreen))
        assert isinstance(app.screen, BattleScreen)  # no unit picker came up
        assert {u.id: u.notes for u in game.state.units} == notes
        applied = game.log[-1]
        assert applied.kind == "apply_effects"
        assert all("unit" not in e for e in applied.data["effects"])


async def test_the_unit_picker_after_the_roll_offers_the_unit_last_fired_at_first() -> None:
    """Blue Rifles fire at Red Militia (the second enemy listed); next time the picker offers
    Red Militia first, then the other enemy, then friends."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        for _ in range(2):
            app.action_open_resolve("fire", "blue_rifles")
            await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
            await pilot.press("h", "1", "enter", "a")
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            listed = app.screen.query_one("#pick-unit", OptionList)
            order = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
            if listed.highlighted == 0 and order[0] == "red_line":
                await pilot.press("down")  # the first time: Red Militia, below Red Line
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert order == ["red_militia", "red_line", "blue_guards", "blue_horse"]
        game = app.session.game
        assert game is not None
        applied = [e for e in game.log if e.kind == "apply_effects"]
        assert [a.data["effects"][0]["unit"] for a in applied] == ["red_militia", "red_militia"]
