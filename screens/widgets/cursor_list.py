"""An option list that tells its screen at once when its cursor moves, so that what the cursor
shows beside the list (the unit's card) is drawn in the same frame as the cursor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..compat import SteadyOptionList

if TYPE_CHECKING:
    from collections.abc import Callable


class CursorList(SteadyOptionList):
    """A :class:`SteadyOptionList` that calls :attr:`cursor_moved` as its cursor moves.

    Textual's list posts a message when its cursor moves. The screen handled it only after
    the list's own repaint had gone out, so the unit's card beside the roster came a frame
    later: 25-35 ms more on every cursor key (tests/bench). :attr:`cursor_moved` is called
    as the cursor moves, before any frame, on every move: by a key, a click, or the screen
    putting the cursor back (even with the list's message prevented)."""

    cursor_moved: Callable[[], None] | None = None
    """What the screen does when the cursor moves (None: nothing yet)."""

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if highlighted is not None and self.cursor_moved is not None:
            self.cursor_moved()
