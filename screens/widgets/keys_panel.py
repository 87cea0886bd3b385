"""The keys panel (F1): Textual's help panel, kept hidden on its screen between uses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.measure import Measurement
from rich.segment import Segment
from textual.widgets import HelpPanel, KeyPanel, Markdown

from ..compat import BindingsTable

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from textual.app import ComposeResult
    from textual.widget import Widget


class LaidOut:
    """A Rich renderable measured and rendered once for each width it is given."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self.measures: dict[int, Measurement] = {}
        self.lines: dict[tuple[int, int | None], list[list[Segment]]] = {}

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if options.max_width not in self.measures:
            measured = Measurement.get(console, options, self.renderable)
            self.measures[options.max_width] = measured
        return self.measures[options.max_width]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key = (options.max_width, options.height)
        if key not in self.lines:
            self.lines[key] = console.render_lines(self.renderable, options, pad=False)
        for line in self.lines[key]:
            yield from line
            yield Segment.line()


class KeysTable(BindingsTable):
    """Textual's table of keys, built once and laid out by Rich once for each width (see
    :class:`LaidOut`): Textual's built the table anew, and Rich measured and drew every
    row, at each measure of its width, of its height, and each drawing, three to six times
    as the panel showed (about half of the time F1 took)."""

    laid_out: LaidOut | None = None
    """The table, as built and laid out so far (None: not built yet)."""

    def __init__(self) -> None:
        super().__init__(shrink=True, expand=False)  # as Textual's list builds it

    def render(self) -> LaidOut:  # type: ignore[override]
        if self.laid_out is None:
            self.laid_out = LaidOut(self.render_bindings_table())
        return self.laid_out

    def notify_style_update(self) -> None:
        """The styles changed (a theme switched): the table built again in them."""
        super().notify_style_update()
        self.laid_out = None


class QuietKeyPanel(KeyPanel):
    """Textual's list of keys, which rebuilds itself at every change of its screen's keys,
    rebuilt here only when the keys it lists changed, and never while its panel is hidden
    (:meth:`up_to_date` as the panel shows)."""

    listed: tuple[object, ...] | None = None
    """The keys listed (None: not built yet)."""

    def keys_now(self) -> tuple[object, ...]:
        """The screen's keys now, as the list shows them."""
        return tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
        )

    def compose(self) -> ComposeResult:
        self.listed = self.keys_now()
        yield KeysTable()

    async def recompose(self) -> None:
        parent = self.parent
        if parent is None or parent.display:  # hidden: brought up to date as it shows
            await self.up_to_date()

    async def up_to_date(self) -> None:
        """Rebuild the list if the screen's keys changed since it was built."""
        keys = self.keys_now()
        if keys != self.listed:
            self.listed = keys
            await super().recompose()


class KeysPanel(HelpPanel):
    """Textual's keys panel (every key of the screen and the app's, and the focused widget's
    help), hidden instead of removed when F1 closes it, to show again at once: mounting it
    was most of the time F1 took (tests/bench/first_use.py), and the battle screen builds
    one ahead. Hidden, it leaves its contents alone (Textual's rebuilt the list of keys and
    the focused widget's help at every change of focus, under nothing seen); they are
    brought up to date as it shows (:meth:`show`)."""

    help_shown = ""
    """The focused widget's help the panel shows ("": none, as the panel starts)."""

    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield QuietKeyPanel(id="keys-help")

    def update_help(self, focused_widget: Widget | None) -> None:
        """Textual's, only while the panel shows and when the help to show changed: it
        restyled the panel and parsed its Markdown anew (in a thread) at every call, the
        panel's first show laid out again and redrawn once that was done (F1 was 150 ms)."""
        if not self.display or not self.app.app_focus or not self.screen.is_active:
            return
        help_now = widget_help(focused_widget)
        if help_now != self.help_shown:
            self.help_shown = help_now
            super().update_help(focused_widget)

    async def show(self) -> None:
        """Show the panel, its keys and help those of the screen now."""
        # the list rebuilt before the panel shows, not after: the screen is laid out once
        await self.query_one(QuietKeyPanel).up_to_date()
        self.display = True
        self.update_help(self.screen.focused)

    def hide(self) -> None:
        """Hide the panel (kept on its screen)."""
        self.display = False


def widget_help(focused_widget: Widget | None) -> str:
    """The help the keys panel shows for the focused widget: its own or its nearest
    container's (Textual's ``HELP``), "" for none."""
    from textual.widget import Widget

    for node in focused_widget.ancestors_with_self if focused_widget is not None else ():
        if isinstance(node, Widget) and node.HELP:
            return node.HELP
    return ""


def hidden_keys_panel() -> KeysPanel:
    """A keys panel to build ahead on a screen, hidden until F1."""
    panel = KeysPanel()
    panel.display = False
    return panel
