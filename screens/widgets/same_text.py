"""Changing a widget's text only when it is another text: each update of a ``Static`` asks
Textual for a layout of the whole screen, even with the same text. A kept screen refilled
with what it already shows (a check's screen built ahead, then switched to) updated some
twenty texts to their own values, and the layout made ahead was done again as it showed
(tests/bench/first_use.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.visual import VisualType
    from textual.widgets import Static


def show_text(widget: Static, text: VisualType) -> None:
    """Show ``text`` in ``widget``, unless it shows that text already (a ``str`` or a Rich
    ``Text``, compared by value; anything else is always shown anew)."""
    if type(widget.content) is not type(text) or widget.content != text:
        widget.update(text)
