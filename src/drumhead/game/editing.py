"""Changes made by hand at the table: a field of a unit card, a leader or a side edited (the old
value kept in the event), sides, units and leaders added or removed, a leader attached to
a unit, and notes in the log."""

from __future__ import annotations

from typing import Any

from drumhead.errors import InputError, RulesetError
from drumhead.game.attributes import checked_attribute, editable_fields
from drumhead.game.card_events import LEADER_EDITABLE, SIDE_EDITABLE, UNIT_EDITABLE, edit_value
from drumhead.game.codec import leader_to_dict, side_to_dict, unit_to_dict
from drumhead.game.core import GameCore
from drumhead.game.events import Event
from drumhead.game.scenario import check_attributes, check_unit
from drumhead.game.state import Leader, Side, Unit, evolve
from drumhead.rules.model import Ruleset
from drumhead.rules.reader import Reader


class CardEditing(GameCore):
    """The cards, the roster and notes, changed by hand."""

    def edit_unit(self, unit_id: str, field: str, value: Any, *, at: str) -> Event:
        """Change one field of a unit card by hand (the old value is recorded): every card's
        field, or one of the ruleset's unit attributes (None clears it: the default holds)."""
        unit = self.state.unit(unit_id)
        spec = self.ruleset.unit_attribute(field)
        if spec is not None and field not in UNIT_EDITABLE:
            new_value = checked_attribute(spec, value, unit.name)
            return self._edit("unit", unit_id, field, unit.attribute(field), new_value, at, True)
        new = edit_value(editable_fields(self.ruleset), field, value, "unit")
        changed = evolve(unit, **{field: new})
        _checked(self.ruleset, changed)
        if field == "side":
            self.state.side(str(new))
        return self._edit("unit", unit_id, field, getattr(unit, field), new, at)

    def edit_leader(self, leader_id: str, field: str, value: Any, *, at: str) -> Event:
        """Change one field of a leader by hand: every leader's, or one of the ruleset's
        leader attributes (None clears it)."""
        leader = self.state.leader(leader_id)
        spec = self.ruleset.leader_attribute(field)
        if spec is not None and field not in LEADER_EDITABLE:
            new_value = checked_attribute(spec, value, leader.name)
            old = leader.attribute(field)
            return self._edit("leader", leader_id, field, old, new_value, at, True)
        new = edit_value(editable_fields(self.ruleset, leader=True), field, value, "leader")
        if field == "attached_to" and new is not None:
            self.state.unit(str(new))
        if field == "side":
            self.state.side(str(new))
        return self._edit("leader", leader_id, field, getattr(leader, field), new, at)

    def edit_side(self, side_id: str, field: str, value: Any, *, at: str) -> Event:
        side = self.state.side(side_id)
        new = edit_value(SIDE_EDITABLE, field, value, "side")
        return self._edit("side", side_id, field, getattr(side, field), new, at)

    def _edit(
        self,
        target: str,
        ident: str,
        field: str,
        old: Any,
        new: Any,
        at: str,
        attribute: bool = False,
    ) -> Event:
        data = {
            "target": target,
            "id": ident,
            "field": field,
            "old": _plain(old),
            "new": _plain(new),
            "attribute": True if attribute else None,
        }
        return self._push("edit", data, at)

    def add_side(self, side: Side, *, at: str) -> Event:
        """A new side (a game started without a scenario begins with none)."""
        if side.id in {s.id for s in self.state.sides}:
            raise InputError(f"there is already a side '{side.id}'")
        if not side.id or not side.name:
            raise InputError("a side needs an id and a name")
        return self._push("add_side", {"side": side_to_dict(side)}, at)

    def add_unit(self, unit: Unit, *, at: str) -> Event:
        if self.state.has_unit(unit.id):
            raise InputError(f"there is already a unit '{unit.id}'")
        self.state.side(unit.side)
        unit = _checked(self.ruleset, unit)
        return self._push("add_unit", {"unit": unit_to_dict(unit)}, at)

    def remove_unit(self, unit_id: str, *, at: str) -> Event:
        unit = self.state.unit(unit_id)
        return self._push("remove_unit", {"unit": unit_id, "card": unit_to_dict(unit)}, at)

    def add_leader(self, leader: Leader, *, at: str) -> Event:
        if self.state.has_leader(leader.id):
            raise InputError(f"there is already a leader '{leader.id}'")
        self.state.side(leader.side)
        try:
            check_attributes(self.ruleset, leader, Reader({}, key=f"leader {leader.id}"))
        except RulesetError as exc:
            raise InputError(str(exc)) from None
        if leader.attached_to is not None:
            self.state.unit(leader.attached_to)
        return self._push("add_leader", {"leader": leader_to_dict(leader)}, at)

    def remove_leader(self, leader_id: str, *, at: str) -> Event:
        leader = self.state.leader(leader_id)
        return self._push(
            "remove_leader", {"leader": leader_id, "card": leader_to_dict(leader)}, at
        )

    def attach_leader(self, leader_id: str, unit_id: str | None, *, at: str) -> Event:
        leader = self.state.leader(leader_id)
        if unit_id is not None:
            self.state.unit(unit_id)
        data = {"leader": leader_id, "unit": unit_id, "old": leader.attached_to}
        return self._push("attach_leader", data, at)

    def note(self, text: str, *, at: str, unit_id: str | None = None) -> Event:
        """A note in the log (a ruling made at the table, a reminder)."""
        if unit_id is not None:
            self.state.unit(unit_id)
        return self._push("note", {"text": text, "unit": unit_id}, at)


def _checked(ruleset: Ruleset, unit: Unit) -> Unit:
    try:
        return check_unit(ruleset, unit, Reader({}, key=f"unit {unit.id}"))
    except RulesetError as exc:
        raise InputError(str(exc)) from None


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset | set):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    return value
