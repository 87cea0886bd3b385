"""The log's record: each entry's line with its marker, and "revert this entry".

Entries that no longer count stay in the log, greyed *and* marked in words (never colour
alone): ``[reverted by 9]`` or ``[dropped by 9]`` for those a revert took back, ``[undone]``
for those on the redo stack. Reverting an entry shows the plan
(:class:`~drumhead.screens.revert_dialog.RevertModal`) and, if the players agree, records it as
one ``revert`` entry (undoable, saved).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.screens.events_text import describe_event
from rich.text import Text

from drumhead.errors import DrumheadError
from drumhead.game.record_text import (
    UNDONE_MARK,
    entry_marker,
    plan_changes,
    plan_summary,
    revert_text,
)

if TYPE_CHECKING:
    from drumhead.screens.app import DrumheadApp

    from drumhead.game import Event, Game, Reverted

GREYED = "dim"
"""How an entry that does not count is drawn (besides its marker)."""


def entry_line(game: Game, event: Event, gone: dict[int, Reverted]) -> Text:
    """An entry of the log: ``  5. Morale test ...``; one a revert took back greyed and
    marked ``  5. [reverted by 9] Morale test ...``."""
    mark = entry_marker(event.seq, gone)
    text = f"{event.seq:>3}. {mark + ' ' if mark else ''}{describe_event(game, event)}"
    return Text(text, style=GREYED if mark else "")


def undone_line(game: Game, event: Event) -> Text:
    """An entry on the redo stack: greyed, struck through and marked ``[undone]``."""
    return Text(f"{event.seq:>3}. {UNDONE_MARK} {describe_event(game, event)}", style="dim strike")


def revert_entry(app: DrumheadApp, seq: int) -> None:
    """Plan reverting entry ``seq`` of the open game and show the plan; carried out (one
    ``revert`` entry, dropping exactly the entries in conflict) only if the players agree."""
    from drumhead.screens.revert_dialog import RevertModal

    game = app.game
    if game is None:
        return
    try:
        plan = game.revert(seq)
    except DrumheadError as exc:
        app.notify(str(exc), severity="error")
        return
    log = game.events()
    conflicts = [
        (f"entry {c.seq}: {describe_event(game, log[c.seq - 1])}", c.reason) for c in plan.conflicts
    ]
    dialog = RevertModal(
        f"entry {seq}: {describe_event(game, log[seq - 1])}",
        plan_summary(plan),
        conflicts,
        plan_changes(game.state, plan.state),
    )

    def chosen(agreed: bool | None) -> None:
        if not agreed or app.game is not game:
            app.notify("Revert cancelled: nothing changed.")
            return
        try:
            event = app.record(lambda at: game.apply_revert(plan, drop=plan.drop, at=at))
        except DrumheadError as exc:
            app.notify(str(exc), severity="error")
            return
        app.notify(f"{revert_text(event)} (entry {event.seq}; u undoes it).")

    app.push_screen(dialog, chosen)
