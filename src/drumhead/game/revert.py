"""Undo one earlier entry of the log and keep the rest: planning a revert.

:meth:`Game.revert <drumhead.game.game.Game.revert>` plans (changes nothing): the game is
rebuilt from the log without the entry, every later entry in effect replayed in order, and
each later entry that **no longer applies** is reported as a :class:`Conflict`. The players
then drop the conflicting entries (:meth:`Game.apply_revert
<drumhead.game.game.Game.apply_revert>`, itself an entry of the log: undoable, saved) or
cancel (do nothing).

A later entry no longer applies when, replayed on the game rebuilt so far (without the
reverted entry and without the entries already found in conflict), one of these holds:

``refused``
    the game refuses it (:func:`~drumhead.game.events.apply_event` raises): a unit, leader,
    side or card it names is gone, or one it adds is already there;
``depends``
    it applies the effects of a roll (``apply_effects`` with ``resolution``) that is reverted,
    dropped or in conflict; or it is a roll that read an input from such an entry (``read``:
    a melee round's casualties read by the check that decides the melee);
``card``
    what it recorded was read from a card that now reads differently at its place in the
    log: a roll whose input filled from the unit card (``from_unit``) was the card's value
    then and is not now, or whose unit is now out of play; effects that step down the morale
    ladder or mark hits, worked out from the unit's state or hits, which are now different;
    effects counted from a card's value (an attribute's, the figures of a stand) it no longer
    gives; effects on every unit under a leader's command that are not the units under it now;
    an edit, a leader's attachment or a gap value whose value before the change (``old``)
    is now different.

Entries before the reverted one never conflict; nor do the sequence of play's (a change of
phase or turn cannot itself be reverted: see :data:`~drumhead.game.events.NOT_REVERTIBLE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from drumhead.errors import DrumheadError, InputError
from drumhead.game.attributes import value_of
from drumhead.game.card_inputs import unit_inputs
from drumhead.game.command import is_command, under_command
from drumhead.game.events import NOT_REVERTIBLE, Event, apply_event
from drumhead.game.state import GameState, Leader, Unit
from drumhead.game.taken_back import unchanged_before
from drumhead.rules.model import Ruleset

if TYPE_CHECKING:
    from drumhead.game.core import GameCore

ConflictRule = Literal["refused", "depends", "card"]


@dataclass(frozen=True, slots=True)
class Conflict:
    """A later entry that no longer applies once the reverted one is gone."""

    seq: int
    kind: str
    """The entry's kind of event."""
    rule: ConflictRule
    """Which rule it breaks (see the module's documentation)."""
    reason: str
    """Why, in the players' words."""


@dataclass(frozen=True, slots=True)
class RevertPlan:
    """What reverting one entry would do; nothing has changed yet."""

    target: int
    """The entry to revert."""
    conflicts: tuple[Conflict, ...]
    """Later entries that no longer apply, in log order: the players drop them or cancel."""
    state: GameState
    """The game after the revert, the conflicting entries dropped."""
    events: int
    """The log's length when planned (a plan is refused once the game has changed)."""
    last: Event
    """The log's last entry when planned."""

    @property
    def drop(self) -> tuple[int, ...]:
        """The seqs of the conflicting entries: what :meth:`Game.apply_revert` must drop."""
        return tuple(c.seq for c in self.conflicts)

    @property
    def clean(self) -> bool:
        """No later entry conflicts."""
        return not self.conflicts


def plan_revert(game: GameCore, seq: int) -> RevertPlan:
    """Plan reverting entry ``seq`` of ``game``'s log (see the module's documentation)."""
    log = game.entries  # read as needed: planning reads the entries from ``base`` on
    if not 1 <= seq <= len(log):
        raise InputError(f"no entry {seq} in the log (1..{len(log)})")
    target = log[seq - 1]
    gone = game.reverted()
    if seq in gone:
        raise InputError(f"entry {seq} is already {gone[seq].how} (by entry {gone[seq].by})")
    if target.kind in NOT_REVERTIBLE:
        raise InputError(f"entry {seq}: {NOT_REVERTIBLE[target.kind]}")
    base = unchanged_before(log, seq)
    old = new = game.state_at(base)
    out: set[int] = {seq} | set(gone)  # not in the rebuilt game
    conflicts: list[Conflict] = []
    for event in log[base:]:
        if event.kind == "revert" or event.seq in gone:
            continue
        if event.seq <= seq:
            old = apply_event(old, event)
            new = new if event.seq == seq else old
            continue
        found = _conflict(game.ruleset, event, old, new, out)
        if found is None:
            try:
                after = apply_event(new, event)
            except InputError as exc:
                found = ("refused", f"no longer applies: {exc}")
        old = apply_event(old, event)
        if found is None:
            new = after
        else:
            conflicts.append(Conflict(event.seq, event.kind, *found))
            out.add(event.seq)
    return RevertPlan(seq, tuple(conflicts), new, len(log), log[-1])


