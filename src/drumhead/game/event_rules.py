"""An event held to the game's ruleset before it joins the log: the one check every event
passes, whether the Game API just made it or a save's journal holds it
(:meth:`~drumhead.game.core.GameCore.add_event` calls :func:`check_event` on both paths, and
redo too).

:func:`~drumhead.game.events.apply_event` stays ruleset-free (a replay needs no ruleset to
rebuild a state); what it cannot know is checked here, by the ruleset's own names: the check
a resolution is of and the outcome it came to, the dice notation it rolled, the steps and
phases of the sequence of play, the markers and the ladder a unit's state is on, the cards an
edit or a new unit leaves. And what no
event may hold: a number that is not a number (NaN, infinity), or nothing (null)."""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from drumhead.dice.notation import parse
from drumhead.errors import DrumheadError, RulesetError, WrongSideError
from drumhead.game.event_data import EventData
from drumhead.game.events import Event, apply_event
from drumhead.game.scenario import check_unit, ladder_states
from drumhead.game.sides import refuse_wrong_sides, resolved_check
from drumhead.game.state import GameState
from drumhead.rules.checks import CheckSpec
from drumhead.rules.model import Ruleset
from drumhead.rules.reader import Reader
from drumhead.rules.sequence import Phase


def check_event(
    ruleset: Ruleset,
    phases: Sequence[Phase],
    state: GameState,
    event: Event,
    entry: Callable[[int], Event | None] | None = None,
) -> None:
    """Refuse ``event`` (an :class:`~drumhead.errors.InputError` naming its key) when it names
    what ``ruleset`` lacks, picks a unit on the wrong side of a check's role, or holds a value
    no event may hold; ``state`` is the game's before it, ``phases`` those the game walks,
    ``entry`` the log's entry of a seq before it (None: none), for the roll an
    ``apply_effects`` entry points back to."""
    d = EventData(event)
    if not isinstance(event.data, Mapping):
        raise d.fail("", "expected a table")
    _numbers(d, event.data, "")
    check = _CHECKS.get(event.kind)
    if check is not None:
        check(_Context(ruleset, phases, state, d, entry))


def rules_fingerprint(ruleset: Ruleset) -> str:
    """A SHA-256 of what of ``ruleset`` the event rules judge an event by (its checks and their
    outcomes and inputs, its markers, ladders, unit types, qualities, formations and card
    values, the phases and steps of its sequence): two rulesets with the same fingerprint
    accept the same events. Part of a save's state digest (:mod:`drumhead.saves.digest`): a
    snapshot written under other rules has its journal replayed, every event held to these.
    Worked out once per ruleset."""
    kept = _FINGERPRINTS.get(id(ruleset))
    if kept is not None and kept[0] is ruleset:
        return kept[1]
    sequence = ruleset.sequence
    names: dict[str, Any] = {
        "ruleset": [ruleset.id, ruleset.version],
        "checks": {
            c.id: {
                "outcomes": [o.id for o in c.outcomes],
                "inputs": [[i.name, i.type, list(i.choices)] for i in c.inputs],
            }
            for c in ruleset.checks
        },
        "markers": sorted(m.id for m in ruleset.markers),
        "ladders": {ladder.id: list(ladder.states) for ladder in ruleset.ladders},
        "unit_types": {u.id: u.ladder for u in ruleset.unit_types},
        "qualities": list(ruleset.qualities),
        "formations": list(ruleset.formations),
        "attributes": [
            [kind, a.id, a.type, a.minimum, a.maximum, list(a.choices)]
            for kind, specs in (
                ("unit", ruleset.unit_attributes),
                ("leader", ruleset.leader_attributes),
            )
            for a in specs
        ],
        "phases": [[p.id, [s.id for s in p.steps]] for p in sequence.phases] if sequence else [],
    }
    text = json.dumps(names, sort_keys=True, separators=(",", ":"), default=str)
    found = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if len(_FINGERPRINTS) > 32:
        _FINGERPRINTS.clear()
    _FINGERPRINTS[id(ruleset)] = (ruleset, found)
    return found


