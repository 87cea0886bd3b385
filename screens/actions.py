"""The game's actions the app's keys and command palette call: undo, redo, luck, print, save
as, close, quit. Each asks the table session and words its answer for the players (with this app's
keys); none decides anything itself."""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any, Literal

from drumhead.errors import DrumheadError
from drumhead.session import Notice, TableSession

from .compat import SettlingApp

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.screen import Screen
    from textual.timer import Timer

    from .autosave import Autosaver

SAID_FOR = 6.0
"""Seconds what undo and redo did stays on the status line (:meth:`SessionActions.say`).

Textual mounts a toast with a layout of the whole screen, and mounts it again on each
screen shown while it lasts: on Cowpens a toast cost undo 55 ms and opening the log just
after it 55 ms more (tests/bench). The confirmations of the keys players press most are
said on the status line instead, which every screen draws anyway. Warnings, errors and the
session's notices stay toasts."""

REPLAY_AFTER = 1.5
"""Seconds after a game opens when its past is replayed in a worker thread (not at once: the
replay holds Python's lock between its steps, and the battle screen's first frame and the
first keys come first)."""


class SessionActions(SettlingApp):
    """The base of the app: the session's actions, its notices shown as toasts, and the
    confirmations of its most used keys said on the status line (:data:`SAID_FOR`)."""

    session: TableSession
    """The table session the app is a view of."""
    autosaver: Autosaver
    """Runs autosaves, keeps the timers."""
    past_frozen = False
    """Whether the open game's past is frozen out of the garbage collector's walks."""
    said: str | None = None
    """The confirmation on the status line, if any (see :meth:`say`)."""
    said_timer: Timer | None = None
    """Takes it off when its time is up: while it runs, :attr:`said` is shown."""

    def tell(self, notice: Notice | None) -> None:
        """Show a notice of the session's to the players."""
        if notice is not None:
            self.notify(
                notice.text,
                title=notice.title or "",
                severity=notice.severity,
                timeout=notice.timeout,
            )

    def say(self, text: str) -> None:
        """Say on every screen's status line what a key just did, for ``SAID_FOR`` seconds
        (until something else is said)."""
        self.said = text
        if self.said_timer is not None:
            self.said_timer.stop()
        self.said_timer = self.set_timer(SAID_FOR, self.unsay)
        self.refresh_status(everywhere=True)

    def unsay(self) -> None:
        """Take the confirmation off the status line (its time is up, or its game closed)."""
        if self.said_timer is not None:
            self.said_timer.stop()
        self.said = None
        self.said_timer = None
        self.refresh_status(everywhere=True)

    def refresh_status(self, *, everywhere: bool = False) -> None:
        """Repaint the status line of the screen shown (``everywhere``: of every screen
        open or kept, each shows it when next seen)."""
        if not self.is_running:
            return
        from .widgets.status_bar import StatusBar

        screens = [*self.screen_stack, *self.kept_screens()] if everywhere else [self.screen]
        for screen in dict.fromkeys(screens):  # a kept screen may be in the stack too
            for bar in screen.query(StatusBar):
                bar.refresh()

    def kept_screens(self) -> Sequence[Screen[Any]]:
        """The screens kept to be shown again (none here)."""
        return ()

    def replay_in_background(self) -> None:
        """A game opened from its snapshot: the states between its past events are worked
        out in a worker thread now, so that no undo or jump back waits for them (a 50,000-event
        past takes seconds); a history that does not replay to the snapshot is told."""
        if self.session.game is not None and self.session.needs_replay():
            self.run_worker(self.replay_worker, thread=True, group="replay", exit_on_error=False)

    def replay_worker(self) -> None:
        notice = self.session.replay_past()
        if notice is not None:
            self.call_from_thread(self.tell, notice)
        self.call_from_thread(self.freeze_the_past)

    def freeze_the_past(self, *, collect: bool = False) -> None:
        """The open game's past is replayed, its screens are built ahead, a kept screen is
        drawn for the first time, or a long log's luck is counted: what they are made of
        (the past's states every few events, its cards, the journal's index; the kept
        screens' widgets and their drawings; the luck's tallies) lives about as long as the
        game, so the garbage collector's full collections stop walking it (``gc.freeze``)
        until the game is closed. A full collection over a 500-unit, 50,000-event game's
        objects was a pause of 100 ms and more in the middle of a key; over a dozen screens
        built ahead, 100 ms in the first switch to another check; over a long game's luck,
        60 to 95 ms in the keys after it; over the first drawings of the screens (Textual's
        lines, each with its caches: 50,000 objects and more once the players had opened
        each screen), 100 ms and more in the first F1 or F3. (A luck counted again, or a
        screen drawn again, replaces the last: what no longer used goes, frozen or not; only
        cycles already garbage as they are frozen stay until the game is closed: about
        3,000 of the 110,000 objects the first drawings made, Cowpens, tests/bench.)

        ``collect``: a full collection first, so that nothing garbage is frozen, for a freeze
        made again and again (each luck counted at once: 10-20 ms, after the frame)."""
        if self.session.game is not None:
            if collect:
                gc.collect()
            gc.freeze()
            self.past_frozen = True

    def thaw_the_past(self) -> None:
        """The game whose past was frozen is closed: its objects can be collected again
        (``gc.unfreeze`` also thaws what start-up froze; the next freeze takes it back)."""
        if self.past_frozen:
            gc.unfreeze()
            self.past_frozen = False

    def action_undo(self) -> None:
        """Take back the last change to the game."""
        if self.session.game is not None:
            try:
                undone = self.session.undo()
            except DrumheadError as exc:  # a past that does not replay (told when opened)
                self.notify(str(exc), severity="error")
                return
            if undone is None:
                self.notify("Nothing to undo.", severity="warning")
            else:
                self.say(f"Undone: {undone} (U redoes)")

    def action_redo(self) -> None:
        """Put back the last change undone."""
        if self.session.game is not None:
            redone = self.session.redo()
            if redone is None:
                self.notify("Nothing to redo.", severity="warning")
            else:
                self.say(f"Redone: {redone}")

    def action_print(self, kind: str = "cards") -> None:
        """Write the game's unit cards (or its quick reference) as HTML beside the save, and
        say where."""
        if self.session.game is None:
            self.notify("No game open.", severity="warning")
            return
        from drumhead.session.record import print_paper

        paper: Literal["cards", "reference"] = "reference" if kind == "reference" else "cards"
        try:
            path = print_paper(self.session, paper)
        except DrumheadError as exc:
            self.notify(f"Nothing printed: {exc}", severity="error")
            return
        what = "Quick reference" if paper == "reference" else "Unit cards"
        self.notify(f"{what} written to {path.resolve()}: open it in a browser and print.")

    def action_save_as(self) -> None:
        """Ask for a name or a folder and write the whole game there; saving goes on there."""
        save = self.session.save
        if save is None or self.session.game is None:
            self.notify("No game open.", severity="warning")
            return
        from .dialogs.save_as import SaveAsModal

        def save_as(text: str) -> str | None:
            try:
                path = self.session.save_as(text)
            except DrumheadError as exc:
                return str(exc)
            self.notify(f"Saved as {path}; saving goes on there.")
            return None

        self.push_screen(SaveAsModal(save.path.stem, str(save.path.parent), save_as))

    def action_close_game(self) -> None:
        """Save and close the open game; back to the start screen."""
        game = self.session.game
        if game is None:
            return
        name = game.state.name
        refused = self.session.close()
        if refused is not None:
            self.tell(self.autosaver.refused(refused))
            return
        self.notify(f"Saved and closed '{name}'.")

    async def action_quit(self) -> None:
        """Save, release the open game, and leave. If it cannot be saved, stay (the second
        ctrl+q in a row leaves all the same, unsaved)."""
        refused = self.session.close()
        if refused is not None:
            self.tell(self.autosaver.refused(refused))
            return
        self.exit()
