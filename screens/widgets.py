"""Small widgets shared by several screens."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Checkbox, SelectionList
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import SelectionType


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
        text.append(f" {where}")
        return text


class TickList(SelectionList[SelectionType]):
    """A selection list whose boxes show ✓ when ticked and stay empty otherwise.

    Textual's own list draws the same "X" for both states and tells them apart by colour
    only; the tick keeps the state readable in any theme or on a monochrome screen.
    """

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        _, scroll_y = self.scroll_offset
        try:
            selection = self.get_option_at_index(scroll_y + y)
        except OptionDoesNotExist:
            return line
        segments = list(line)
        if len(segments) < 2:
            return line
        mark = "✓" if selection.value in self._selected else " "
        segments[1] = Segment(mark, segments[1].style)
        return Strip(segments)


class TickBox(Checkbox):
    """A checkbox showing ✓ when on and an empty box when off (not colour alone)."""

    def on_mount(self) -> None:
        self.watch_value()

    def watch_value(self) -> None:
        self.BUTTON_INNER = "✓" if self.value else " "
        self.refresh()
