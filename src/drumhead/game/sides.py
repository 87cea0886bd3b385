"""Both sides of a check at the table: who may be picked for a role, in the order the players
usually pick (enemies first, the unit last fought first of all), and what of each card the
check reads.

Pure functions of a :class:`~drumhead.game.Game`; the app's resolve screen and the CLI show
them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drumhead.errors import InputError, UnitTwiceError, WrongSideError
from drumhead.rules.model import CheckSpec, Ruleset

if TYPE_CHECKING:
    from drumhead.game.events import Event
    from drumhead.game.game import Game
    from drumhead.game.state import GameState, Unit

LAST_FOUGHT_REACH = 1000
"""How far back in the log (entries) the unit last fought is looked for: an evening's play
and more. Only the order of a picker depends on it; looking through a 50,000-entry game's
whole past on every check opened read the save's journal for seconds."""

CHECKS_ROLLED = frozenset({"resolution"})
"""The entries that name who was picked for each side of a check."""
FIGHTS = CHECKS_ROLLED | {"apply_effects"}
"""The entries that name who a unit fought: a check's roles, the units its effects fell on."""


@dataclass(frozen=True, slots=True)
class CardLine:
    """One line of a unit's card that a check reads: the input it fills and its value."""

    input: str
    label: str
    value: object


def last_opponent(game: Game, unit_id: str, role: str) -> str | None:
    """The unit last picked for ``role`` in a check made for ``unit_id`` (the last target it
    fired at, the last unit it fought) in the log's last :data:`LAST_FOUGHT_REACH` entries,
    if it is still in play."""
    gone = game.reverted()
    for event in game.latest_of_kinds(CHECKS_ROLLED, LAST_FOUGHT_REACH):
        if event.seq in gone or event.data.get("unit") != unit_id:
            continue
        picked = (event.data.get("roles") or {}).get(role) or []
        if picked and game.state.has_unit(picked[0]) and not game.state.unit(picked[0]).removed:
            return str(picked[0])
    return None


def last_fought(game: Game, unit_id: str) -> str | None:
    """The other unit of ``unit_id``'s latest check that had one (the last target it fired
    at, the last unit it fought, whatever the check): picked for another side of it, or
    picked after the roll for its effects to fall on; if still in play. Looked for in the
    log's last :data:`LAST_FOUGHT_REACH` entries."""
    gone = game.reverted()
    for event in game.latest_of_kinds(FIGHTS, LAST_FOUGHT_REACH):
        if event.seq in gone or event.data.get("unit") != unit_id:
            continue
        if event.kind == "resolution":
            others = [p[0] for p in (event.data.get("roles") or {}).values() if p]
        elif event.kind == "apply_effects":
            others = [str(e["unit"]) for e in event.data.get("effects") or [] if e.get("unit")]
        else:
            continue
        in_play = [o for o in others if o != unit_id and game.state.has_unit(o)]
        for other in in_play:
            if not game.state.unit(other).removed:
                return str(other)
    return None


def effect_choices(game: Game, unit_id: str | None) -> list[Unit]:
    """The units an effect may fall on besides the unit tested: the unit it last fought first,
    then the enemy's units, then its own side's; never units out of play. Without a unit
    tested, every unit in play in the roster's order."""
    units = [u for u in game.state.units if not u.removed and u.id != unit_id]
    if unit_id is None or not game.state.has_unit(unit_id):
        return units
    own = game.state.unit(unit_id).side
    last = last_fought(game, unit_id)

    def rank(unit: Unit) -> int:
        if unit.id == last:
            return 0
        return 1 if unit.side != own else 2

    return sorted(units, key=rank)


def role_choices(game: Game, check: CheckSpec | str, unit_id: str, role: str) -> list[Unit]:
    """The units that may be picked for a role of a check made for ``unit_id``: the last one
    picked for it first, then the enemy's units, then the unit's own side; for a role on the
    unit's own side (a second wave: ``RoleSpec.own_side``) its side's units before the
    enemy's. Never the unit itself, nor units out of play."""
    spec = game.ruleset.check(check) if isinstance(check, str) else check
    if role not in spec.role_ids[1:]:
        known = ", ".join(spec.role_ids[1:]) or "none"
        raise InputError(f"{spec.id} has no other side called '{role}' (others: {known})")
    own = game.state.unit(unit_id).side
    last = last_opponent(game, unit_id, role)
    units = [u for u in game.state.units if u.id != unit_id and not u.removed]
    friends_first = next(r.own_side for r in spec.roles if r.id == role)

    def rank(unit: Unit) -> int:
        if unit.id == last:
            return 0
        return 1 if (unit.side == own) == friends_first else 2

    return sorted(units, key=rank)


