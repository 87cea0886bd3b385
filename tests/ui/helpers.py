"""Helpers shared by the UI tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from drumhead.screens.app import DrumheadApp

if TYPE_CHECKING:
    from drumhead.screens.views.battle import BattleScreen
    from drumhead.screens.views.log import LogScreen
    from drumhead.screens.views.resolve import ResolveScreen
    from textual.widgets import OptionList

SIZE = (120, 40)
"""The terminal every screen is pictured in: the whole of what a snapshot's docstring says
it must show fits."""

NARROW = (80, 24)
"""The smallest supported terminal: a second picture there only where a layout rule of its
own is the point, named in the test's parameter id (a heading or a label wraps, never cut;
a pane left out where there is no room)."""

SEED = 1776
"""The roller's seed in every UI test."""


def saved_cowpens(folder: Path, name: str = "mill") -> Path:
    """A new Cowpens game (One If By Land) saved as ``name`` in ``folder``, closed: the game
    a plain start opens, or one listed on the start screen; its snapshot's path."""
    from drumhead.game import load_scenario, new_game
    from drumhead.saves import SaveSession

    scenario = load_scenario("cowpens-1781")
    path = folder / f"{name}.toml"
    game = new_game(scenario.ruleset, scenario=scenario, seed=1, name=name)
    SaveSession.create(path, game).close()
    return path


def status_line(app: object) -> str:
    """What the shown screen's status line says."""
    from drumhead.screens.widgets.status_bar import StatusBar

    return app.screen.query_one(StatusBar).render().plain  # type: ignore[attr-defined, no-any-return]


def make_app(**kwargs: object) -> DrumheadApp:
    """The app as a test sees it: seeded, ruleset One If By Land unless told otherwise."""
    kwargs.setdefault("seed", SEED)
    return DrumheadApp(**kwargs)  # type: ignore[arg-type]


async def start_game(pilot: object, name: str = "mill") -> None:
    """From the start screen: n, the highlighted ruleset, its first scenario, a name, Enter."""
    await pilot.press("n")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    # Enter picks the ruleset, Enter the (first) scenario, then the name and Enter starts
    await pilot.press("enter", "enter", *name, "enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


def cards_app() -> DrumheadApp:
    """The app on the One If By Land-like test ruleset, its scenario offered."""
    from tests.ui.rulesets import CARDS_SCENARIO, CARDS_TEST

    return make_app(
        ruleset="cards-test", ruleset_files=(CARDS_TEST,), scenario_files=(CARDS_SCENARIO,)
    )


def initiative_app() -> DrumheadApp:
    """The app on the MWAN-like test ruleset, its scenario offered."""
    from tests.ui.rulesets import INITIATIVE_SCENARIO, INITIATIVE_TEST

    return make_app(
        ruleset="initiative-test",
        ruleset_files=(INITIATIVE_TEST,),
        scenario_files=(INITIATIVE_SCENARIO,),
    )


async def until(pilot: object, condition: Callable[[], bool], limit: float = 10.0) -> None:
    """Wait (pausing the pilot) until ``condition`` holds, failing after ``limit`` seconds.

    Pilot's own pauses judge the app idle by its clock; on a loaded machine a key could still
    arrive before a new screen's mount handler sets its focus. Tests wait for the state."""
    import time

    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "the app never reached the state waited for"
        await pilot.pause(0.01)  # type: ignore[attr-defined]


SAMPLE_HOUSE_RULES = str(
    Path(__file__).resolve().parents[2]
    / "data"
    / "house-rules"
    / "republique-sample-club-values.toml"
)
"""Republique's shipped sample house rules (the club's values for every open question)."""


async def new_game_on_battle(
    pilot: object, ruleset: str, scenario: str, name: str = "game", house_rules: str | None = None
) -> None:
    """A new game started through the session, as the new-game screen starts it (the screen
    itself is walked by tests/ui/test_scenario_walks.py), and its battle screen once shown."""
    from drumhead.screens.views.battle import BattleScreen

    app = pilot.app  # type: ignore[attr-defined]
    app.session.new_game(ruleset, name, scenario=scenario, house_rules=house_rules)
    await until(pilot, lambda: isinstance(app.screen, BattleScreen) and app.screen.is_mounted)


async def open_on_battle(pilot: object, game: object) -> None:
    """Open ``game`` in the pilot's app (as resuming it would) and wait until its battle
    screen is mounted."""
    from drumhead.screens.views.battle import BattleScreen

    app = pilot.app  # type: ignore[attr-defined]
    app.session.open_game(game)
    await until(pilot, lambda: isinstance(app.screen, BattleScreen) and app.screen.is_mounted)


async def open_resolve(pilot: object) -> None:
    """F4, then wait until the resolve screen is mounted, laid out (its modifier list has a
    place on the screen: a field focused before that is not scrolled into view) and has set
    its focus."""
    from drumhead.screens.views.resolve import ResolveScreen

    await pilot.press("f4")  # type: ignore[attr-defined]
    app = pilot.app  # type: ignore[attr-defined]
    await until(
        pilot,
        lambda: (
            isinstance(app.screen, ResolveScreen)
            and app.screen.is_mounted
            and app.focused is not None
        ),
    )


async def run_command(pilot: object, search: str, title: str) -> None:
    """ctrl+p, ``search`` typed, and Enter once the palette's highlighted hit is the command
    whose title starts with ``title``. The palette gathers its hits in the background (in
    batches a quarter of a second apart): Enter before they came picked nothing or another
    command, and a fixed pause before it was a guess at how long the search takes."""
    from textual.command import CommandList, CommandPalette

    app = pilot.app  # type: ignore[attr-defined]
    await pilot.press("ctrl+p")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, CommandPalette))
    palette = app.screen
    await pilot.press(*search)  # type: ignore[attr-defined]

    def highlighted() -> str:
        hits = palette.query_one(CommandList)
        if hits.highlighted is None:
            return ""
        return str(hits.get_option_at_index(hits.highlighted).prompt)

    await until(pilot, lambda: highlighted().startswith(title))
    await pilot.press("enter")  # type: ignore[attr-defined]


