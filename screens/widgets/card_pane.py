"""The pane beside the roster that shows the cursor's unit card: shown from its top for each new
card, scrolled (by the mouse wheel) where the card is taller than the pane."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

if TYPE_CHECKING:
    from textual import events


class CardPane(ScrollView, can_focus=False):
    """A unit card drawn as lines of its own (Textual's line API).

    The card was a ``Static`` in a scrolling container. Each cursor key that showed a card
    of another height than the last made Textual lay the whole screen out twice (the card's
    size, then the container's); one that went from a card that fits to one that does not
    (a unit with long notes), or back, three times, as the scrollbar came or went and the
    card was wrapped again at its new width: 25-50 ms more a key on the long game
    (tests/bench). Here the card is wrapped as it is shown, at the width it will have, and
    the scrollbar is set then: one layout when the card's height changes, none when not."""

    DEFAULT_CSS = """
    CardPane {
        overflow-x: hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.card: Text = Text()
        """The card shown."""
        self.lines: list[Strip] = []
        """The card wrapped to the pane's width (beside the scrollbar, if it has one)."""

    def show(self, card: Text) -> None:
        """Show ``card`` from its top."""
        self.card = card
        self.wrap()
        self.scroll_to(y=0, animate=False, immediate=True)

    def on_resize(self, event: events.Resize) -> None:
        self.wrap()

    def wrap(self) -> None:
        """The card's lines at the pane's width, and the scrollbar shown if they are more
        than the pane's height (set now: Textual would find it after a layout, and lay the
        screen out again for it)."""
        pane = self.content_region
        if not pane.width or not pane.height:
            return  # not laid out yet: wrapped when it is (on_resize)
        width = pane.width
        lines = self.strips(width)
        taller = len(lines) > pane.height
        if taller:
            width -= self.styles.scrollbar_size_vertical
            lines = self.strips(width)
        if taller != self.show_vertical_scrollbar:
            self.show_vertical_scrollbar = taller
            self.vertical_scrollbar.display = taller
        self.lines = lines
        self.virtual_size = Size(width, len(lines))
        self.refresh()

    def strips(self, width: int) -> list[Strip]:
        """The card's lines at ``width`` cells, as a ``Static`` draws them."""
        visual = visualize(self, self.card)
        return Visual.to_strips(self, visual, width, None, self.visual_style, pad=True)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = round(self.scroll_y) + y
        if 0 <= index < len(self.lines):
            return self.lines[index].crop_extend(0, width, self.visual_style.rich_style)
        return Strip.blank(width, self.visual_style.rich_style)
