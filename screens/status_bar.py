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
        status = getattr(self.app, "status_text", None)
        where = status() if callable(status) else "drumhead"
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f" {self.view} ", style="bold reverse")
        warning = getattr(self.app, "save_warning", None)
        problem = warning() if callable(warning) else None
        if problem:  # before the rest: an ellipsis must not hide it
            theme = self.app.current_theme
            text.append(f" {problem} ", style=f"bold {theme.foreground} on {theme.error}")
        text.append(f" {where}")
        return text
