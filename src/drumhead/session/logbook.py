"""The table session's log: its entries for a front end, undo, redo, jump and revert."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.errors import DrumheadError
from drumhead.session.core import SessionCore
from drumhead.session.notices import Change, Notice

if TYPE_CHECKING:
    from drumhead.game import Event
    from drumhead.game.log_rows import LogRows
    from drumhead.session.table import LogEntry


class LogDesk(SessionCore):
    """The game's log at the table."""

    # -- the log --------------------------------------------------------------------------
    def describe(self, event: Event) -> str:
        """What an event did, in a line of the players' words."""
        from drumhead.game.wording import describe_event

        return describe_event(self.open_game_or_fail(), event)

    def log_rows(self, *, everything: bool = False) -> LogRows:
        """The log as rows, read a screenful at a time (a long game's log is never read
        whole to be shown; see :mod:`drumhead.game.log_rows`): the rolls and the changes to
        the game, each turn's walk through the sequence of play folded into one row
        (:mod:`drumhead.game.log_fold`); ``everything``: every entry a row."""
        from drumhead.game.log_fold import FoldedRows
        from drumhead.game.log_rows import LogRows
        from drumhead.game.wording import describe_event

        game = self.open_game_or_fail()
        kind = LogRows if everything else FoldedRows
        return kind(game, lambda event: describe_event(game, event))

    def needs_replay(self) -> bool:
        """Whether the open game was opened after events whose states are not worked out yet
        (undo or a jump past its snapshot would replay them first: :meth:`replay_past`)."""
        past = self.game.past if self.game is not None else None
        return past is not None and not past.replayed

    def replay_past(self) -> Notice | None:
        """Work out the states between the events the open game was opened with, now, and
        check that they end in the state its snapshot holds. Safe in a worker thread while
        the game is played (the app calls it so after opening a long game, so that the first
        undo does not wait for it). A journal that does not replay to the snapshot is a
        notice for the players: the game stays as the snapshot says, and undo or a jump past
        the snapshot is refused with the same reason."""
        game = self.game
        if game is None:
            return None
        try:
            game.replay_past()
        except DrumheadError as exc:
            return Notice(
                f"This save's history does not replay to the state it was saved in: {exc}. "
                f"The game is as it was saved; undo or a jump back past entry "
                f"{game.past_in_log} is refused.",
                "error",
                title="Save history",
                timeout=30,
            )
        return None

    def log_entries(self) -> list[LogEntry]:
        """The log by turn and phase, then the undone entries (latest first)."""
        from drumhead.session.table import log_entries

        return log_entries(self.open_game_or_fail())

    def undo(self) -> str | None:
        """Take back the last change; what it was (None: nothing to undo)."""
        game = self.open_game_or_fail()
        event = game.undo()
        if event is None:
            return None
        self.changed(Change.GAME)
        return self.describe(event)

    def redo(self) -> str | None:
        """Put back the last change undone; what it was (None: nothing to redo)."""
        game = self.open_game_or_fail()
        event = game.redo()
        if event is None:
            return None
        self.changed(Change.GAME)
        return self.describe(event)

    def jump_to(self, seq: int) -> bool:
        """Go back to just after log entry ``seq`` (0: the start); the later ones can be
        redone one by one. False when ``seq`` is the latest entry already."""
        game = self.open_game_or_fail()
        if seq == game.event_count:
            return False
        game.jump_to(seq)
        self.changed(Change.GAME)
        return True
