"""A walk of a long game's record kept beside its save: the next report walks only the entries
since.

``drumhead stats`` and ``drumhead export`` walk the whole log in effect, event by event, each
with the state just before it (:class:`drumhead.game.stats.LuckWalk`,
:class:`drumhead.game.report.ReportWalk`): seconds for a 50,000-event game, every time, though
all but the last evening's events are the ones walked the time before. :func:`walked` keeps the
walk of the events a game was opened with (its past, read from the save's journal) in the
cache folder, and walks on from the walk kept, when one holds, to the end of the log.

A walk kept is the work of the same code on the same inputs, or it is not used. Its entry is
named by a SHA-256 of every input but the events: drumhead's code (:func:`code_stamp
<drumhead.cache.rulesets.code_stamp>`, as the ruleset cache's entries), the kind of walk, the
game's start state, and what a walk reads of the rules (each check's id, title, citation and
luck order). The events are the first ``walked`` of the log: the entry holds the SHA-256 of
their journal lines, and it is used only when the log's first ``walked`` events have the same
lines, and none of them is taken back by a later revert (:meth:`LuckWalk.holds_for
<drumhead.game.stats.LuckWalk.holds_for>`). A walk a later game's log starts with (the same
game, played on and saved again) is walked on from; anything else is walked from the start.

A cache that cannot be written or read, an entry damaged or of another drumhead, cost the walk
only. ``DRUMHEAD_PARSED_CACHE=0`` turns it off with the parsed tables and the kept states.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any, TypeVar, cast
from weakref import WeakKeyDictionary

from drumhead.game.stats import LuckWalk
from drumhead.saves.history import JournalPast
from drumhead.saves.parsed import enabled

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from drumhead.game.game import Game

Walk = TypeVar("Walk", bound=LuckWalk)

FORMAT = b"drumhead record walk 1\n"
FOLDER = "walks"
KEEP = 8
"""Walks kept of each kind; writing one more removes the oldest."""
LIMIT = 256 * 2**20
"""The largest entry read back (bytes): a 50,000-event game's report walk is about 20 MiB."""

_held: WeakKeyDictionary[Game, tuple[str, LuckWalk]] = WeakKeyDictionary()
"""The luck walk of each game's past (the events it was opened with), by the name of its
entry, once walked in this process: the luck screen counts again after every change, and
reading the walk kept back each time took 0.1-0.15 s of a 50,000-event game's count, in one
call that held the app's keys back (the report of ``drumhead export`` is made once)."""


def walked(game: Game, kind: type[Walk], stop: Callable[[], bool] | None = None) -> Walk:
    """A walk of ``kind`` over ``game``'s whole log: from the walk kept for it, when one
    holds, on to the end; the walk of the events the game was opened with kept for the next
    time, when it walked further than the walk kept (a luck walk also in memory:
    :data:`_held`). ``stop``: as :meth:`LuckWalk.walk_on <drumhead.game.stats.LuckWalk.walk_on>`
    asks it (a count in a thread for a screen that was closed)."""
    past = _journal_past(game)
    if past is None:
        return kind.begin(game).walk_on(game, stop=stop)
    name = entry_name(game, kind)
    cut = game.past_in_log
    held = _held_walk(game, name) if kind is LuckWalk else None
    if held is not None:
        # the past walked in this process; after an undo below its end, the walk at the
        # past's last state kept before the log's end (the past's first entries are the log's)
        start = held.back_to(game, cut)
        if start is not None:
            if start.walked < cut:
                start.walk_on(game, upto=cut, stop=stop)
                _hold(game, name, start, cut)
            return cast("Walk", start).walk_on(game, stop=stop)
    walk = _recall(name, game, past, kind)
    if walk is None:
        walk = kind.begin(game)
    if walk.walked < cut:
        walk.walk_on(game, upto=cut, stop=stop)
        if walk.holds_for(game):  # no later revert took back an entry walked
            _remember(name, past.digest(cut), walk)
    if kind is LuckWalk:
        _hold(game, name, walk, cut)
    return walk.walk_on(game, stop=stop)


