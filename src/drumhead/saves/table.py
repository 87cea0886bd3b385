"""Where the players were: the save last open, and what each save's battle screen showed.

Not the game (no event, nothing in the save itself): a small file beside the saves,
``.drumhead-table.toml``, rewritten whole (atomically) when the view changes. drumhead reopens
the game last played, on the unit and screen it showed, and knows when that game was not
closed (drumhead was killed, the machine went down) so it can say it recovered it. A missing
or unreadable file is no error: there is simply nothing to go back to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomli_w

from drumhead.errors import DrumheadError
from drumhead.saves.files import write_atomic

TABLE_FILE = ".drumhead-table.toml"
"""The file, in the saves folder."""

SCREENS = ("battle", "log", "units", "reference", "roller")
"""Screens reopened over the battle screen on resume (a half-filled check is not)."""

PANES = ("roster", "steps")
"""Where the battle screen's cursor was."""


@dataclass(frozen=True, slots=True)
class SaveView:
    """What one save's battle screen showed."""

    unit: str | None = None
    """The unit selected in the roster."""
    pane: str = "roster"
    """The roster or the phase checklist (``PANES``)."""
    screen: str = "battle"
    """The screen on top of the battle screen (``SCREENS``)."""


@dataclass(frozen=True, slots=True)
class TableState:
    """The players' table, as drumhead left it."""

    last: str | None = None
    """The file name of the save last opened."""
    open: bool = False
    """Whether that save was still open: drumhead never closed it (a crash, a kill)."""
    views: Mapping[str, SaveView] = field(default_factory=dict)
    """Each save's view, by file name."""

    def view(self, save: str) -> SaveView:
        return self.views.get(save, SaveView())

    def with_view(self, save: str, view: SaveView) -> TableState:
        return replace(self, views={**self.views, save: view})


def read_table(folder: Path) -> TableState:
    """The table as last written; empty when there is none or it cannot be read."""
    from drumhead.errors import DrumheadError
    from drumhead.rules.toml_file import read_toml

    try:
        doc, _ = read_toml(folder / TABLE_FILE, kind="table")
    except DrumheadError:
        return TableState()
    last = doc.get("last")
    views: dict[str, SaveView] = {}
    raw_views = doc.get("views")
    if isinstance(raw_views, dict):
        for name, raw in raw_views.items():
            if isinstance(raw, dict):
                views[str(name)] = _view(raw)
    return TableState(
        last=last if isinstance(last, str) and last else None,
        open=doc.get("open") is True,
        views=views,
    )


def _view(raw: Mapping[str, Any]) -> SaveView:
    unit = raw.get("unit")
    pane = raw.get("pane")
    screen = raw.get("screen")
    return SaveView(
        unit=unit if isinstance(unit, str) and unit else None,
        pane=pane if pane in PANES else "roster",
        screen=screen if screen in SCREENS else "battle",
    )


def write_table(folder: Path, table: TableState) -> None:
    """Write the table whole (raises :class:`SaveWriteError`; the caller decides whether
    that matters)."""
    doc: dict[str, Any] = {"open": table.open, "views": {}}
    if table.last is not None:
        doc["last"] = table.last
    for name, view in sorted(table.views.items()):
        entry: dict[str, Any] = {"pane": view.pane, "screen": view.screen}
        if view.unit is not None:
            entry["unit"] = view.unit
        doc["views"][name] = entry
    # never makes the saves folder up: one deleted under an open game stays missing
    write_atomic(folder / TABLE_FILE, tomli_w.dumps(doc).encode("utf-8"), make_folder=False)


class TableKeeper:
    """Keeps the table file of one saves folder up to date: opening and closing a game are
    written at once; view changes (the cursor moving) are kept until :meth:`flush`, which the
    app calls a moment after the last change (a file write per key would be waste)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        """The saves folder the table file lives in."""
        self.state = read_table(folder)
        """The table as drumhead found it when it started (then as it changes)."""
        self.found = self.state
        """The table as the previous drumhead left it (what a resume goes back to)."""
        self.pending = False
        """View changes not yet written."""

    def opened(self, save: str) -> None:
        """A game is open: the one to reopen, marked open until it is closed."""
        self.state = replace(self.state, last=save, open=True)
        self.flush(force=True)

    def closed(self) -> None:
        """The open game was saved and closed."""
        self.state = replace(self.state, open=False)
        self.flush(force=True)

    def note(self, save: str, **changes: Any) -> bool:
        """The view of ``save`` changed (``unit``, ``pane``, ``screen``); True when it did."""
        view = self.state.view(save)
        new = replace(view, **changes)
        if new == view:
            return False
        self.state = self.state.with_view(save, new)
        self.pending = True
        return True

    def flush(self, *, force: bool = False) -> None:
        """Write what changed. A failed write is not an error of the game (the saves say
        that loudly on their own): the view is simply not kept."""
        if not (self.pending or force):
            return
        self.pending = False
        try:
            write_table(self.folder, self.state)
        except DrumheadError:
            self.pending = True
