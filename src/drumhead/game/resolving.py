"""Checks made at the table: the leaders a unit may have for one, the check resolved (its inputs
filled from the cards picked for its roles, the dice from the game's seed or rolled by hand)
and logged, and dice rolled for something that is not a check. A check's effects are
applied apart, once the players accept them (:mod:`drumhead.game.applying`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from itertools import takewhile
from typing import Any

from drumhead.checks.resolve import prepare, resolve
from drumhead.checks.results import Resolution
from drumhead.dice.roller import HandDice, RandomDice
from drumhead.errors import InputError
from drumhead.game.card_inputs import group_inputs, unit_inputs
from drumhead.game.core import GameCore
from drumhead.game.events import Event
from drumhead.game.log_inputs import log_inputs, picked_by, reads_leader
from drumhead.game.seeds import derive_seed
from drumhead.game.side_leader import leader_inputs, leader_needed, leader_unit
from drumhead.game.sides import refuse_wrong_sides
from drumhead.game.state import Leader
from drumhead.rules.model import CheckSpec, InputValue

TURN_ROLLS = frozenset({"resolution", "next_turn"})
TURN_LOSSES = TURN_ROLLS | {"apply_effects"}
"""The kinds of entry read for ``from_log = "losses_this_turn"`` (the effects applied)."""
"""The kinds of entry a check reads this turn's log by: the rolls, back to the turn's change."""


class CheckResolving(GameCore):
    """Checks resolved and dice rolled."""

    def leader_choices(self, unit_id: str) -> list[Leader]:
        """The leaders the players may pick for a unit, nearest first: the one with it, then
        those commanding it (the unit or its brigade; the narrowest command first), then the
        rest of its side; none killed."""
        unit = self.state.unit(unit_id)
        own = [x for x in self.state.leaders if x.side == unit.side and x.status != "killed"]

        def rank(leader: Leader) -> tuple[int, int]:
            if leader.attached_to == unit_id:
                return (0, 0)
            if {unit.id, unit.brigade} & set(leader.commands):
                return (1, len(leader.commands))  # the narrower command is the nearer
            return (2, 0)

        return sorted(own, key=rank)

    def table_inputs(
        self,
        check: CheckSpec | str,
        unit_id: str,
        role: str | None = None,
        leader_id: str | None = None,
    ) -> dict[str, InputValue]:
        """The check's inputs the table already answers for the unit in ``role`` (None: the
        unit the check is for): its card and its leader's (``from_unit``), and this turn's
        log (``from_log``: a check already rolled, a round's casualties)."""
        spec = self.ruleset.check(check) if isinstance(check, str) else check
        values = unit_inputs(self.ruleset, spec, self.state, unit_id, role, leader_id)
        logged = self.logged_inputs(spec, unit_id, role, leader_id)
        values.update({k: v for k, (v, _) in logged.items()})
        return values

    def side_inputs(
        self,
        check: CheckSpec | str,
        role: str | None,
        units: Sequence[str],
        leader_id: str | None = None,
    ) -> dict[str, InputValue]:
        """The inputs the table answers for a side of one or several units: its first unit's
        (:meth:`table_inputs`), and its leader's read from the card of the unit of the side he
        is with: ``leader_id`` picked for it, else the only leader with any of its units
        (:mod:`drumhead.game.side_leader`), so that a leader with the side's second unit
        counts as one with its first would. ``role`` None: the first side."""
        spec = self.ruleset.check(check) if isinstance(check, str) else check
        values = self.table_inputs(spec, units[0], role, leader_id)
        found = leader_unit(self.state, units, leader_id)
        if found is None:
            return values
        at, leader = found
        theirs = self.table_inputs(spec, at, role, leader)
        first = spec.role_ids[0] if spec.role_ids else "self"
        for name in leader_inputs(spec, role or first):
            if name in theirs:
                values[name] = theirs[name]
            else:
                values.pop(name, None)
        return values

    def group_inputs(
        self, check: CheckSpec | str, picked: Mapping[str, Sequence[str]]
    ) -> dict[str, InputValue]:
        """The check's inputs the cards of every unit picked for its roles answer at once
        (``from_units``: any, all, count over a role's units)."""
        spec = self.ruleset.check(check) if isinstance(check, str) else check
        return group_inputs(self.ruleset, spec, self.state, picked)

    def logged_inputs(
        self,
        spec: CheckSpec,
        unit_id: str,
        role: str | None = None,
        leader_id: str | None = None,
    ) -> dict[str, tuple[InputValue, tuple[int, ...]]]:
        """The check's inputs this turn's log fills for the unit in ``role``, each with the
        entry it was read from (:func:`drumhead.game.log_inputs.log_inputs`); ``leader_id``:
        the leader picked for the role, else the one with the unit."""
        if not any(i.from_log for i in spec.inputs):
            return {}
        leader_id = leader_id or self.leader_of(spec, unit_id)
        turn = self.state.turn
        # this turn's rolls, newest first: only rolls and turn changes are read (a long game's
        # past is read no further back than the turn's start, and none of its other entries)
        losses = any(
            (i.from_log or "").startswith(("losses_this_turn", "losses_unanswered", "losses_since"))
            for i in spec.inputs
        )
        marks = self.latest_of_kinds(TURN_LOSSES if losses else TURN_ROLLS, len(self.entries))
        this_turn = takewhile(lambda e: e.turn == turn and e.kind != "next_turn", marks)
        return log_inputs(spec, unit_id, role, this_turn, self.reverted(), leader_id)

    def leader_of(self, spec: CheckSpec, unit_id: str | None) -> str | None:
        """The leader with the unit, for a check that reads what its leader did this turn
        (``led_this_turn``): recorded with its roll as ``leader``; None for any other check."""
        if unit_id is None or not reads_leader(spec):
            return None
        leader = self.state.leader_with(unit_id)
        return leader.id if leader is not None else None

    def logged_role(self, source: str, unit_id: str) -> str | None:
        """The unit this turn's log names for a role filled ``from_log`` (``picked_as:CHECK.
        ROLE``) of a check made for ``unit_id``, if it is still in play
        (:func:`drumhead.game.log_inputs.picked_by`)."""
        turn = self.state.turn
        marks = self.latest_of_kinds(TURN_ROLLS, len(self.entries))
        this_turn = takewhile(lambda e: e.turn == turn and e.kind != "next_turn", marks)
        found = picked_by(source, unit_id, this_turn, self.reverted())
        if found is None or not self.state.has_unit(found) or self.state.unit(found).removed:
            return None
        return found

    def roles_from_log(
        self,
        check: CheckSpec | str,
        unit_id: str,
        values: Mapping[str, InputValue],
        picked: Iterable[str] = (),
    ) -> dict[str, str]:
        """The unit this turn's log names for each role filled ``from_log`` of a check made
        for ``unit_id``, where the role is part of the check and its ``from_log_when`` holds
        over ``values`` (the charger whose charge test named this unit); the roles
        ``picked`` already are left alone. The app's form and ``drumhead play`` both ask
        here."""
        from drumhead.checks.roles import holds

        spec = self.ruleset.check(check) if isinstance(check, str) else check
        taken = set(picked)
        found: dict[str, str] = {}
        for role in spec.roles[1:]:
            if role.from_log is None or role.id in taken:
                continue
            if not holds(self.ruleset, spec, values, role.when):
                continue
            if not holds(self.ruleset, spec, values, role.from_log_when):
                continue
            unit = self.logged_role(role.from_log, unit_id)
            if unit is not None:
                found[role.id] = unit
        return found

    def resolution(self, event: Event) -> Mapping[str, Any]:
        """The resolution record of a ``resolution`` event, as plain data."""
        if event.kind != "resolution":
            raise InputError(f"event {event.seq} is a {event.kind}, not a resolution")
        record = event.data["resolution"]
        assert isinstance(record, Mapping)
        return record

    def resolve(
        self,
        check_id: str,
        unit_id: str | None,
        values: Mapping[str, object],
        modifiers: Mapping[str, int] | Iterable[str] = (),
        *,
        hand_dice: Sequence[int] | None = None,
        use_reroll: bool = True,
        at: str,
        roles: Mapping[str, str | Sequence[str]] | None = None,
        leaders: Mapping[str, str] | None = None,
        side: str | None = None,
        seed: int | None = None,
    ) -> tuple[Event, Resolution]:
        """Resolve a check (dice from the game's generator unless rolled by hand) and log it.

        Inputs not in ``values`` that the unit card can give (``from_unit``) are read from it,
        and those of another role from the card of the unit picked for it (``roles``: role id
        -> unit id, or ids for a group: its first card, as the form reads it, and every card
        for the inputs read from them all, ``from_units``). ``leaders`` (role id
        -> leader id, picked from the roster: :meth:`leader_choices`) gives a role's leader
        in place of the one attached to its unit. ``side``: the side an army-level check is
        made for (the initiative roll's first side), when it is made for no unit. ``seed``: the
        dice of a roll already begun (:meth:`roll_seed` when it began), to finish it with the
        same dice after a question it stopped for was answered.

        A unit picked on the wrong side of its role (an ally as the target, an enemy as a
        second wave: :func:`drumhead.game.sides.wrong_side`) is refused before the roll.
        """
        if side is not None:
            self.state.side(side)
        spec = self.ruleset.check(check_id)
        given = set(values)  # the players' own values win over every card's
        chosen = dict(leaders or {})
        for role, leader_id in chosen.items():
            self.state.leader(leader_id)
            if role not in (*spec.role_ids, "self"):
                known = ", ".join(spec.role_ids) or "self"
                raise InputError(f"{check_id} has no role '{role}' for a leader (roles: {known})")
        first = spec.role_ids[0] if spec.role_ids else "self"
        logged: dict[str, tuple[InputValue, tuple[int, ...]]] = {}
        picked = {r: [u] if isinstance(u, str) else list(u) for r, u in (roles or {}).items()}
        for units in picked.values():
            for uid in units:
                self.state.unit(uid)
        if unit_id is not None:
            self.state.unit(unit_id)
            led = chosen.get(first, chosen.get("self"))
            own = [unit_id, *(u for u in picked.get(first, ()) if u != unit_id)]  # a group's
            card = self.side_inputs(spec, None, own, led)
            values = {**card, **values}
            logged.update(self.logged_inputs(spec, unit_id, None, led))
        refuse_wrong_sides(self.state, spec, picked, unit_id)  # the rules forbid it
        for role, units in picked.items():
            led = chosen.get(role) or (chosen.get("self") if role == first else None)
            if led is None and not set(leader_inputs(spec, role)) <= given:
                needed = leader_needed(self.state, spec, role, units)
                if needed is not None:  # several leaders with the side: the players say
                    raise needed
            if units:  # a group's first card, as the form reads it, and its leader's values
                # from the unit he is with; what every card gives together (from_units)
                # is worked out below
                card = self.side_inputs(spec, role, units, led)
                values = {**card, **values}
                logged.update(self.logged_inputs(spec, units[0], role))
        if unit_id is not None and any(i.from_units for i in spec.inputs):
            groups = self.group_inputs(spec, {first: [unit_id], **picked})
            values = {
                **groups,
                **{k: v for k, v in values.items() if k not in groups or k in given},
            }
        read = sorted(
            {seq for name, (v, seqs) in logged.items() if values.get(name) == v for seq in seqs}
        )
        ticked = dict(modifiers) if isinstance(modifiers, Mapping) else {m: 1 for m in modifiers}
        ctx = prepare(
            self.ruleset,
            check_id,
            values,
            ticked,
            self.state.gap_values(),
            use_reroll=use_reroll,
            gap_sources=self.gap_sources(),
            phase=self.state.phase or None,
        )
        data: dict[str, Any] = {"check": check_id, "unit": unit_id, "roles": picked or None}
        if chosen:
            data["leaders"] = chosen
        if reads_leader(spec):  # what its leader did this turn: the roll says who he was
            leader = chosen.get(first, chosen.get("self")) or self.leader_of(spec, unit_id)
            if leader is not None:
                data["leader"] = leader
        if side is not None:
            data["side"] = side
        if read:  # the entries its inputs were read from: reverting one takes this back too
            data["read"] = read
        if hand_dice is None:
            seed = self.roll_seed() if seed is None else seed
            result = resolve(ctx, RandomDice(random.Random(seed)))
            data["seed"] = seed
        else:
            result = resolve(ctx, HandDice(list(hand_dice)))
            data["hand"] = list(hand_dice)
        data["modifiers"] = ticked
        data["use_reroll"] = use_reroll
        data["resolution"] = result.to_dict()
        return self._push("resolution", data, at), result

    def roll_seed(self) -> int:
        """The seed of the dice a check rolled now would use (recorded with it, so that a
        replay rolls the same faces)."""
        return derive_seed(self.state.seed, f"roll:{len(self._log) + 1}")

    def roll_dice(
        self, notation: str, *, purpose: str, at: str, unit_id: str | None = None
    ) -> Event:
        """Roll dice for something that is not a check (a distance to move, a roll the
        players ask the roller for), from the game's seeded dice, and log it: the seed and
        faces are recorded, so a replay gives the same faces (and undoing the roll and
        rolling again gives them too)."""
        from drumhead.dice.notation import parse

        expr = parse(notation)
        if unit_id is not None:
            self.state.unit(unit_id)
        seed = derive_seed(self.state.seed, f"roll:{len(self._log) + 1}")
        faces, total = expr.roll(random.Random(seed))
        data = {
            "notation": str(expr),
            "seed": seed,
            "faces": list(faces),
            "total": total,
            "purpose": purpose,
            "unit": unit_id,
        }
        return self._push("roll", data, at)
