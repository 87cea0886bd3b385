"""A list of the log's rows that draws only the rows on the screen (Textual's line API).

A 50,000-event log as an ``OptionList`` is 50,000 options built, measured and styled on every
opening and every undo; this widget knows only how many rows there are, asks its source
(:class:`~drumhead.game.log_rows.LogRows`) for the rows on the screen when it paints, and
forgets them when the game changes: opening, scrolling, undo and redo cost a screenful of
rows whatever the length of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

if TYPE_CHECKING:
    from drumhead.game.log_rows import LogRow, LogRows


class LogView(ScrollView, can_focus=True):
    """The log's rows, the cursor on one; Enter selects it."""

    DEFAULT_CSS = """
    LogView {
        height: 1fr;
        overflow-x: hidden;
        background: $surface;
    }
    LogView > .log-view--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    LogView:blur > .log-view--cursor {
        background: $block-cursor-blurred-background;
        text-style: none;
    }
    LogView > .log-view--place {
        color: $accent;
        text-style: bold;
    }
    LogView > .log-view--muted {
        color: $text-muted;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "log-view--cursor",
        "log-view--place",
        "log-view--muted",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "ends(-1)", "First", show=False),
        Binding("end", "ends(1)", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    cursor: reactive[int] = reactive(0, always_update=True, init=False)
    """The highlighted row."""

    class Highlighted(Message):
        """The cursor moved to ``row``."""

        def __init__(self, view: LogView, row: int) -> None:
            super().__init__()
            self.view = view
            self.row = row

        @property
        def control(self) -> LogView:
            return self.view

    class Selected(Message):
        """Enter (or a click) on ``row``."""

        def __init__(self, view: LogView, row: int) -> None:
            super().__init__()
            self.view = view
            self.row = row

        @property
        def control(self) -> LogView:
            return self.view

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source: LogRows | None = None
        self._count = 0
        self._shown: dict[int, LogRow] = {}
        """The rows read for the screen since the last change (a screenful or so)."""

    # -- what it shows --------------------------------------------------------------------
    def show(self, source: LogRows | None, cursor: int | None = None) -> None:
        """Show ``source``'s rows as they are now (after a change to the game: only the
        rows on the screen are read again), the cursor on row ``cursor`` (None: where it
        was, or on the latest event if it was there or beyond the rows there are now)."""
        was_latest = self.source is None or self.cursor >= self.source.latest
        self.source = source
        self._shown = {}
        self._count = len(source) if source is not None else 0
        self.virtual_size = Size(0, self._count)
        if source is None:
            self.refresh()
            return
        if cursor is None:
            cursor = source.latest if was_latest or self.cursor >= self._count else self.cursor
        self._move(cursor, center=True)
        if not self.scrollable_content_region.height:  # not laid out yet: centre it then
            self.call_after_refresh(self._move, cursor, center=True)
        self.refresh()

    def row(self, index: int) -> LogRow | None:
        """Row ``index`` (read if it is not on the screen)."""
        if self.source is None or not 0 <= index < self._count:
            return None
        found = self._shown.get(index)
        if found is None:
            found = self.source.row(index)
        return found

    @property
    def row_count(self) -> int:
        return self._count

    # -- moving ---------------------------------------------------------------------------
    def _move(self, row: int, *, center: bool = False) -> None:
        row = max(0, min(row, self._count - 1))
        self.cursor = row
        height = max(1, self.scrollable_content_region.height)
        top = round(self.scroll_y)
        if center and not top <= row < top + height:
            self.scroll_to(y=max(0, row - height // 2), animate=False, immediate=True)
        elif row < top:
            self.scroll_to(y=row, animate=False, immediate=True)
        elif row >= top + height:
            self.scroll_to(y=row - height + 1, animate=False, immediate=True)

    def go_to(self, row: int) -> None:
        """Put the cursor on ``row``, scrolled into the middle of the screen if it was off."""
        self._move(row, center=True)

    def watch_cursor(self, old: int, new: int) -> None:
        height = self.scrollable_content_region.height
        top = round(self.scroll_y)
        for row in (old, new):
            if top <= row < top + height:
                self.refresh_line(row - top)
        self.post_message(self.Highlighted(self, new))

    def action_cursor(self, step: int) -> None:
        self._move(self.cursor + step)

    def action_page(self, step: int) -> None:
        height = max(1, self.scrollable_content_region.height)
        self._move(self.cursor + step * (height - 1))

    def action_ends(self, step: int) -> None:
        self._move(0 if step < 0 else self._count - 1)

    def action_select(self) -> None:
        if self._count:
            self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event: object) -> None:
        offset = getattr(event, "y", None)
        if isinstance(offset, int):
            row = round(self.scroll_y) + offset
            if 0 <= row < self._count:
                self._move(row)
                self.post_message(self.Selected(self, row))

    # -- painting -------------------------------------------------------------------------
    def _fetch(self, top: int, height: int) -> None:
        """Read the rows on the screen (and a little around them) that are not read yet."""
        if self.source is None:
            return
        if all(r in self._shown for r in range(top, min(top + height, self._count))):
            return
        if len(self._shown) > 4 * max(height, 50):
            self._shown = {}  # scrolled far: keep only what is shown now
        start = max(0, top - 8)
        for offset, found in enumerate(self.source.rows(start, top + height + 8)):
            self._shown[start + offset] = found

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        top = round(self.scroll_y)
        index = top + y
        if self.source is None or index >= self._count:
            return Strip.blank(width, self.rich_style)
        self._fetch(top, self.scrollable_content_region.height)
        found = self._shown.get(index)
        if found is None:
            return Strip.blank(width, self.rich_style)
        text = self.line_text(found, width)
        base = self.rich_style
        if index == self.cursor:
            base = base + self.get_component_rich_style("log-view--cursor")
        segments = list(text.render(self.app.console))
        strip = Strip(segments).apply_style(base)
        return strip.crop_extend(0, width, base)

    def line_text(self, found: LogRow, width: int) -> Text:
        """The row as a line of ``width`` cells (cut with an ellipsis where it is longer)."""
        muted = self.get_component_rich_style("log-view--muted", partial=True)
        if found.kind == "start":
            return Text("Start of the game", style=Style(italic=True))
        if found.kind == "rule":
            return Text(f"── {found.text} ──", style=Style(bold=True))
        line = Text()
        line.append(f"{found.seq:>6}  ")
        if found.new_place and found.where:
            place = self.get_component_rich_style("log-view--place", partial=True)
            line.append(f"{found.where} ▸ ", place)
        words = found.text
        if found.kind == "undone":
            line.append(f"(undone) {words}", Style(strike=True) + muted)
        elif found.taken_back is not None:
            line.append(f"{words} (taken back by entry {found.taken_back})", muted)
        else:
            line.append(words)
        line.truncate(width, overflow="ellipsis")
        return line
