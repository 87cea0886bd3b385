"""The base of drumhead's screens: typed access to the app and to the game it has open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.screen import Screen

if TYPE_CHECKING:
    from drumhead.screens.app import DrumheadApp

    from drumhead.game import Game


class DrumheadScreen(Screen[None]):
    """A full screen of drumhead's app."""

    STYLED_AT_START: ClassVar[bool] = False
    """Whether the app's start-up stylesheet holds this screen's styles; if not, building it
    makes the app read the others (``DrumheadApp.load_screen_styles``) first."""

    def __init__(self) -> None:
        super().__init__()
        if not self.STYLED_AT_START:
            load = getattr(self.app, "load_screen_styles", None)
            if callable(load):
                load()
        self.styles_version: int | None = getattr(self.app, "_css_update_count", None)
        """Textual's count of style changes when the screen was last styled whole (when it
        was built, then each time it is shown)."""

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown: restyle the whole screen only if the app's styles changed since it was.

        Textual restyles every widget of a screen each time it is shown, in case the theme
        changed while it was away. A screen just built was styled as it was mounted, and a
        kept screen (below) was styled when last shown: the restyle was a third of the time a
        kept screen took to reopen, and a quarter of the start screen's own time before its
        first frame. Textual counts its style changes (a theme switch, F6), so the restyle
        is done only when that count moved.
        """
        event.prevent_default()  # Screen's own handler runs once, below, with our choice
        styles_version = getattr(self.app, "_css_update_count", None)
        restyle = styles_version is None or styles_version != self.styles_version
        self.styles_version = styles_version
        super()._on_screen_resume(events.ScreenResume(refresh_styles=restyle))

    @property
    def closing(self) -> bool:
        """Whether the screen is being taken down: a screen built ahead can be dropped, or
        the app quit, before its widgets are mounted."""
        return self._closing or self._closed or self._pruning or not self.is_attached

    async def on_event(self, event: events.Event) -> None:
        """A screen taken down before it was mounted is not mounted at all: its mount
        handlers would look for widgets that are already gone."""
        if isinstance(event, events.Mount) and self.closing:
            return
        await super().on_event(event)

    @property
    def drumhead(self) -> DrumheadApp:
        """The app, typed (screens call down into it)."""
        from drumhead.screens.app import DrumheadApp

        assert isinstance(self.app, DrumheadApp)
        return self.app

    @property
    def game(self) -> Game:
        """The open game (only on screens that are shown with one)."""
        assert self.drumhead.game is not None
        return self.drumhead.game


class KeptScreen(DrumheadScreen):
    """A screen the app builds once and then keeps, refilling it each time it is opened.

    Building a screen (composing, mounting and styling its widgets) is most of the time it
    takes to open, so the app keeps it installed after it is closed and shows it again with
    :meth:`reopen` (see ``DrumheadApp.show_kept`` and tests/bench/bench_app.py).
    """

    KEEP: ClassVar[int] = 1
    """How many screens of this kind the app keeps at once."""

    def __init__(self) -> None:
        super().__init__()
        self.built_for: tuple[object, object] = (self.drumhead.game, self.drumhead.ruleset)
        """The game and ruleset open when the screen was built."""

    def fits_app(self) -> bool:
        """Whether this screen can still be shown: by default, only with the game and
        ruleset it was built for."""
        game, ruleset = self.built_for
        return game is self.drumhead.game and ruleset is self.drumhead.ruleset

    def reopen(self, *args: Any, **kwargs: Any) -> bool:
        """Make the screen look as one newly built with ``args`` would; False (changing
        nothing) when it cannot, and a new screen is built instead. This default cannot: a
        kind of screen is refilled only where it says how."""
        return False
