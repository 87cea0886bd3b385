"""Words and layout a new player met at the table (a trial of the four shipped scenarios at
120x40 and 80x24): what the view adds to the session's answers, each drawn as players say
it and where they can read it."""

from __future__ import annotations

import pytest
from phases import to_phase
from textual.widgets import OptionList

from tests.ui.helpers import list_lines, make_app, new_game_on_battle, status_line, until


async def test_the_roster_names_states_and_markers_as_players_say_them() -> None:
    """One If By Land's roster said "‼ Shaken (failed by 1: may not advance, reduced fire)
    ⚑Panic marker (one at most)": the labels' asides wrapped the entry onto a fourth line at
    120 columns. The roster says "‼ Shaken ⚑Panic marker"; the full card keeps the asides."""
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "one-if-by-land", "cowpens-1781")
        app.session.edit_unit("nc_riflemen", "state", "shaken")
        app.session.edit_unit("nc_riflemen", "markers", ["panic", "fired"])
        await pilot.pause()
        roster = app.screen.query_one("#roster", OptionList)
        roster.highlighted = roster.get_option_index("nc_riflemen")
        await pilot.pause()
        lines = list_lines(roster)
        name = next(i for i, line in enumerate(lines) if "North Carolina riflemen" in line)
        assert lines[name + 2].split("8/8", 1)[1].strip() == (
            "‼ Shaken ⚑Fired this turn ⚑Panic marker"
        ), lines
        assert "Georgia riflemen" in lines[name + 3]  # three lines, then the next entry
        card = app.screen.query_one("#unit-card")
        text = " ".join(
            "".join(s.text for s in card.render_line(y)).strip() for y in range(card.size.height)
        )
        assert "Panic marker (one at most)" in text and "Shaken (failed by 1:" in text, text


async def test_a_roll_of_no_dice_says_so() -> None:
    """MWAN's movement allowance is a fixed 20" for infantry: the result read "roll: 20
    rolled [-] = 20". It says the number and that no dice were rolled."""
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.widgets import Static

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "mwan116-acw", "first-bull-run-henry-hill")
        app.action_open_resolve("movement", "ny11_zouaves")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        await until(pilot, lambda: screen.result is not None)
        await pilot.pause()
        text = str(screen.query_one("#result", Static).render())
        assert "roll: 20, no dice rolled" in text and "[-]" not in text, text
        assert "May move up to 20" in text


async def test_a_value_kept_per_situation_is_asked_for_its_situation() -> None:
    """MWAN's firing table is missing and kept per firer and range band: the question asked
    "How many d12s does your firing table give this firer at this range band?" without
    saying which firer or band. It says them, as the check asks."""
    from drumhead.screens.dialogs.gap import GapModal
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.widgets import Static

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "mwan116-acw", "first-bull-run-henry-hill")
        app.action_open_resolve("fire", "ny11_zouaves")
        await until(pilot, lambda: isinstance(app.screen, GapModal) and app.screen.is_mounted)
        question = str(app.screen.query_one("#gap-question", Static).render())
        assert question.startswith("How many d12s does your firing table give this firer")
        assert "[Who fires: infantry; Range band on your firing table" in question, question
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))


