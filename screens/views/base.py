"""The base of drumhead's screens: typed access to the app and the table session.

A screen reaches the app as :class:`ScreenHost` (the protocol of ``screens/host.py`` and the
screens the app keeps), never by importing ``app.py``, which imports the screens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from textual import events

from ..compat import QuickResumeScreen, is_closing
from ..host import DrumheadHost

if TYPE_CHECKING:
    from drumhead.session import TableSession


class ScreenKeeper(Protocol):
    """What the screens use of the screens the app keeps (:class:`~.kept.KeptScreens`)."""

    async def prepare(self, kind: type[KeptScreen], *args: str | None) -> KeptScreen | None:
        """Build a screen of ``kind`` without showing it, and keep it; the screen built."""


class ScreenHost(DrumheadHost, Protocol):
    """The app as its screens see it: the host, and the screens it keeps. Named here, beside
    :class:`KeptScreen`, as the kept screens are screens: ``host.py`` imports none."""

    @property
    def kept(self) -> ScreenKeeper:
        """The screens kept to be shown again."""


class DrumheadScreen(QuickResumeScreen):
    """A full screen of drumhead's app: a view over the table session."""

    STYLED_AT_START: ClassVar[bool] = False
    """Whether the app's start-up stylesheet holds this screen's styles; if not, building it
    makes the app read the others (``DrumheadApp.load_screen_styles``) first."""

    def __init__(self) -> None:
        if not self.STYLED_AT_START:
            self.drumhead.load_screen_styles()
        super().__init__()

    @property
    def closing(self) -> bool:
        """Whether the screen is being taken down: a screen built ahead can be dropped, or
        the app quit, before its widgets are mounted."""
        return is_closing(self) or not self.is_attached

    async def on_event(self, event: events.Event) -> None:
        """A screen taken down before it was mounted is not mounted at all: its mount
        handlers would look for widgets that are already gone."""
        if isinstance(event, events.Mount) and self.closing:
            return
        await super().on_event(event)

    @property
    def drumhead(self) -> ScreenHost:
        """The app, typed (screens call down into it): drumhead's app is the only one that
        shows its screens, and the type checker checks that it is a :class:`ScreenHost`
        (``app.py``)."""
        return cast(ScreenHost, self.app)

    @property
    def session(self) -> TableSession:
        """The table session the app is a view of."""
        return self.drumhead.session

    def game_changed(self) -> None:
        """The open game changed: repaint what shows it (nothing by default)."""


class KeptScreen(DrumheadScreen):
    """A screen the app builds once and then keeps, refilling it each time it is opened.

    Building a screen (composing, mounting and styling its widgets) is most of the time it
    takes to open, so the app keeps it installed after it is closed and shows it again with
    :meth:`reopen` (see ``screens/views/kept.py`` and tests/bench/bench_app.py).
    """

    KEEP: ClassVar[int] = 1
    """How many screens of this kind the app keeps at once."""

    def __init__(self) -> None:
        super().__init__()
        self.built_for: tuple[object, object] = (self.session.game, self.session.ruleset)
        """The game and ruleset in use when the screen was built."""

    def fits_app(self) -> bool:
        """Whether this screen can still be shown: by default, only with the game and
        ruleset it was built for."""
        game, ruleset = self.built_for
        return game is self.session.game and ruleset is self.session.ruleset

    def reopen(self, *args: Any) -> bool:
        """Make the screen look as one newly built with ``args`` would; False (changing
        nothing) when it cannot, and a new screen is built instead. This default cannot: a
        kind of screen is refilled only where it says how."""
        return False

    def serves(self, *args: Any) -> bool:
        """Whether :meth:`reopen` may be able to show ``args`` here, told without trying
        (a resolve screen serves one check): by default, any screen of the kind may."""
        return True
