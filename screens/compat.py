"""Every use of Textual's private API in drumhead, in one place, each one measured or needed.

Textual is pinned exactly (pyproject.toml); ``tests/ui/test_compat.py`` fails loudly, naming
what changed, when a new Textual moves what this module relies on, and a test greps the app
so that no other module imports ``textual._*`` or defines or reaches an underscore name of a
Textual class. What is here and why (``tests/bench/bench_tricks.py`` measures each):

- :class:`PromptEscapeDriver`: Escape, the key that goes back from every screen, answered as
  soon as the key parser's wait is over, not at Textual's next 100 ms poll (172 -> 39 ms).
- :class:`QuickResumeScreen`: a kept screen shown again is restyled only when the styles
  changed since it was last shown (a theme switch), not every time.
- :func:`footer_ready`: the footer is built with its keys, so the first frame has them.
- :func:`mount_screen`: a screen built ahead (mounted without being shown), so that even the
  first opening of the screens players use most is quick; :func:`lay_out_ahead` lays it out
  too (Textual lays out only the screen shown).
- :class:`MeasuredOptionList`: an option list's entries are measured again when a scrollbar
  narrows them (Textual measures them again only at a size event, which a scrollbar is not).
- :class:`SteadyOptionList`: an option list measures its entries again only when its width
  changed, not at every size event (the first of which comes just after its first frame),
  nor when entries are replaced with entries of the same height (a card drawn).
- :func:`option_lines`, :func:`option_top` and :func:`is_closing`: what a widget or screen is
  doing, where Textual has no public word for it.
- :class:`BindingsTable`: the keys panel's (F1) table of keys, which Textual does not export:
  the panel's lays its table out once for each width (``widgets/keys_panel.py``).
- :class:`SettlingApp`: quitting waits (briefly) for a screen being built ahead to finish
  mounting. Textual's shutdown closes a half-mounted screen's widgets one by one, so their
  own mount handlers (ours, and Textual's ``Select``) found their children gone and failed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import selectors
from codecs import getincrementaldecoder
from collections.abc import Awaitable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual._loop import loop_last
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets._key_panel import BindingsTable as BindingsTable

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.css.styles import RulesMap
    from textual.driver import Driver
    from textual.geometry import Region
    from textual.message_pump import MessagePump
    from textual.strip import Strip
    from textual.visual import VisualType
    from textual.widgets import Footer
    from textual.widgets.option_list import Option

TEXTUAL_VERSION = "8.2.8"
"""The Textual this module was written against (pinned in pyproject.toml)."""

DRIVER_LOOP_SHA256 = "d796af6d69db337d6fa6bd463984f7d17188d991dbb22f60efb92a8a9619507c"
"""The source of Textual 8.2.8's ``LinuxDriver.run_input_thread``, which
:class:`PromptEscapeDriver` copies (a new Textual's loop must be copied again)."""

IDLE_POLL = 0.1
"""Seconds between input polls while no key is half read (Textual's own interval)."""


# -- the Escape key ---------------------------------------------------------------------
def poll_timeout(parser: XTermParser) -> float:
    """How long the input thread may wait for input before the parser must be ticked: until
    its pending timeout (a lone Escape) is due, else the idle interval."""
    due: float | None = getattr(parser, "_timeout_time", None)
    if due is None:
        return IDLE_POLL
    return min(IDLE_POLL, max(0.0, due - get_time()))


class PromptEscapeDriver(LinuxDriver):
    """Textual's Linux/macOS driver, ticking the key parser as soon as a lone Escape is due.

    A lone Escape byte may be the start of another key's escape sequence, so the parser only
    takes it as the Escape key once ``ESCDELAY`` has passed with nothing after it. Textual's
    driver checks for that only when its input poll times out, every 100 ms, so Escape took
    over 100 ms whatever ``ESCDELAY`` said. This is the same loop as Textual 8.2.8's
    ``LinuxDriver.run_input_thread`` (its source is checked by tests/ui/test_compat.py), with
    the poll's timeout from :func:`poll_timeout`. Proposed upstream: docs/textual-escape.md.
    """

    def run_input_thread(self) -> None:
        """Wait for input and dispatch events (Textual's loop, with :func:`poll_timeout`)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        fileno = self.fileno
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode

        def process(events: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
            for last, (_key, mask) in loop_last(events):
                if mask & selectors.EVENT_READ:
                    data = decode(os.read(fileno, 1024 * 4), final=final and last)
                    if not data:  # stdin is piped
                        break
                    for event in parser.feed(data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process(selector.select(poll_timeout(parser)))
            selector.unregister(fileno)
            process(selector.select(IDLE_POLL), final=True)
        finally:
            selector.close()
            # end the parser's input: what it still held (half a key) is dropped on exit
            with contextlib.suppress(EOFError, ParseError):
                list(parser.feed(""))


def driver_class(default: type[Driver]) -> type[Driver]:
    """The driver to run on: :class:`PromptEscapeDriver` where Textual would use its Linux
    driver (Linux, macOS), else Textual's choice (Windows, the web)."""
    if f"{default.__module__}.{default.__qualname__}" == "textual.drivers.linux_driver.LinuxDriver":
        return PromptEscapeDriver
    return default


# -- screens ----------------------------------------------------------------------------
def styles_version(app: App[Any]) -> int:
    """Textual's count of the app's style changes (a theme switch adds one)."""
    count: int = app._css_update_count
    return count


class QuickResumeScreen(Screen[None]):
    """A screen restyled, when shown again, only if the app's styles changed meanwhile.

    Textual restyles every widget of a screen each time it is shown, in case the theme changed
    while it was away. A screen just built was styled as it was mounted, and a kept screen
    was styled when last shown: the restyle was a third of the time a kept screen took to
    reopen (tests/bench/bench_tricks.py).
    """

    def __init__(self) -> None:
        super().__init__()
        self.styled_at: int = styles_version(self.app)
        """The app's styles version when the screen was last styled whole."""

    def restyle_needed(self) -> bool:
        """Whether the app's styles changed since the screen was last styled whole."""
        return styles_version(self.app) != self.styled_at

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        event.prevent_default()  # Screen's own handler runs once, below, with our choice
        restyle = self.restyle_needed()
        self.styled_at = styles_version(self.app)
        super()._on_screen_resume(events.ScreenResume(refresh_styles=restyle))


SETTLE_LIMIT = 3.0
"""Seconds quitting waits for screens being built ahead to finish mounting."""


def fully_mounted(screen: Screen[Any]) -> bool:
    """Whether a screen and every widget in it has been mounted."""
    return all(node.is_mounted for node in screen.walk_children(Widget, with_self=True))


class SettlingApp(App[None]):
    """An app that, quitting, first lets the screens it is building ahead finish mounting.

    Once the app's message loop has ended, a widget mounted is closed at once (Textual's
    ``MessagePump._start_messages``), so a half-built screen's last widgets never ran and the
    mount handlers of their parents failed. :meth:`exit` waits before ending the loop;
    :meth:`_shutdown` (which ``run_test`` calls directly) waits before closing anything."""

    def screens_being_built(self) -> Sequence[Screen[Any]]:
        """The screens being built ahead, not shown (none by default)."""
        return ()

    def unsettled(self) -> list[Screen[Any]]:
        """The screens being built ahead that are still mounting."""
        # not "is_running": a screen whose mounting was asked for starts its task a step later
        return [s for s in self.screens_being_built() if not is_closing(s) and not fully_mounted(s)]

    async def settle(self) -> None:
        """Wait, up to :data:`SETTLE_LIMIT` seconds, until every screen being built ahead
        is mounted whole (or was taken down)."""
        deadline = get_time() + SETTLE_LIMIT
        while self.unsettled() and get_time() < deadline:
            await asyncio.sleep(0.01)

    def exit(
        self,
        result: None = None,
        return_code: int = 0,
        message: RenderableType | None = None,
    ) -> None:
        """Quit, once the screens being built ahead are mounted."""
        if not self.unsettled():
            super().exit(result, return_code, message)
            return

        async def settle_then_exit() -> None:
            await self.settle()
            App.exit(self, result, return_code, message)

        self.run_worker(settle_then_exit(), group="settle-exit", exclusive=True)

    async def _shutdown(self) -> None:
        await self.settle()
        await super()._shutdown()


def is_closing(node: MessagePump) -> bool:
    """Whether a widget or screen is being taken down (or is already): a screen built ahead
    can be dropped, or the app quit, before its widgets are mounted."""
    return bool(node._closing or node._closed or getattr(node, "_pruning", False))


def mount_screen(app: App[Any], screen: Screen[Any]) -> Awaitable[None]:
    """Compose and mount an installed screen without showing it (what pushing it does
    first); done when its widgets are mounted."""
    _, mounted = app._get_screen(screen)
    return mounted


LAYOUT_ROUNDS = 4
"""Layouts at most of a screen laid out ahead: its first, and those its widgets ask for as
they take their first size (a list measuring its entries, a pane growing a scrollbar)."""

LAYOUT_SETTLE = 0.02
"""Seconds a screen laid out ahead is given for its widgets to answer their first size."""


async def lay_out_ahead(app: App[Any], screen: Screen[Any]) -> None:
    """Lay out a screen built ahead (mounted, not shown) at the app's size, as showing it
    does, and again while its widgets ask for it as they take their first size.

    Textual lays a screen out only when it is shown: a screen built ahead was placed, sized
    and shown to its widgets (each answering its first size, some asking for another
    layout: three to seven in all) in the key that first opened it, 100 to 200 ms of it
    (tests/bench/first_use.py). Laid out here, it is shown at once at the same size (Textual
    lays it out again only if the app's size changed meanwhile)."""
    for _ in range(LAYOUT_ROUNDS):
        if is_closing(screen) or not screen.is_attached or screen in app.screen_stack:
            return
        screen._refresh_layout(app.size)  # not drawn: not the current screen
        screen._layout_required = False
        await asyncio.sleep(LAYOUT_SETTLE)
        if not screen._layout_required:
            return


# -- widgets ----------------------------------------------------------------------------
def footer_ready(footer: Footer) -> None:
    """Let a footer build its keys now (Textual's waits for the first binding change, so the
    first frame had an empty footer)."""
    footer._bindings_ready = True


class MeasuredOptionList(OptionList):
    """An option list whose entries are measured again whenever they are drawn at another
    width than the one they were measured at.

    Textual's ``OptionList`` measures its entries (how many lines each wraps to) once, and
    forgets the measures only at a size event. A scrollbar that comes (the list grew past its
    ``max-height``) narrows the entries without one: they were then drawn at the new width
    but given the lines measured at the old, and an entry that now wrapped to one more line
    lost its last ("MWAN116 Movement: Movement" without "Modifiers)", seen with the keys
    panel open on the resolve screen)."""

    measured_width: int | None = None
    """The width the entries' lines were measured at (None: not yet)."""

    def content_width(self) -> int:
        """The width the list's entries are laid out in (as ``OptionList`` works it out)."""
        width: int = self.scrollable_content_region.width - self._get_left_gutter_width()
        return width

    def _update_lines(self) -> None:
        if not self._line_cache.lines:  # measured from the first entry: at this width
            self.measured_width = self.content_width()
        super()._update_lines()

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._line_cache.lines and self.measured_width != self.content_width():
            # measured at another width: measured and drawn again, at this one, before
            # any line is drawn (Textual's own clearing asks for one more frame)
            self._option_render_cache.clear()
            self._line_cache.clear()
        return super().render_lines(crop)


class SteadyOptionList(MeasuredOptionList):
    """An option list that measures its entries again only when its width changed.

    Textual's ``OptionList`` forgets every entry's measured lines at each size event. A list
    gets one just after its first frame (it was new), with its width unchanged: the roster of
    a 500-unit game measured all 500 entries again, and drew itself whole, while the first
    key waited (tests/bench). A change of width (the terminal or a pane resized, a scrollbar
    come or gone) still measures them all again; entries added or replaced are measured by
    the list's own methods, as before."""

    def _on_resize(self, event: events.Resize) -> None:  # type: ignore[override]
        event.prevent_default()  # OptionList's own handler: run below, only when it must be
        # none measured yet: nothing to forget (the entries' drawings go with their lines)
        if self._line_cache.lines and self.measured_width != self.content_width():
            super()._on_resize()  # type: ignore[no-untyped-call]

    def replace_prompts(self, prompts: Mapping[int, VisualType]) -> None:
        """Replace the prompts of the entries at these indexes, all at once.

        Textual's ``replace_option_prompt_at_index`` forgets every entry's measured lines and
        drawings at each call: a card drawn on a 500-unit game marks a hundred roster lines,
        and the next cursor move or frame measured all 500 entries again. Here, where every
        replaced entry keeps its height (at the width measured), the measures are kept and
        only the replaced entries' drawings forgotten; else everything is, as Textual does."""
        lines = self._line_cache
        measured = self.content_width()
        keep = bool(lines.lines) and self.measured_width == measured
        width = measured - self.get_component_styles("option-list--option").padding.width
        rules = cast("RulesMap", self.styles)  # as OptionList measures its entries
        replaced: set[Option] = set()
        for index, prompt in prompts.items():
            option = self.get_option_at_index(index)
            option._set_prompt(prompt)
            replaced.add(option)
            if keep:
                height = self._get_visual(option).get_height(rules, width) + option._divider
                keep = height == lines.heights.get(index)
        if not replaced:
            return
        if not keep:
            self._clear_caches()
            return
        drawings = self._option_render_cache  # Textual's LRUCache: only its keys() iterate
        for key in [key for key in drawings.keys() if key[0] in replaced]:  # noqa: SIM118
            drawings.discard(key)
        self.refresh()


def option_top(option_list: OptionList, index: int) -> int:
    """The line (of the whole list) on which the option at ``index`` starts."""
    line: int = option_list._index_to_line[index]
    return line


def option_lines(option_list: OptionList) -> Sequence[tuple[int, int]]:
    """Each line an option list draws: (option index, line of that option)."""
    lines: Sequence[tuple[int, int]] = option_list._lines
    return lines
