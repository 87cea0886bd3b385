"""Tick boxes: a selection list and a checkbox that show ✓ when ticked (not colour alone)."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import Checkbox, OptionList, SelectionList
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import SelectionType

from ..compat import MeasuredOptionList, option_lines

BOX_WIDTH = len(Checkbox.BUTTON_LEFT + " " + Checkbox.BUTTON_RIGHT + " ")
"""Cells of a tick box and the space after it (as Textual's list leaves for its own box)."""


class TickList(SelectionList[SelectionType], MeasuredOptionList):
    """A selection list whose boxes show ✓ when ticked, and whose long entries wrap.

    Textual's own list draws the same "X" for both states and tells them apart by colour
    only; the tick keeps the state readable in any theme or on a monochrome screen. It also
    cuts every entry to one line ("…"), which hid the end of long modifier labels and
    effects; here an entry wraps, its next lines indented under its text, not its box
    (measured again when a scrollbar narrows it: :class:`MeasuredOptionList`).
    """

    DEFAULT_CSS = """
    TickList {
        text-wrap: wrap;
        text-overflow: fold;
    }
    """

    def on_focus(self) -> None:
        """Focused, an entry is highlighted (the first, if none was): with none, the cursor
        was nowhere to be seen and space ticked nothing until an arrow key was pressed."""
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Lines for every entry, wrapped beside its box and beside a scrollbar always shown
        (Textual's count leaves both widths out, as its entries never wrap, and came up
        short: the list scrolled, the battle's checklist one line short of its last step)."""
        if self.styles.overflow_y == "scroll":
            width -= self.styles.scrollbar_size_vertical
        return super().get_content_height(container, viewport, max(1, width - BOX_WIDTH))

    def render_line(self, y: int) -> Strip:
        line = OptionList.render_line(self, y)  # the entry's text, wrapped, without the box
        try:
            index, line_of_entry = option_lines(self)[self.scroll_offset.y + y]
            selection = self.get_option_at_index(index)
        except (IndexError, OptionDoesNotExist):
            return line
        underlying = next(iter(line)).style or self.rich_style
        meta = Style(meta={"option": index})  # a click anywhere on the entry is on it
        if line_of_entry:
            return Strip([Segment(" " * BOX_WIDTH, underlying + meta), *line])
        ticked = selection.value in self.selected
        component = "selection-list--button"
        if ticked:
            component += "-selected"
        if self.highlighted == index:
            component += "-highlighted"
        button = self.get_component_rich_style(component)
        side = Style.from_color(button.bgcolor, underlying.bgcolor) + meta
        return Strip(
            [
                Segment(Checkbox.BUTTON_LEFT, side),
                Segment("✓" if ticked else " ", button + meta),
                Segment(Checkbox.BUTTON_RIGHT, side),
                Segment(" ", underlying),
                *line,
            ]
        )


class TickBox(Checkbox):
    """A checkbox showing ✓ when on and an empty box when off (not colour alone).

    Only the box's inner character changes: Textual's own watcher still runs, so the box
    posts ``Checkbox.Changed`` and the value reaches whoever listens (the rules). Replacing
    that watcher once silenced every yes/no input of every ruleset (tests/ui/test_oracle.py).
    """

    def __init__(self, label: str = "", value: bool = False, **kwargs: object) -> None:
        super().__init__(label, value, **kwargs)  # type: ignore[arg-type]
        self.BUTTON_INNER = self.tick(value)

    @staticmethod
    def tick(value: bool) -> str:
        """The box's inner character for ``value``."""
        return "✓" if value else " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = self.tick(self.value)
        super().watch_value()  # the -on class, and Checkbox.Changed for the listeners
