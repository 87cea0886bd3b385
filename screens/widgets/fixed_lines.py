"""A list entry measured without laying its text out where it fits: each line of its text that
is no wider than the list is one line on the screen, known from its length; only a line wider
than the list is wrapped (as Textual wraps it) to count its lines. An ``OptionList`` measures
the height of every entry each time its entries change, and Textual lays every entry's text
out to do it; the battle screen's roster of a 500-unit game was 500 layouts on every undo,
redo and event, most of the key's time. Now it is 500 lengths compared, and the few wide
lines laid out; every entry is still drawn only when it is on the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.content import Content
from textual.visual import Visual

if TYPE_CHECKING:
    from textual.css.styles import RulesMap
    from textual.strip import Strip
    from textual.style import Style
    from textual.visual import RenderOptions


class FixedLines(Visual):
    """``text``: each of its lines on a line of its own, wrapped only where wider than the
    list."""

    def __init__(self, text: Text | str) -> None:
        content = Content.from_rich_text(text) if isinstance(text, Text) else Content(text)
        self.lines = content.split("\n", allow_blank=True) if content.plain else [content]
        self.plain = content.plain
        """The text without its styles (what a filter searches)."""

    def __str__(self) -> str:
        return self.plain

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max(line.cell_length for line in self.lines)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return sum(
            1 if line.cell_length <= width else line.get_height(rules, width) for line in self.lines
        )

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        strips = [
            strip
            for line in self.lines
            for strip in line.render_strips(width, None, style, options)
        ]
        return strips if height is None else strips[:height]
