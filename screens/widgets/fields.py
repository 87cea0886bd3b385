"""Text fields that take only the characters they can use (counts, dice typed by hand)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen
from textual.widgets import Input


class KeyField(Input):
    """A text field that takes only the characters it can use, and leaves every other key to
    the screen's bindings.

    A plain ``Input`` swallows every printable key: on the resolve screen, with the focus in a
    count, ``r`` typed "r" into it ("✗ takes a whole number") instead of rolling. A count
    needs digits (and a minus sign where a value may be negative); the dice typed by hand need
    digits and separators. Anything else is a key for the screen: roll, type dice, apply.
    """

    def __init__(self, value: str = "", *, allowed: str, **kwargs: Any) -> None:
        super().__init__(value, **kwargs)
        self.allowed = frozenset(allowed)
        """The characters the field types; other printable keys go to the bindings."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Only the field's own characters are its keys: the screen's bindings for the others
        stay active (and in the footer) while it has the focus."""
        return character is not None and character in self.allowed

    def on_key(self, event: events.Key) -> None:
        if event.key in ("backspace", "delete"):
            # at once, in the keys' order: as a binding, Backspace ran only after the keys
            # read with it were typed, so "Backspace 3" in one burst (a paste, keys sent
            # together over ssh) typed the 3 over the selected "0", then deleted it: blank
            event.stop()
            event.prevent_default()
            if event.key == "backspace":
                self.action_delete_left()
            else:
                self.action_delete_right()
            return
        if event.is_printable and event.character not in self.allowed:
            # not Input's: the key goes on, unstopped, to the screen's and app's bindings
            event.prevent_default()


def number_characters(minimum: int | None) -> str:
    """What a whole-number field takes: digits, and a minus sign where values may be negative."""
    return "0123456789" + ("-" if minimum is None or minimum < 0 else "")


DICE_CHARACTERS = "0123456789 ,;"
"""What the dice typed by hand take: faces and the separators between them."""


def type_or_focus(screen: Screen[Any], field: Input, character: str) -> None:
    """The key that opens ``field`` (a priority binding, read as it arrives): ``field`` has
    the focus at once, so the keys read together with it go into it. Textual's ``focus()``
    moves the focus only after the keys already read, which went to the widget focused before
    (tests/ui/test_key_bursts.py). With ``field`` focused already, the key is a character
    typed in it, at the cursor."""
    if screen.focused is field:  # (its has_focus waits for its Focus event to be handled)
        field.insert_text_at_cursor(character)
    else:
        screen.set_focus(field)