_FINGERPRINTS: dict[int, tuple[Ruleset, str]] = {}
"""Each ruleset's fingerprint, by the ruleset (kept with it: an id is not reused while the
ruleset lives)."""


class _Context:
    __slots__ = ("d", "entry", "phases", "ruleset", "state")

    def __init__(
        self,
        ruleset: Ruleset,
        phases: Sequence[Phase],
        state: GameState,
        d: EventData,
        entry: Callable[[int], Event | None] | None,
    ) -> None:
        self.ruleset = ruleset
        self.phases = phases
        self.state = state
        self.d = d
        self.entry = entry


def _sides(c: _Context, spec: CheckSpec | None, roles: Any) -> None:
    """No unit of ``roles`` (already held to be lists of the game's units) on the wrong side
    of its role of ``spec`` for the entry's unit (:func:`~drumhead.game.sides.wrong_side`,
    the rule the Game API refuses a pick by): a save's entry is held to it as the API is."""
    unit = c.d.data.get("unit")
    if spec is None or not isinstance(roles, Mapping) or not isinstance(unit, str):
        return
    if not c.state.has_unit(unit):
        return  # the handler refuses it
    try:
        refuse_wrong_sides(c.state, spec, roles, unit)
    except WrongSideError as exc:
        raise c.d.fail(f"roles.{exc.role}", str(exc)) from None