async def test_hits_on_both_waves_ask_each_cards_hits_per_stand_in_turn() -> None:
    """Rank and File's wave attack shares five hits 4 and 1 between the waves, and neither
    card says how many hits remove a stand: ``a`` asked for the front wave's, then stopped
    with an error naming ``hits_per_stand`` for the second wave, and took a second ``a``.
    It asks for each in turn, and the hits land on both cards at once."""
    from drumhead.screens.dialogs.edit_value import EditValueModal
    from drumhead.screens.views.battle import BattleScreen
    from drumhead.screens.views.resolve import ResolveScreen

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "rank-and-file", "rnf-wave-attack")
        app.action_open_resolve("wave_split", "csa_first_wave")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        screen = app.screen
        assert isinstance(screen, ResolveScreen) and screen.form is not None
        screen.form.set_role("second", "csa_second_wave")
        screen.form_refilled()
        await pilot.press("5", "enter", "r")
        await until(pilot, lambda: screen.result is not None)
        await pilot.press("a")
        asked = []
        for _ in range(2):
            await until(
                pilot, lambda: isinstance(app.screen, EditValueModal) and app.screen.is_mounted
            )
            asked.append(app.screen.query_one("Label").render())
            await pilot.press("3", "enter")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert ["first wave" in str(q) for q in asked] == [True, False], asked
        state = app.session.state
        front, back = state.unit("csa_first_wave"), state.unit("csa_second_wave")
        assert (front.strength_now, front.hits, back.strength_now, back.hits) == (7, 1, 6, 1)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_right_pane_of_a_check_keeps_its_width_when_a_result_outgrows_it(
    size: tuple[int, int],
) -> None:
    """Rank and File's melee dice: the result outgrows the pane. Its scrollbar is there from
    the first layout, so nothing is laid out again narrower: at 80x24 the odds and the hints
    were laid out before the scrollbar came and kept their width, losing their last two
    cells under it ("Enter; or r" read "Enter; or"; a chance of 1/2187 read "1/2"); at
    120x40 the whole pane wrapped again two cells narrower in a second frame, 40-50 ms
    after the first (the layout rule is the same at both sizes: both are its cases)."""
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.containers import VerticalScroll

    app = make_app(start="menu")
    async with app.run_test(size=size) as pilot:
        await new_game_on_battle(pilot, "rank-and-file", "rnf-wave-attack")
        app.action_open_resolve("melee", "csa_first_wave")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        screen = app.screen
        pane = screen.query_one("#resolve-right", VerticalScroll)
        rooms = []
        for _ in range(2):
            await pilot.pause()
            room = pane.scrollable_content_region
            drawn = [(w.id, w.region) for w in pane.children if w.region.width]
            assert drawn and all(r.right <= room.right for _, r in drawn), (room, drawn)
            rooms.append(room.width)
            await pilot.press("r")  # the result grows the pane past its height
        await pilot.pause()
        assert pane.max_scroll_y > 0, "the result was meant to outgrow the pane"
        assert rooms[0] == rooms[1] == pane.scrollable_content_region.width, rooms


async def test_sides_are_named_short_where_a_line_names_them() -> None:
    """Henry Hill's sides are "Union: Army of Northeastern Virginia (detachment on Henry
    Hill)" and "Confederate: Army of the Shenandoah (First Virginia Brigade) and Army of the
    Potomac": the initiative took seven of an 80x24 side pane's lines from the checklist,
    and each unit offered to pick took two lines. A line says "Union", "Confederate"."""
    from drumhead.screens.dialogs.pick_unit import UnitPickModal
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.widgets import Static

    app = make_app(start="menu")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_on_battle(pilot, "mwan116-acw", "first-bull-run-henry-hill")
        sides = {s.name.split(":")[0]: s.id for s in app.session.state.sides}
        app.session.set_initiative(sides["Confederate"], sides["Union"])
        await pilot.pause()
        shown = str(app.screen.query_one("#activation", Static).render())
        assert shown.strip() == "Initiative: Confederate won; Union moves first", shown
        app.action_open_resolve("close_combat", "ny11_zouaves")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal) and app.screen.is_mounted)
        listed = app.screen.query_one("#pick-unit", OptionList)
        entries = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert "2nd Virginia (Confederate · jackson)" in entries, entries
        assert not any("Army of" in e for e in entries), entries


