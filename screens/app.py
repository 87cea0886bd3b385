"""The drumhead app: a view over the table session (:mod:`drumhead.session`).

The app routes (which screen shows), binds keys, themes, and offers the command palette; every
decision about the game is the session's. It turns the session's changes into repaints and
autosaves (:meth:`DrumheadApp.session_changed`) and its notices into toasts.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding

from drumhead.session import RETRY_EVERY, Change, TableSession

from .actions import REPLAY_AFTER
from .autosave import Autosaver
from .compat import driver_class
from .routes import Routes
from .themes import CONTRAST_THEME, DEFAULT_THEME
from .views.kept import KeptScreens

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.command import Provider
    from textual.driver import Driver
    from textual.screen import Screen

    from drumhead.session.shown import SaveInfo

    from .views.base import ScreenHost


def _commands_provider() -> type[Provider]:
    from .commands import DrumheadCommands

    return DrumheadCommands


class DrumheadApp(Routes):
    """drumhead's table-side app."""

    TITLE = "drumhead"
    CSS_PATH = "styles/drumhead.tcss"
    SCREENS_CSS = "styles/screens.tcss"
    """The other screens' styles: read after the first frame (:meth:`load_screen_styles`)."""
    COMMANDS = App.COMMANDS | {_commands_provider}
    # The footer shows each screen's own actions and F1, which lists every key (these global
    # ones included): at 80 columns the footer cannot hold them all.
    BINDINGS = [
        Binding("f1", "toggle_keys", "Keys", id="keys", tooltip="Show or hide every key"),
        Binding("f2", "open_roller", "Roller", id="roller", show=False),
        Binding("f3", "open_reference", "Reference", id="reference", show=False),
        Binding("f4", "open_resolve", "Resolve", id="resolve", show=False),
        Binding("f6", "toggle_contrast", "Contrast", id="contrast", show=False),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True, show=False),
        # q as well: what players try first. Not a priority key, so a text field (a name,
        # a search) still types it; the game is saved and closed exactly as with ctrl+q.
        Binding("q", "quit", "Quit", id="quit-q", show=False),
    ]
    SAVE_RETRY_EVERY = RETRY_EVERY
    """Seconds between tries to save while saving fails."""

    def __init__(
        self,
        saves: str | None = None,
        *,
        ruleset: str | None = None,
        seed: int | None = None,
        start: str = "auto",
        options: tuple[str, ...] = (),
        ruleset_files: tuple[str, ...] = (),
        scenario_files: tuple[str, ...] = (),
        session: TableSession | None = None,
        house_folder: str | None = None,
        scenario_folder: str | None = None,
    ) -> None:
        super().__init__()
        self.register_theme(DEFAULT_THEME)
        self.register_theme(CONTRAST_THEME)
        self.theme = DEFAULT_THEME.name
        self.session = session or TableSession(
            saves,
            ruleset=ruleset,
            seed=seed,
            options=options,
            ruleset_files=ruleset_files,
            scenario_files=scenario_files,
            house_folder=house_folder,
            scenario_folder=scenario_folder,
        )
        """The table session this app is a view of."""
        self.session.subscribe(self.session_changed)
        self.start = start
        """Which screen opens first: ``auto`` (the last game, else the start screen),
        ``menu`` (the start screen), ``reference`` (the quick reference)."""
        self.resumed = False
        """Whether the last game was looked for (``auto``): until then, the start screen
        waits to be seen (see :attr:`resuming`)."""
        self.last_games: list[SaveInfo] | None = None
        """The saves the last game is looked for among (:meth:`to_resume`)."""
        self.kept = KeptScreens(self)
        """Screens kept to be shown again."""
        self.screens_styled = False
        """Whether the other screens' stylesheet has been read (:meth:`load_screen_styles`)."""
        self.autosaver = Autosaver(self)
        """Runs autosaves in a worker thread, retries them while saving fails."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal; on Linux and macOS the one that answers Escape
        without waiting for a 100 ms poll (see :mod:`drumhead.screens.compat`)."""
        return driver_class(super().get_driver_class())

    def kept_screens(self) -> Sequence[Screen[Any]]:
        return self.kept.screens

    def screens_being_built(self) -> Sequence[Screen[Any]]:
        """The screens being built ahead: quitting lets them finish mounting first."""
        return self.kept.building

    # -- the session's changes ----------------------------------------------------------
    def session_changed(self, change: Change) -> None:
        """Repaint (and autosave, route) after a change to the session."""
        if change is Change.GAME:
            self.autosaver.autosave()
            for screen in self.screen_stack:
                hook = getattr(screen, "game_changed", None)
                if callable(hook):
                    hook()
        elif change is Change.OPENED:
            from .views.battle import BattleScreen

            self.unsay()  # what was said of another game
            self.back_to_base()
            self.thaw_the_past()  # a game opened over another: the other's past can go
            self.push_screen(BattleScreen(self.session.view))
            self.set_timer(REPLAY_AFTER, self.replay_in_background)
            for notice in self.session.advice():
                self.tell(notice)
        elif change is Change.CLOSED:
            self.unsay()  # what was said of the game closed
            self.back_to_base()
            self.kept.drop()
            self.thaw_the_past()
        self.refresh_status()

    def back_to_base(self) -> None:
        """Close every screen over the start screen."""
        if self.is_running:
            while len(self.screen_stack) > 1:
                self.pop_screen()

    # -- start ----------------------------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        """The start screen is the app's base screen: building it as the default screen, not
        pushing it over Textual's blank one, saves a screen and a first frame that Textual
        would render and then drop while the app is still starting (tests/bench)."""
        from .views.start import StartScreen

        return StartScreen()

    def on_mount(self) -> None:
        self.call_after_refresh(self.startup_done)
        if self.start == "reference":
            self.action_open_reference()
        elif self.start == "auto":
            self.call_after_refresh(self.resume_last)

    @property
    def resuming(self) -> bool:
        """Whether the last game is about to be opened over the start screen."""
        return self.start == "auto" and not self.resumed

    def to_resume(self) -> list[SaveInfo]:
        """The saves the last game is looked for among, the first to try first: the saves
        folder read once, as the app starts, for the start screen (is there one?) and for
        :meth:`resume_last`."""
        if self.last_games is None:
            self.last_games = self.session.resumable()
        return self.last_games

    def resume_last(self) -> None:
        """Open the game played last (the one left open by a crash first)."""
        try:
            notices = self.session.resume_last(self.to_resume())
        finally:
            self.resumed = True
        for notice in notices:
            self.tell(notice)
        base = self.screen_stack[0] if self.screen_stack else None
        if self.session.game is None and base is not None:  # none opened: the start screen
            from .views.start import StartScreen  # is seen (under any screen on it)

            if isinstance(base, StartScreen):
                self.call_next(base.build)

    def startup_done(self) -> None:
        """The first frame is painted: the garbage collector on again (``drumhead`` turns it
        off while the app starts, see ``run_app``), what start-up made frozen out of its
        later full collections, and the other screens' styles read."""
        if not gc.isenabled():
            gc.enable()
            gc.freeze()
        self.load_screen_styles()

    def load_screen_styles(self) -> None:
        """Read the other screens' stylesheet (``SCREENS_CSS``), once, and restyle.

        Parsing Textual CSS is slow, so start-up parses only the rules the start screen and
        the dialogs use, and the rest comes just after the first frame, while the player is
        still looking at it. Every screen but the start screen also asks for it as it is built
        (``DrumheadScreen``), so none can be shown without its styles whatever the timing.
        """
        if self.screens_styled:  # asked as every screen is built: no file look-up then
            return
        self.screens_styled = True
        self.stylesheet.read(Path(__file__).parent / self.SCREENS_CSS)
        self.stylesheet.parse()  # parses only the new file: the others are cached
        self.stylesheet.update(self)


if TYPE_CHECKING:
    # The screens take the app for a ScreenHost, the palette and the helpers for a
    # DrumheadHost (screens/host.py), and none imports this module: here the type checker
    # checks that the app is what they take it for.
    _AS_THE_SCREENS_SEE_IT: type[ScreenHost] = DrumheadApp
