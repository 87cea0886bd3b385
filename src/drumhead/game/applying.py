"""Applying a check's effects as the players accepted or edited them: each effect on the unit
(or units) its ``who`` names, checked and worked out now (the state a step lands on, the
stands hits come to, what is left of a leader's re-rolls) and kept in one ``apply_effects``
event, so that replaying it never needs the ruleset again."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from drumhead.checks.base import counted_text
from drumhead.checks.results import Effect
from drumhead.dice.notation import parse
from drumhead.errors import (
    CommandNeededError,
    InputError,
    MissingHitsPerStandError,
    PickNeededError,
)
from drumhead.game.attributes import value_of
from drumhead.game.card_effects import CARD_KINDS, stands_of, work_out
from drumhead.game.command import (
    command_choices,
    command_names,
    is_command,
    names_his_side,
    under_command,
)
from drumhead.game.core import GameCore
from drumhead.game.events import Event
from drumhead.game.scenario import ladder_states
from drumhead.game.seeds import derive_seed
from drumhead.game.sides import refuse_wrong_sides, resolved_check
from drumhead.rules.model import PICK, CheckSpec

RANDOM = "random"
"""A pick the players leave to the game's seeded dice, where the rules say at random."""


class EffectApplying(GameCore):
    """A check's effects applied to the cards."""

    def apply_effects(
        self,
        unit_id: str | None,
        effects: Sequence[Effect | Mapping[str, Any]],
        *,
        at: str,
        resolution: int | None = None,
        roles: Mapping[str, str | Sequence[str]] | None = None,
        picks: Mapping[str, Sequence[str]] | None = None,
    ) -> Event:
        """Apply effects (as the players accepted or edited them), as one event.

        Without ``roles`` every effect falls on ``unit_id``. With ``roles`` (role id -> the
        unit, or units, the players picked for it; the check's first role is ``unit_id``)
        each effect falls on the role its ``who`` names: ``self`` is the first role,
        ``leader``/``leader:ROLE`` the leader with that role's unit, ``command``/``command:ROLE``
        every unit under his command (one effect a unit, those out of play left out; his card
        naming no command raises :class:`CommandNeededError`), and ``table`` or an army-level
        check's side no unit at all (a note, kept in the log). A ``leader`` effect
        falls on the leader with the unit unless it names one (``leader``). An effect on a role
        the check may leave empty (``min = 0``: a second wave) that nobody was picked for does
        not apply (there is no such unit), when ``resolution`` says which check it came from.

        An effect on ``pick:ROLE`` falls on one unit of that role's group: the only one that
        can take it, else the next of ``picks[ROLE]`` (a unit id, or ``random`` where the rules
        say at random: the game's seeded dice pick it, the roll kept in the effect); none given
        raises :class:`PickNeededError` with the units to pick from.

        A unit picked on the wrong side of its role of the check ``resolution`` is of (an ally
        as the enemy: :func:`drumhead.game.sides.wrong_side`, as the roll refuses it) raises
        :class:`~drumhead.errors.WrongSideError` naming the role, before anything changes.
        """
        state = self.state
        optional = self._optional_roles(resolution)
        leaders = self._picked_leaders(resolution)
        picked = {r: [u] if isinstance(u, str) else list(u) for r, u in (roles or {}).items()}
        for units in picked.values():
            for uid in units:
                state.unit(uid)
        if unit_id is not None:
            state.unit(unit_id)
        spec = self._resolved_check(resolution)
        if spec is not None:
            refuse_wrong_sides(state, spec, picked, unit_id)
        running: dict[str, tuple[str, int]] = {}  # unit -> (state, hits) as effects leave it
        queue = {r: list(u) for r, u in (picks or {}).items()}  # the players' picks, in order
        lost: dict[str, int] = {}  # unit -> strength lost to picked effects so far
        counts: dict[tuple[str, str], int] = {}  # (unit, attribute) -> as effects leave it
        out: list[dict[str, Any]] = []
        listed = [raw.to_dict() if isinstance(raw, Effect) else dict(raw) for raw in effects]
        spared = self._spared(listed, unit_id, picked, optional)
        for index, e in enumerate(listed):
            where = f"effect {index + 1}"
            who = str(e.get("who", "self"))
            role = who.removeprefix("leader:").removeprefix("command:").removeprefix(PICK)
            if picked and role in optional and role not in picked:
                continue  # a role left empty: nobody for the effect to fall on
            fits = self._fitting(e, spared)
            if e.get("kind") == "leader" and "leader" not in e:
                # the leader the players picked for the roll's side, not the one attached
                side = "self" if e.get("who", "self") in ("self", "leader") else role
                chosen = leaders.get(side) or (
                    leaders.get(self._first_role(resolution)) if side == "self" else None
                )
                if chosen is not None:
                    e["leader"] = chosen
            if is_command(who):
                for part, target in self._command(e, unit_id, picked, leaders, resolution, where):
                    if target is None or fits(target):
                        out.append(self._checked_effect(part, target, running, where, counts))
                continue
            if who.startswith(PICK):
                # without roles the caller chose the unit for every effect: a group of one
                group = picked or ({} if unit_id is None else {role: [unit_id]})
                if group.get(role) and not any(fits(u) for u in group[role]):
                    continue  # no unit of the group is one it falls on (all spared)
                group = {r: [u for u in us if fits(u)] for r, us in group.items()}
                for part, target in self._picks(e, group, queue, lost, where, len(out)):
                    out.append(self._checked_effect(part, target, running, where, counts))
                continue
            for target in self._effect_units(e, unit_id, picked, where):
                if target is None or fits(target):
                    out.append(self._checked_effect(dict(e), target, running, where, counts))
        unused = {r: q for r, q in queue.items() if q}
        if unused:
            role, left = next(iter(unused.items()))
            raise InputError(
                f"{counted_text(len(left), 'pick|picks')} for the {role.replace('_', ' ')} "
                f"left over ({', '.join(left)}): no effect is left to fall on them"
            )
        data: dict[str, Any] = {
            "unit": unit_id,
            "roles": {r: u for r, u in picked.items()} or None,
            "effects": out,
            "resolution": resolution,
        }
        return self._push("apply_effects", data, at)

    def _fitting(self, effect: Mapping[str, Any], spared: frozenset[str]) -> Callable[[str], bool]:
        """Whether a unit of the effect's role takes it: one of its ``types`` (when it names
        any), and not spared by an effect that falls on it ``instead`` of the others."""
        types = effect.get("types") or ()
        instead = bool(effect.get("instead"))

        def fits(unit_id: str) -> bool:
            if types and self.state.unit(unit_id).type not in types:
                return False
            return instead or unit_id not in spared

        return fits

    def _spared(
        self,
        effects: Sequence[Mapping[str, Any]],
        unit_id: str | None,
        picked: Mapping[str, list[str]],
        optional: frozenset[str],
    ) -> frozenset[str]:
        """The units an ``instead`` effect falls on (those of its role of its ``types``): they
        take none of the other effects (Republique 4.4: captured artillery does not suffer the
        cell's hits)."""
        out: set[str] = set()
        for index, e in enumerate(effects):
            if not e.get("instead"):
                continue
            role = str(e.get("who", "self"))
            if picked and role in optional and role not in picked:
                continue
            fits = self._fitting(e, frozenset())
            for uid in self._effect_units(e, unit_id, picked, f"effect {index + 1}"):
                if uid is not None and fits(uid):
                    out.add(uid)
        return frozenset(out)

    def _picks(
        self,
        effect: Mapping[str, Any],
        picked: Mapping[str, list[str]],
        queue: dict[str, list[str]],
        lost: dict[str, int],
        where: str,
        done: int,
    ) -> list[tuple[dict[str, Any], str | None]]:
        """A ``pick:ROLE`` effect as the effects it comes to, each with the unit it falls on:
        the whole amount on one unit, or (``each``) one point after another, each picked
        among the units of the role that can still take it. A point no unit can take (every
        base of the group gone) is a note for the table."""
        role = str(effect["who"]).removeprefix(PICK)
        group = picked.get(role, [])
        if not group:
            raise InputError(f"{where}: '{effect.get('text', '')}' falls on the {role}: pick it")
        base = {k: v for k, v in effect.items() if k not in ("each", "at_random")}
        amount = effect.get("amount")
        each = bool(effect.get("each")) and isinstance(amount, int) and amount > 1
        count = amount if each and isinstance(amount, int) else 1
        out: list[tuple[dict[str, Any], str | None]] = []
        for n in range(1, count + 1):
            part = dict(base)
            if each:
                part["amount"] = 1
                part["text"] = f"{base.get('text', '')} ({n} of {count})"
            takes = part.get("amount") if part.get("kind") in ("lose", "hits") else 0
            able = [
                u
                for u in group
                if not self.state.unit(u).removed
                and (not takes or self.state.unit(u).strength_now - lost.get(u, 0) > 0)
            ]
            if not able:
                note = f"{part.get('text', '')}: no unit of the {role} is left to take it"
                out.append(({"kind": "note", "who": "table", "text": note}, None))
                continue
            chosen = self._pick_one(effect, role, able, queue, where, f"{done + len(out) + 1}")
            if len(able) > 1:
                part["among"] = able
            if isinstance(chosen, tuple):
                chosen, part["rolled"] = chosen
            if isinstance(takes, int):
                lost[chosen] = lost.get(chosen, 0) + takes
            out.append((part, chosen))
        return out

    def _command(
        self,
        effect: Mapping[str, Any],
        unit_id: str | None,
        picked: Mapping[str, list[str]],
        leaders: Mapping[str, str],
        resolution: int | None,
        where: str,
    ) -> list[tuple[dict[str, Any], str | None]]:
        """A ``command`` effect as the effects it comes to, one on each unit under the command
        of the leader with the role's unit (the one the players picked for its side, else the
        one attached), each naming him (``leader``); every unit of it out of play: a note for
        the table. His card naming no command (or none of his side's brigades and units)
        raises :class:`CommandNeededError`."""
        state, text = self.state, str(effect.get("text", ""))
        if effect.get("kind") == "leader":
            raise InputError(f"{where}: '{text}' falls on units, not on a leader")
        first = self._first_role(resolution)
        role = str(effect["who"]).partition(":")[2] or first
        units = [unit_id] if role == first or not picked else picked.get(role, [])
        chosen = leaders.get(role) or (leaders.get("self") if role == first else None)
        if chosen is not None:
            leader = state.leader(chosen)
        else:
            unit = units[0] if units else None
            with_unit = state.leader_with(unit) if unit is not None else None
            if with_unit is None:
                name = state.unit(unit).name if unit is not None else f"the {role}"
                raise InputError(
                    f"{where}: '{text}' falls on every unit under the command of the leader "
                    f"with {name}, and no leader is with it"
                )
            leader = with_unit
        if not names_his_side(state, leader):  # none named, or none of his side's names
            choices, known = command_choices(state, leader), command_names(state, leader)
            given = tuple(leader.commands)
            raise CommandNeededError(where, leader.id, leader.name, text, choices, given, known)
        command = under_command(state, leader)
        if not command:
            note = f"{text}: no unit under {leader.name}'s command is left in play"
            return [({"kind": "note", "who": "table", "text": note}, None)]
        base = {k: v for k, v in effect.items() if k != "unit"}
        return [({**base, "leader": leader.id}, uid) for uid in command]

    def _pick_one(
        self,
        effect: Mapping[str, Any],
        role: str,
        able: list[str],
        queue: dict[str, list[str]],
        where: str,
        label: str,
    ) -> str | tuple[str, int]:
        """The unit the players picked (the next of their picks for the role), the only one
        that can take it, or, where the rules say at random and they asked for a roll, the
        unit the game's seeded dice give (with the face rolled)."""
        text, at_random = str(effect.get("text", "")), effect.get("at_random")
        given = queue.get(role) or []
        if not given:
            if len(able) == 1:
                return able[0]
            raise PickNeededError(
                where, role, tuple(able), text, str(at_random) if at_random else None
            )
        choice = given.pop(0)
        if choice == RANDOM:
            if not at_random:
                raise InputError(
                    f"{where}: the rules do not say '{text}' falls at random: pick the unit"
                )
            seed = derive_seed(self.state.seed, f"pick:{len(self._log) + 1}:{label}")
            _faces, face = parse(f"1d{len(able)}").roll(random.Random(seed))
            return able[face - 1], face
        if choice not in able:
            raise InputError(
                f"{where}: '{choice}' is not one of the {role.replace('_', ' ')} that can "
                f"take '{text}' ({', '.join(able)})"
            )
        return choice

    def _resolved_check(self, resolution: int | None) -> CheckSpec | None:
        """The check entry ``resolution`` rolled (None: no such roll, or a check unknown)."""
        if resolution is None or not 1 <= resolution <= len(self.entries):
            return None
        return resolved_check(self.ruleset, self.entries[resolution - 1])

    def _optional_roles(self, resolution: int | None) -> frozenset[str]:
        """The roles the check of entry ``resolution`` may leave empty (none unknown)."""
        spec = self._resolved_check(resolution)
        if spec is None:
            return frozenset()
        return frozenset(r.id for r in spec.roles if r.minimum == 0)

    def _picked_leaders(self, resolution: int | None) -> dict[str, str]:
        """The leaders the players picked for the sides of the roll ``resolution`` (role id,
        ``self`` for a check without roles -> leader id)."""
        if resolution is None or not 1 <= resolution <= len(self.entries):
            return {}
        event = self.entries[resolution - 1]
        chosen = event.data.get("leaders") if event.kind == "resolution" else None
        return {str(k): str(v) for k, v in chosen.items()} if isinstance(chosen, Mapping) else {}

    def _first_role(self, resolution: int | None) -> str:
        """The first role of the check of entry ``resolution`` (``self`` when unknown)."""
        spec = self._resolved_check(resolution)
        return spec.role_ids[0] if spec is not None and spec.role_ids else "self"

    def _effect_units(
        self,
        effect: Mapping[str, Any],
        unit_id: str | None,
        picked: Mapping[str, list[str]],
        where: str,
    ) -> list[str | None]:
        """The units an effect falls on (None: no unit, a note for the table or a side)."""
        who = str(effect.get("who", "self"))
        if who == "table" and effect.get("kind") == "note":
            return [None]  # the table's note: logged, never on a card
        if not picked:  # the caller chose the unit for every effect
            return [unit_id]
        role = who.removeprefix("leader:") if who.startswith("leader:") else who
        if who in ("self", "leader"):
            units = [unit_id] if unit_id is not None else []
        elif role in picked:
            units = picked[role]
        elif effect.get("kind") == "note":
            return [None]  # the table's, or an army-level side's: logged, on no card
        else:
            units = []
        if not units:
            raise InputError(f"{where}: '{effect.get('text', '')}' falls on the {role}: pick it")
        return list(units)

    def _checked_effect(
        self,
        e: dict[str, Any],
        unit_id: str | None,
        running: dict[str, tuple[str, int]],
        where: str,
        counts: dict[tuple[str, str], int] | None = None,
    ) -> dict[str, Any]:
        """One effect on one unit, checked and worked out as it will be replayed (``counts``:
        the attribute values the event's earlier effects left)."""
        kind = e.get("kind")
        for filtering in ("types", "instead"):  # worked out: the unit it fell on is kept
            e.pop(filtering, None)
        if unit_id is None:
            if kind != "note":
                raise InputError(f"{where}: a '{kind}' effect needs a unit")
            e.pop("unit", None)
            e["table"] = True  # on no card, whatever unit the event names for the others
            return e
        state = self.state
        unit = state.unit(unit_id)
        e["unit"] = unit_id
        current, hits = running.get(unit_id, (unit.state, unit.hits))
        states = ladder_states(self.ruleset, unit.type)
        if kind == "state":
            target = e.get("state")
            if not isinstance(target, str) or (states and target not in states):
                raise InputError(f"{where}: '{target}' is not on the ladder ({', '.join(states)})")
            current = target
        elif kind == "step":
            amount = _amount(e, where)
            if not states:
                raise InputError(f"{where}: {self.ruleset.id} has no morale ladder to step on")
            here = states.index(current) if current in states else 0
            current = states[max(0, min(len(states) - 1, here + amount))]
            e["state"] = current
        elif kind == "lose":
            if _amount(e, where) < 0:
                raise InputError(f"{where}: a loss cannot be negative (edit the unit instead)")
            if e.get("attribute") is not None:  # stands of the card's figures per stand
                stands_of(self.ruleset, unit, e, where)
        elif kind == "hits":
            if _amount(e, where) < 0:
                raise InputError(f"{where}: hits cannot be negative (edit the unit instead)")
            per_stand = self.ruleset.attribute_used_by("hits")
            if per_stand is None:
                raise InputError(
                    f"{where}: {self.ruleset.id} declares no unit attribute used_by = 'hits' "
                    "(how many hits remove a stand)"
                )
            size = value_of(self.ruleset, unit, per_stand.id)
            if not isinstance(size, int) or isinstance(size, bool) or size < 1:
                raise MissingHitsPerStandError(unit_id, unit.name, per_stand.id, per_stand.label)
            # worked out now and kept in the event: replaying it never depends on a later
            # change to the card's hits per stand
            e["stands"], e["left"] = divmod(hits + e["amount"], size)
            hits = e["left"]
        elif kind in ("marker", "clear_marker"):
            marker = e.get("marker")
            known = {m.id for m in self.ruleset.markers}
            if not isinstance(marker, str) or (known and marker not in known):
                raise InputError(f"{where}: no marker '{marker}' ({', '.join(sorted(known))})")
        elif kind == "leader":
            leader_id = e.get("leader")
            if leader_id is None:
                leader = state.leader_with(unit_id)
                if leader is None:
                    raise InputError(f"{where}: no leader is with {unit.name}")
                e["leader"] = leader.id
            else:
                state.leader(str(leader_id))
            if e.get("state") is not None and e["state"] not in ("active", "wounded", "killed"):
                raise InputError(f"{where}: a leader is active, wounded or killed")
            if e.get("amount") is not None:
                self._used_up(e, _amount(e, where), where)
        elif kind in CARD_KINDS:
            work_out(self.ruleset, unit, e, {} if counts is None else counts, where)
        elif kind not in ("note", "distance", "remove"):
            raise InputError(f"{where}: unknown effect kind '{kind}'")
        running[unit_id] = (current, hits)
        return e

    def _used_up(self, e: dict[str, Any], amount: int, where: str) -> None:
        """A ``leader`` effect's ``amount`` taken off the leader's attribute the ruleset
        declares ``used_by = "leader"`` (re-rolls): which one, and what is left, kept in the
        effect."""
        spec = self.ruleset.attribute_used_by("leader", leader=True)
        if spec is None:
            raise InputError(
                f"{where}: {self.ruleset.id} declares no leader attribute used_by = 'leader' "
                "for the amount to be taken off"
            )
        current = value_of(self.ruleset, self.state.leader(str(e["leader"])), spec.id)
        have = current if isinstance(current, int) and not isinstance(current, bool) else 0
        e["attribute"] = spec.id
        e["left"] = max(0, have - amount)


def _amount(effect: Mapping[str, Any], where: str) -> int:
    amount = effect.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise InputError(f"{where}: needs a whole-number amount")
    return amount
