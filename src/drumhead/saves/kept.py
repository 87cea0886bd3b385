"""A state kept beside a snapshot: undo after opening a long game starts from it.

A game opened from its snapshot holds the state after its last event, not the states before
it: the first undo (or jump back) past the snapshot's event replays every event from the
start, seconds for a 50,000-event game. Whoever writes a snapshot usually holds the state a
few events before its end (the game keeps one every 64 events): :func:`remember` keeps that
state in the cache folder, as :mod:`marshal` writes its table, under the SHA-256 of the
snapshot's body. The body's ``[game]`` header counts and checksums the journal's entries the
snapshot describes, so the key names exactly those events. :func:`recall` reads it back for
the snapshot opened (a body changed by a byte names another entry: none).

A state kept is never trusted blindly: once an undo or a jump has used it, the replay of the
past (in the background, after opening) checks it against the state its events give, as it
checks the snapshot's own state, and says so when they differ
(:class:`drumhead.game.history.Past`). A cache that cannot be written or read
costs the replay only. ``DRUMHEAD_PARSED_CACHE=0`` turns it off with the parsed tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.saves.parsed import entry_name, keep_for, kept_for

if TYPE_CHECKING:
    from drumhead.game.state import GameState

FORMAT = b"drumhead kept state 1\n"
SUFFIX = ".kept"
"""Its entries' names end so (beside the parsed tables', as many kept)."""


def remember(body: str, events: int, state: GameState) -> bool:
    """Keep ``state``, the state after the first ``events`` events of the snapshot whose body
    is ``body``; False when it was not kept (switched off, or a cache that cannot be
    written)."""
    from drumhead.game.codec import state_to_dict

    return keep_for(body, SUFFIX, FORMAT, {"events": events, "state": state_to_dict(state)})


def recall(body: str) -> tuple[int, GameState] | None:
    """The state kept for the snapshot whose body is exactly ``body``, as ``(events,
    state)``; None when there is none, or it cannot be read as a state."""
    found = kept_for(body, SUFFIX, FORMAT)
    if found is None:
        return None
    events, table = found.get("events"), found.get("state")
    if type(events) is not int or not isinstance(table, dict):
        return None
    from drumhead.game.codec import read_state
    from drumhead.rules.reader import Reader

    try:
        return events, read_state(Reader(table, key="state"))
    except Exception:  # written by drumhead, checksummed: unreadable only by a bug; then the
        return None  # past is replayed (as without a cache), never an undo that fails


def entry(body: str) -> str:
    """The name of the entry kept for the snapshot whose body is ``body``."""
    return entry_name(body, SUFFIX)
