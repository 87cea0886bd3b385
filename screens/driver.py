"""The terminal driver: Textual's Linux/macOS driver, with Escape answered without a 100 ms wait.

A lone Escape byte may be the start of another key's escape sequence, so the key parser only
takes it as the Escape key once ``ESCDELAY`` has passed with nothing after it. Textual's driver
checks for that only when its input poll times out, every 100 ms, so Escape, the key that goes
back from every screen, took over 100 ms whatever ``ESCDELAY`` said. This driver polls again as
soon as the parser's wait is due (tests/bench/bench_app.py measures it). It is otherwise the
same loop as Textual 8.2.8's ``LinuxDriver.run_input_thread`` (textual is pinned).
"""

from __future__ import annotations

import contextlib
import os
import selectors
from codecs import getincrementaldecoder

from textual._loop import loop_last
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

IDLE_POLL = 0.1
"""Seconds between input polls while no key is half read (Textual's own interval)."""


def poll_timeout(parser: XTermParser) -> float:
    """How long the input thread may wait for input before the parser must be ticked: until
    its pending timeout (a lone Escape) is due, else the idle interval."""
    due: float | None = getattr(parser, "_timeout_time", None)
    if due is None:
        return IDLE_POLL
    return min(IDLE_POLL, max(0.0, due - get_time()))


class PromptEscapeDriver(LinuxDriver):
    """Textual's Linux driver, ticking the key parser as soon as a lone Escape is due."""

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
