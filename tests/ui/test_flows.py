"""Pilot flows: what players do at the table, by keyboard, checked against the game's state."""

from __future__ import annotations

from pathlib import Path

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.resolve import ResolveScreen
from textual.app import SystemCommand
from textual.widgets import OptionList, Static

from drumhead.saves import list_saves
from tests.ui.helpers import cards_app, initiative_app, make_app, start_game


async def test_morale_flow_undo_redo_autosave_resume() -> None:
    """New game from a scenario -> morale test with a ticked modifier -> hand-entered dice ->
    apply -> undo -> redo -> autosave -> quit -> resume -> the same state."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert app.session.game is not None
        # Red Line Regiment (shaken, 20 figures): down x3 from 1st Blue Guards
        await pilot.press("down", "down", "down")
        assert app.screen.selected_unit() == "red_line"
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        assert screen.values["quality"] == "regular"
        await pilot.press("down", "space")  # tick "Outflanked" (+2)
        assert screen.ticked == {"flank": 1}
        await pilot.press("h", "6", "enter")  # 6 + 2 = 8 against 7: fails by 1
        await pilot.pause()
        assert screen.result is not None
        assert screen.result.outcome == "shaken"
        assert screen.result.modified == 8
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert app.session.game.state.unit("red_line").state == "rout"  # one step down from shaken
        kinds = [e.kind for e in app.session.game.log]
        assert kinds == ["resolution", "apply_effects"]
        await pilot.press("u")
        assert app.session.game.state.unit("red_line").state == "shaken"
        await pilot.press("U")
        assert app.session.game.state.unit("red_line").state == "rout"
        expected = app.session.game.state
        await app.workers.wait_for_complete()
        await pilot.press("ctrl+q")
    saves = list_saves(app.session.saves_folder())
    assert [s.name for s in saves] == ["mill"]
    assert not saves[0].locked

    again = cards_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, BattleScreen)  # the last game opens by itself
        assert again.session.game is not None
        assert again.session.game.state == expected
        assert [e.kind for e in again.session.game.log] == ["resolution", "apply_effects"]
        await pilot.press("ctrl+q")


async def test_standard_morale_test_takes_three_keys() -> None:
    """From the roster: m (morale test of the highlighted unit), r (roll), a (apply)."""
    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        assert app.session.game is not None
        await pilot.press("m", "r", "a")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        resolution = app.session.game.log[0]
        assert resolution.kind == "resolution"
        assert resolution.data["unit"] == "blue_guards"
        # the officer attached to the Guards was counted automatically
        mods = resolution.data["resolution"]["modifiers"]
        assert [m["id"] for m in mods] == ["leader"]
        assert mods[0]["value"] == -2
        await pilot.press("ctrl+q")


async def test_draw_the_brigade_deck_through_a_turn() -> None:
    """Draw every brigade card, tick the steps, then the next turn reshuffles the deck."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        assert app.session.game is not None
        cards = set(app.session.game.state.activation.cards)
        assert cards == {"blue_first", "blue_second", "red_first", "red_second"}
        for n in range(1, 5):
            await pilot.press("d")
            assert len(app.session.game.state.activation.drawn) == n
            # the roster's cursor (and the card beside it) go to the brigade just drawn
            screen = app.screen
            assert isinstance(screen, BattleScreen)
            selected = screen.selected_unit()
            assert selected is not None
            drawn = app.session.game.state.activation.drawn[-1]
            assert app.session.game.state.unit(selected).brigade == drawn
        assert set(app.session.game.state.activation.drawn) == cards
        await pilot.press("d")  # nothing left: refused with a notice, no event
        assert len(app.session.game.log) == 4
        await pilot.press("s", "space")  # tick "draw" on the checklist
        assert "activation.draw" in app.session.game.state.ticked
        await pilot.press("s", "n")  # back to the roster; next phase: end of turn
        assert app.session.game.state.phase == "end"
        await pilot.press("n")  # after the last phase: turn 2, deck reshuffled
        state = app.session.game.state
        assert (state.turn, state.phase) == (2, "activation")
        assert state.activation.drawn == ()
        assert set(state.activation.deck) == cards
        assert app.session.status().where.startswith("Turn 2")
        await pilot.press("ctrl+q")


