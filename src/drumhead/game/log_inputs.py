"""What a check can read off the game's log (an input's ``from_log``): whether the check was
already rolled this turn for the unit (a unit checks morale at most once a turn), the value
of another check's latest roll this turn for it (a melee round's casualties), and the total
of that check's rolls this turn (every round's casualties, read by the check that decides who
won the melee).

Only this turn's entries are read (the log is walked back to the turn's start), and only those
still in effect: an undone entry is gone from the log, a reverted one is skipped. Each value
comes with the entries it was read from, which the roll records (``read``), so that reverting
that entry also takes back the roll that read it (:mod:`drumhead.game.revert`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from drumhead.rules.model import CheckSpec, InputValue

if TYPE_CHECKING:
    from drumhead.game.events import Event


def log_inputs(
    check: CheckSpec,
    unit_id: str,
    role: str | None,
    this_turn: Iterable[Event],
    gone: Mapping[int, object],
) -> dict[str, tuple[InputValue, tuple[int, ...]]]:
    """The check's inputs of ``role`` (None: the first, the unit the check is for) that the
    log fills for ``unit_id``: name -> (value, the entries read; none when no entry says so).

    ``this_turn``: this turn's entries, newest first; ``gone``: the reverted entries."""
    first = check.role_ids[0] if check.role_ids else None
    wanted = [
        spec
        for spec in check.inputs
        if spec.from_log is not None and (spec.role or first) == (role or first)
    ]
    if not wanted:
        return {}
    rolls = [
        e
        for e in this_turn
        if e.kind == "resolution" and e.seq not in gone and _rolled_for(e, unit_id)
    ]
    out: dict[str, tuple[InputValue, tuple[int, ...]]] = {}
    for spec in wanted:
        source = str(spec.from_log)
        how, _, named = source.partition(":")
        if how == "rolled_this_turn":
            wanted_check = named or check.id
            found = next((e for e in rolls if e.data.get("check") == wanted_check), None)
            out[spec.name] = (found is not None, (found.seq,) if found is not None else ())
            continue
        valued = [
            (e.seq, value)
            for e in rolls
            if e.data.get("check") == named and (value := _value(e)) is not None
        ]
        if not valued:
            continue
        if how == "last_value":
            seq, value = valued[0]
            out[spec.name] = (value, (seq,))
        else:  # turn_total
            out[spec.name] = (sum(v for _, v in valued), tuple(sorted(s for s, _ in valued)))
    return out


def _value(event: Event) -> int | None:
    record = event.data.get("resolution")
    value = record.get("value") if isinstance(record, Mapping) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _rolled_for(event: Event, unit_id: str) -> bool:
    """Whether a roll was made for the unit (the unit it was rolled for, not another role's)."""
    return event.data.get("unit") == unit_id
