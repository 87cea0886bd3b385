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
    from drumhead.session.shown import LogRow, LogRows


class LogView(ScrollView, can_focus=True):
    """The log's rows, the cursor on one; Enter selects it."""

    DEFAULT_CSS = """
    LogView {
        height: 1fr;
        overflow-x: hidden;
        background: $surface;
        border: tall $border-blurred;
        padding: 0 1;
    }
    LogView:focus {
        border: tall $border;
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
        self.rows_total = 0
        self.latest_row: int | None = None
        """The latest entry's row when the rows were last shown."""
        self.read_rows: dict[int, LogRow] = {}
        """The rows read for the screen since the last change (a screenful or so)."""

    # -- what it shows --------------------------------------------------------------------
    def show(self, source: LogRows | None, cursor: int | None = None) -> None:
        """Show ``source``'s rows as they are now (after a change to the game: only the
        rows on the screen are read again), the cursor on row ``cursor`` (None: where it
        was, or on the latest event if it was there or beyond the rows there are now)."""
        # the rows are the game's as it is now: where the latest was is what was shown
        was_latest = self.latest_row is None or self.cursor >= self.latest_row
        self.source = source
        self.latest_row = source.latest if source is not None else None
        self.read_rows = {}
        self.rows_total = len(source) if source is not None else 0
        self.virtual_size = Size(0, self.rows_total)
        if source is None:
            self.refresh()
            return
        if cursor is None:
            cursor = source.latest if was_latest or self.cursor >= self.rows_total else self.cursor
        self.place(cursor)
        if not self.scrollable_content_region.height:  # not laid out yet: place it then
            self.call_after_refresh(self.place, cursor)
        self.refresh()

    def place(self, cursor: int) -> None:
        """The cursor on ``cursor``: on the latest entry, the end of the log in view (the
        undone entries after it too, as far as the screen allows); elsewhere, mid-screen."""
        if self.source is None or cursor != self.source.latest:
            self.move_to(cursor, center=True)
            return
        height = max(1, self.scrollable_content_region.height)
        self.cursor = max(0, min(cursor, self.rows_total - 1))
        top = min(max(0, self.rows_total - height), self.cursor)
        self.scroll_to(y=top, animate=False, immediate=True)

    def row(self, index: int) -> LogRow | None:
        """Row ``index`` (read if it is not on the screen)."""
        if self.source is None or not 0 <= index < self.rows_total:
            return None
        found = self.read_rows.get(index)
        if found is None:
            found = self.source.row(index)
        return found

    @property
    def row_count(self) -> int:
        return self.rows_total

    # -- moving ---------------------------------------------------------------------------
    def move_to(self, row: int, *, center: bool = False) -> None:
        row = max(0, min(row, self.rows_total - 1))
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
        self.move_to(row, center=True)

    def watch_cursor(self, old: int, new: int) -> None:
        height = self.scrollable_content_region.height
        top = round(self.scroll_y)
        for row in (old, new):
            if top <= row < top + height:
                self.refresh_line(row - top)
        self.post_message(self.Highlighted(self, new))

    def action_cursor(self, step: int) -> None:
        self.move_to(self.cursor + step)

    def action_page(self, step: int) -> None:
        height = max(1, self.scrollable_content_region.height)
        self.move_to(self.cursor + step * (height - 1))

    def action_ends(self, step: int) -> None:
        self.move_to(0 if step < 0 else self.rows_total - 1)

    def action_select(self) -> None:
        if self.rows_total:
            self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event: object) -> None:
        offset = getattr(event, "y", None)
        if isinstance(offset, int):
            row = round(self.scroll_y) + offset
            if 0 <= row < self.rows_total:
                self.move_to(row)
                self.post_message(self.Selected(self, row))

    # -- painting -------------------------------------------------------------------------
    def fetch(self, top: int, height: int) -> None:
        """Read the rows on the screen (and a little around them) that are not read yet."""
        if self.source is None:
            return
        if all(r in self.read_rows for r in range(top, min(top + height, self.rows_total))):
            return
        if len(self.read_rows) > 4 * max(height, 50):
            self.read_rows = {}  # scrolled far: keep only what is shown now
        start = max(0, top - 8)
        for offset, found in enumerate(self.source.rows(start, top + height + 8)):
            self.read_rows[start + offset] = found

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        top = round(self.scroll_y)
        index = top + y
        if self.source is None or index >= self.rows_total:
            return Strip.blank(width, self.rich_style)
        self.fetch(top, self.scrollable_content_region.height)
        found = self.read_rows.get(index)
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
        if found.kind == "fold":  # a turn's walk through the phases, on one line
            line = Text(f"{'⋯':>6}  ", style=muted)
            line.append(found.text, Style(italic=True) + muted)
            line.truncate(width, overflow="ellipsis")
            return line
        line = Text()
        line.append(f"{found.seq:>6}  ")
        if found.new_place and found.where:
            place = self.get_component_rich_style("log-view--place", partial=True)
            line.append(f"{found.where} ▸ ", place)
        words = f"{found.mark} {found.text}" if found.mark else found.text
        if found.kind == "undone":
            line.append(words, Style(strike=True) + muted)
        elif found.mark:
            line.append(words, muted)
        else:
            line.append(words)
        line.truncate(width, overflow="ellipsis")
        return line
