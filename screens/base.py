"""The base of drumhead's screens: typed access to the app and to the game it has open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from drumhead.screens.app import DrumheadApp

    from drumhead.game import Game


class DrumheadScreen(Screen[None]):
    """A full screen of drumhead's app."""

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
