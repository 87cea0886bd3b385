"""Moving back and forth in the log: undo and redo the last event, jump back to any point (the
later events can be redone), and revert one earlier entry while keeping the rest (planned
by :mod:`drumhead.game.revert`, carried out as a ``revert`` entry of the log)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drumhead.errors import InputError
from drumhead.game.core import GameCore
from drumhead.game.events import Event
from drumhead.game.history import CHECKPOINT_EVERY
from drumhead.game.revert import RevertPlan, plan_revert


class Undoing(GameCore):
    """Undo, redo, jump and revert."""

    def undo(self) -> Event | None:
        """Take back the last event (it can be redone until a new event is added)."""
        if not self._log:
            return None
        event = self._log.pop()
        self._changed([event])
        self._redo.insert(0, event)
        self._state = self.state_at(len(self._log))
        self._record(("undo", event.seq))
        return event

    def redo(self) -> Event | None:
        """Put back the last event undone."""
        if not self._redo:
            return None
        event = self._redo[0]
        self._state = self._advance(event)
        self._redo.pop(0)
        self._log.append(event)
        self._changed([event])
        if len(self._log) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._log)] = self._state
        self._record(("redo", event.seq))
        return event

    def jump_to(self, seq: int) -> None:
        """Go back to just after event ``seq`` (0: the start); the later events can be redone."""
        if not 0 <= seq <= len(self._log):
            raise InputError(f"no event {seq} in the log (1..{len(self._log)})")
        if seq == len(self._log):
            return
        moved = self._log.cut_at(seq)
        self._changed(moved)
        self._redo[0:0] = moved
        self._state = self.state_at(seq)
        self._record(("jump", seq))

    # -- revert: undo one earlier entry, keep the rest -------------------------------------
    def revert(self, seq: int) -> RevertPlan:
        """Plan taking back entry ``seq`` and replaying every later one: the plan lists the
        later entries that would no longer apply (see :mod:`drumhead.game.revert`). Changes
        nothing: :meth:`apply_revert` carries it out, or the players cancel."""
        return plan_revert(self, seq)

    def apply_revert(self, plan: RevertPlan, *, drop: Iterable[int] = (), at: str) -> Event:
        """Carry out a revert, as one ``revert`` entry of the log (undoable, saved), dropping
        the conflicting entries ``drop``: exactly the plan's conflicts (``plan.drop``)."""
        if len(self._log) != plan.events or self._log[-1] is not plan.last:
            raise InputError("the game has changed since this revert was planned: plan it again")
        chosen = sorted(set(drop))
        missing = [seq for seq in plan.drop if seq not in chosen]
        if missing:
            raise InputError(
                f"entries {', '.join(map(str, missing))} no longer apply without entry "
                f"{plan.target}: drop them too, or cancel the revert"
            )
        extra = [seq for seq in chosen if seq not in plan.drop]
        if extra:
            raise InputError(
                f"entries {', '.join(map(str, extra))} do not conflict with the revert: only "
                "entries that no longer apply are dropped"
            )
        data: dict[str, Any] = {"target": plan.target}
        if chosen:
            data["drop"] = chosen
        return self._push("revert", data, at)
