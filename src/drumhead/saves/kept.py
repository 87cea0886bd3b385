"""A state kept beside a snapshot: undo after opening a long game starts from it.

A game opened from its snapshot holds the state after its last event, not the states before
it: the first undo (or jump back) past the snapshot's event replays every event from the
start, seconds for a 50,000-event game. Whoever writes a snapshot usually holds the state a
few events before its end (the game keeps one every 64 events): :func:`remember` keeps that
state in the cache folder, as :mod:`marshal` writes its table, under the SHA-256 of the
snapshot's body. The body's ``[game]`` header counts and checksums the journal's entries the
snapshot describes, so the key names exactly those events. :func:`recall` reads it back for
the snapshot opened (a body changed by a byte names another entry: none).

A state kept is never trusted blindly: the replay of the past (in the background, after
opening) checks it when it passes it, as it checks the snapshot's own state, and says so when
they differ (:class:`drumhead.game.history.Past`). A cache that cannot be written or read
costs the replay only. ``DRUMHEAD_PARSED_CACHE=0`` turns it off with the parsed tables.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

    from drumhead.game.state import GameState

FORMAT = b"drumhead kept state 1\n"
SUFFIX = ".kept"
KEEP = 16
"""Entries kept; writing one more removes the oldest."""
LIMIT = 256 * 2**20
"""The largest entry read back (bytes)."""


def remember(body: str, events: int, state: GameState) -> bool:
    """Keep ``state``, the state after the first ``events`` events of the snapshot whose body
    is ``body``; False when it was not kept (switched off, or a cache that cannot be
    written)."""
    from drumhead.saves import parsed

    if not parsed.enabled():
        return False
    import marshal

    from drumhead import cachefiles
    from drumhead.game.codec import state_to_dict

    plain = parsed.as_parsed({"events": events, "state": state_to_dict(state)})
    if plain is None:
        return False
    where = cachefiles.folder(parsed.FOLDER, make=True)
    if where is None:
        return False
    data = marshal.dumps(plain)
    if len(data) > LIMIT - 64 or not cachefiles.write(where / _name(body), FORMAT, data):
        return False
    cachefiles.prune(where, SUFFIX, KEEP)
    return True


def recall(body: str) -> tuple[int, GameState] | None:
    """The state kept for the snapshot whose body is exactly ``body``, as ``(events,
    state)``; None when there is none, or it cannot be read as a state."""
    from drumhead.saves import parsed

    if not parsed.enabled():
        return None
    import marshal

    from drumhead import cachefiles
    from drumhead.errors import DrumheadError
    from drumhead.game.codec import read_state
    from drumhead.schema import Reader

    where = cachefiles.folder(parsed.FOLDER, make=False)
    if where is None:
        return None
    data = cachefiles.read(where / _name(body), FORMAT, LIMIT)
    if data is None:
        return None
    try:
        found: Any = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    if not isinstance(found, dict):
        return None
    events, table = found.get("events"), found.get("state")
    if type(events) is not int or not isinstance(table, dict):
        return None
    try:
        return events, read_state(Reader(table, file=str(where / _name(body))))
    except DrumheadError:
        return None
    except Exception:  # written by drumhead, checksummed: unreadable only by a bug; then the
        return None  # past is replayed (as without a cache), never an undo that fails


def _name(body: str) -> str:
    from drumhead.cachefiles import sha256

    digest = sha256()
    digest.update(body.encode("utf-8"))
    return digest.hexdigest() + SUFFIX
