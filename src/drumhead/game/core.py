"""The game's core: its start state, ruleset and log, the redo stack and the states kept along
the log; reading the log, the state after any count of its events, and appending an event.

Every other part of :class:`~drumhead.game.game.Game` (editing cards, checks and their
effects, the players' answers, the walk through the turn, undo and revert) builds on it and
makes its changes through :meth:`GameCore.add_event`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from drumhead.errors import InputError
from drumhead.game.codec import strip_none
from drumhead.game.event_rules import check_event
from drumhead.game.events import NOT_REVERTIBLE, Event, apply_event
from drumhead.game.history import CHECKPOINT_EVERY, EventLog, Past
from drumhead.game.state import GameState
from drumhead.game.taken_back import Reverted, revert_targets, taken_back, unchanged_before
from drumhead.game.walk import active_phases
from drumhead.questions.answers import PLAYERS_ANSWER
from drumhead.rules.model import CheckSpec, Phase, Ruleset

ANSWERING = frozenset(("set_gap", "set_gaps", "revert"))
"""The kinds of event that change where the game's answers came from (a revert may take one
back)."""

JournalOp = tuple[str, Any]
"""``("event", Event)``, ``("undo", seq)``, ``("redo", seq)`` or ``("jump", seq)``."""


class GameCore:
    """What every part of the game shares: the start, the ruleset, the log and the state."""

    def __init__(
        self,
        start: GameState,
        ruleset: Ruleset,
        log: Iterable[Event] = (),
        redo: Iterable[Event] = (),
        *,
        past: Past | None = None,
    ) -> None:
        """A game from ``start``: with the events of ``log`` applied and ``redo`` to redo; or
        opened after the events of ``past`` (read when needed: a long game's log is not
        held in memory), then ``log``'s."""
        self.start = start
        self.ruleset = ruleset
        self._log = EventLog(past)
        self._redo: list[Event] = []
        self._checkpoints: dict[int, GameState] = {0: start}
        self._state = start
        self._past_merged = past is None
        """Whether the past's states are among the checkpoints (or there is no past)."""
        if past is not None:
            self._state = past.end
            self._checkpoints[len(past)] = past.end
        self._log_tuple: tuple[Event, ...] | None = None
        self._reverted: dict[int, Reverted] | None = None if past is not None else {}
        self._gap_sources: dict[str, str] | None = None
        """:meth:`gap_sources` as last worked out (None: to work out again)."""
        self.recorder: Callable[[JournalOp], None] | None = None
        """Told of every change as it is made, on the thread that makes it, the game already
        changed: how the saves layer's journal hears of it (None: nobody listens)."""
        for event in log:
            self.add_event(event, record=False)
        redo_list = list(redo)
        for offset, event in enumerate(redo_list):
            if event.seq != len(self._log) + 1 + offset:
                raise InputError(f"redo event {event.seq} is out of order")
        self._redo = redo_list

    # -- reading ------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self._state

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event of the log, in order. A game opened from a long save reads them all
        for this: :meth:`events`, :meth:`iter_log`, :attr:`event_count` and
        :attr:`last_event` read only what they are asked for."""
        if self._log_tuple is None:
            self._log_tuple = tuple(self._log)
        return self._log_tuple

    @property
    def redo_stack(self) -> tuple[Event, ...]:
        """Undone events, the next to redo first."""
        return tuple(self._redo)

    def reverted(self) -> dict[int, Reverted]:
        """Entries of the log that a revert took back, by seq (the log shows them greyed)."""
        if self._reverted is None:
            out: dict[int, Reverted] = {}
            for event in self._log.of_kind("revert"):
                target, *drops = revert_targets(event)
                out[target] = Reverted(event.seq, "reverted")
                out.update({seq: Reverted(event.seq, "dropped") for seq in drops})
            self._reverted = out
        return self._reverted

    def in_effect(self) -> list[Event]:
        """The log's entries that count: neither taken back by a revert nor reverts."""
        return list(self.iter_in_effect())

    def iter_in_effect(self) -> Iterator[Event]:
        """:meth:`in_effect`, read one entry at a time (a walk can stop early)."""
        gone = self.reverted()
        return (e for e in self._log if e.kind != "revert" and e.seq not in gone)

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        """The log's events from position ``start`` up to ``stop`` (a slice, read as needed)."""
        return self._log[start:stop]

    @property
    def entries(self) -> Sequence[Event]:
        """The log as a sequence whose events are read when indexed or sliced (a long save's
        are not all read for one of them, as :attr:`log` reads them)."""
        return self._log

    def iter_log(self, *, reverse: bool = False, start: int = 0) -> Iterator[Event]:
        """The log's events one at a time (the latest first with ``reverse``; without it,
        from position ``start`` on)."""
        return reversed(self._log) if reverse else self._log.iter_from(start)

    def latest_of_kinds(self, kinds: frozenset[str], reach: int) -> Iterator[Event]:
        """The events of ``kinds`` among the log's last ``reach`` events, the latest first
        (events of a long game's past are read from its save only when of those kinds)."""
        return self._log.latest_of_kinds(kinds, reach)

    def log_kinds(self) -> list[str]:
        """The kind of every event of the log, in order (a long save's read off its lines,
        not its events)."""
        return self._log.kinds()

    def log_turns(self) -> list[int]:
        """The turn of every event of the log, in order (read as :meth:`log_kinds`)."""
        return self._log.turns()

    @property
    def past(self) -> Past | None:
        """The events the game was opened with, read when needed (None: all in memory)."""
        return self._log.past

    @property
    def past_in_log(self) -> int:
        """How many of the log's first events are :attr:`past`'s."""
        return self._log.cut

    def replay_past(self) -> None:
        """Work out the states between the events the game was opened with, now (undo and
        jump past them would do it when first needed; a caller may do it in a background
        thread: it is safe alongside play). Checks each event and the state they end in."""
        if self._log.past is not None:
            self._log.past.replay()

    def kept_checkpoint(self) -> tuple[int, GameState] | None:
        """The last state kept every :data:`CHECKPOINT_EVERY` events before the log's end, as
        ``(k, state)``, when the game holds it without working anything out (None: it does
        not). A save keeps it beside its snapshot, so that undo after opening the game again
        need not replay every event before it (:meth:`Past.kept`)."""
        count = len(self._log)
        k = (count - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        if k <= 0:
            return None
        state = self._checkpoints.get(k)
        past = self._log.past
        if state is None and past is not None and k <= self._log.cut:
            if past.replayed:
                state = past.states().get(k)
            else:  # the kept state, if it was read (reading it is for undo to do)
                kept = past.kept_if_read()
                state = kept[1] if kept is not None and kept[0] == k else None
        return (k, state) if state is not None else None

    @property
    def event_count(self) -> int:
        """Events in the log (``len(log)`` without building the tuple)."""
        return len(self._log)

    @property
    def last_event(self) -> Event | None:
        """The log's last event, if any."""
        return self._log.last()

    @property
    def can_undo(self) -> bool:
        return bool(self._log)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- the state anywhere in the log --------------------------------------------------------
    def state_at(self, count: int) -> GameState:
        """The state after the first ``count`` events of the log."""
        if not 0 <= count <= len(self._log):
            raise InputError(f"the log has {len(self._log)} events, not {count}")
        base = max(k for k in self._checkpoints if k <= count)
        state = self._checkpoints[base]
        if count > base and base < self._log.cut and not self._past_merged:
            # a state inside the events the game was opened with: from the state kept from
            # when they were last played, when there is one on the way; else they are
            # replayed (once, and checked against the state the game was opened with)
            past = self._log.past
            kept = past.kept() if past is not None and not past.replayed else None
            if kept is not None and base < kept[0] <= min(count, self._log.cut):
                base, state = kept
            else:
                self._checkpoints.update(self._log.past_states())
                self._past_merged = True
                base = max(k for k in self._checkpoints if k <= count)
                state = self._checkpoints[base]
        for event in self._log[base:count]:
            if event.kind == "revert":
                state = self._after_revert(self._log[: event.seq])
            else:
                state = apply_event(state, event)
        return state

    def _after_revert(self, events: list[Event]) -> GameState:
        """The state after ``events`` (the log up to a ``revert``, which is last): the game
        rebuilt without what the revert takes back, every later entry replayed. Raises
        :class:`InputError` when the revert does not fit the log (an entry that cannot be
        reverted or is already taken back, or a later entry that no longer applies)."""
        revert = events[-1]
        targets = revert_targets(revert)
        gone_before = taken_back(events[:-1])
        for seq in targets:
            event = events[seq - 1]
            if seq in gone_before:
                raise InputError(
                    f"event {revert.seq} (revert): entry {seq} is already taken back by "
                    f"entry {gone_before[seq]}"
                )
            if event.kind in NOT_REVERTIBLE:
                raise InputError(
                    f"event {revert.seq} (revert): entry {seq}: {NOT_REVERTIBLE[event.kind]}"
                )
        gone = {**gone_before, **dict.fromkeys(targets, revert.seq)}
        base = unchanged_before(events, targets[0])
        state = self.state_at(base)
        for event in events[base:-1]:
            if event.kind == "revert" or event.seq in gone:
                continue
            try:
                state = apply_event(state, event)
            except InputError as exc:
                raise InputError(
                    f"event {revert.seq} (revert of entry {targets[0]}): entry {event.seq} "
                    f"({event.kind}) no longer applies and is not dropped: {exc}"
                ) from None
        return state

    # -- read by more than one part -----------------------------------------------------------
    def checks_for(self, unit_id: str | None) -> list[CheckSpec]:
        """The checks the game's rules offer, those fitting the unit's type first."""
        checks = [
            c
            for c in self.ruleset.checks
            if c.option is None or c.option in self.ruleset.active_options
        ]
        if unit_id is None:
            return sorted(checks, key=lambda c: 1 if c.applies_to else 0)
        unit_type = self.state.unit(unit_id).type
        return sorted(
            checks, key=lambda c: 0 if unit_type in c.applies_to else (1 if not c.applies_to else 2)
        )

    def phases(self) -> tuple[Phase, ...]:
        """The phases walked in this game (its optional rules'), worked out once per ruleset."""
        cached: tuple[Ruleset, tuple[Phase, ...]] | None = getattr(self, "_phases", None)
        if cached is None or cached[0] is not self.ruleset:
            cached = (self.ruleset, active_phases(self.ruleset))
            self._phases = cached
        return cached[1]

    def gap_sources(self) -> dict[str, str]:
        """Where each answer of the game came from: ``your club's answer, asked on DATE``
        (the day of the latest ``set_gap`` or ``set_gaps`` event that gave it). Worked out
        once until an answer or a revert enters or leaves the log (every check resolved
        asks: a long game's past is searched for its answers once, not at every roll)."""
        if self._gap_sources is None:
            self._gap_sources = self._find_gap_sources()
        return dict(self._gap_sources)

    def _find_gap_sources(self) -> dict[str, str]:
        out: dict[str, str] = {}
        gone = self.reverted()
        given = [*self._log.of_kind("set_gap"), *self._log.of_kind("set_gaps")]
        for event in sorted(given, key=lambda e: e.seq):
            if event.seq in gone:
                continue
            if event.kind == "set_gap":
                items: list[Any] = [event.data]
            else:
                items = list(event.data.get("answers", []))
            day = event.at[:10] if event.at else ""
            for item in items:
                gap = str(item.get("gap"))
                if item.get("value") is None:
                    out.pop(gap, None)
                else:
                    out[gap] = PLAYERS_ANSWER + (f", asked on {day}" if day else "")
        return out

    # -- appending to the log -----------------------------------------------------------------
    def add_event(self, event: Event, *, record: bool = True) -> Event:
        """Append ``event`` (its seq must be the next one); the redo stack is emptied."""
        if event.seq != len(self._log) + 1:
            raise InputError(f"event {event.seq} is out of order (next is {len(self._log) + 1})")
        new_state = self._advance(event)
        if self._redo:
            # the undone branch is abandoned: so are the states kept along it
            self._redo.clear()
            for k in [k for k in self._checkpoints if k > len(self._log)]:
                del self._checkpoints[k]
        self._log.append(event)
        self._changed([event])
        self._state = new_state
        if len(self._log) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self._log)] = new_state
        if record:
            self._record(("event", event))
        return event

    def _advance(self, event: Event) -> GameState:
        """The state after appending ``event`` to the log (not appended here): every event,
        made by the API, read from a save or redone, is held to the ruleset first."""
        check_event(self.ruleset, self.phases(), self._state, event, self._entry)
        if event.kind == "revert":
            return self._after_revert([*self._log, event])
        return apply_event(self._state, event)

    def _entry(self, seq: int) -> Event | None:
        """The log's entry ``seq`` (None: not in the log)."""
        return self._log[seq - 1] if 1 <= seq <= len(self._log) else None

    def _changed(self, moved: Iterable[Event]) -> None:
        """Events ``moved`` into or out of the log: forget what was worked out from it. Only a
        revert changes what is taken back (an entry taken back comes before its revert, so
        it never leaves the log while its revert stays)."""
        self._log_tuple = None
        kinds = {e.kind for e in moved}
        if "revert" in kinds:
            self._reverted = None
        if kinds & ANSWERING:
            self._gap_sources = None

    def _record(self, op: JournalOp) -> None:
        if self.recorder is not None:
            self.recorder(op)

    def _push(self, kind: str, data: Mapping[str, Any], at: str) -> Event:
        event = Event(
            seq=len(self._log) + 1,
            kind=kind,
            data=strip_none(dict(data)),
            turn=self._state.turn,
            phase=self._state.phase,
            at=at,
        )
        return self.add_event(event)
