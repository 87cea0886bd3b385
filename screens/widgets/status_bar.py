"""The status bar: the top line of every screen.

A module of its own so that the start screen (the first frame) does not import the list and
checkbox widgets the other screens use.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from drumhead.session import TableSession

SAID_ROOM = 40
"""Cells a confirmation takes, at most, before the phase title's aside gives way to it."""


class StatusBar(Widget):
    """The top line of every screen: where we are (ruleset, game, turn and phase) and the view,
    and what a key just did (``SessionActions.say``).

    It reads the app's state each time it paints, so ``refresh()`` is all a change needs.
    """

    DEFAULT_CSS = """
    StatusBar {
        dock: top;
        height: auto;
        background: $primary;
        color: $text;
    }
    """

    def __init__(self, view: str) -> None:
        super().__init__()
        self.view = view
        """The name of the screen showing it."""

    def render(self) -> Text:
        """The view, the turn and phase whole, then as much of the game's name and ruleset as
        fits; when the line is short (80 columns) the game's name and ruleset are cut first,
        then the view's own title (…), then the phase title's aside: the turn and phase
        always show. What a key just did takes the place of the game's name and ruleset, with
        the phase title's aside left out when it needs the room. A save problem takes a
        second line of its own, in full."""
        session = getattr(self.app, "session", None)
        line = session.status() if isinstance(session, TableSession) else None
        said_text = getattr(self.app, "said", None) or ""
        where = line.where if line is not None else "drumhead"
        what = line.what if line is not None else ""
        width = self.size.width or 80
        wanted = min(len(said_text) + 4, SAID_ROOM) if said_text else 10
        label = len(self.view) + 2 if said_text else 0
        if line is not None and label + len(f" {where}") + wanted > width:
            where = line.where_short  # the phase title without its aside
            if said_text and label + len(f" {where}") + wanted > width:
                where = line.where_tight or where  # the turn and the phase's number
        view = _cut(self.view, max(8, width - len(f" {where}") - 2))
        text = Text()
        text.append(f" {view} ", style="bold reverse")
        text.append(f" {where}", style="bold")
        room = width - text.cell_len - 3
        if said_text and room > 4:
            theme = self.app.current_theme
            text.append("  ")
            text.append(
                f" {_cut(said_text, room - 1)} ", style=f"bold {theme.background} on {theme.accent}"
            )
        elif what and room > 4:
            text.append(f" · {_cut(what, room)}")
        text.truncate(width, overflow="ellipsis")
        if line is not None and line.problem:
            theme = self.app.current_theme
            banner = Text(f" ⚠ {line.problem} ", style=f"bold {theme.foreground} on {theme.error}")
            text = Text("\n").join([text, banner])  # the banner wraps: every word shows
        return text


def _cut(words: str, room: int) -> str:
    """``words`` in at most ``room`` cells, ending in … when cut."""
    return words if len(words) <= room else words[: max(room - 1, 0)].rstrip() + "…"
