"""What a key just did (undone, redone), said on the status line of every screen.

Textual mounts a toast with a layout of the whole screen, and mounts it again on each
screen shown while it lasts: on Cowpens a toast cost undo 55 ms and opening the log just
after it 55 ms more (tests/bench). The confirmations of the keys players press most are
said on the status line instead, which every screen draws anyway. Warnings, errors and the
session's notices stay toasts.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

SAID_FOR = 6.0
"""Seconds a confirmation stays on the status line (unless another replaces it)."""


@dataclass(frozen=True, slots=True)
class Said:
    """A confirmation on the status line, until a moment (``time.monotonic``)."""

    text: str
    until: float

    @classmethod
    def now(cls, text: str, seconds: float = SAID_FOR) -> Said:
        """``text``, said from now for ``seconds``."""
        return cls(text, time.monotonic() + seconds)

    @property
    def showing(self) -> bool:
        """Whether it is still to be shown."""
        return time.monotonic() < self.until
