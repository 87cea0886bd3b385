"""The dates and times a save holds (``[game] created``, ``last_played``): checked as such, and
quoted escaped when they are not, so a control character cannot reorder what is shown.

Apart from the journal's reader, so that listing saves stays light."""

from __future__ import annotations

import re
from datetime import datetime

from drumhead.errors import excerpt

_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})?", re.ASCII
)


def time_problem(text: str) -> str | None:
    """Why ``text`` is not a date and time as drumhead writes them (``2026-11-22T19:02:11Z``,
    an offset or fractions of a second allowed); None when it is one."""
    if _TIME.fullmatch(text):
        try:
            datetime.fromisoformat(text)
            return None
        except ValueError:
            pass
    shown = excerpt(text.encode("ascii", "backslashreplace").decode("ascii"), 40)
    return f"'{shown}' is not a date and time (e.g. 2026-11-22T19:02:11Z)"
