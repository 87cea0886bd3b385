"""The event log: everything that changes a game is an :class:`Event`; :func:`apply_event` is pure.

Events carry their result as applied (an effect that steps a unit down its ladder records the
state it lands on), so replaying a log needs no ruleset and gives the same state every time.
Event data is plain data (text, numbers, booleans, lists, tables; no None: an absent key is an
absent value), ready for TOML or JSON.

Each kind of event has a handler; they live by job: :mod:`~drumhead.game.card_events` (the
cards changed by hand), :mod:`~drumhead.game.effect_events` (a roll's effects applied),
:mod:`~drumhead.game.turn_events` (the walk through the turn, cards, initiative), and here
those of a check's record, a note, dice rolled outside a check, the players' answers and a
revert. Their data is read through :mod:`~drumhead.game.event_data`; what a revert takes
back is :mod:`~drumhead.game.taken_back`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from drumhead.errors import InputError
from drumhead.game.card_events import (
    CARD_HANDLERS,
    LEADER_EDITABLE,
    SIDE_EDITABLE,
    UNIT_EDITABLE,
    attribute_value,
    edit_value,
)
from drumhead.game.effect_events import EFFECT_HANDLERS, EFFECT_KEYS
from drumhead.game.event_data import DATA_KEYS, EventData, named_unit, whole
from drumhead.game.state import GameState
from drumhead.game.taken_back import revert_targets, taken_back
from drumhead.game.turn_events import TURN_HANDLERS

__all__ = [
    "DATA_KEYS",
    "EFFECT_KEYS",
    "EVENT_KINDS",
    "LEADER_EDITABLE",
    "NOT_REVERTIBLE",
    "SIDE_EDITABLE",
    "UNIT_EDITABLE",
    "Event",
    "apply_event",
    "attribute_value",
    "edit_value",
    "replay",
    "revert_targets",
    "taken_back",
]

EVENT_KINDS: tuple[str, ...] = (
    "resolution",
    "apply_effects",
    "edit",
    "add_side",
    "add_unit",
    "remove_unit",
    "add_leader",
    "remove_leader",
    "attach_leader",
    "tick_step",
    "next_phase",
    "next_turn",
    "draw_card",
    "shuffle_deck",
    "initiative",
    "set_gap",
    "set_gaps",
    "note",
    "roll",
    "revert",
)
"""Every kind of event a log can hold."""

NOT_REVERTIBLE: dict[str, str] = {
    "revert": "a revert cannot itself be reverted (undo it while it is the last entry)",
    "next_phase": "a change of phase cannot be reverted: every later entry was made in the "
    "phase it began (go back with undo or jump instead)",
    "next_turn": "a change of turn cannot be reverted: every later entry was made in the turn "
    "it began (go back with undo or jump instead)",
}
"""Kinds of event a revert may not take back, and why."""


@dataclass(frozen=True, slots=True)
class Event:
    """One change to a game."""

    seq: int
    """Its position in the log, from 1."""
    kind: str
    data: Mapping[str, Any]
    turn: int
    """The turn and phase it happened in."""
    phase: str
    at: str
    """ISO timestamp given by the caller (the core never reads the clock)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "turn": self.turn,
            "phase": self.phase,
            "at": self.at,
            "data": dict(self.data),
        }


def apply_event(state: GameState, event: Event) -> GameState:
    """The state after ``event``. Pure; raises :class:`InputError` when the event does not fit."""
    handler = _HANDLERS.get(event.kind)
    if handler is None:
        raise InputError(f"event {event.seq}: unknown kind '{event.kind}'")
    d = EventData(event)
    if not isinstance(event.data, Mapping):
        raise InputError(f"event {event.seq} ({event.kind}): data: expected a table")
    extra = event.data.keys() - DATA_KEYS[event.kind]
    if extra:
        raise d.fail(sorted(extra)[0], "unknown key")
    return handler(state, d)


def replay(start: GameState, events: Sequence[Event]) -> GameState:
    """The state after the log ``events`` (from its first event), from ``start``: every event
    in effect applied in order; those a ``revert`` took back, and the reverts, skipped."""
    gone = taken_back(events)
    state = start
    for event in events:
        if event.kind != "revert" and event.seq not in gone:
            state = apply_event(state, event)
    return state


# -- handlers -----------------------------------------------------------------------------------
def _nothing(state: GameState, d: EventData) -> GameState:
    if d.event.kind == "resolution":
        d.text("check")
        _check_record(d)
        unit = d.text("unit", optional=True)
        if unit is not None:
            named_unit(state, d, unit)
        read = d.data.get("read", [])
        if not isinstance(read, list) or not all(
            whole(seq) and 1 <= seq < d.event.seq for seq in read
        ):
            raise d.fail("read", "expected a list of earlier entries of the log")
    else:
        d.text("text")
    return state