async def focus_in_view(pilot: object) -> None:
    """Wait until the focused widget has been scrolled into view. Textual scrolls a newly
    focused widget into view a moment later, and only if it still has the focus then: the
    next key must wait, or what the screen shows depends on timing."""
    app = pilot.app  # type: ignore[attr-defined]
    await until(pilot, lambda: app.focused is None or app.screen.can_view_entire(app.focused))


async def left_pane_home(pilot: object, show: str | None = None) -> None:
    """Scroll the resolve screen's left pane (modifiers, inputs) back to its top, then (if
    given) just far enough to show the widget ``show``.

    Textual centres a newly focused field only if it is not already in full view when it
    looks, which depends on whether the screen had been laid out yet: a snapshot whose subject
    is elsewhere (the result, an inline error near the top) shows the pane from its top."""
    from textual.containers import VerticalScroll

    pane = pilot.app.screen.query_one("#resolve-left", VerticalScroll)  # type: ignore[attr-defined]
    pane.scroll_home(animate=False)
    await pilot.pause()  # type: ignore[attr-defined]
    if show is not None:
        pane.scroll_to_widget(pane.query_one(show), animate=False)
        await pilot.pause()  # type: ignore[attr-defined]


async def battle_on(pilot: object, unit: str | None = None) -> BattleScreen:
    """A new game started (:func:`start_game`), its battle screen once shown, the roster's
    cursor on ``unit`` if given."""
    from drumhead.screens.views.battle import BattleScreen
    from textual.widgets import OptionList

    app = pilot.app  # type: ignore[attr-defined]
    await start_game(pilot)
    await until(pilot, lambda: isinstance(app.screen, BattleScreen))
    battle = app.screen
    assert isinstance(battle, BattleScreen)
    if unit is not None:
        roster = battle.query_one("#roster", OptionList)
        roster.highlighted = roster.get_option_index(unit)
        await pilot.pause()  # type: ignore[attr-defined]
    return battle


async def red_line_morale(pilot: object) -> ResolveScreen:
    """From the cards game's battle screen as started (:func:`start_game`), the roster's
    cursor down to Red Line Regiment and ``m``: its morale test, once shown."""
    from drumhead.screens.views.resolve import ResolveScreen

    app = pilot.app  # type: ignore[attr-defined]
    await pilot.press("down", "down", "down", "m")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
    screen = app.screen
    assert isinstance(screen, ResolveScreen)
    return screen


async def open_log(pilot: object) -> LogScreen:
    """l, and the log screen once shown."""
    from drumhead.screens.views.log import LogScreen

    app = pilot.app  # type: ignore[attr-defined]
    await pilot.press("l")  # type: ignore[attr-defined]
    await until(pilot, lambda: isinstance(app.screen, LogScreen))
    screen = app.screen
    assert isinstance(screen, LogScreen)
    return screen


def list_lines(options: OptionList) -> list[str]:
    """The lines an option list shows now, as text (its right-hand blanks cut)."""
    return [
        "".join(s.text for s in options.render_line(y)).rstrip()
        for y in range(options.scrollable_content_region.height)
    ]


def option_entries(options: OptionList) -> list[tuple[str | None, str]]:
    """An option list's entries, as (id, text)."""
    return [
        (o.id, str(o.prompt))
        for o in (options.get_option_at_index(i) for i in range(options.option_count))
    ]
