"""Start-up: what the first frame holds, and the shortcuts that make it quick (see
tests/bench/bench_app.py) without changing what the player gets."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from drumhead.screens.app import DrumheadApp
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.reference import ReferenceScreen
from drumhead.screens.views.start import StartScreen
from textual.widgets import OptionList
from textual.widgets._footer import FooterKey

from drumhead.cli.main import main
from tests.ui.helpers import cards_app, make_app, saved_cowpens, start_game, until


def screens_css() -> str:
    """The path under which the app's stylesheet records the other screens' styles."""
    import drumhead.screens.app as module

    return str((Path(module.__file__).parent / DrumheadApp.SCREENS_CSS).resolve())


# -- the command --------------------------------------------------------------------------
def test_plain_drumhead_opens_the_app_on_the_default_saves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[str | None] = []
    monkeypatch.setattr(DrumheadApp, "run", lambda self: opened.append(self.session.keeper.saves))
    assert main([]) == 0
    assert main(["--saves", "/tmp/our-games"]) == 0
    assert opened == [None, "/tmp/our-games"]


def test_the_modules_of_the_first_frame_leave_the_keys_panels_markdown_out() -> None:
    """Textual's HelpPanel (the keys panel, F1) brings in its Markdown widget, markdown-it and
    pygments: 22 ms of imports the battle's first frame never uses (tests/bench, opening).
    Imported as F1 or the palette first asks for it, not with the app."""
    import subprocess
    import sys

    modules = "drumhead.cli.app_entry, drumhead.screens.app, drumhead.screens.views.battle"
    code = f"import sys, {modules}, drumhead.screens.views.start, drumhead.saves.store; "
    code += "print(sorted({'markdown_it', 'pygments'} & set(sys.modules)))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


def test_the_app_runs_with_short_thread_switches_and_gives_them_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the app runs, a worker thread (a luck count, a replay) keeps Python's lock at
    most SWITCH_INTERVAL while the terminal's reader waits for it; after, Python's own."""
    import sys

    from drumhead.cli.app_entry import SWITCH_INTERVAL

    before = sys.getswitchinterval()
    seen: list[float] = []
    monkeypatch.setattr(DrumheadApp, "run", lambda self: seen.append(sys.getswitchinterval()))
    assert main([]) == 0
    assert seen == [SWITCH_INTERVAL] and before > SWITCH_INTERVAL
    assert sys.getswitchinterval() == before


def test_the_collector_is_on_again_even_if_the_app_never_painted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """run_app turns the garbage collector off until the first frame; an app that stops
    before it (here, one that fails at once) must not leave it off."""

    def fail(self: DrumheadApp) -> None:
        assert not gc.isenabled()  # off while the app starts
        raise KeyboardInterrupt

    monkeypatch.setattr(DrumheadApp, "run", fail)
    assert main([]) == 130
    assert gc.isenabled()


async def test_the_first_frame_turns_the_collector_back_on() -> None:
    app = make_app()
    gc.disable()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