def wrong_side(
    state: GameState, check: CheckSpec, role: str, unit_id: str, for_unit: str | None
) -> str | None:
    """Why a unit may not be picked for a role of a check made for ``for_unit``: one of
    that unit's own side for a role against it (a defender, a target: every role not
    declared ``side = "own"``), or of another side for one beside it (a second wave).
    None: it may (the first role, or no unit to side with). The one rule the app's form,
    ``drumhead play`` and :meth:`~drumhead.game.Game.resolve` refuse a pick by."""
    picked = check.role(role)
    if picked is None or for_unit is None or role == check.role_ids[0]:
        return None
    ours = state.unit(unit_id).side == state.unit(for_unit).side
    if ours == picked.own_side:
        return None
    name, them = state.unit(unit_id).name, state.unit(for_unit).name
    title = picked.title[0].lower() + picked.title[1:]
    if ours:
        return f"{name} is on the side of {them}: {title} is the enemy's"
    return f"{name} is not on the side of {them}: {title} is on its side"


def resolved_check(ruleset: Ruleset, event: Event) -> CheckSpec | None:
    """The check a ``resolution`` entry rolled (None: another kind, or a check unknown)."""
    check_id = event.data.get("check") if event.kind == "resolution" else None
    return next((c for c in ruleset.checks if c.id == check_id), None)


def refuse_wrong_sides(
    state: GameState,
    check: CheckSpec,
    roles: Mapping[str, Sequence[str]],
    for_unit: str | None,
) -> None:
    """Raise :class:`~drumhead.errors.WrongSideError` (naming the role) for the first unit of
    ``roles`` (role id -> the units picked for it) on the wrong side of its role
    (:func:`wrong_side`), or :class:`~drumhead.errors.UnitTwiceError` for a unit named twice
    (for two sides, twice in one side, or the unit the check is made for on another side): the
    rule a roll (:meth:`~drumhead.game.Game.resolve`), the effects it leaves
    (:meth:`~drumhead.game.Game.apply_effects`) and an entry read from a save are all held to.
    Every unit named must be in the game."""
    first = check.role_ids[0] if check.role_ids else None
    seen: dict[str, str | None] = {} if for_unit is None else {for_unit: first}
    for role, units in roles.items():
        for uid in units:
            if uid == for_unit and role == first and units.count(uid) == 1:
                continue  # the unit the check is made for, heading its own side
            if uid in seen:
                raise UnitTwiceError(_twice(state, check, uid, seen[uid]), role=role)
            seen[uid] = role
            if for_unit is None:
                continue
            wrong = wrong_side(state, check, role, uid, for_unit)
            if wrong is not None:
                raise WrongSideError(wrong, role=role)


def _twice(state: GameState, check: CheckSpec, unit_id: str, taken_as: str | None) -> str:
    """Why a unit may not be picked again: the side of the check it already takes part for."""
    spec = check.role(taken_as) if taken_as is not None else None
    part = spec.title[0].lower() + spec.title[1:] if spec is not None else "the unit it is for"
    return (
        f"{state.unit(unit_id).name} is already in this check ({part}): "
        "a unit takes one part in a check"
    )


def card_lines(
    game: Game, check: CheckSpec | str, unit_id: str, role: str | None
) -> list[CardLine]:
    """The lines of a unit's card the check reads for ``role`` (its inputs filled from the
    card: figures, quality, formation, leader...), in the check's order."""
    from drumhead.game.card_inputs import unit_inputs

    spec = game.ruleset.check(check) if isinstance(check, str) else check
    filled = unit_inputs(game.ruleset, spec, game.state, unit_id, role)
    return [CardLine(i.name, i.label, filled[i.name]) for i in spec.inputs if i.name in filled]