async def test_initiative_and_movement_end_sequence() -> None:
    """MWAN-like turn: roll the initiative check from its step, record who won and who moves
    first, move on to movement, tick both moves, and take the movement-end command test."""
    app = initiative_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot, "crossroads")
        assert app.session.game is not None
        assert app.session.game.state.phase == "initiative"
        # the checklist's first step carries the initiative check: c opens it
        await pilot.press("s", "c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        assert screen.check_id == "initiative"
        await pilot.press("h", *"5 2", "enter")
        await pilot.pause()
        assert screen.result is not None and screen.result.outcome == "first"
        await pilot.press("escape")
        await pilot.press("i")
        await pilot.pause()
        # rolled from the checklist, for no unit: whose side won is not known, none offered
        hint = str(app.screen.query_one(".hint", Static).visual)
        assert hint.startswith("Roll it with c")
        await pilot.press("down", "enter")  # Northern won, Southern moves first
        await pilot.pause()
        activation = app.session.game.state.activation
        assert (activation.initiative, activation.first) == ("north", "south")
        await pilot.press("n")
        assert app.session.game.state.phase == "movement"
        if not app.screen.query_one("#steps").has_focus:
            await pilot.press("s")
        await pilot.press("space", "down", "space", "down")
        assert app.session.game.state.ticked >= {"movement.first", "movement.second"}
        await pilot.press("c")  # the movement-end step's command test
        await pilot.pause()
        assert isinstance(app.screen, ResolveScreen)
        assert app.screen.check_id == "command"
        await pilot.press("h", "2", "enter", "a")
        await pilot.pause()
        assert app.session.game.log[-1].kind == "apply_effects"
        await pilot.press("ctrl+q")


async def test_the_initiative_dialog_offers_the_side_the_roll_says_won() -> None:
    """Rolled for a unit, the initiative's outcome names the winning side (the ruleset's
    `winner`): recording it with i starts on that side's line, winner moving first."""
    app = initiative_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot, "crossroads")
        assert app.session.game is not None
        south = next(u for u in app.session.game.state.units if u.side == "south")
        app.action_open_resolve("initiative", south.id)  # as the palette does for a unit
        await pilot.pause()
        await pilot.press("h", *"5 2", "enter")  # the first side, the unit's, wins
        await pilot.pause()
        await pilot.press("escape", "i")
        await pilot.pause()
        choice = app.screen.query_one("#initiative-choice", OptionList)
        assert choice.highlighted is not None
        assert choice.get_option_at_index(choice.highlighted).id == "south|south"
        assert "Rolled this turn: Southern" in str(app.screen.query_one(".hint", Static).visual)
        await pilot.press("enter")
        await pilot.pause()
        activation = app.session.game.state.activation
        assert (activation.initiative, activation.first) == ("south", "south")
        await pilot.press("ctrl+q")


async def test_gap_is_asked_once_and_kept_with_the_game() -> None:
    """A check needing a value the rules lack asks for it once (refusing a bad answer inline),
    keeps it with the game as an event, and later checks use it without asking."""
    from drumhead.screens.dialogs.gap import GapModal

    from tests.ui.helpers import make_app
    from tests.ui.rulesets import GAP_TEST

    app = make_app(ruleset="gap-test", ruleset_files=(GAP_TEST,))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter", "enter", *"gaps", "enter")  # empty battlefield
        await pilot.pause()
        assert app.session.game is not None and app.session.game.state.units == ()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, GapModal)
        await pilot.press(*"lots", "enter")
        assert isinstance(app.screen, GapModal)  # refused: not a whole number
        assert "whole number" in str(app.screen.query_one("#gap-error").render())
        await pilot.press("ctrl+a", "ctrl+k", "4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ResolveScreen)
        assert app.session.game.state.gap_values() == {"nerve": 4}
        assert app.session.game.log[-1].kind == "set_gap"
        await pilot.press("h", "4", "enter")
        await pilot.pause()
        assert app.screen.result is not None and app.screen.result.outcome == "pass"
        await pilot.press("escape", "f4")
        await pilot.pause()
        assert isinstance(app.screen, ResolveScreen)  # not asked again
        await pilot.press("ctrl+q")


async def test_effects_on_the_opponent_go_to_the_unit_picked() -> None:
    """Fire: the hits fall on the opponent, so applying asks which unit that is."""
    from drumhead.screens.dialogs.pick_unit import UnitPickModal

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        assert app.session.game is not None
        app.action_open_resolve("fire", "blue_rifles")  # as the palette command does
        await pilot.pause()
        await pilot.press("h", "4", "enter", "a")
        await pilot.pause()
        assert isinstance(app.screen, UnitPickModal)
        assert [u.id for u in app.screen.units] == [  # the enemy first
            "red_line",
            "red_militia",
            "blue_guards",
            "blue_horse",
        ]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert app.session.game.state.unit("red_line").strength_now == 16
        assert app.session.game.state.unit("blue_rifles").strength_now == 12
        await pilot.press("ctrl+q")


async def test_units_and_leaders_are_edited_by_events() -> None:
    """Correct a unit's strength, add a leader to it and set his rating, remove him, undo:
    every change is an event and the card follows."""
    from drumhead.screens.views.units import UnitsScreen

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        assert app.session.game is not None
        await pilot.press("down", "down")  # Blue Horse
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, UnitsScreen) and app.screen.unit_id == "blue_horse"
        await pilot.press("enter")  # to the fields
        for _ in range(11):  # name ... strength_now
            await pilot.press("down")
        await pilot.press("enter", "7", "enter")
        await pilot.pause()
        assert app.session.game.state.unit("blue_horse").strength_now == 7
        await pilot.press("shift+tab", "A", *"Maj. Blue", "enter")
        await pilot.pause()
        leader = app.session.game.state.leader("maj_blue")
        assert leader.attached_to == "blue_horse" and leader.side == "blue"
        assert app.screen.unit_id == "leader:maj_blue"
        await pilot.press("tab", "down", "down", "down", "enter", "2", "enter")  # value
        await pilot.pause()
        assert app.session.game.state.leader("maj_blue").value == 2
        assert app.session.game.state.leader_with("blue_horse") == app.session.game.state.leader(
            "maj_blue"
        )
        await pilot.press("shift+tab", "x")
        await pilot.pause()
        assert not app.session.game.state.has_leader("maj_blue")
        await pilot.press("u")
        assert app.session.game.state.has_leader("maj_blue")
        kinds = [e.kind for e in app.session.game.log]
        assert kinds == ["edit", "add_leader", "edit"]
        await pilot.press("ctrl+q")


