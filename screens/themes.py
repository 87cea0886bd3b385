"""The app's two themes: navy and brass, and a high-contrast one (F6)."""

from __future__ import annotations

from textual.theme import Theme

DEFAULT_THEME = Theme(
    name="drumhead",
    primary="#3a6ea5",
    secondary="#6b4f2a",
    accent="#d9a441",
    warning="#d9a441",
    error="#d04848",
    success="#4c9a52",
    foreground="#e8e4da",
    background="#1b1d22",
    surface="#24272e",
    panel="#2e323b",
    dark=True,
)
"""Navy and brass on dark grey."""

CONTRAST_THEME = Theme(
    name="drumhead-contrast",
    primary="#ffffff",
    secondary="#ffff00",
    accent="#ffff00",
    warning="#ffff00",
    error="#ff5f5f",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1c1c1c",
    dark=True,
)
"""White and yellow on black, for bright rooms and tired eyes."""