# -- the first frame ------------------------------------------------------------------------
async def test_the_start_screen_is_built_whole_before_it_is_first_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The lists are filled and the footer has its keys when the screen is mounted, so the
    first frame shows them, not an empty frame that fills in a moment later."""
    seen: dict[str, int] = {}
    on_mount = StartScreen.on_mount

    def record(self: StartScreen) -> None:
        seen["rulesets"] = self.query_one("#rulesets", OptionList).option_count
        seen["saves"] = self.query_one("#saves", OptionList).option_count
        seen["keys"] = len(self.query(FooterKey))
        on_mount(self)

    monkeypatch.setattr(StartScreen, "on_mount", record)
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert seen["rulesets"] == len(app.session.ruleset_ids())
    assert seen["saves"] == 1  # "No saved games yet"
    assert seen["keys"] >= 3  # n New game, o Resume save, F1 Keys


async def test_the_start_screen_is_the_base_of_the_stack() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        assert [type(s) for s in app.screen_stack] == [StartScreen]
        await start_game(pilot)
        assert [type(s) for s in app.screen_stack] == [StartScreen, BattleScreen]
        await pilot.press("f3")
        await pilot.pause()
        app.action_close_game()  # the palette's "Close game", from the reference over the battle
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [StartScreen]
        assert app.session.game is None


async def test_back_on_the_start_screen_the_last_played_save_is_highlighted() -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot, "mill")
        await pilot.press("ctrl+w")
        await pilot.pause()
        saves = app.screen.query_one("#saves", OptionList)
        assert saves.highlighted == 0
        option = saves.get_option_at_index(0)
        assert str(option.prompt).startswith("mill · ")


async def test_back_on_the_start_screen_the_closed_games_ruleset_is_shown() -> None:
    """A Republique game started from the new-game form, then closed: the title says
    Republique, and so do the rulesets list's highlight and the description beside it (they
    stayed on One If By Land, highlighted before)."""
    from textual.widgets import Static

    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#rulesets")))
        rulesets = app.screen.query_one("#rulesets", OptionList)
        assert rulesets.highlighted_option is not None
        assert rulesets.highlighted_option.id == "one-if-by-land"
        app.session.choose_ruleset("republique")  # as the new-game form does
        app.session.new_game("republique", "aspern", scenario="aspern-1809")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        await pilot.press("ctrl+w")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        assert app.session.ruleset_id == "republique"
        assert rulesets.highlighted_option is not None
        assert rulesets.highlighted_option.id == "republique"
        detail = str(app.screen.query_one("#ruleset-detail", Static).render())
        assert detail.startswith("Republique")


# -- the other screens' styles ----------------------------------------------------------------
async def test_the_other_screens_styles_are_read_just_after_the_first_frame() -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.stylesheet.has_source(screens_css())
        before = len(app.stylesheet.rules)
        app.load_screen_styles()  # once only
        assert len(app.stylesheet.rules) == before


async def test_a_screen_built_before_them_reads_them_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whatever the timing (`drumhead reference` pushes the reference as the app mounts),
    building a screen reads the other screens' styles first: here they are never read after
    the first frame, and the reference still has its own."""
    monkeypatch.setattr(DrumheadApp, "startup_done", lambda self: None)
    app = make_app(start="reference")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        assert app.stylesheet.has_source(screens_css())
        detail = app.screen.query_one("#ref-detail")
        assert detail.styles.border_left[0] == "vkey"  # from screens.tcss
        assert detail.styles.padding.left == 1


async def test_the_start_screen_needs_only_the_start_up_styles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(DrumheadApp, "startup_done", lambda self: None)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(screens_css())
        detail = app.screen.query_one("#start-detail")
        assert detail.styles.border_left[0] == "vkey"  # from drumhead.tcss


# -- opening the last game ----------------------------------------------------------------
async def test_the_start_screen_is_built_only_when_the_last_game_is_left(tmp_path: Path) -> None:
    """Opening the last game, the start screen under it is not built (the game shows 50 ms
    sooner, tests/bench); closing the game shows it whole: the saves (the one just played
    highlighted and focused), the game's ruleset described."""
    saved_cowpens(tmp_path)
    app = make_app(saves=str(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start, battle = app.screen_stack
        assert isinstance(start, StartScreen) and isinstance(battle, BattleScreen)
        assert not start.built and not start.query(OptionList)
        game = app.session.game
        start.action_resume()  # `o` reaching it (it has no list to resume from): nothing
        assert app.session.game is game and app.screen is battle
        await pilot.press("ctrl+w")
        await pilot.pause()
        assert app.screen is start and start.built
        saves = start.query_one("#saves", OptionList)
        assert saves.highlighted == 0
        assert str(saves.get_option_at_index(0).prompt).startswith("mill · One If By Land")
        assert app.screen.focused is saves
        detail = str(start.query_one("#ruleset-detail").render())
        assert detail.startswith("One If By Land")
        await pilot.press("ctrl+q")


async def test_opening_the_last_game_reads_the_saves_folder_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start screen asks whether there is a game to open, and the app opens it: one
    look at the folder serves both (each reads every save's header)."""
    import drumhead.saves as saves

    saved_cowpens(tmp_path)
    looks: list[str] = []
    real = saves.list_saves

    def counted(folder: str | Path) -> list[saves.SaveInfo]:
        looks.append(str(folder))
        return real(folder)

    monkeypatch.setattr(saves, "list_saves", counted)
    app = make_app(saves=str(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        assert looks == [str(tmp_path)]
        await pilot.press("ctrl+q")


async def test_a_last_game_that_will_not_open_leaves_the_start_screen_to_the_player(
    tmp_path: Path,
) -> None:
    """The save lists but does not open (a broken value): the players are told why, on the
    start screen, built whole."""
    path = saved_cowpens(tmp_path)
    path.write_text(path.read_text("utf-8").replace("seed = ", 'seed = "x" #', 1), "utf-8")
    app = make_app(saves=str(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        start = app.screen_stack[0]
        assert isinstance(start, StartScreen)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is start and start.built and app.session.game is None
        assert start.query_one("#rulesets", OptionList).option_count == len(
            app.session.ruleset_ids()
        )
        shown = [n.message for n in app._notifications]
        assert any("Could not open mill" in m and "start.seed" in m for m in shown), shown
        await pilot.press("ctrl+q")
