"""What the log's reverts take back: the entries a ``revert`` names, which entries of a log are
taken back and by which revert, and how much of the log stands as it was when one is.

A reverted entry stays in the log (shown greyed, with a marker) but no longer counts; the
game (:meth:`Game.reverted <drumhead.game.game.Game.reverted>`), the replay of a log
(:func:`~drumhead.game.events.replay`) and the planning of a revert
(:mod:`drumhead.game.revert`) read it from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from drumhead.game.event_data import DATA_KEYS, EventData, whole

if TYPE_CHECKING:
    from drumhead.game.events import Event


@dataclass(frozen=True, slots=True)
class Reverted:
    """An entry of the log that a later ``revert`` took back: it stays in the log (shown
    greyed, with a marker) but no longer counts."""

    by: int
    """The seq of the revert that took it back."""
    how: Literal["reverted", "dropped"]
    """``reverted``: the entry the players chose; ``dropped``: a later entry that no longer
    applied without it, dropped with their agreement."""


def revert_targets(event: Event) -> tuple[int, ...]:
    """What a ``revert`` event takes back: its ``target``, then the entries it ``drop``s (later
    entries that no longer applied without the target). Checks the data's shape: whole
    numbers, each after the target and before the revert, the drops in order."""
    d = EventData(event)
    extra = event.data.keys() - DATA_KEYS["revert"]
    if extra:
        raise d.fail(sorted(extra)[0], "unknown key")
    target = d.integer("target")
    if not 1 <= target < event.seq:
        raise d.fail("target", f"expected an earlier entry (1..{event.seq - 1}), not {target}")
    drop = event.data.get("drop", [])
    if not isinstance(drop, list) or not all(whole(x) for x in drop):
        raise d.fail("drop", "expected a list of whole numbers")
    for index, seq in enumerate(drop):
        low = drop[index - 1] if index else target
        if not low < seq < event.seq:
            raise d.fail(
                f"drop.{index}", f"expected an entry after {low} and before {event.seq}, in order"
            )
    return (target, *drop)


def taken_back(events: Sequence[Event]) -> dict[int, int]:
    """Entry seq -> the seq of the ``revert`` that took it back (reverted it, or dropped it
    as no longer applying), for a log given from its first event."""
    out: dict[int, int] = {}
    for event in events:
        if event.kind == "revert":
            for seq in revert_targets(event):
                out[seq] = event.seq
    return out


def unchanged_before(events: Sequence[Event], first: int) -> int:
    """How many entries of the log ``events`` stand as they were when entry ``first`` is taken
    back: the state after them is the same with or without it. A revert among the later
    entries that takes back an earlier one moves that point back before it."""
    count = first - 1
    while True:
        later = [t for e in events[count:] if e.kind == "revert" for t in revert_targets(e)]
        lowest = min(later, default=count + 1)
        if lowest > count:
            return count
        count = lowest - 1
