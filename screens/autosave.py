"""The app's side of saving: the session's autosave jobs run in a worker thread (input never
waits for the disk), the retry timer while saving fails, and the view written a moment after
it changes. What to save, and what to tell the players, is the session's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from drumhead.session import Notice, SaveReport

if TYPE_CHECKING:
    from textual.timer import Timer

    from .host import DrumheadHost

VIEW_WRITE_AFTER = 0.5
"""Seconds after the last view change (cursor, pane, screen) that it is written."""

ELSEWHERE = "ctrl+s saves it elsewhere"
"""How the players save the game elsewhere when its save fails."""


class Autosaver:
    """Runs autosaves for an app and keeps its timers."""

    def __init__(self, app: DrumheadHost) -> None:
        self.app = app
        """The app saving."""
        self.retry_timer: Timer | None = None
        """Retries saving while it fails (every ``app.SAVE_RETRY_EVERY`` seconds)."""
        self.view_timer: Timer | None = None
        """The pending write of a view change."""

    def autosave(self) -> None:
        """Write the changes made so far, in a worker thread (nothing to do without a save)."""
        job = self.app.session.autosave_job()
        if job is not None and self.app.is_running:
            self.app.run_worker(
                lambda: self.in_worker(job), thread=True, group="autosave", exit_on_error=False
            )

    def in_worker(self, job: Callable[[], SaveReport]) -> None:
        report = job()
        self.app.call_from_thread(self.done, report)

    def done(self, report: SaveReport) -> None:
        """After an autosave: say once that saving fails (the status bar keeps saying it)
        and retry; or that it works again."""
        verdict = self.app.session.autosaved(report)
        if verdict.failed and self.retry_timer is None:
            self.retry_timer = self.app.set_interval(self.app.SAVE_RETRY_EVERY, self.retry)
        if verdict.tell is None:
            return
        if verdict.failed:
            self.app.tell(Notice(f"{verdict.tell} · {ELSEWHERE}", "error", "Not saved", 20))
        else:
            self.app.tell(Notice(verdict.tell))

    def retry(self) -> None:
        """Try again to save (on the timer while saving fails)."""
        if not self.app.session.save_failing:
            if self.retry_timer is not None:
                self.retry_timer.stop()
                self.retry_timer = None
            return
        self.autosave()

    def refused(self, notice: Notice) -> Notice:
        """A close that could not save, with what the players can do about it."""
        return Notice(
            f"{notice.text} · {ELSEWHERE}; close again to leave it unsaved",
            notice.severity,
            notice.title,
            notice.timeout,
        )

    def remember_view(self, **changes: str) -> None:
        """The open game's view changed (unit, pane, screen): written a moment later."""
        if not self.app.session.note_view(**changes):
            return
        if self.view_timer is not None:
            self.view_timer.stop()
        self.view_timer = self.app.set_timer(VIEW_WRITE_AFTER, self.app.session.flush_view)
