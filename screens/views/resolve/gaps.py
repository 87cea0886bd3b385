"""The resolve screen asks for a value no source gives (a gap) when a check needs it: once,
over the screen once it is shown, then keeps the answer and carries on (or opens the whole
chart to type, where the question offers it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from drumhead.errors import MissingGapError
    from drumhead.rules.model import InputValue

    from .view import ResolveView


def ask_gap(
    screen: ResolveView, error: MissingGapError, retry: Callable[[], object] | None = None
) -> None:
    """Ask the players for ``error``'s missing value, once; keep it and carry on (``retry``:
    what was interrupted, e.g. reading the dice already rolled, is done again)."""
    if screen.asking_gap:
        return
    screen.asking_gap = True
    from ...dialogs.gap import GapModal, WholeChart

    def carry_on() -> None:
        if retry is None:
            screen.update_odds()
        else:
            # what was interrupted first (the roll): a further value it needs is asked with
            # this retry; the odds' own question, asked first, took the roll away (r, two
            # questions answered, and nothing rolled)
            retry()
            if not screen.asking_gap:
                screen.update_odds()
        focus_next()

    def focus_next() -> None:
        """Unless another question is asked meanwhile, the focus goes where the next step
        is (a result's effects, the next input needed, the modifiers), not back to the
        widget that had it when the question opened (the check picker, say)."""
        if not screen.asking_gap and screen.gap_to_ask is None:
            screen.focus_next_step()

    def put_off() -> None:
        screen.notify(f"Still needed for this check: {error.question}", severity="warning")
        focus_next()

    def answered(value: InputValue | WholeChart | None) -> None:
        screen.asking_gap = False
        if isinstance(value, WholeChart) and error.table is not None:
            from ...house_actions import open_chart

            # the chart left without a cell kept is the question put off: said so, and the
            # focus goes on (it stayed on the widget focused before the question opened)
            open_chart(
                screen.drumhead, error.table, gap_id=error.gap, after=carry_on, cancelled=put_off
            )
            return
        if value is None or isinstance(value, WholeChart):
            put_off()
            return
        screen.session.set_gap(error.gap, value)
        carry_on()

    def prompt() -> None:
        if not screen.is_current:  # closed meanwhile: asked when it is shown again
            screen.asking_gap = False
            screen.gap_to_ask = error
            return
        screen.close_menus()  # a list left open would stay over the screen under the question
        # the question with its situation: one cell of a table kept per firer and range
        # band was asked without saying which (the players answered blind)
        modal = GapModal(screen.session, error.gap, error.table, question=error.question)
        screen.app.push_screen(modal, answered)

    # after this screen's next refresh: one still opening shows itself (and its footer's
    # keys) first, so what lies under the prompt does not depend on timing
    screen.call_after_refresh(prompt)
