"""A game's log when it is long: the events it was opened with are read one at a time, when asked
for, and the states between them are worked out only when something needs them.

A game opened from a save starts from the state the save's snapshot holds; the events before
it (a long evening's 50,000) are its :class:`Past`: a count, a way to read event ``i`` (the
saves layer reads it from the journal, each time it is asked: nothing keeps them all in
memory) and the state they end in. :class:`EventLog` is the log the game keeps: the past's
first ``cut`` events, then the events made since (in memory). Undo past the snapshot's event,
a jump, or :meth:`Past.replay` walks the past once from the start state, checks each event
against the state it comes to, keeps a state every :data:`CHECKPOINT_EVERY` events and checks
that the walk ends in the state the game was opened with.

Pure: no I/O here (the reader is given), and no clock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import overload

from drumhead.errors import InputError
from drumhead.game.events import Event, apply_event
from drumhead.game.state import GameState

CHECKPOINT_EVERY = 64
"""States are kept every this many events, so undo and jump replay at most this many."""

RECENT = 1024
"""Past events kept once read (the latest turn's, read again and again by undo and the log)."""


class Past:
    """The events a game was opened with, read when asked for.

    ``read(i)`` gives event ``i`` (from 0; its ``seq`` is ``i + 1``), raising a domain error
    that says where it was read from when it cannot; ``kinds`` gives every event's kind
    without reading the events (so the game can find, say, its ``set_gap`` events);
    ``kind_at(i)`` gives event ``i``'s kind alone the same way (None: read the event);
    ``turns`` gives every event's turn the same way (the log's folded view needs both);
    ``mentions(word)`` says whether any event could hold the text ``word`` (False only when
    none does); ``end`` is the state after all of them, as the game was opened with;
    ``failed(i, exc)`` turns an error found while replaying event ``i`` into the error to
    raise (the saves layer adds the file and line); ``check_end(state)`` raises when the
    state the replay ends in is not ``end`` (the saves layer names the first difference).
    """

    def __init__(
        self,
        start: GameState,
        count: int,
        read: Callable[[int], Event],
        end: GameState,
        *,
        kinds: Callable[[], list[str] | None] | None = None,
        kind_at: Callable[[int], str | None] | None = None,
        turns: Callable[[], list[int] | None] | None = None,
        mentions: Callable[[str], bool] | None = None,
        failed: Callable[[int, Exception], Exception] | None = None,
        check_end: Callable[[GameState], None] | None = None,
        kept: Callable[[], tuple[int, GameState] | None] | None = None,
    ) -> None:
        self.start = start
        self.end = end
        self._count = count
        self._read = read
        self._kind_at = kind_at
        self._mentions = mentions
        self._kinds_of = kinds
        self._kinds: list[str] | None = None
        self._turns_of = turns
        self._turns: list[int] | None = None
        self._failed = failed
        self._check_end = check_end
        self._recent: OrderedDict[int, Event] = OrderedDict()
        self._lock = threading.Lock()
        self._states: dict[int, GameState] | None = None
        self._kept_of = kept
        self._kept: tuple[int, GameState] | None = None
        self._kept_read = kept is None
        self._kept_lock = threading.Lock()

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> Event:
        recent = self._recent
        event = recent.get(index)
        if event is None:
            event = self._load(index)
            recent[index] = event
            if len(recent) > RECENT:
                recent.popitem(last=False)
        return event

    def peek(self, index: int) -> Event:
        """Event ``index``, not kept once read: a walk over the whole past (a report, the
        luck) would push the latest turn's events out of those kept, and every key that
        reads them would read them from the save again."""
        event = self._recent.get(index)
        return event if event is not None else self._load(index)

    def _load(self, index: int) -> Event:
        """Event ``index`` read from where the past is kept, checked to be in its place."""
        if not 0 <= index < self._count:
            raise IndexError(index)
        event = self._read(index)
        if event.seq != index + 1:
            raise self._fail(index, InputError(f"event {event.seq} is out of order"))
        return event

    def kinds(self) -> list[str]:
        """Every event's kind, in order (read from the events themselves if not given)."""
        if self._kinds is None:
            found = self._kinds_of() if self._kinds_of is not None else None
            if found is None or len(found) != self._count:
                found = [self[i].kind for i in range(self._count)]
            self._kinds = found
        return self._kinds

    def turns(self) -> list[int]:
        """Every event's turn, in order (read from the events themselves if not given)."""
        if self._turns is None:
            found = self._turns_of() if self._turns_of is not None else None
            if found is None or len(found) != self._count:
                found = [self.peek(i).turn for i in range(self._count)]
            self._turns = found
        return self._turns

    def kind(self, index: int) -> str:
        """Event ``index``'s kind (without reading the event, when it can be told)."""
        if self._kinds is not None:
            return self._kinds[index]
        found = self._kind_at(index) if self._kind_at is not None else None
        return found if found is not None else self[index].kind

    def may_hold(self, kind: str) -> bool:
        """Whether an event of ``kind`` may be among these (False: there is none), without
        working out every event's kind when the text shows there can be none."""
        if self._mentions is not None and not self._mentions(kind):
            return False
        return kind in self.kinds()

    @property
    def replayed(self) -> bool:
        """Whether the states between the events have been worked out (and the end checked)."""
        return self._states is not None

    def states(self) -> Mapping[int, GameState]:
        """The state after every :data:`CHECKPOINT_EVERY` events, from 0 to the end (replayed
        the first time it is asked for, once, whichever thread asks)."""
        if self._states is None:
            with self._lock:
                if self._states is None:
                    self._states = self._replay()
        return self._states

    def replay(self) -> None:
        """Replay the past now (e.g. in a background thread, so that undo never waits)."""
        self.states()

    def kept(self) -> tuple[int, GameState] | None:
        """A state kept from when these events were last played: ``(k, state)``, the state
        after the first ``k`` events (a multiple of :data:`CHECKPOINT_EVERY`, 0 < k < the
        count), read when first asked for; None when there is none. Undo and jump start
        from it rather than replay every event; the replay checks it (see :meth:`states`)."""
        if not self._kept_read:
            with self._kept_lock:  # not the replay's lock: undo must not wait for the replay
                if not self._kept_read:
                    found = self._kept_of() if self._kept_of is not None else None
                    if found is not None:
                        k = found[0]
                        if not (0 < k < self._count and k % CHECKPOINT_EVERY == 0):
                            found = None
                    states = self._states
                    if found is not None and states is not None and states[found[0]] != found[1]:
                        found = None  # replayed already, and not what the replay gave
                    self._kept = found
                    self._kept_read = True
        return self._kept

    def kept_if_read(self) -> tuple[int, GameState] | None:
        """:meth:`kept`, if it has been read (None otherwise: nothing is read here)."""
        return self._kept if self._kept_read else None

    def _replay(self) -> dict[int, GameState]:
        state = self.start
        states = {0: state}
        for index in range(self._count):
            event = self._read(index)  # not kept: all of them would not fit a small machine
            try:
                if event.seq != index + 1:
                    raise InputError(f"event {event.seq} is out of order (next is {index + 1})")
                if event.turn != state.turn or event.phase != state.phase:
                    raise InputError(
                        f"event {event.seq} says turn {event.turn}, phase '{event.phase}', but it "
                        f"comes when the game is on turn {state.turn}, phase '{state.phase}'"
                    )
                state = apply_event(state, event)
            except InputError as exc:
                raise self._fail(index, exc) from None
            if (index + 1) % CHECKPOINT_EVERY == 0:
                states[index + 1] = state
        states[self._count] = state
        kept = self._kept  # read by an undo or a jump (maybe while this replay ran)
        if kept is not None and states[kept[0]] != kept[1]:
            raise self._fail(
                kept[0] - 1,
                InputError(
                    f"the state kept after event {kept[0]} (from when the game was last "
                    "played) is not the state its events give"
                ),
            )
        if self._check_end is not None:
            self._check_end(state)
        elif state != self.end:
            raise InputError("replaying the log does not give the state the game was opened with")
        return states

    def _fail(self, index: int, exc: Exception) -> Exception:
        return self._failed(index, exc) if self._failed is not None else exc


class EventLog(Sequence[Event]):
    """A game's log: the first ``cut`` events of its :class:`Past` (read when asked for), then
    the events in memory. Undo and jump may take events from the past (``cut`` shrinks); the
    past's later events are then the redo stack's, or abandoned."""

    def __init__(self, past: Past | None = None) -> None:
        self.past = past
        self.cut = len(past) if past is not None else 0
        """How many of the log's first events are the past's."""
        self._tail: list[Event] = []

    def __len__(self) -> int:
        return self.cut + len(self._tail)

    def __bool__(self) -> bool:
        return len(self) > 0

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._at(index)

    def _at(self, index: int) -> Event:
        if index < self.cut:
            assert self.past is not None
            return self.past[index]
        return self._tail[index - self.cut]

    def __iter__(self) -> Iterator[Event]:
        return self.iter_from(0)

    def iter_from(self, start: int) -> Iterator[Event]:
        """The events from position ``start`` on (a walk: the past's events read are not
        kept)."""
        for index in range(start, self.cut):
            assert self.past is not None
            yield self.past.peek(index)
        yield from self._tail[max(0, start - self.cut) :]

    def __reversed__(self) -> Iterator[Event]:
        yield from reversed(self._tail)
        for index in range(self.cut - 1, -1, -1):
            assert self.past is not None
            yield self.past[index]

    def of_kind(self, kind: str) -> Iterator[Event]:
        """The log's events of one kind, in order (past events of other kinds are not read)."""
        if self.past is not None and self.cut and self.past.may_hold(kind):
            kinds = self.past.kinds()
            for index in range(self.cut):
                if kinds[index] == kind:
                    yield self.past[index]
        for event in self._tail:
            if event.kind == kind:
                yield event

    def kinds(self) -> list[str]:
        """Every event's kind, in order (the past's read off its save, not its events)."""
        past = self.past.kinds()[: self.cut] if self.past is not None and self.cut else []
        return past + [event.kind for event in self._tail]

    def turns(self) -> list[int]:
        """Every event's turn, in order (the past's read off its save, not its events)."""
        past = self.past.turns()[: self.cut] if self.past is not None and self.cut else []
        return past + [event.turn for event in self._tail]

    def latest_of_kinds(self, kinds: frozenset[str], reach: int) -> Iterator[Event]:
        """The events of ``kinds`` among the log's last ``reach``, the latest first (past
        events of other kinds are not read)."""
        stop = max(0, len(self) - reach)
        for index in range(len(self) - 1, stop - 1, -1):
            if index < self.cut:
                assert self.past is not None
                if self.past.kind(index) not in kinds:
                    continue
            event = self._at(index)
            if event.kind in kinds:
                yield event

    def last(self) -> Event | None:
        return self._at(len(self) - 1) if len(self) else None

    def append(self, event: Event) -> None:
        self._tail.append(event)

    def pop(self) -> Event:
        """Take the last event off the log."""
        if self._tail:
            return self._tail.pop()
        if not self.cut:
            raise IndexError("pop from an empty log")
        assert self.past is not None
        self.cut -= 1
        return self.past[self.cut]

    def cut_at(self, count: int) -> list[Event]:
        """Keep the first ``count`` events; the ones taken off, in order."""
        moved = self[count:]
        if count < self.cut:
            self.cut = count
            self._tail.clear()
        else:
            del self._tail[count - self.cut :]
        return moved

    def past_states(self) -> dict[int, GameState]:
        """The past's states still true of this log: those after its first ``cut`` events or
        fewer (replaying the past the first time)."""
        if self.past is None:
            return {}
        return {k: s for k, s in self.past.states().items() if k <= self.cut}
