"""The messages between the host and its devices: read, checked and bounded here.

Every message is one JSON object with a ``type``. A device sends ``hello`` (once, first),
``command`` (a change to the game, with its own ``id`` and the event number ``against`` which
it was made: ``pick`` answers which unit of a group takes an effect, by hand or ``random``)
and ``form`` (a question: a check's odds as a side fills it in; changes
nothing). Anything else, or any field of the wrong kind or size, is a
:class:`ProtocolError` whose message says which field and why: never a traceback. The host's
messages are described in ``docs/table.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from drumhead.errors import DrumheadError
from drumhead.host.limits import ID_LENGTH, ITEMS, MAX_MESSAGE_BYTES, TEXT_LENGTH

FLOW = ("next_step", "again", "previous_step", "next_phase", "draw")
"""Commands that walk the turn: refused when made against an old state (another device moved
the game on first), with the state as it is now."""

VERBS = ("propose", "withdraw", "pick", *FLOW)
"""What a command may ``do``."""

Value = str | int | bool
"""A value a device gives for a check's input."""


class ProtocolError(DrumheadError):
    """A message the host cannot take: what is wrong with it, in words a developer of a
    device (or a player reading the page) can act on."""


@dataclass(frozen=True, slots=True)
class Hello:
    """A device's first message: what it already has, if anything."""

    host: str | None = None
    """The host run the device last heard (None: a first join)."""
    since: int | None = None
    """The last event number it has (with ``host``): it is sent every later one."""


@dataclass(frozen=True, slots=True)
class CheckAsk:
    """A check as a side fills it in: for the odds (a form) or for the referee (a proposal)."""

    check: str | None
    """The check's id (None: the first the unit may make)."""
    unit: str | None
    """The unit it is made for (None: an army-level check)."""
    roles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The units picked for each side of the check (role -> unit ids, the one whose card
    fills the side's inputs first; a side that holds a group takes several, up to its
    ``max``). The first side's list starts with :attr:`unit`: only a group is given for it.
    A device may send one id (a text) for a side of one unit."""
    leaders: Mapping[str, str] = field(default_factory=dict)
    """A leader picked for a side (role -> leader id)."""
    values: Mapping[str, Value] = field(default_factory=dict)
    """Inputs given (the rest come from the cards)."""
    modifiers: Mapping[str, int] = field(default_factory=dict)
    """Modifiers ticked, with their count."""
    dice: tuple[int, ...] | None = None
    """Faces rolled by hand (None: the host rolls)."""
    use_reroll: bool = True


@dataclass(frozen=True, slots=True)
class Command:
    """A change a device asks of the game."""

    id: str
    """The device's own id for it: sent twice, it is done once."""
    against: int
    """The event number of the state it was made against."""
    do: str
    """One of :data:`VERBS`."""
    ask: CheckAsk | None = None
    """For ``propose``: the check."""
    proposal: str | None = None
    """For ``withdraw``: the proposal taken back; for ``pick``: the proposal whose effects
    wait for the pick."""
    unit: str | None = None
    """For ``pick``: the unit that takes the effect, or ``random`` (the game's seeded dice
    pick it, where the rules say at random)."""
    index: int | None = None
    """For ``pick``: the question answered (how many picks were given before it, as the
    view said): one answered already by another device of the side is refused."""


@dataclass(frozen=True, slots=True)
class FormAsk:
    """A question about a check (its choices, modifiers and odds); ``id`` pairs the answer."""

    id: str
    ask: CheckAsk


Message = Hello | Command | FormAsk


def read(text: str | bytes) -> Message:
    """One message from a device, checked; ProtocolError says what is wrong."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message is {MAX_MESSAGE_BYTES} bytes at most")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("a message is one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message is one JSON object")
    kind = data.get("type")
    if kind == "hello":
        host = _text(data, "host", required=False)
        since = _int(data, "since", required=False)
        if since is not None and since < 0:
            raise ProtocolError("since: an event number is 0 or more")
        return Hello(host, since)
    if kind == "form":
        return FormAsk(_text(data, "id", limit=ID_LENGTH) or "", _check_ask(data))
    if kind == "command":
        return _command(data)
    raise ProtocolError(f"type: one of hello, command, form (not {_shown(kind)})")


def _command(data: Mapping[str, Any]) -> Command:
    ident = _text(data, "id", limit=ID_LENGTH)
    assert ident is not None
    against = _int(data, "against")
    assert against is not None
    do = _text(data, "do")
    if do not in VERBS:
        raise ProtocolError(f"do: one of {', '.join(VERBS)} (not {_shown(do)})")
    if do == "propose":
        return Command(ident, against, do, ask=_check_ask(data))
    if do == "withdraw":
        return Command(ident, against, do, proposal=_text(data, "proposal", limit=ID_LENGTH))
    if do == "pick":
        proposal = _text(data, "proposal", limit=ID_LENGTH)
        unit, index = _text(data, "unit", limit=ID_LENGTH), _int(data, "index", required=False)
        return Command(ident, against, do, proposal=proposal, unit=unit, index=index)
    return Command(ident, against, do)


def ask_data(ask: CheckAsk) -> dict[str, Any]:
    """A check as a ``propose`` message's fields (:func:`read_ask` reads them back)."""
    out: dict[str, Any] = {
        "roles": {role: list(units) for role, units in ask.roles.items()},
        "leaders": dict(ask.leaders),
        "values": dict(ask.values),
        "modifiers": dict(ask.modifiers),
        "dice": list(ask.dice) if ask.dice is not None else None,
        "use_reroll": ask.use_reroll,
    }
    if ask.check is not None:
        out["check"] = ask.check
    if ask.unit is not None:
        out["unit"] = ask.unit
    return out