def left_to_walk(game: Game) -> int:
    """How many of ``game``'s log entries :func:`walked` would walk for its luck now: those
    since the walk held in this process (:data:`_held`, or the past's last state kept before
    the log's end after an undo below it); the whole log when none is held (a walk kept on
    disk takes reading, 0.1-0.15 s of a 50,000-event game). The luck screen counts at once
    when this is small, in a thread otherwise."""
    held = None
    if _journal_past(game) is not None and game in _held:
        held = _held_walk(game, entry_name(game, LuckWalk))
    start = held.back_point(game, game.past_in_log) if held is not None else None
    return game.event_count if start is None else game.event_count - start


def _journal_past(game: Game) -> JournalPast | None:
    """``game``'s past when its walks may be kept (read from a save's journal, the cache on);
    None otherwise: every walk goes from the start."""
    past = game.past
    return past if enabled() and isinstance(past, JournalPast) else None


def _held_walk(game: Game, name: str) -> LuckWalk | None:
    """The luck walk held for ``game`` (:data:`_held`), if it was held under ``name`` (a game
    whose start state or rules changed since has another)."""
    held = _held.get(game)
    return held[1] if held is not None and held[0] == name else None


def _hold(game: Game, name: str, walk: LuckWalk, cut: int) -> None:
    """Hold a copy of ``walk``, standing at the past's ``cut`` (the walk goes on from here),
    for ``game``'s next count (:meth:`LuckWalk.back_to <drumhead.game.stats.LuckWalk.back_to>`:
    the walk at a state kept before it, if a later revert took back an entry walked)."""
    kept = walk.back_to(game, cut) if walk.walked == cut else None
    if kept is not None:
        _held[game] = (name, kept)


_names: WeakKeyDictionary[Game, dict[type[LuckWalk], tuple[object, object, str]]] = (
    WeakKeyDictionary()
)
"""Each game's entry names by kind of walk, with the start state and rules they were made of:
naming hashes the start state's every unit (0.6 ms of a 500-unit game's), and the luck screen
asks twice a count (:func:`left_to_walk`, :func:`walked`)."""


def entry_name(game: Game, kind: type[LuckWalk]) -> str:
    """The name of the entry kept for walks of ``kind`` over ``game``'s log (see above)."""
    named = _names.setdefault(game, {})
    start, rules, name = named.get(kind, (None, None, ""))
    if start is game.start and rules is game.ruleset:
        return name
    name = _entry_name(game, kind)
    named[kind] = (game.start, game.ruleset, name)
    return name


def _entry_name(game: Game, kind: type[LuckWalk]) -> str:
    import hashlib

    from drumhead.cache.rulesets import code_stamp
    from drumhead.game.codec import state_to_dict

    rules = [(c.id, c.title, c.source, c.luck) for c in game.ruleset.checks]
    digest = hashlib.sha256(FORMAT)
    for part in (
        code_stamp().encode(),
        kind.__name__.encode(),
        marshal.dumps(state_to_dict(game.start)),
        repr(rules).encode(),
    ):
        digest.update(b"%d:" % len(part) + part)
    return digest.hexdigest() + ".walk"


def _recall(name: str, game: Game, past: JournalPast, kind: type[Walk]) -> Walk | None:
    """The walk kept under ``name``, if it holds for ``game`` (None otherwise)."""
    from drumhead.cache import files as cachefiles

    where = cachefiles.folder(FOLDER, make=False)
    data = cachefiles.read(where / name, FORMAT, LIMIT) if where is not None else None
    if data is None:
        return None
    try:
        found: Any = marshal.loads(data)
        events, lines, table = found["events"], found["lines"], found["walk"]
        if type(events) is not int or not 0 < events <= game.past_in_log:
            return None
        if lines != past.digest(events):
            return None
        walk = kind.from_plain(table)
    except Exception:  # written by drumhead, checksummed: unreadable only by a bug or another
        return None  # drumhead's layout; then the log is walked from its start
    return walk if walk.walked == events and walk.holds_for(game) else None


def _remember(name: str, lines: str, walk: LuckWalk) -> bool:
    """Keep ``walk`` under ``name``; False when it was not kept."""
    from drumhead.cache import files as cachefiles

    where: Path | None = cachefiles.folder(FOLDER, make=True)
    if where is None:
        return False
    try:
        data = marshal.dumps({"events": walk.walked, "lines": lines, "walk": walk.plain()})
    except ValueError:  # a value marshal cannot write: not kept
        return False
    if len(data) > LIMIT - 64 or not cachefiles.write(where / name, FORMAT, data):
        return False
    cachefiles.prune(where, ".walk", KEEP)
    return True
