"""The resolve screen as its helpers see it: :class:`ResolveView`, a typing protocol.

``applying.py``, ``gaps.py``, ``pickers.py`` and ``rolling.py`` act on the resolve screen,
which calls them: they name it by this protocol rather than by importing ``screen.py``, so
that no import, not even one for the type checker alone, leads back up to it. The type
checker checks that :class:`~.screen.ResolveScreen` is one wherever it hands itself to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App
    from textual.notifications import SeverityLevel
    from textual.widget import Widget

    from drumhead.errors import MissingGapError
    from drumhead.session import TableSession
    from drumhead.session.form import CheckForm

    from ...host import DrumheadHost

WidgetT = TypeVar("WidgetT", bound="Widget")
"""The kind of widget looked up on the screen."""


class ResolveView(Protocol):
    """What the resolve screen's helpers use of it, and no more."""

    asking_gap: bool
    """A gap prompt is open (so it is asked once)."""
    gap_to_ask: MissingGapError | None
    """A value the odds wait for, asked once the screen is shown."""

    @property
    def form(self) -> CheckForm | None:
        """The check being filled in (None: not built yet, or no check to offer)."""

    @property
    def session(self) -> TableSession:
        """The table session the app is a view of."""

    @property
    def drumhead(self) -> DrumheadHost:
        """The app, typed."""

    def form_refilled(self) -> None:
        """The form's values changed from outside the fields (a side or leader picked)."""

    def update_odds(self, offer: bool = True) -> None:
        """Recompute the number needed and the odds of every outcome from the form."""

    def run_check(self, hand: list[int] | None) -> bool:
        """Roll the check (``hand``: the faces typed); whether it rolled."""

    def show_result(self, *, new: bool = False) -> None:
        """Show the form's result (``new``: a roll just made, its first effect highlighted)."""

    def focus_next_step(self) -> None:
        """The focus where the next step is (effects, the next input needed, modifiers)."""

    def close_menus(self) -> None:
        """Close any drop-down list left open on the screen."""

    # -- Textual's, as the helpers call them ----------------------------------------------
    @property
    def app(self) -> App[object]:
        """The app showing the screen (for the dialogs the helpers push on it)."""

    @property
    def is_current(self) -> bool:
        """Whether the screen is the one shown."""

    def notify(self, message: str, *, severity: SeverityLevel = "information") -> None:
        """Show a toast."""

    def query_one(self, selector: type[WidgetT]) -> WidgetT:
        """The screen's widget of this kind."""

    def call_after_refresh(self, callback: Callable[[], object], *args: Any) -> bool:
        """Call ``callback`` after the screen's next refresh."""
