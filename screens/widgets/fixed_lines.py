"""A list entry measured without laying its text out where it fits: each line of its text that
is no wider than the list is one line on the screen, known from its length; only a line wider
than the list is wrapped (as Textual wraps it) to count its lines. An ``OptionList`` measures
the height of every entry each time its entries change, and Textual lays every entry's text
out to do it; the battle screen's roster of a 500-unit game was 500 layouts on every undo,
redo and event, most of the key's time. Now it is 500 lengths compared, and the few wide
lines laid out; every entry is still drawn only when it is on the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
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
    list.

    Its lines are measured from the plain text, and made into Textual's styled lines only
    when drawn (or when one is wider than the list): opening a 500-unit game measured every
    roster entry, but drew only the dozen on the screen, and making them all was half the
    roster's time (tests/bench)."""

    def __init__(self, text: Text | str) -> None:
        self.text = text
        """What is shown, as given."""
        self.plain = text.plain if isinstance(text, Text) else text
        """The text without its styles (what a filter searches)."""
        self.widths = [cell_len(line) for line in self.plain.split("\n")]
        """Each line's width in cells."""
        self.styled: list[Content] | None = None
        """Its lines styled, once made (:attr:`lines`)."""
        self.wrapped: dict[int, int] = {}
        """Its height at each width it was wrapped at (a line wider than the list is laid
        out to count its lines: a 500-unit roster has a hundred such entries, measured again
        whenever the list's entries change). One list's rules (its text wrapping) apply."""

    @property
    def lines(self) -> list[Content]:
        """The text's lines, styled (made when first asked)."""
        if self.styled is None:
            text = self.text
            content = Content.from_rich_text(text) if isinstance(text, Text) else Content(text)
            self.styled = content.split("\n", allow_blank=True) if content.plain else [content]
        return self.styled

    def __str__(self) -> str:
        return self.plain

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max(self.widths)

    def get_height(self, rules: RulesMap, width: int) -> int:
        if max(self.widths) <= width:
            return len(self.widths)
        height = self.wrapped.get(width)
        if height is None:
            # wrapped from the plain text: styles do not move where a line breaks, and
            # making the styled lines (for an entry perhaps never drawn) was most of the cost
            height = self.wrapped[width] = sum(
                1 if cells <= width else Content(line).get_height(rules, width)
                for cells, line in zip(self.widths, self.plain.split("\n"), strict=True)
            )
        return height

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        strips = [
            strip
            for line in self.lines
            for strip in line.render_strips(width, None, style, options)
        ]
        return strips if height is None else strips[:height]
