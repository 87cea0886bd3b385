"""The pane beside the roster that shows the cursor's unit card: each new card from its top; a
card taller than the pane says how many lines are out of sight, and scrolls by the mouse
wheel (and by the keys its screen gives it, :meth:`CardPane.scroll_lines`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

if TYPE_CHECKING:
    from textual import events


class CardPane(ScrollView, can_focus=False):
    """A unit card drawn as lines of its own (Textual's line API), with no scrollbar.

    The card was a ``Static`` in a scrolling container. Each cursor key that showed a card
    of another height than the last made Textual lay the whole screen out twice (the card's
    size, then the container's); one that went from a card that fits to one that does not
    (a unit with long notes), or back, three times, as the scrollbar came or went and the
    card was wrapped again at its new width. A phase whose checklist is taller or shorter
    than the last one's resized the pane, with the same cascade (25-50 ms more a key on the
    long game, tests/bench). Here the card is wrapped at the pane's width, whatever its
    height: a new card costs one layout if its height changed, none if not; the pane resized
    costs nothing more than the layout that resized it. Where the card does not fit, its
    first or last line on the screen says how many lines are above or below."""

    DEFAULT_CSS = """
    CardPane {
        overflow-x: hidden;
        overflow-y: hidden;
    }
    CardPane > .card-pane--more {
        color: $text-muted;
        text-style: italic;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"card-pane--more"}

    def __init__(self, *, id: str | None = None, keys: str = "mouse wheel") -> None:
        super().__init__(id=id)
        self.keys = keys
        """What scrolls the card, as its last line says ("shift+↓": the battle screen's
        keys; the mouse wheel always does)."""
        self.card: Text = Text()
        """The card shown."""
        self.lines: list[Strip] = []
        """The card wrapped to the pane's width."""
        self.wrapped_at = 0
        """The width :attr:`lines` were wrapped at (0: not yet)."""

    def show(self, card: Text) -> None:
        """Show ``card`` from its top."""
        self.card = card
        self.wrapped_at = 0
        self.wrap()
        self.scroll_to(y=0, animate=False, force=True, immediate=True)

    @property
    def allow_vertical_scroll(self) -> bool:
        """The mouse wheel scrolls a card taller than the pane (it has no scrollbar)."""
        return self.max_scroll_y > 0

    def scroll_lines(self, lines: int) -> None:
        """Scroll the card by ``lines`` (up when negative), within it: a key's scroll."""
        top = min(max(0, round(self.scroll_y) + lines), self.max_scroll_y)
        self.scroll_to(y=top, animate=False, force=True, immediate=True)

    def notify_style_update(self) -> None:
        """The styles changed (a theme switched): the card drawn again in them."""
        super().notify_style_update()
        self.wrapped_at = 0
        self.wrap()

    def on_resize(self, event: events.Resize) -> None:
        self.wrap()
        if self.scroll_y > self.max_scroll_y:  # taller now: no blank lines below the card
            self.scroll_to(y=self.max_scroll_y, animate=False, force=True, immediate=True)

    def wrap(self) -> None:
        """The card's lines at the pane's width (again only if the width changed)."""
        width = self.content_region.width
        if not width:
            return  # not laid out yet: wrapped when it is (on_resize)
        if width != self.wrapped_at:
            card = self.card.copy()
            card.rstrip()  # no blank line after the card's last (counted as more to see)
            visual = visualize(self, card)
            self.lines = Visual.to_strips(self, visual, width, None, self.visual_style, pad=True)
            self.wrapped_at = width
            self.virtual_size = Size(width, len(self.lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.content_region.width
        style = self.visual_style.rich_style
        top = round(self.scroll_y)
        index = top + y
        height = self.content_region.height
        below = len(self.lines) - (top + height)
        if y == height - 1 and below > 0:
            return self.more(f"▼ {below + 1} more lines: {self.keys}", width)
        if y == 0 and top > 0:
            return self.more(f"▲ {top + 1} lines above", width)
        if 0 <= index < len(self.lines):
            return self.lines[index].crop_extend(0, width, style)
        return Strip.blank(width, style)

    def more(self, words: str, width: int) -> Strip:
        """A line saying what is out of sight."""
        style = self.visual_style.rich_style
        text = Text()
        text.append(words, style + self.get_component_rich_style("card-pane--more"))
        text.truncate(width, overflow="ellipsis")
        return Strip(text.render(self.app.console)).crop_extend(0, width, style)