async def test_f1_lists_every_key_including_those_the_footer_leaves_out() -> None:
    """At 80x24 the footer shows the screen's own keys and F1; F1 opens the keys panel, which
    lists the global ones too (roller, reference, resolve, contrast, quit, palette). F1 again
    hides it, kept on the screen (the battle builds it ahead, hidden), and shows it again with
    the keys of the pane focused meanwhile."""
    from textual.widgets import HelpPanel
    from textual.widgets._key_panel import BindingsTable

    def listed() -> str:  # the keys the panel's list would show now
        table = app.screen.query_one(BindingsTable).render_bindings_table()
        return " ".join(str(cell) for column in table.columns for cell in column._cells)

    def showing() -> bool:
        return any(panel.display for panel in app.screen.query(HelpPanel))

    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        assert not showing()
        await pilot.press("f1")
        await pilot.pause()
        assert showing()
        for words in ("Roller", "Reference", "Resolve", "Contrast", "Quit", "palette", "Morale"):
            assert words in listed()
        panel = app.screen.query_one(HelpPanel)
        await pilot.press("f1")
        await pilot.pause()
        assert not showing()
        table = app.screen.query_one(BindingsTable)
        await pilot.press("tab")  # the checklist: other keys
        await pilot.pause()
        assert app.screen.query_one(BindingsTable) is table, "hidden, the list is not rebuilt"
        await pilot.press("f1")
        await pilot.pause()
        assert showing() and app.screen.query_one(HelpPanel) is panel
        assert app.screen.query_one(BindingsTable) is not table, "rebuilt as it shows again"
        await pilot.press("ctrl+q")


async def test_the_palette_shows_and_hides_a_keys_panel_built_ahead() -> None:
    """A screen may hold a keys panel hidden (the battle builds one ahead): the palette's
    "Keys" shows it, then hides it (Textual's offered only to hide it, as there was one)."""
    from drumhead.screens.widgets.keys_panel import hidden_keys_panel
    from textual.widgets import HelpPanel

    def showing() -> bool:
        return any(panel.display for panel in app.screen.query(HelpPanel))

    def keys_command() -> SystemCommand:
        return next(c for c in app.get_system_commands(app.screen) if c.title == "Keys")

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        if not app.screen.query(HelpPanel):
            await app.screen.mount(hidden_keys_panel())
        assert not showing()
        assert "Show" in keys_command().help
        keys_command().callback()
        await pilot.pause()
        assert showing()
        assert "Hide" in keys_command().help
        keys_command().callback()
        await pilot.pause()
        assert not showing() and app.screen.query(HelpPanel), "hidden, kept"
        await pilot.press("ctrl+q")


async def test_an_empty_battlefield_says_how_to_add_units() -> None:
    """A game without a scenario: the roster says that e adds units, instead of standing
    empty; e opens the units screen."""
    from textual.widgets import OptionList

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        # Enter picks the ruleset; down to "Empty battlefield" (the last entry); a name
        await pilot.press("enter", "end", "enter", *"empty", "enter")
        await pilot.pause()
        assert app.session.game is not None and not app.session.game.state.units
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        roster = screen.query_one("#roster", OptionList)
        assert roster.option_count == 1
        only = roster.get_option_at_index(0)
        assert only.disabled and "e adds them" in str(only.prompt)
        assert screen.selected_unit() is None
        await pilot.press("e")
        await pilot.pause()
        assert type(app.screen).__name__ == "UnitsScreen"
        await pilot.press("ctrl+q")