def _numbers(d: EventData, value: Any, where: str) -> None:
    """No NaN, no infinity and no null anywhere in the data (JSON's readers take all three;
    the API writes an absent key for nothing). Encoding the data says whether there may be one
    at C speed; only then is it looked for, and its key named."""
    try:
        text = json.dumps(value, allow_nan=False, default=str)
    except ValueError:
        pass
    else:
        if "null" not in text:
            return
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, key = stack.pop()
        if item is None:
            raise d.fail(key, "nothing (null): an absent value is an absent key")
        if isinstance(item, float) and not math.isfinite(item):
            shown = "NaN" if math.isnan(item) else "Infinity"
            raise d.fail(key, f"{shown} is not a number an event can hold")
        if isinstance(item, Mapping):
            stack.extend((v, f"{key}.{k}" if key else str(k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{key}.{i}" if key else str(i)) for i, v in enumerate(item))


_FRACTION = re.compile(r"[0-9]+/[0-9]+")
_TEXT = "text"
_WHOLE = "a whole number"
_NUMBER = "a number"
_BOOL = "true or false"
_VALUE = "a number, text or true/false"

_FITS: dict[str, tuple[type, ...]] = {
    _TEXT: (str,),
    _WHOLE: (int,),
    _NUMBER: (int, float),
    _BOOL: (bool,),
    _VALUE: (int, str, bool),
}
"""The types a value of each kind is (exactly: a boolean is no whole number; data read from
JSON holds no subclasses)."""

RECORD: dict[str, Any] = {
    "ruleset": _TEXT,
    "ruleset_version": _TEXT,
    "check": _TEXT,
    "inputs": {"*": _VALUE},
    "options": [_TEXT],
    "modifiers": [
        {
            "id": _TEXT,
            "label": _TEXT,
            "value": _NUMBER,
            "applies": _TEXT,
            "side": _TEXT,
            "explain": _TEXT,
            "source": _TEXT,
        }
    ],
    "dice": [_WHOLE],
    "rolls": [{"label": _TEXT, "notation": _TEXT, "faces": [_WHOLE], "total": _WHOLE}],
    "total_modifier": _WHOLE,
    "modified": _WHOLE,
    "target": _WHOLE,
    "outcome": _TEXT,
    "value": _WHOLE,
    "values": {"*": _WHOLE},
    "text": _TEXT,
    "effects": [
        {
            "kind": _TEXT,
            "text": _TEXT,
            "who": _TEXT,
            "amount": _WHOLE,
            "dice": _TEXT,
            "state": _TEXT,
            "marker": _TEXT,
            "source": _TEXT,
            "ruling": _TEXT,
            "each": _BOOL,
            "at_random": _TEXT,
            "types": [_TEXT],
            "instead": _BOOL,
        }
    ],
    "odds": [{"outcome": _TEXT, "value": _WHOLE, "p": _TEXT, "percent": _NUMBER, "source": _TEXT}],
    "steps": [_TEXT],
    "rerolled": _BOOL,
    "hand_dice": _BOOL,
    "gaps_used": {"*": _VALUE},
    "source": _TEXT,
    "outcome_source": _TEXT,
    "odds_sources": {"*": _TEXT},
    "rulings": [
        {
            "id": _TEXT,
            "rule": _TEXT,
            "reading": _TEXT,
            "reason": _TEXT,
            "source": _TEXT,
            "alternative": _TEXT,
            "used": _TEXT,
        }
    ],
    "gaps": [{"id": _TEXT, "value": _VALUE, "question": _TEXT, "kind": _TEXT, "source": _TEXT}],
    "house_rules": [_TEXT],
}
"""The shape of a resolution record (:meth:`~drumhead.checks.results.Resolution.to_dict`):
each key's type, a list's items', a table's (``*``: any key). A key may be absent (older
records, and None is not written); one the shape does not know is left to the record's
readers. Keys the record's handler already insists on are checked there."""


def _shape(d: EventData, value: Any, shape: Any, key: str) -> None:
    """``value`` has ``shape`` (see :data:`RECORD`), else the event's error naming the key."""
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            raise d.fail(key, "expected a table")
        anything = shape.get("*")
        if isinstance(anything, str):  # a table of plain values
            fits = _FITS[anything]
            if all(type(item) in fits for item in value.values()):
                return
        for name, item in value.items():
            inner = shape.get(name, anything)
            if inner is not None:
                _shape(d, item, inner, f"{key}.{name}")
        return
    if isinstance(shape, list):
        if not isinstance(value, list):
            raise d.fail(key, "expected a list")
        if isinstance(shape[0], str):  # a list of plain values: one pass, at C speed
            fits = _FITS[shape[0]]
            if all(type(item) in fits for item in value):
                return
        for index, item in enumerate(value):
            _shape(d, item, shape[0], f"{key}.{index}")
        return
    kind = type(value)
    if kind not in _FITS[shape]:
        raise d.fail(key, f"expected {shape}")


def _inputs(d: EventData, spec: CheckSpec, inputs: Any) -> None:
    """The record's inputs are values the check's inputs take."""
    if not isinstance(inputs, Mapping):
        return
    for given in spec.inputs:
        value = inputs.get(given.name)
        if value is None:
            continue
        key = f"resolution.inputs.{given.name}"
        if given.type == "bool" and not isinstance(value, bool):
            raise d.fail(key, "expected true or false")
        if given.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise d.fail(key, "expected a whole number")
        if given.type == "choice" and (value not in given.choices):
            raise d.fail(key, f"'{value}' is not one of {', '.join(given.choices)}")


def _resolution(c: _Context) -> None:
    d, ruleset = c.d, c.ruleset
    check_id = d.text("check")
    known = {spec.id: spec for spec in ruleset.checks}
    spec = known.get(check_id)
    if spec is None:
        raise d.fail("check", f"{ruleset.id} has no check '{check_id}'")
    if not isinstance(d.data.get("use_reroll", True), bool):
        raise d.fail("use_reroll", "expected true or false: whether a re-roll may be used")
    record = d.table("resolution")
    _shape(d, record, RECORD, "resolution")
    _inputs(d, spec, record.get("inputs"))
    outcomes = {o.id for o in spec.outcomes}
    for key, name in (("ruleset", ruleset.id), ("ruleset_version", ruleset.version)):
        if record.get(key, name) != name:
            raise d.fail(f"resolution.{key}", f"the game's ruleset is {name}")
    for index, odds in enumerate(record.get("odds", ())):
        key = f"resolution.odds.{index}"
        if not 0 <= odds.get("percent", 0) <= 100:
            raise d.fail(f"{key}.percent", "expected a percentage, 0 to 100")
        if not _FRACTION.fullmatch(odds.get("p", "1/1")):
            raise d.fail(f"{key}.p", "expected a probability as a fraction (7/36)")
        if "outcome" in odds and odds["outcome"] not in outcomes:
            raise d.fail(f"{key}.outcome", f"'{odds['outcome']}' is not an outcome of {check_id}")
    for index, ruling in enumerate(record.get("rulings", ())):
        if ruling.get("used", "ruling") not in ("ruling", "alternative"):
            raise d.fail(f"resolution.rulings.{index}.used", "expected ruling or alternative")
    if record.get("check") != check_id:
        raise d.fail("resolution.check", f"the record is not of the check '{check_id}'")
    outcome = record.get("outcome")
    if not isinstance(outcome, str) or outcome not in outcomes:
        raise d.fail(
            "resolution.outcome",
            f"'{outcome}' is not an outcome of {check_id} ({', '.join(sorted(outcomes))})",
        )
    rolls = record.get("rolls", [])
    for index, roll in enumerate(rolls if isinstance(rolls, list) else ()):
        notation = roll.get("notation") if isinstance(roll, Mapping) else None
        key = f"resolution.rolls.{index}.notation"
        if not isinstance(notation, str):
            raise d.fail(key, "expected dice notation (text)")
        try:
            parse(notation)
        except DrumheadError as exc:
            raise d.fail(key, str(exc)) from None
    roles = d.data.get("roles")
    if roles is not None:
        if not isinstance(roles, Mapping):
            raise d.fail("roles", "expected a table of role -> units")
        for role, units in roles.items():
            if not isinstance(units, list) or not all(
                isinstance(u, str) and c.state.has_unit(u) for u in units
            ):
                raise d.fail(f"roles.{role}", f"expected a list of the game's units, not {units}")
        _sides(c, spec, roles)
    side = d.text("side", optional=True)
    if side is not None and side not in {s.id for s in c.state.sides}:
        raise d.fail("side", f"no side '{side}'")
    leaders = d.data.get("leaders")
    if leaders is not None:
        if not isinstance(leaders, Mapping):
            raise d.fail("leaders", "expected a table of role -> leader")
        for role, leader in leaders.items():
            if not isinstance(leader, str) or not c.state.has_leader(leader):
                raise d.fail(f"leaders.{role}", f"no leader '{leader}'")
    made_with = d.text("leader", optional=True)  # the leader the roll was made with
    if made_with is not None and not c.state.has_leader(made_with):
        raise d.fail("leader", f"no leader '{made_with}'")


def _apply_effects(c: _Context) -> None:
    d, ruleset, state = c.d, c.ruleset, c.state
    markers = {m.id for m in ruleset.markers}
    default = d.data.get("unit")
    entry = d.data.get("resolution")
    if entry is not None and not (isinstance(entry, int) and 1 <= entry < d.event.seq):
        raise d.fail("resolution", "expected the seq of an earlier entry of the log")
    rolled = c.entry(entry) if entry is not None and c.entry is not None else None
    _sides(c, None if rolled is None else resolved_check(ruleset, rolled), _units(c))
    effects = d.data.get("effects")
    for index, effect in enumerate(effects if isinstance(effects, list) else ()):
        if not isinstance(effect, Mapping):
            continue  # the handler refuses it
        key = f"effects.{index}"
        kind = effect.get("kind")
        if not isinstance(effect.get("who", ""), str):
            raise d.fail(f"{key}.who", "expected text")
        if kind in ("marker", "clear_marker"):
            marker = effect.get("marker")
            if markers and marker not in markers:
                raise d.fail(
                    f"{key}.marker",
                    f"no marker '{marker}' in {ruleset.id} ({', '.join(sorted(markers))})",
                )
        elif kind in ("state", "step"):
            target = effect.get("unit", default)
            if isinstance(target, str) and state.has_unit(target):
                ladder = ladder_states(ruleset, state.unit(target).type)
                landed = effect.get("state")
                if ladder and landed not in ladder:
                    raise d.fail(
                        f"{key}.state", f"'{landed}' is not on the ladder ({', '.join(ladder)})"
                    )
        elif kind == "formation":
            formation = effect.get("formation")
            if ruleset.formations and formation not in ruleset.formations:
                known = ", ".join(ruleset.formations)
                raise d.fail(f"{key}.formation", f"no formation '{formation}' ({known})")
        elif kind == "attribute":
            name = effect.get("attribute")
            spec = ruleset.unit_attribute(name) if isinstance(name, str) else None
            if spec is None or spec.type != "int":
                raise d.fail(f"{key}.attribute", f"no whole-number unit attribute '{name}'")
            if not spec.fits(effect.get("now")):
                raise d.fail(f"{key}.now", f"{spec.label} takes {spec.wanted()}")


def _units(c: _Context) -> dict[str, list[str]] | None:
    """The entry's ``roles`` when each is a list of the game's units (None otherwise: the
    handler says what is wrong with them)."""
    roles = c.d.data.get("roles")
    if not isinstance(roles, Mapping):
        return None
    found: dict[str, list[str]] = {}
    for role, units in roles.items():
        if not isinstance(units, list) or not all(
            isinstance(u, str) and c.state.has_unit(u) for u in units
        ):
            return None
        found[str(role)] = units
    return found


def _step(c: _Context, key: str, phase_id: str | None, step: Any) -> None:
    """``step`` is one of phase ``phase_id``'s steps (when the game walks a sequence)."""
    if not c.phases or step is None:
        return
    if not isinstance(step, str):
        raise c.d.fail(key, "expected text")
    if phase_id is None:
        phase_id, _, step = step.partition(".")
    for phase in c.phases:
        if phase.id == phase_id and step in {s.id for s in phase.steps}:
            return
    raise c.d.fail(key, f"no step '{step}' in phase '{phase_id}' of the sequence of play")


def _phase(c: _Context) -> str | None:
    phase: str | None = c.d.text("phase", optional=True)
    if phase is not None and c.phases and phase not in {p.id for p in c.phases}:
        known = ", ".join(p.id for p in c.phases)
        raise c.d.fail("phase", f"no phase '{phase}' in the sequence of play ({known})")
    return phase


def _tick_step(c: _Context) -> None:
    step = c.d.text("step")
    if "." not in step and c.phases:
        raise c.d.fail("step", f"expected a step as phase.step, not '{step}'")
    _step(c, "step", None, step)


def _move(c: _Context) -> None:
    turn = c.d.data.get("turn")
    if turn is not None and turn not in (c.state.turn, c.state.turn + 1):
        raise c.d.fail("turn", f"the game is on turn {c.state.turn}: a move goes to it or the next")
    phase = _phase(c)
    if phase is not None:
        _step(c, "step", phase, c.d.data.get("step"))


def _card(c: _Context) -> None:
    """The unit card an ``edit`` or ``add_unit`` leaves is one the ruleset allows: its type,
    quality, formation, a state on its ladder, markers and attributes the ruleset has (the
    check a scenario's cards pass)."""
    d, data = c.d, c.d.data
    if d.event.kind == "edit":
        if data.get("target") != "unit":
            return
        unit_id, key = data.get("id"), "new"
    else:
        card = data.get("unit")
        unit_id, key = (card.get("id") if isinstance(card, Mapping) else None), "unit"
    after = apply_event(c.state, d.event)  # what does not fit its handler is refused there
    if not isinstance(unit_id, str) or not after.has_unit(unit_id):
        return
    try:
        check_unit(c.ruleset, after.unit(unit_id), Reader({}, key=unit_id), saved=True)
    except RulesetError as exc:
        raise d.fail(key, f"unit {exc.key}: {exc.message}") from None


_CHECKS = {
    "edit": _card,
    "add_unit": _card,
    "resolution": _resolution,
    "apply_effects": _apply_effects,
    "tick_step": _tick_step,
    "next_phase": _move,
    "next_turn": _move,
    "draw_card": _move,
}
"""What each kind of event is held to, beyond the shape its handler reads."""
