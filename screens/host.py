"""The app as the rest of ``screens/`` sees it: :class:`DrumheadHost`, a typing protocol.

The screens, the command palette and the app's helpers (the autosaver, the house-rules
dialogs' openers) call down into the app. They name it by this protocol rather than by
importing ``app.py``, which imports them: so the app sits above everything it shows, and
no import leads back up to it (``pyproject.toml``'s import-linter contract "screens-layers").
``DrumheadApp`` satisfies the protocol; the type checker checks it where the app hands
itself to its autosaver, and ``app.py`` checks the screens' wider view of it
(:class:`~.views.base.ScreenHost`).

Importing this module imports nothing of the app, and nothing at all but ``typing``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.notifications import SeverityLevel
    from textual.screen import Screen
    from textual.timer import Timer

    from drumhead.session import Notice, TableSession
    from drumhead.session.shown import SaveInfo

ResultT = TypeVar("ResultT")
"""What a screen pushed on the app is dismissed with."""


class DrumheadHost(Protocol):
    """What the screens, dialogs, palette and helpers use of drumhead's app, and no more."""

    # -- the session and the start ------------------------------------------------------
    @property
    def session(self) -> TableSession:
        """The table session the app is a view of."""

    @property
    def resuming(self) -> bool:
        """Whether the last game is about to be opened over the start screen."""

    def to_resume(self) -> list[SaveInfo]:
        """The saves the last game is looked for among (read once), the first to try first."""

    def tell(self, notice: Notice | None) -> None:
        """Show a notice of the session's to the players."""

    def load_screen_styles(self) -> None:
        """Read the other screens' stylesheet, once, and restyle."""

    # -- where the keys go ----------------------------------------------------------------
    def remember_view(self, **changes: str) -> None:
        """The open game's view changed (unit, pane, screen): written a moment later."""

    def go_back(self) -> None:
        """Close the screen on top (the start or battle screen stays)."""

    def reopen_screen(self, name: str) -> None:
        """Show a screen a resumed game had open over its battle screen."""

    def action_open_roller(self, notation: str = "2d6") -> None:
        """The dice roller, on ``notation``."""

    def action_open_reference(self, query: str = "") -> None:
        """The quick reference, searched for ``query``."""

    def action_open_resolve(self, check: str = "", unit: str = "", step: str = "") -> None:
        """The resolve screen, on a check and a unit if given (``step``: the step of the
        sequence it is made at, ``phase.step``, if not the one the walk is at)."""

    def switch_check(self, check: str, unit: str = "") -> None:
        """The resolve screen of ``check`` in place of the resolve screen on top (another
        check picked in it), on the same unit, focused on its first need."""

    def action_open_log(self) -> None:
        """The open game's log."""

    def action_open_luck(self) -> None:
        """The open game's luck statistics."""

    def action_open_units(self, unit: str = "") -> None:
        """The units screen, on a unit if given."""

    def action_new_game(self) -> None:
        """The new-game screen."""

    def action_toggle_contrast(self) -> None:
        """Switch between the default and the high-contrast theme."""

    # -- the game's actions ---------------------------------------------------------------
    def action_undo(self) -> None:
        """Take back the last change to the game."""

    def action_redo(self) -> None:
        """Put back the last change undone."""

    def action_print(self, kind: str = "cards") -> None:
        """Write the unit cards (or the quick reference) as HTML beside the save."""

    def action_save_as(self) -> None:
        """Ask where, and write the whole game there."""

    def freeze_the_past(self, *, collect: bool = False) -> None:
        """What lives as long as the open game (its past replayed, its screens built ahead)
        out of the garbage collector's full collections until the game is closed; ``collect``:
        the garbage collected first (for a freeze made again and again)."""

    def action_close_game(self) -> None:
        """Save and close the open game."""

    # -- Textual's, as the palette, the autosaver and the dialogs' openers call them ------
    SAVE_RETRY_EVERY: float
    """Seconds between tries to save while saving fails."""

    @property
    def is_running(self) -> bool:
        """Whether the app is running (not starting, not closing)."""

    @property
    def screen_stack(self) -> list[Screen[Any]]:
        """The screens shown, the one on top last."""

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information"
    ) -> None:
        """Show a toast."""

    def push_screen(
        self, screen: Screen[ResultT], callback: Callable[[ResultT | None], None] | None = None
    ) -> object:
        """Show ``screen`` over the others; ``callback`` gets what it is dismissed with."""

    def run_worker(
        self,
        work: Callable[[], object],
        *,
        group: str = "default",
        exit_on_error: bool = True,
        thread: bool = False,
    ) -> object:
        """Run ``work`` in a worker (a thread, with ``thread``)."""

    def call_from_thread(self, callback: Callable[..., object], *args: Any) -> object:
        """Run ``callback`` in the app's thread, from a worker thread."""

    def set_timer(self, delay: float, callback: Callable[[], object] | None = None) -> Timer:
        """Call ``callback`` once, ``delay`` seconds from now."""

    def set_interval(self, interval: float, callback: Callable[[], object] | None = None) -> Timer:
        """Call ``callback`` every ``interval`` seconds."""