async def test_a_value_the_house_rules_gave_is_listed_once() -> None:
    """Republique's assault with the sample club values listed each value twice under the
    result ("Value troop_grade_veteran = 1: house rule, FILE" and "house rule, FILE: gives
    troop_grade_veteran = 1"), as the CLI and the report do not."""
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.widgets import Static

    from tests.ui.helpers import SAMPLE_HOUSE_RULES

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "republique", "aspern-1809", house_rules=SAMPLE_HOUSE_RULES)
        to_phase(app.session)
        app.action_open_resolve("assault", "hiller_line")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        screen = app.screen
        assert isinstance(screen, ResolveScreen) and screen.form is not None
        screen.form.set_role("defender", "ligne_16")
        screen.form_refilled()
        await pilot.pause()
        await pilot.press("h", *"7 3", "enter")
        await until(pilot, lambda: screen.result is not None)
        await pilot.pause()
        text = str(screen.query_one("#result", Static).render())
        assert text.count("Troop grade modifier, veteran = 1") == 1, text
        assert "Value Troop grade modifier, veteran = 1: house rule" in text
        assert "troop_grade_veteran" not in text  # its label, never its id (issue 35)


async def test_each_modifier_of_an_opposed_check_says_whose_it_is() -> None:
    """Republique's assault (hiller_line against 16e Ligne, with the sample club values)
    listed "+1: mostly veteran troops" and "+1: most bases in line" with the attacker's
    "+2"-less list and nothing to say they were the defender's; the totals above the odds
    were the only way to tell."""
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.widgets import Static

    from tests.ui.helpers import SAMPLE_HOUSE_RULES

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "republique", "aspern-1809", house_rules=SAMPLE_HOUSE_RULES)
        to_phase(app.session)
        app.action_open_resolve("assault", "hiller_line")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        screen = app.screen
        assert isinstance(screen, ResolveScreen) and screen.form is not None
        screen.form.set_role("defender", "ligne_16")
        screen.form_refilled()
        await pilot.pause()
        autos = str(screen.query_one("#auto-mods", Static).render())
        assert "Defender: +1: mostly veteran troops" in autos, autos
        assert "Attacker: " in autos or "Defender: " in autos
        assert all(
            line.startswith(("[✓] Attacker: ", "[✓] Defender: ", " ", "("))
            for line in autos.splitlines()
            if line.startswith("[✓]")
        ), autos