def _conflict(
    ruleset: Ruleset, event: Event, old: GameState, new: GameState, out: set[int]
) -> tuple[ConflictRule, str] | None:
    """Why ``event`` no longer applies to ``new`` (the rebuilt game) as it did to ``old``
    (the game as played), by the ``depends`` and ``card`` rules; None when neither holds."""
    d = event.data
    unit_id = d.get("unit") if isinstance(d.get("unit"), str) else None
    both = unit_id is not None and old.has_unit(unit_id) and new.has_unit(unit_id)
    if event.kind == "apply_effects":
        source = d.get("resolution")
        if isinstance(source, int) and source in out:
            return "depends", f"applies the effects of entry {source}, which will not count"
        counted = (
            _attribute_moved(ruleset, d, unit_id, new)
            or _stand_moved(ruleset, d, unit_id, new)
            or _command_moved(d, new)
        )
        if counted is not None:
            return "card", counted
        if both:
            assert unit_id is not None
            was, now = old.unit(unit_id), new.unit(unit_id)
            kinds = {e.get("kind") for e in d.get("effects", []) if isinstance(e, Mapping)}
            if "step" in kinds and was.state != now.state:
                return "card", (
                    f"stepped {was.name} down the ladder from {_show(was.state)}; it would now "
                    f"step from {_show(now.state)}"
                )
            per_stand = ruleset.attribute_used_by("hits")
            size = per_stand.id if per_stand is not None else ""
            if "hits" in kinds and (was.hits, was.attribute(size)) != (
                now.hits,
                now.attribute(size),
            ):
                return "card", (
                    f"counted hits on {was.name} from {was.hits} already marked; it would now "
                    f"count from {now.hits}"
                )
    elif event.kind == "resolution":
        read = [seq for seq in d.get("read", []) if seq in out]
        if read:
            return "depends", (
                f"read its inputs from entry {read[0]}, which will not count "
                "(a round's casualties, a check already made this turn)"
            )
        if both:
            assert unit_id is not None
            return _card_inputs(ruleset, event, unit_id, old, new)
    elif event.kind == "edit":
        field = str(d.get("field"))
        was_value = _field(old, str(d.get("target")), str(d.get("id")), field)
        now_value = _field(new, str(d.get("target")), str(d.get("id")), field)
        if was_value is not _MISSING and now_value is not _MISSING and was_value != now_value:
            return "card", (
                f"changed {field} from {_show(was_value)}; it is now {_show(now_value)}"
            )
    elif event.kind == "attach_leader":
        leader = str(d.get("leader"))
        if old.has_leader(leader) and new.has_leader(leader):
            was_with, now_with = old.leader(leader).attached_to, new.leader(leader).attached_to
            if was_with != now_with:
                return "card", (
                    f"moved {old.leader(leader).name} from {_show(was_with)}; the leader is now "
                    f"with {_show(now_with)}"
                )
    elif event.kind == "set_gap":
        gap = str(d.get("gap"))
        was_gap, now_gap = old.gap_values().get(gap), new.gap_values().get(gap)
        if was_gap != now_gap:
            return "card", f"changed {gap} from {_show(was_gap)}; it is now {_show(now_gap)}"
    return None


def _attribute_moved(
    ruleset: Ruleset, d: Mapping[str, Any], default: str | None, new: GameState
) -> str | None:
    """Why an ``attribute`` effect of ``d`` no longer applies: it counted from a value (its
    ``was``) that the unit's card no longer gives in ``new``; None when none did."""
    for effect in d.get("effects", []):
        if not isinstance(effect, Mapping) or effect.get("kind") != "attribute":
            continue
        target, name = effect.get("unit", default), effect.get("attribute")
        if not isinstance(target, str) or not new.has_unit(target) or not isinstance(name, str):
            continue
        now = value_of(ruleset, new.unit(target), name)
        if now != effect.get("was"):
            unit = new.unit(target)
            return (
                f"counted {name} on {unit.name} from {_show(effect.get('was'))}; it would now "
                f"count from {_show(now)}"
            )
    return None


