"""Saving the open game: autosave through the saves layer's one journal writer, how saving
goes (for the status line), what to tell the players when it fails or works again, and
where the players were (the table file, for resuming and crash recovery).

No threads here: :meth:`SaveKeeper.autosave_job` gives the front end a job to run where it
likes (the app runs it in a worker thread, so input never waits for the disk), and the
front end hands its report back to :meth:`SaveKeeper.autosaved` on the session's thread.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from drumhead.errors import DrumheadError

if TYPE_CHECKING:
    from drumhead.game import Game
    from drumhead.saves import SaveSession
    from drumhead.saves.table import TableKeeper

RETRY_EVERY = 15.0
"""Seconds between tries to save while saving fails (the front end keeps the timer)."""


@dataclass(frozen=True, slots=True)
class SaveReport:
    """What one autosave came to (made by the job, read back on the session's thread)."""

    save: object
    """The save it wrote (a ``SaveSession``): a report about a save since closed or replaced
    is ignored."""
    error: str | None = None
    """Why it failed, in a player's words (None: it worked)."""
    recovered: bool = False
    """It worked after a failure."""


@dataclass(frozen=True, slots=True)
class SaveVerdict:
    """What a front end does after an autosave."""

    tell: str | None = None
    """Tell the players this (the first failure since saving last worked, or that it works
    again); None: nothing to tell."""
    failed: bool = False
    """Saving fails: say so where the players look, and retry every :data:`RETRY_EVERY`."""


class SaveKeeper:
    """The open game's save (if it has one) and the saves folder's table file."""

    def __init__(self, saves: str | None) -> None:
        self.saves = saves
        """The saves folder asked for (None: ``$DRUMHEAD_SAVES`` or ``./saves``)."""
        self.save: SaveSession | None = None
        """The open game's save, if it has one."""
        self.failure_told = False
        """Whether the players were told that saving fails (once, until it works again)."""
        self.table_keeper: TableKeeper | None = None
        """The table file of the saves folder (read when first needed)."""

    # -- where ------------------------------------------------------------------------------
    def folder(self) -> Path:
        """Where games are saved (--saves, $DRUMHEAD_SAVES, or ./saves)."""
        from drumhead.saves import saves_dir

        return saves_dir(self.saves)

    @property
    def table(self) -> TableKeeper:
        """Where the players were (``.drumhead-table.toml`` in the saves folder)."""
        folder = self.folder()
        if self.table_keeper is None or self.table_keeper.folder != folder:
            from drumhead.saves.table import TableKeeper

            self.table_keeper = TableKeeper(folder)
        return self.table_keeper

    # -- opening and closing ----------------------------------------------------------------
    def attach(self, save: SaveSession | None) -> None:
        """``save`` is the open game's save from now on (marked open in the table file)."""
        self.save = save
        self.failure_told = False
        if save is not None:
            self.table.opened(save.path.name)

    def close(self, game: Game, *, force: bool) -> str | None:
        """Save the game whole and release its save; what went wrong, or None.

        When it cannot be saved, the save stays open (so that it can be saved elsewhere or
        closed again), unless ``force``: then it is let go unsaved."""
        save = self.save
        if save is not None:
            try:
                with contextlib.suppress(DrumheadError):
                    save.save(game)  # compacted; a full disk may still take the short way
                save.close()
            except DrumheadError as exc:
                if not force:
                    return str(exc)
                save.release()
            self.table.flush()  # the view as it stood
            self.table.closed()
        self.save = None
        self.failure_told = False
        return None

    # -- autosave ---------------------------------------------------------------------------
    def autosave_job(self) -> Callable[[], SaveReport] | None:
        """A job that writes the changes made so far (None: no save to write). It may run on
        any thread: the save takes each change from the game as it is made, so the job never
        races the next change."""
        save = self.save
        if save is None:
            return None

        def job() -> SaveReport:
            failing = save.health.problem is not None
            try:
                save.autosave()
            except DrumheadError as exc:
                return SaveReport(save, str(exc))
            return SaveReport(save, recovered=failing)

        return job

    def autosaved(self, report: SaveReport) -> SaveVerdict:
        """What follows from an autosave's report: tell the players once that saving fails
        (and keep retrying), and once that it works again."""
        save = self.save
        if report.save is not save or save is None or save.closed:
            return SaveVerdict()
        if report.error is not None:
            told, self.failure_told = self.failure_told, True
            return SaveVerdict(None if told else report.error, failed=True)
        if report.recovered:
            self.failure_told = False
            return SaveVerdict("Saved again: every change is on disk.")
        return SaveVerdict()

    @property
    def failing(self) -> bool:
        """Whether the last attempt to save failed (keep retrying)."""
        return self.save is not None and self.save.health.problem is not None

    def warning(self) -> str | None:
        """While saving fails: since when the game is not saved, and why."""
        health = self.save.health if self.save is not None else None
        if health is None or health.problem is None:
            return None
        since = time.strftime("%H:%M", time.localtime(health.last_saved or time.time()))
        return f"not saved since {since}: {health.problem}"

    def save_as(self, text: str, game: Game) -> Path:
        """Write the whole game as ``text`` (a name in the saves folder, or a path with its
        folder) and go on saving there; the new save's path. Raises DrumheadError."""
        from drumhead.saves import save_path

        if self.save is None:
            raise DrumheadError("this game has no save to write elsewhere")
        given = Path(text).expanduser()
        folder = given.parent if given.parent != Path(".") else self.folder()
        path = save_path(folder, given.name)
        self.save.save_as(path, game)
        self.failure_told = False
        if path.parent.resolve() == self.table.folder.resolve():
            self.table.opened(path.name)  # the game to reopen now lives under its new name
        else:
            self.table.closed()  # the game now lives in another folder, with its own table
        return path

    # -- the view ---------------------------------------------------------------------------
    def note_view(self, **changes: str) -> bool:
        """The open game's view changed (``unit``, ``pane``, ``screen``): True when it did and
        :meth:`flush_view` should be called a moment later (a write per key would be waste)."""
        if self.save is None:
            return False
        return self.table.note(self.save.path.name, **changes)

    def flush_view(self) -> None:
        """Write the view changes noted so far."""
        self.table.flush()
