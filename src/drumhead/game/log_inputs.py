"""What a check can read off the game's log (an input's ``from_log``): whether the check was
already rolled this turn for the unit (a unit checks morale at most once a turn), the value
of another check's latest roll this turn for it (a melee round's casualties), and the total
of that check's rolls this turn (every round's casualties, read by the check that decides who
won the melee), the losses the effects applied this turn took off the unit's card (a
unit checks morale after so many casualties in a turn) or took off it since its own latest
roll of a check (the stands a melee's other side took before it rolled: both roll at once), and whether the unit's leader already
made this check this turn, for any unit (a major general rallies once a turn).

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


def reads_leader(check: CheckSpec) -> bool:
    """Whether the check reads what its leader did this turn (``led_this_turn``): its rolls
    then record the leader they were made with."""
    return any((spec.from_log or "").startswith("led_this_turn") for spec in check.inputs)


def log_inputs(
    check: CheckSpec,
    unit_id: str,
    role: str | None,
    this_turn: Iterable[Event],
    gone: Mapping[int, object],
    leader_id: str | None = None,
) -> dict[str, tuple[InputValue, tuple[int, ...]]]:
    """The check's inputs of ``role`` (None: the first, the unit the check is for) that the
    log fills for ``unit_id``: name -> (value, the entries read; none when no entry says so).

    ``this_turn``: this turn's entries, newest first; ``gone``: the reverted entries;
    ``leader_id``: the role's leader (picked, else the one with the unit), for
    ``led_this_turn``."""
    first = check.role_ids[0] if check.role_ids else None
    wanted = [
        spec
        for spec in check.inputs
        if spec.from_log is not None and (spec.role or first) == (role or first)
    ]
    if not wanted:
        return {}
    this_turn = list(this_turn)
    rolls = [
        e
        for e in this_turn
        if e.kind == "resolution" and e.seq not in gone and _rolled_for(e, unit_id)
    ]
    out: dict[str, tuple[InputValue, tuple[int, ...]]] = {}
    for spec in wanted:
        source = str(spec.from_log)
        how, _, named = source.partition(":")
        if how == "losses_this_turn":
            out[spec.name] = _losses(unit_id, this_turn, gone)
            continue
        if how in ("losses_unanswered", "losses_since"):
            read = _unanswered if how == "losses_unanswered" else _since
            out[spec.name] = read(unit_id, named, this_turn, gone)
            continue
        if how == "rolled_this_turn":
            wanted_check = named or check.id
            found = next((e for e in rolls if e.data.get("check") == wanted_check), None)
            out[spec.name] = (found is not None, (found.seq,) if found is not None else ())
            continue
        if how == "led_this_turn":
            found = _led(this_turn, gone, named or check.id, leader_id)
            out[spec.name] = (found is not None, (found.seq,) if found is not None else ())
            continue
        named, _, at = named.partition("@")
        valued = [
            (e.seq, value)
            for e in (_in_role(this_turn, gone, unit_id, at) if at else rolls)
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


def _losses(
    unit_id: str, this_turn: Iterable[Event], gone: Mapping[int, object]
) -> tuple[InputValue, tuple[int, ...]]:
    """What this turn's applied effects took off the unit's card, with the entries that did:
    figures, stands or guns lost (``lose``; a ``hits`` effect's stands), and a whole-number
    attribute lowered (MWAN's gunners)."""
    applied = (e for e in this_turn if e.kind == "apply_effects" and e.seq not in gone)
    return _tally(applied, unit_id)


def _unanswered(
    unit_id: str, check_id: str, this_turn: Iterable[Event], gone: Mapping[int, object]
) -> tuple[InputValue, tuple[int, ...]]:
    """What another unit's latest roll of ``check_id`` at this one (the unit picked in one of
    its roles) took off its card, when that roll is not yet answered: the unit made fewer rolls
    of the check this turn than were made at it. Both sides of a melee roll at once, so the
    side that rolls second still rolls for what the first side's dice just took (a round's
    dice answer the other side's roll of the same round, never the round before)."""
    events = [e for e in this_turn if e.seq not in gone]  # newest first
    own = at_it = 0
    latest: int | None = None
    for event in events:
        if event.kind != "resolution" or event.data.get("check") != check_id:
            continue
        if _rolled_for(event, unit_id):
            own += 1
            continue
        roles = (event.data.get("roles") or {}).values()
        picked = [u for r in roles for u in ([r] if isinstance(r, str) else r or [])]
        if unit_id in picked:
            at_it += 1
            latest = event.seq if latest is None else latest
    if latest is None or at_it <= own:
        return 0, ()
    answered = (
        e for e in events if e.kind == "apply_effects" and e.data.get("resolution") == latest
    )
    return _tally(answered, unit_id)


def _since(
    unit_id: str, check_id: str, this_turn: Iterable[Event], gone: Mapping[int, object]
) -> tuple[InputValue, tuple[int, ...]]:
    """What every roll's applied effects took off the unit's card since its own latest roll
    of ``check_id`` this turn, with the entries that did: the casualties a general with the
    unit has not yet rolled his risk for."""
    applied = []
    for event in this_turn:  # newest first
        if event.seq in gone:
            continue
        if event.kind == "resolution":
            if event.data.get("check") == check_id and _rolled_for(event, unit_id):
                break
            continue
        if event.kind == "apply_effects":
            applied.append(event)
    return _tally(applied, unit_id)


def _tally(applied: Iterable[Event], unit_id: str) -> tuple[InputValue, tuple[int, ...]]:
    """What these applied-effects entries took off the unit's card, with the entries that
    took anything."""
    total, read = 0, []
    for event in applied:
        lost = _lost_by(event, unit_id)
        if lost:
            total += lost
            read.append(event.seq)
    return total, tuple(sorted(read))


def _lost_by(event: Event, unit_id: str) -> int:
    """What one applied-effects entry took off the unit's card."""
    default = event.data.get("unit")
    return sum(
        _lost(effect)
        for effect in event.data.get("effects", ())
        if isinstance(effect, Mapping)
        and effect.get("table") is not True
        and effect.get("unit", default) == unit_id
    )


def _lost(effect: Mapping[str, object]) -> int:
    """What one applied effect took off its unit's card (0: none)."""
    kind = effect.get("kind")
    if kind == "lose":
        amount = effect.get("amount")
    elif kind == "hits":
        amount = effect.get("stands")
    elif kind == "attribute":
        was, now = effect.get("was"), effect.get("now")
        whole = all(isinstance(v, int) and not isinstance(v, bool) for v in (was, now))
        amount = was - now if whole else 0  # type: ignore[operator]
    else:
        return 0
    return amount if isinstance(amount, int) and not isinstance(amount, bool) and amount > 0 else 0


def _in_role(
    this_turn: Iterable[Event], gone: Mapping[int, object], unit_id: str, role: str
) -> list[Event]:
    """This turn's rolls in which the unit was picked for ``role`` (``CHECK@ROLE``: the fire
    at a wave, rolled for the firers)."""
    out = []
    for event in this_turn:
        if event.kind != "resolution" or event.seq in gone:
            continue
        picked = (event.data.get("roles") or {}).get(role)
        units = [picked] if isinstance(picked, str) else picked or []
        if unit_id in units:
            out.append(event)
    return out


def _led(
    this_turn: Iterable[Event], gone: Mapping[int, object], check_id: str, leader_id: str | None
) -> Event | None:
    """This turn's latest roll of ``check_id`` made with ``leader_id`` (recorded as the roll's
    ``leader``), for whichever unit; None without a leader."""
    if leader_id is None:
        return None
    for event in this_turn:
        if event.kind != "resolution" or event.seq in gone:
            continue
        if event.data.get("check") == check_id and event.data.get("leader") == leader_id:
            return event
    return None


def _value(event: Event) -> int | None:
    record = event.data.get("resolution")
    value = record.get("value") if isinstance(record, Mapping) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _rolled_for(event: Event, unit_id: str) -> bool:
    """Whether a roll was made for the unit (the unit it was rolled for, not another role's)."""
    return event.data.get("unit") == unit_id


def picked_by(
    source: str, unit_id: str, this_turn: Iterable[Event], gone: Mapping[int, object]
) -> str | None:
    """The unit a role's ``from_log`` (``picked_as:CHECK.ROLE``) names for ``unit_id``: the
    one whose latest roll of CHECK this turn, still in effect, picked ``unit_id`` as ROLE (the
    charger whose charge test named the unit now charged). ``its_pick:CHECK.ROLE``: the unit
    ``unit_id``'s own latest roll of CHECK picked as ROLE (the second wave its wave attack's
    declaration named); ``paired_by:CHECK.ROLE``: either (a wave attack's other wave,
    whichever wave asks); ``with_pick:CHECK.ROLE``: the unit picked as ROLE by the latest
    roll of CHECK that ``unit_id`` took part in, made for it or picking it for another role
    (the target of a wave attack, for either wave). None when no roll did.

    ``this_turn``: this turn's entries, newest first; ``gone``: the reverted entries."""
    how, _, named = source.partition(":")
    check_id, _, role = named.partition(".")
    for event in this_turn:
        if event.kind != "resolution" or event.seq in gone:
            continue
        if event.data.get("check") != check_id:
            continue
        roles = {
            r: ([us] if isinstance(us, str) else list(us)) if us else []
            for r, us in (event.data.get("roles") or {}).items()
        }
        picked = roles.get(role, [])
        roller = event.data.get("unit")
        if how == "with_pick":
            took_part = roller == unit_id or any(
                unit_id in us for r, us in roles.items() if r != role
            )
            if took_part and picked and picked[0] != unit_id:
                return str(picked[0])
            continue
        named_it = isinstance(roller, str) and roller != unit_id and unit_id in picked
        if how != "its_pick" and named_it:
            return str(roller)
        if how != "picked_as" and roller == unit_id and picked and picked[0] != unit_id:
            return str(picked[0])
    return None