def _stand_moved(
    ruleset: Ruleset, d: Mapping[str, Any], default: str | None, new: GameState
) -> str | None:
    """Why a ``lose`` effect counted in stands of a card value (its ``per_stand``: figures a
    stand) no longer applies: the unit's card no longer gives that value in ``new``."""
    for effect in d.get("effects", []):
        if not isinstance(effect, Mapping) or effect.get("kind") != "lose":
            continue
        target, name = effect.get("unit", default), effect.get("attribute")
        if not isinstance(target, str) or not new.has_unit(target) or not isinstance(name, str):
            continue
        now = value_of(ruleset, new.unit(target), name)
        if now != effect.get("per_stand"):
            unit = new.unit(target)
            return (
                f"counted a stand of {unit.name} as {_show(effect.get('per_stand'))} ({name}); "
                f"its card now gives {_show(now)}"
            )
    return None


def _command_moved(d: Mapping[str, Any], new: GameState) -> str | None:
    """Why effects on every unit under a leader's command no longer apply: the units under his
    command in ``new`` (his card's command, those in play) are not the ones they fell on."""
    fell: dict[str, list[str]] = {}
    for effect in d.get("effects", []):
        if isinstance(effect, Mapping) and is_command(str(effect.get("who", ""))):
            leader, unit = effect.get("leader"), effect.get("unit")
            if isinstance(leader, str) and isinstance(unit, str):
                fell.setdefault(leader, []).append(unit)
    for leader_id, units in fell.items():
        if not new.has_leader(leader_id):
            continue  # refused when replayed, if it must be
        leader = new.leader(leader_id)
        now = under_command(new, leader)
        if sorted(set(units)) != sorted(now):
            names = ", ".join(new.unit(u).name for u in now) or "none"
            return (
                f"fell on every unit of {leader.name}'s command ({len(set(units))} units); "
                f"it would now be {names}"
            )
    return None


def _card_inputs(
    ruleset: Ruleset, event: Event, unit_id: str, old: GameState, new: GameState
) -> tuple[ConflictRule, str] | None:
    """A roll's inputs that came from the unit card (its value then is the one recorded) and
    that the card now gives differently; or its unit now out of play."""
    was, now = old.unit(unit_id), new.unit(unit_id)
    if now.removed and not was.removed:
        return "card", f"was rolled for {was.name}, which would now be out of play"
    check_id = str(event.data.get("check"))
    record = event.data.get("resolution")
    recorded = record.get("inputs", {}) if isinstance(record, Mapping) else {}
    try:
        spec = ruleset.check(check_id)
        then = unit_inputs(ruleset, spec, old, unit_id)
        since = unit_inputs(ruleset, spec, new, unit_id)
    except DrumheadError:  # a check these rules no longer have: nothing to compare
        return None
    changed = []
    for name, value in then.items():
        if (
            isinstance(recorded, Mapping)
            and recorded.get(name) == value
            and since.get(name) != value
        ):
            label = spec.input(name)
            shown = label.label if label is not None else name
            changed.append(f"{shown} = {_show(value)} (it would now read {_show(since.get(name))})")
    if not changed:
        return None
    return "card", f"read from {was.name}'s card: " + "; ".join(changed)


_MISSING = object()


def _field(state: GameState, target: str, ident: str, field: str) -> Any:
    card: Unit | Leader | None = None
    if target == "unit" and state.has_unit(ident):
        card = state.unit(ident)
    if target == "leader" and state.has_leader(ident):
        card = state.leader(ident)
    if card is not None:  # a field every card has, else one of the ruleset's attributes
        return getattr(card, field) if field in card.__slots__ else card.attribute(field)
    if target == "side":
        side = next((s for s in state.sides if s.id == ident), None)
        return _MISSING if side is None else getattr(side, field, _MISSING)
    return _MISSING


def _show(value: Any) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(value)) or "none"
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)
