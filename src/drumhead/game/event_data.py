"""Reading an event's data: the keys each kind of event's data may hold, and typed access to
them with errors that name the event and the key (what every handler of
:func:`~drumhead.game.events.apply_event` reads its event with)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from drumhead.errors import InputError
from drumhead.game.state import GameState, Unit

if TYPE_CHECKING:
    from drumhead.game.events import Event

DATA_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset(keys.split())
    for kind, keys in {
        "resolution": "check unit roles leaders side seed hand modifiers use_reroll resolution "
        "read leader",
        "apply_effects": "unit roles effects resolution",
        "edit": "target id field old new attribute",
        "add_side": "side",
        "add_unit": "unit",
        "remove_unit": "unit card",
        "add_leader": "leader",
        "remove_leader": "leader card",
        "attach_leader": "leader unit old",
        "tick_step": "step ticked",
        "next_phase": "turn phase deck step acting again expire states",
        "next_turn": "turn phase deck step acting again expire states",
        "draw_card": "card phase step expire",
        "shuffle_deck": "deck",
        "initiative": "winner first",
        "set_gap": "gap value old",
        "set_gaps": "answers table",
        "note": "text unit",
        "roll": "notation seed faces total purpose unit",
        "revert": "target drop",
    }.items()
}
"""The keys each kind of event's data may hold."""


class EventData:
    """Typed access to an event's data with errors naming the event and key."""

    __slots__ = ("data", "event")

    def __init__(self, event: Event) -> None:
        self.event = event
        self.data = event.data

    def fail(self, key: str, message: str) -> InputError:
        return InputError(f"event {self.event.seq} ({self.event.kind}): data.{key}: {message}")

    def text(self, key: str, optional: bool = False) -> Any:
        value = self.data.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self.fail(key, "expected text")
        return value

    def integer(self, key: str) -> int:
        value = self.data.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, "expected a whole number")
        return value

    def boolean(self, key: str, optional: bool = False) -> bool:
        value = self.data.get(key)
        if value is None and optional:
            return False
        if not isinstance(value, bool):
            raise self.fail(key, "expected true or false")
        return value

    def texts(self, key: str, optional: bool = False) -> tuple[str, ...]:
        value = self.data.get(key)
        if value is None and optional:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, "expected a list of text")
        return tuple(value)

    def table(self, key: str) -> Mapping[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            raise self.fail(key, "expected a table")
        return value

    def tables(self, key: str) -> list[Mapping[str, Any]]:
        value = self.data.get(key)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(key, "expected a list of tables")
        return value


Handler = Callable[[GameState, EventData], GameState]
"""Applies one kind of event to a state: the state after it (:class:`InputError` when the
event does not fit)."""


def whole(value: object) -> bool:
    """Whether ``value`` is a whole number (a boolean is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def named_unit(state: GameState, d: EventData, unit_id: str) -> Unit:
    """The unit ``unit_id`` the event names; the event's error when the game has none."""
    if not state.has_unit(unit_id):
        raise d.fail("unit", f"no unit '{unit_id}'")
    return state.unit(unit_id)