async def test_resuming_tells_the_players_what_the_save_warns_of(tmp_path: Path) -> None:
    """A save that opens with a warning (here: its house rules changed) says so on screen."""
    from drumhead.game import load_scenario, new_game
    from drumhead.saves import SaveSession, save_path

    example = Path(__file__).resolve().parents[2] / "data" / "house-rules"
    house = tmp_path / "house.toml"
    house.write_text((example / "republique-sample-club-values.toml").read_text("utf-8"), "utf-8")
    game = new_game("republique", scenario=load_scenario("aspern-1809"), house_rules=str(house))
    SaveSession.create(save_path(tmp_path, "aspern"), game).close()
    changed = house.read_text("utf-8").replace("troop_grade_elite = 2", "troop_grade_elite = 3")
    house.write_text(changed, "utf-8")

    app = make_app(saves=str(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        for _ in range(40):  # the toast is a message of its own: later on a busy machine
            if app._notifications:
                break
            await pilot.pause(0.05)
        shown = [n.message for n in app._notifications]
        assert any("house rules" in m and "changed" in m for m in shown), shown
        await pilot.press("ctrl+q")


async def test_o_resumes_the_last_played_save_from_the_rulesets_list(tmp_path: Path) -> None:
    """On the start screen the focus is on the saved games (tab: the rulesets); from the
    rulesets o still resumes a save: the one highlighted in the saves list, else the one
    played last (at the top)."""
    from drumhead.game import load_scenario, new_game
    from drumhead.saves import SaveSession, save_path

    for name, at in [("older", "1781-01-10T09:00:00Z"), ("newer", "1781-01-17T09:00:00Z")]:
        game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), name=name)
        game.next_phase(at=at)
        SaveSession.create(save_path(tmp_path, name), game).close()
    app = make_app(saves=str(tmp_path), start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.focused is not None and app.screen.focused.id == "saves"
        await pilot.press("tab")
        assert app.screen.focused is not None and app.screen.focused.id == "rulesets"
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert app.session.game is not None and app.session.game.state.name == "newer"
        await pilot.press("ctrl+q")


async def test_rank_and_file_fire_hits_become_lost_stands_on_the_target(tmp_path: Path) -> None:
    """Fire from the Union regiment (6 stands, 6 dice): three hits for the Confederate front
    wave. Its card has no hits per stand yet, so applying asks (3), keeps it on the card, and
    the hits take one stand; the card then shows the hits toward the next."""
    from drumhead.screens.dialogs.edit_value import EditValueModal
    from drumhead.screens.dialogs.pick_unit import UnitPickModal

    from drumhead.game import load_scenario, new_game
    from drumhead.saves import SaveSession, save_path

    game = new_game("rank-and-file", scenario=load_scenario("rnf-wave-attack"), name="wave")
    # the club's answers: no source gives the fire dice per stand or the ranges
    game.set_gap("fire_dice_per_stand", 1, at="2024-05-01T20:00:00")
    game.set_gap("weapon_ranges", "muskets 12, long from 6", at="2024-05-01T20:00:00")
    SaveSession.create(save_path(tmp_path, "wave"), game).close()
    app = make_app(saves=str(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.session.game is not None
        app.action_open_resolve("fire", "union_regiment")
        await pilot.pause()
        await pilot.press("h", *"6 5 4 1 2 1", "enter", "a")
        await pilot.pause()
        assert isinstance(app.screen, UnitPickModal)
        assert app.screen.units[0].id == "csa_first_wave"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EditValueModal)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        front = app.session.game.state.unit("csa_first_wave")
        assert (front.attribute("hits_per_stand"), front.strength_now, front.hits) == (3, 7, 0)
        kinds = [e.kind for e in app.session.game.log]
        # the notes go to the target too
        assert kinds == ["set_gap", "set_gap", "resolution", "edit", "apply_effects"]
        await pilot.press("u")  # the stand comes back; the card keeps its hits per stand
        assert app.session.game.state.unit("csa_first_wave").strength_now == 8
        await pilot.press("ctrl+q")


async def test_a_refused_save_name_is_forgotten_once_the_name_is_edited() -> None:
    from drumhead.screens.views.new_game import NewGameScreen
    from textual.widgets import Static

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#new-name").focus()
        await pilot.press("enter")  # no name yet
        await pilot.pause()
        error = app.screen.query_one("#new-error", Static)
        assert "name the save" in str(error.visual)
        await pilot.press("m")
        await pilot.pause()
        assert str(error.visual) == ""
        await pilot.press("i", "l", "l", "enter")
        await pilot.pause()
        assert app.session.game is not None and app.session.game.state.name == "mill"
        await pilot.press("ctrl+q")
