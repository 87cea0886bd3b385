"""Rolling from the resolve screen: at once, or, when this form's last roll is still in the
log, after the players say they mean a second check (``dialogs/roll_again.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.widgets import Checkbox, Input, Static

from drumhead.errors import DrumheadError
from drumhead.session.form import parse_hand_dice

from ...dialogs.roll_again import RollAgainModal
from ...widgets.same_text import show_text

if TYPE_CHECKING:
    from textual.widget import Widget

    from .view import ResolveView


def roll_or_ask(
    screen: ResolveView, hand: list[int] | None, done: Callable[[], None] | None = None
) -> None:
    """Roll (``hand``: the faces typed; None: the game's dice), then ``done`` if it rolled.
    A check this form rolled already, and whose roll the log still holds, is rolled again
    only if the players choose to in the dialog: a key pressed twice is no second check."""
    form = screen.form
    before = form.rolled_before() if form is not None else None

    def roll() -> None:
        if screen.run_check(hand) and done is not None:
            done()

    if form is None or before is None:
        roll()
        return
    entry, result = before

    def answered(again: bool | None) -> None:
        if again:
            roll()

    screen.app.push_screen(RollAgainModal(form.check.title, entry, result), answered)


def roll_typed(screen: ResolveView, field: Input, error: Static) -> None:
    """Roll the dice typed by hand in ``field`` (emptied once rolled); a typing error shows
    in ``error``, under it, and nothing is rolled."""
    try:
        faces = parse_hand_dice(field.value)
    except DrumheadError as exc:
        error.update(f"✗ {exc}")
        return
    error.update("")

    def rolled() -> None:
        field.value = ""

    roll_or_ask(screen, faces, rolled)


def clear_hand(screen: Widget) -> None:
    """No dice typed by hand nor error under them, the re-roll used: a fresh form's (its
    screen refilled; nothing changed when it shows that already)."""
    screen.query_one("#use-reroll", Checkbox).value = True
    screen.query_one("#hand", Input).value = ""
    show_text(screen.query_one("#hand-error", Static), "")
