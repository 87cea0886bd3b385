"""Opening the house-rules dialogs from anywhere in the app: a missing chart in the grid
editor (from a check's question, the quick reference, the command palette, the answers
screen), and the answers screen. Each change is the session's (:mod:`drumhead.session.house`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from drumhead.checks.base import counted_text
from drumhead.errors import DrumheadError
from drumhead.session.house import HouseDesk

if TYPE_CHECKING:
    from .host import DrumheadHost


def chart_start(desk: HouseDesk, table_id: str, gap_id: str | None) -> tuple[str, str] | None:
    """The (row, column) keys of the cell that is ``gap_id`` (the one a check asked for)."""
    if gap_id is None:
        return None
    table = desk.ruleset.gap_table(table_id)
    if table is None:
        return None
    for (row, _), cells in zip(table.rows, table.cells, strict=True):
        for (column, _), cell in zip(table.columns, cells, strict=True):
            if cell == gap_id.split(".")[0]:
                return row, column
    return None


def open_chart(
    app: DrumheadHost,
    table_id: str,
    *,
    gap_id: str | None = None,
    after: Callable[[], object] | None = None,
    cancelled: Callable[[], object] | None = None,
) -> None:
    """Open the grid editor on a chart (on the cell ``gap_id`` if given); keep what is typed
    as one change of the game, then ``after`` (e.g. the check that asked, carried on);
    ``cancelled``: what follows when the players leave it without keeping anything."""
    from .dialogs.grid_editor import GridEditor, TypedCells

    desk = HouseDesk(app.session)
    try:
        table, shown = desk.chart(table_id)
    except DrumheadError as exc:
        app.notify(str(exc), severity="error")
        return

    def done(typed: TypedCells | None) -> None:
        if typed is None:  # cancelled: nothing kept, nothing carried on
            if cancelled is not None:
                cancelled()
            return
        if typed:
            try:
                changed = desk.keep_chart(table_id, typed)
            except DrumheadError as exc:
                app.notify(str(exc), severity="error")
                return
            if changed:
                undo = " (u undoes it)" if app.session.game is not None else ""
                app.notify(f"{table.title}: {counted_text(changed, 'cell|cells')} kept{undo}.")
        if after is not None:
            after()

    check = partial(desk.cell_problem, table_id)
    app.push_screen(
        GridEditor(table, shown, check, start=chart_start(desk, table_id, gap_id)), done
    )


def open_answers(app: DrumheadHost) -> None:
    """The answers screen: open questions, the answers given, a chart to type, save them."""
    from .dialogs.answers import AnswersScreen

    app.push_screen(AnswersScreen(HouseDesk(app.session), partial(open_chart, app)))


def save_answers_dialog(app: DrumheadHost) -> None:
    """Save the answers given so far as a house-rules file (asks its name and title)."""
    from .dialogs.answers import SaveAnswersModal

    desk = HouseDesk(app.session)

    def saved(path: Path | None) -> None:
        if path is not None:
            app.notify(f"Saved as {path}: a new game offers it.", title="House rules")

    title = f"{desk.ruleset.title}: our answers"
    app.push_screen(SaveAnswersModal(desk.house_folder(), desk.save_answers, title), saved)
