"""The status bar: the top line of every screen.

A module of its own so that the start screen (the first frame) does not import the list and
checkbox widgets the other screens use.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class StatusBar(Widget):
    """The top line of every screen: where we are (ruleset, game, turn and phase) and the view.

    It reads the app's state each time it paints, so ``refresh()`` is all a change needs.
    """

    DEFAULT_CSS = """
    StatusBar {
        dock: top;
        height: 1;
        background: $primary;
        color: $text;
    }
    """

    def __init__(self, view: str) -> None:
        super().__init__()
        self.view = view
        """The name of the screen showing it."""

    def render(self) -> Text:
        """The view, any save problem, the turn and phase whole, then as much of the game's
        name and ruleset as fits. When the line is short (80 columns) the game's name and
        ruleset are cut first, then the view's own title (…): the turn and phase always show
        whole, and so does a save problem."""
        status = getattr(self.app, "status_text", None)
        essential, extra = status() if callable(status) else ("drumhead", "")
        warning = getattr(self.app, "save_warning", None)
        problem = warning() if callable(warning) else None
        width = self.size.width or 80
        problem_cells = len(f" {problem} ") if problem else 0
        if callable(status) and len(f" {essential}") + problem_cells + 10 > width:
            essential, extra = status(short=True)  # the phase title without its aside
        kept = len(f" {essential}") + problem_cells
        view = _cut(self.view, max(8, width - kept - 2))
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f" {view} ", style="bold reverse")
        if problem:  # before the rest: an ellipsis must not hide it
            theme = self.app.current_theme
            text.append(f" {problem} ", style=f"bold {theme.foreground} on {theme.error}")
        text.append(f" {essential}", style="bold")
        room = width - text.cell_len - 3
        if extra and room > 4:
            text.append(f" · {_cut(extra, room)}")
        return text


def _cut(words: str, room: int) -> str:
    """``words`` in at most ``room`` cells, ending in … when cut."""
    return words if len(words) <= room else words[: max(room - 1, 0)].rstrip() + "…"
