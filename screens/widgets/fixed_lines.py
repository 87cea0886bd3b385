"""A list entry whose lines are its own, whatever the list's width: each line of its text is
one line on the screen, cut with an ellipsis where the list is narrower. An ``OptionList``
measures the height of every entry each time its entries change (Textual lays each one's text
out to see how it wraps); the battle screen's roster of a 500-unit game was 500 layouts on
every undo, redo and event, most of the key's time. An entry whose height is its count of
lines is measured for nothing, and drawn only when it is on the screen."""

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
    """``text``, one screen line for each of its lines."""

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
        return len(self.lines)

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        shown = self.lines if height is None else self.lines[:height]
        return [
            strip
            for line in shown
            for strip in line.truncate(width, ellipsis=True).render_strips(
                width, 1, style, options
            )[:1]
        ]