def read_ask(data: Mapping[str, Any]) -> CheckAsk:
    """A check from a ``propose`` message's fields, checked as a device's are (ProtocolError
    says what is wrong)."""
    return _check_ask(data)


def _check_ask(data: Mapping[str, Any]) -> CheckAsk:
    dice = data.get("dice")
    if dice is not None:
        if not isinstance(dice, list) or len(dice) > ITEMS:
            raise ProtocolError(f"dice: a list of at most {ITEMS} faces, or null (the host rolls)")
        if not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
            raise ProtocolError("dice: each face is a whole number")
    reroll = data.get("use_reroll", True)
    if not isinstance(reroll, bool):
        raise ProtocolError("use_reroll: true or false")
    counts = _table(data, "modifiers", (int,))
    if any(isinstance(v, bool) or not 0 < v <= 99 for v in counts.values()):
        raise ProtocolError("modifiers: each count is from 1 to 99")
    return CheckAsk(
        check=_text(data, "check", required=False),
        unit=_text(data, "unit", required=False),
        roles=_roles(data),
        leaders=_table(data, "leaders", (str,)),
        values=_table(data, "values", (str, int, bool)),
        modifiers=counts,
        dice=tuple(dice) if dice is not None else None,
        use_reroll=reroll,
    )


def _text(
    data: Mapping[str, Any], key: str, *, required: bool = True, limit: int = TEXT_LENGTH
) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        raise ProtocolError(f"{key}: a text is needed")
    if len(value) > limit:
        raise ProtocolError(f"{key}: {limit} characters at most")
    return value


def _int(data: Mapping[str, Any], key: str, *, required: bool = True) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{key}: a whole number is needed")
    return value


def _table(data: Mapping[str, Any], key: str, kinds: tuple[type, ...]) -> dict[str, Any]:
    value = data.get(key) or {}
    if not isinstance(value, dict) or len(value) > ITEMS:
        raise ProtocolError(f"{key}: an object of at most {ITEMS} entries")
    for name, item in value.items():
        if len(name) > ID_LENGTH or not isinstance(item, kinds):
            raise ProtocolError(f"{key}.{name[:ID_LENGTH]}: not a value this field takes")
        if isinstance(item, str) and len(item) > TEXT_LENGTH:
            raise ProtocolError(f"{key}.{name[:ID_LENGTH]}: {TEXT_LENGTH} characters at most")
    return dict(value)


def _roles(data: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Each side's units: a list of unit ids (or one id, a text), each once; whether each
    is a unit the side may take is the host's to say (:func:`~drumhead.host.asks.fill`)."""
    out: dict[str, tuple[str, ...]] = {}
    for role, given in _table(data, "roles", (str, list)).items():
        key = f"roles.{role}"
        units = [given] if isinstance(given, str) else given
        if not units or len(units) > ITEMS:
            raise ProtocolError(f"{key}: a list of 1 to {ITEMS} unit ids")
        for index, unit in enumerate(units):
            if not isinstance(unit, str) or not unit or len(unit) > ID_LENGTH:
                raise ProtocolError(f"{key}[{index}]: a unit id ({ID_LENGTH} characters at most)")
        seen = sorted({u for u in units if units.count(u) > 1})
        if seen:
            raise ProtocolError(f"{key}: '{seen[0]}' is given twice (a unit is in a side once)")
        out[role] = tuple(units)
    return out


def _shown(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else f"'{value}'"
    return text[:40]


def dump(message: Mapping[str, Any]) -> str:
    """A host message as the text sent (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


Role = Literal["display", "side"]
