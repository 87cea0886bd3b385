"""What a check can read off a unit's card: every field of the card an input can be filled
from (:func:`card_fields`), the inputs of a check filled from it (:func:`unit_inputs`), and
those filled from the cards of every unit picked for its roles (:func:`group_inputs`).

Pure functions of the game's state and ruleset: the game fills a check's inputs from them
when it resolves one, a revert compares what a card gave then and gives now, and the table
session pre-fills a check's form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from drumhead.errors import DrumheadError
from drumhead.game.attributes import attribute_values
from drumhead.game.state import GameState
from drumhead.rules.expr import Environment, compile_expr
from drumhead.rules.model import CheckSpec, InputSpec, InputValue, Ruleset


def card_fields(
    ruleset: Ruleset, state: GameState, unit_id: str, leader_id: str | None = None
) -> dict[str, InputValue]:
    """Every unit-card field an input can be filled from (``model.UNIT_FIELDS``, and the
    ruleset's attributes: the unit's by name, its leader's as ``leader_NAME``); the leader's
    from ``leader_id`` (picked from the roster for the unit) when given, else the one with it."""
    unit = state.unit(unit_id)
    leader = state.leader(leader_id) if leader_id is not None else state.leader_with(unit_id)
    unit_type = ruleset.unit_type(unit.type)
    ratings: dict[str, InputValue] = {}
    # with no leader the unit has his attributes' defaults (no re-rolls)
    leader_attributes = {
        a.id: a.default for a in ruleset.leader_attributes if a.default is not None
    }
    if leader is not None:
        leader_attributes.update(attribute_values(ruleset, leader))
    own = [s for s in state.sides if s.id == unit.side]
    others = [s for s in state.sides if s.id != unit.side]
    if own and own[0].rating:
        ratings["side_rating"] = own[0].rating
    if own and len(others) == 1 and others[0].rating:
        ratings["enemy_rating"] = others[0].rating
    without = dict(state.activation.turns_without)
    ratings["side_turns_without"] = without.get(unit.side, 0)
    if len(others) == 1:
        ratings["enemy_turns_without"] = without.get(others[0].id, 0)
    if leader is not None and leader.commands:
        ratings["leader_in_command"] = bool({unit.id, unit.brigade} & set(leader.commands))
    return {
        **ratings,
        "name": unit.name,
        "type": unit.type,
        "subtype": unit.subtype,
        "quality": unit.quality,
        "formation": unit.formation,
        "state": unit.state,
        "strength_start": unit.strength_start,
        "strength_now": unit.strength_now,
        "strength_lost": unit.strength_lost,
        "leader_value": leader.value if leader else 0,
        "leader_attached": leader is not None,
        "leader_with_unit": leader is not None and leader.attached_to == unit_id,
        "with_leader": state.leader_with(unit_id) is not None,
        **attribute_values(ruleset, unit),
        **{f"leader_{name}": value for name, value in leader_attributes.items()},
        # a single-stand type, or a unit counted in stands that is down to its last one
        "single_stand": bool(unit_type and unit_type.single_stand)
        or (unit_type is not None and unit_type.strength == "stands" and unit.strength_now == 1),
    }


def unit_inputs(
    ruleset: Ruleset,
    check: CheckSpec | str,
    state: GameState,
    unit_id: str,
    role: str | None = None,
    leader_id: str | None = None,
) -> dict[str, InputValue]:
    """The check's inputs that can be read off the card of the unit in ``role`` (None: the
    first role, the unit the check is made for) (``from_unit``), its leader's from
    ``leader_id`` when one was picked for it.

    A choice input is filled only when the card's value is one of its choices; a
    ``marker:ID`` input is whether the card carries that marker.
    """
    spec = ruleset.check(check) if isinstance(check, str) else check
    first = spec.role_ids[0] if spec.role_ids else None
    # the first role's unit alone (others not picked yet) answers what reads only it
    out_groups = (
        group_inputs(ruleset, spec, state, {first or "self": [unit_id]})
        if (role or first) == first
        else {}
    )
    fields = card_fields(ruleset, state, unit_id, leader_id)
    markers = state.unit(unit_id).markers
    out: dict[str, InputValue] = {}
    for item in spec.inputs:
        if (item.role or first) != (role or first):
            continue
        if item.from_unit is not None and item.from_unit.startswith("marker:"):
            out[item.name] = item.from_unit[len("marker:") :] in markers
            continue
        if item.from_unit is None or item.from_unit not in fields:
            continue
        value = fields[item.from_unit]
        if item.type == "choice":
            if isinstance(value, str) and value in item.choices:
                out[item.name] = value
        elif item.type == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                out[item.name] = value
        elif isinstance(value, bool):
            out[item.name] = value
    return {**out_groups, **out, **_worked_out(spec, role or first, out)}


def group_inputs(
    ruleset: Ruleset, check: CheckSpec, state: GameState, picked: Mapping[str, Sequence[str]]
) -> dict[str, InputValue]:
    """The check's inputs filled from the cards of every unit picked for its roles
    (``from_units``: ``any(attacker.type == 'infantry')``): each once every role it reads
    has its units (a role that may be empty and was left so: none); the others are left to
    the players."""
    out: dict[str, InputValue] = {}
    may_be_empty = {r.id for r in check.roles if r.minimum == 0}
    for item in check.inputs:
        if item.from_units is None:
            continue
        units: dict[str, list[dict[str, InputValue]]] = {}
        for role in {r for r, _ in item.from_units.fields}:
            if picked.get(role):
                units[role] = [_card(ruleset, state, u) for u in picked[role]]
            elif role in may_be_empty:
                units[role] = []
        if len(units) < len({r for r, _ in item.from_units.fields}):
            continue  # a role not picked yet
        env = Environment({}, ruleset.lookup_tables(), None, units)
        out[item.name] = _fits(check, item, item.from_units.evaluate(env))
    return out


def _worked_out(
    spec: CheckSpec, role: str | None, carded: dict[str, InputValue]
) -> dict[str, InputValue]:
    """The inputs of ``role`` worked out from the card's values (``from_card``), their
    defaults where the card gives none; one that cannot be worked out is left unfilled."""
    first = spec.role_ids[0] if spec.role_ids else None
    mine = [i for i in spec.inputs if (i.role or first) == role]
    wanted = [i for i in mine if i.from_card is not None]
    if not wanted:
        return {}
    values = {i.name: i.default for i in mine if i.from_unit and i.default is not None}
    env = Environment({**values, **carded})
    out: dict[str, InputValue] = {}
    for item in wanted:
        try:
            value = compile_expr(str(item.from_card)).evaluate(env)
        except DrumheadError:
            continue
        fits = (
            (isinstance(value, str) and value in item.choices)
            if item.type == "choice"
            else isinstance(value, bool) == (item.type == "bool") and isinstance(value, int)
        )
        if not fits:
            continue
        out[item.name] = value
    return out


def _card(ruleset: Ruleset, state: GameState, unit_id: str) -> dict[str, InputValue]:
    """A card's fields as ``ROLE.FIELD`` reads them: one it leaves empty is ``''``."""
    return {k: ("" if v is None else v) for k, v in card_fields(ruleset, state, unit_id).items()}


def _fits(check: CheckSpec, item: InputSpec, value: object) -> InputValue:
    """``value`` as the input takes it, or an error naming what was expected."""
    ok = (
        (item.type == "bool" and isinstance(value, bool))
        or (item.type == "int" and isinstance(value, int) and not isinstance(value, bool))
        or (item.type == "choice" and value in item.choices)
    )
    if not ok:
        kind = f"one of {', '.join(item.choices)}" if item.type == "choice" else f"a {item.type}"
        raise DrumheadError(
            f"{check.id}.{item.name}: from_units '{item.from_units.text if item.from_units else ''}' "
            f"gave {value!r}, not {kind}"
        )
    assert isinstance(value, bool | int | str)
    return value