def _check_record(d: EventData) -> None:
    """The parts of a resolution record that reports and audits read have the right shapes."""
    record = d.table("resolution")
    for key in ("check", "outcome", "text"):
        if not isinstance(record.get(key), str):
            raise d.fail(f"resolution.{key}", "expected text")
    faces = record.get("dice")
    if not isinstance(faces, list) or not all(whole(f) for f in faces):
        raise d.fail("resolution.dice", "expected a list of whole numbers")
    for name, fields in (
        ("rolls", ("label", "notation", "faces")),
        ("odds", ("outcome", "p", "percent")),
        ("effects", ("kind", "text")),
        ("modifiers", ("id", "label", "value")),
    ):
        items = record.get(name, [])
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise d.fail(f"resolution.{name}", "expected a list of tables")
        for index, item in enumerate(items):
            for field in fields:
                if field not in item:
                    raise d.fail(f"resolution.{name}.{index}.{field}", "required key is missing")
    for index, roll in enumerate(record.get("rolls", [])):
        if not isinstance(roll["faces"], list) or not all(whole(f) for f in roll["faces"]):
            raise d.fail(f"resolution.rolls.{index}.faces", "expected a list of whole numbers")
    for key in ("seed",):
        if key in d.data and not whole(d.data[key]):
            raise d.fail(key, "expected a whole number")
    if "hand" in d.data and (
        not isinstance(d.data["hand"], list) or not all(whole(f) for f in d.data["hand"])
    ):
        raise d.fail("hand", "expected a list of whole numbers")


def _set_gap(state: GameState, d: EventData) -> GameState:
    """The players' answer to a question the rules leave open (an answer id: a gap, or one key
    of a gap kept per situation); without ``value`` the answer is taken back."""
    gaps = dict(state.gaps)
    _answer(gaps, d, d.data, "")
    return state.evolve(gaps=tuple(sorted(gaps.items())))


def _set_gaps(state: GameState, d: EventData) -> GameState:
    """Many answers at once (a chart typed in a grid), as one change: ``answers`` is a list of
    ``{gap, value?, old?}``; ``table`` the gap table they were typed in, if one."""
    gaps = dict(state.gaps)
    d.text("table", optional=True)
    for index, item in enumerate(d.tables("answers")):
        extra = set(item) - {"gap", "value", "old"}
        if extra:
            raise d.fail(f"answers.{index}.{sorted(extra)[0]}", "unknown key")
        _answer(gaps, d, item, f"answers.{index}.")
    return state.evolve(gaps=tuple(sorted(gaps.items())))


def _answer(gaps: dict[str, Any], d: EventData, item: Mapping[str, Any], where: str) -> None:
    gap = item.get("gap")
    if not isinstance(gap, str) or not gap:
        raise d.fail(f"{where}gap", "expected text")
    value = item.get("value")
    if value is None:
        gaps.pop(gap, None)
        return
    if not isinstance(value, int | str | bool):
        raise d.fail(f"{where}value", "a gap value is a number, text or boolean")
    gaps[gap] = value


def _roll(state: GameState, d: EventData) -> GameState:
    """Dice rolled outside a check (a distance, the roller): the faces are those the recorded
    seed gives, so a replay reproduces them (and a save whose faces were altered is refused)."""
    from drumhead.dice.notation import parse
    from drumhead.errors import DrumheadError

    notation = d.text("notation")
    try:
        expr = parse(notation)
    except DrumheadError as exc:
        raise d.fail("notation", str(exc)) from None
    seed = d.data.get("seed")
    if not whole(seed):
        raise d.fail("seed", "expected a whole number")
    faces = d.data.get("faces")
    if not isinstance(faces, list) or not all(whole(f) for f in faces):
        raise d.fail("faces", "expected a list of whole numbers")
    rolled, total = expr.roll(random.Random(seed))
    if list(rolled) != faces or d.data.get("total") != total:
        raise d.fail("faces", f"the seed gives {list(rolled)} = {total}, not {faces}")
    d.text("purpose")
    unit = d.text("unit", optional=True)
    if unit is not None:
        named_unit(state, d, unit)
    return state


def _revert(state: GameState, d: EventData) -> GameState:
    revert_targets(d.event)
    raise InputError(
        f"event {d.event.seq} (revert): a revert rebuilds the game from its log; replay the "
        "log (drumhead.game.replay, or a Game), not one event"
    )


_HANDLERS = {
    "revert": _revert,
    "roll": _roll,
    "resolution": _nothing,
    "note": _nothing,
    **EFFECT_HANDLERS,
    **CARD_HANDLERS,
    **TURN_HANDLERS,
    "set_gap": _set_gap,
    "set_gaps": _set_gaps,
}