async def test_the_arrows_on_the_start_screen_pick_the_save_o_resumes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Back on the start screen with three saved games, a player pressed down twice to
    pick the third and o: the rulesets list had the focus, the arrows moved it unseen, and
    o resumed the save at the top. The saved games have the focus."""
    from drumhead.screens.views.battle import BattleScreen
    from drumhead.screens.views.start import StartScreen

    from drumhead.game import load_scenario, new_game
    from drumhead.saves import SaveSession, save_path

    for name, at in [("first", "09:00"), ("second", "10:00"), ("third", "11:00")]:
        game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), name=name)
        game.next_phase(at=f"1781-01-17T{at}:00Z")
        SaveSession.create(save_path(tmp_path, name), game).close()
    app = make_app(saves=str(tmp_path), start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.built)
        saves = app.screen.query_one("#saves", OptionList)
        await until(pilot, lambda: app.screen.focused is saves)
        listed = [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]
        await pilot.press("down", "down", "o")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        title = status_line(app)
        assert listed[2].startswith("first ·") and " · first · " in title, (listed, title)


async def test_a_choice_and_its_list_keep_each_choice_on_one_line() -> None:
    """One If By Land's movement condition in a 16-cell field: its list wrapped "cavalry
    retreat" into "cavalry" and "retreat" (read as two choices: a player picked the wrong
    one), and a value chosen such as "general serious wound" took two lines in the form."""
    from drumhead.screens.compat import option_lines
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.widgets import Select

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "one-if-by-land", "cowpens-1781")
        app.action_open_resolve("movement", "3rd_dragoons")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        screen = app.screen
        assert isinstance(screen, ResolveScreen) and screen.form is not None
        field = screen.query_one("#in-condition", Select)
        spec = screen.form.check.input("condition")
        assert spec is not None
        longest = max(len(choice) for choice in spec.choices)  # general_serious_wound: 21
        field.value = "general_serious_wound"
        await pilot.pause()
        assert field.size.height == 1
        field.focus()
        field.expanded = True
        overlay = field.query_one("SelectOverlay")
        each_once = list(range(len(spec.choices)))  # a line each, none wrapped

        def drawn() -> list[int]:
            return [index for index, _ in option_lines(overlay)]  # type: ignore[arg-type]

        # the overlay is laid out in passes (first 2 columns narrower, then its width): each
        # pass's Resize rebuilds its lines, and under load a pass's lines were read before the
        # last Resize was handled ("general serious wound" wrapped at the narrower width). The
        # list as it settles is what the player reads: wait for it, failing if it never comes.
        try:
            await until(pilot, lambda: overlay.size.width >= longest and drawn() == each_once)
        except AssertionError:
            raise AssertionError(f"lines {drawn()} at width {overlay.size.width}") from None
        assert overlay.region.right <= screen.size.width


async def test_escape_in_a_text_field_says_it_leaves_the_field() -> None:
    """In a count the footer said "esc Back", but Escape there only leaves the field: a
    player took it as gone back and typed "/first wave" to filter the roster; the r rolled
    (refused for a missing input, else a check nobody meant) and the a applied. With the
    focus in a text field the footer says "esc Leave field"; then "esc Back"."""
    from drumhead.screens.views.battle import BattleScreen
    from drumhead.screens.views.resolve import ResolveScreen
    from drumhead.screens.widgets.footer import KeysFooter
    from textual.widgets import Input

    def escape_says(screen: ResolveScreen) -> list[str]:
        keys = screen.query_one(KeysFooter).keys()
        return [str(k[2]) for k in keys if k[0] == "escape"]

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "mwan116-acw", "first-bull-run-henry-hill")
        app.action_open_resolve("morale_due", "ny11_zouaves")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen) and app.screen.form)
        screen = app.screen
        assert isinstance(screen, ResolveScreen)
        assert escape_says(screen) == ["Back"]
        screen.query_one("#in-casualties_this_turn", Input).focus()
        await until(pilot, lambda: isinstance(screen.focused, Input))
        assert escape_says(screen) == ["Leave field"]
        await pilot.press("escape")
        assert not isinstance(screen.focused, Input) and escape_says(screen) == ["Back"]
        assert app.screen is screen
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))


async def test_a_long_checklist_takes_the_room_a_short_card_leaves() -> None:
    """Republique's assault phase at 120x40: eight steps shown three at a time in a
    checklist capped at ten lines, under thirteen blank lines the 1st Ligne's short card
    did not use. The checklist may take half the side pane."""
    from drumhead.screens.widgets.card_pane import CardPane

    from tests.ui.helpers import SAMPLE_HOUSE_RULES

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "republique", "aspern-1809", house_rules=SAMPLE_HOUSE_RULES)
        for _ in range(3):  # command, maneuver, artillery/skirmish: to the assault
            app.session.next_phase()
        await pilot.pause()
        steps = app.screen.query_one("#steps", OptionList)
        await until(pilot, lambda: steps.option_count >= 8)
        await pilot.pause()
        pane = app.screen.query_one("#side-pane")
        assert steps.size.height > 10 and steps.size.height <= pane.size.height // 2 + 1
        card = app.screen.query_one("#unit-card", CardPane)
        assert card.size.height >= 6


async def test_a_brigade_named_so_is_not_called_brigade_twice() -> None:
    """Rank and File's wave attack: the card said "Confederates · brigade csa brigade"."""
    from drumhead.screens.widgets.card_pane import CardPane

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "rank-and-file", "rnf-wave-attack")
        roster = app.screen.query_one("#roster", OptionList)
        roster.highlighted = roster.get_option_index("csa_first_wave")
        await pilot.pause()
        card = app.screen.query_one("#unit-card", CardPane)
        line = "".join(s.text for s in card.render_line(1)).strip()
        assert line == "Confederates · csa brigade", line
