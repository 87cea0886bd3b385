"""Whom a check's effects fall on, as the players read it beside each effect: the unit
tested, the unit or units picked for another side, a leader, every unit of his command, the
table, a side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.game.command import is_command, names_his_side, under_command
from drumhead.rules.model import COMMAND, PICK
from drumhead.session.form_view import EffectGroup

if TYPE_CHECKING:
    from drumhead.checks.results import Effect
    from drumhead.game.state import Leader
    from drumhead.rules.model import CheckSpec
    from drumhead.session.form import CheckForm


def role_title(check: CheckSpec, role: str) -> str:
    """How a role is asked for: its title in the rules data ("the target"), else its id."""
    spec = check.role(role)
    return spec.title[0].lower() + spec.title[1:] if spec is not None else f"the {role}"


def falls_on(form: CheckForm, effect: Effect) -> str | None:
    """Whom ``effect`` falls on in ``form``, as the players read it beside the effect: None for the
    unit the check is made for (the card it is read from), the unit picked for another
    side of the check by its name (the side as the rules name it while none is picked:
    "the unit it charges"), a leader by his name, every unit of his command by their names
    ("every unit of Morgan's command: A, B, C"), ``the table`` for a note on no card, a
    side by its name (an army-level check)."""
    check = form.check
    first = check.role_ids[0] if check.role_ids else "self"
    who = effect.who
    if who in ("self", first):
        return None
    if who == "table":
        return "the table"
    game = form.session.game
    if is_command(who):
        return _command(form, who.partition(":")[2] or first, first)
    if who == "leader" or who.startswith("leader:"):
        role = who.partition(":")[2] or first
        unit = form.unit_id if role == first else form.roles.get(role)
        picked = form.leaders.get(role)
        if game is not None and picked is not None and game.state.has_leader(picked):
            return game.state.leader(picked).name
        leader = game.state.leader_with(unit) if game is not None and unit else None
        if leader is not None:
            return leader.name
        return "its leader" if role == first else f"the leader of {role_title(check, role)}"
    if game is not None and (effect.types or effect.instead or _spared(form)):
        role = who.removeprefix(PICK)
        units = form.side_units(role)
        taking = [u for u in units if _takes(form, effect, u)]
        if units and not taking:
            return f"no unit of {role_title(check, role)} (none it falls on)"
        if taking != units and not (who.startswith(PICK) and len(taking) > 1):
            return ", ".join(game.state.unit(u).name for u in taking)
    if game is not None and (who.startswith(PICK) or len(form.side_units(who)) > 1):
        role = who.removeprefix(PICK)  # one unit of a side the players pick, or all of it
        names = [game.state.unit(u).name for u in form.side_units(role) if _takes(form, effect, u)]
        if who.startswith(PICK) and len(names) > 1:
            return "one of " + ", ".join(names)
        if names and not (len(names) == 1 and role == first):
            return ", ".join(names)
        if role == first:
            return None
        return f"one unit of {role_title(check, role)}"
    if game is not None:
        unit = form.roles.get(who)
        if unit is not None and game.state.has_unit(unit):
            return game.state.unit(unit).name
        sides = {s.id: s.name for s in game.state.sides}
        if who in sides:
            return sides[who]
    return role_title(check, who)


def _takes(form: CheckForm, effect: Effect, unit_id: str) -> bool:
    """Whether ``unit_id`` of the effect's role takes it: of its ``types`` (when it names
    any), and not spared by an effect falling on it ``instead`` of the rest."""
    game = form.session.game
    if game is None or not game.state.has_unit(unit_id):
        return True
    if effect.types and game.state.unit(unit_id).type not in effect.types:
        return False
    return effect.instead or unit_id not in _spared(form)


def _spared(form: CheckForm) -> frozenset[str]:
    """The units the form's ``instead`` effects fall on (Republique's captured artillery):
    they take none of the other effects, as applying them reads it."""
    game = form.session.game
    if game is None:
        return frozenset()
    out: set[str] = set()
    for effect in form.effects:
        if not effect.instead:
            continue
        for uid in form.side_units(effect.who):
            if game.state.has_unit(uid) and (
                not effect.types or game.state.unit(uid).type in effect.types
            ):
                out.add(uid)
    return frozenset(out)


def _command(form: CheckForm, role: str, first: str) -> str:
    """Every unit under the command of the leader of ``role``'s unit, by their names."""
    game = form.session.game
    leader: Leader | None = None
    if game is not None:
        unit = form.unit_id if role == first else form.roles.get(role)
        picked = form.leaders.get(role)
        if picked is not None and game.state.has_leader(picked):
            leader = game.state.leader(picked)
        elif unit:
            leader = game.state.leader_with(unit)
    if game is None or leader is None:
        whose = "its leader" if role == first else f"the leader of {role_title(form.check, role)}"
        return f"every unit under the command of {whose}"
    if not leader.commands:
        return f"every unit of {leader.name}'s command (his card names none: you are asked)"
    if not names_his_side(game.state, leader):
        return (
            f"every unit of {leader.name}'s command (his card's, {', '.join(leader.commands)}, "
            "names none of his side: you are asked)"
        )
    names = [game.state.unit(u).name for u in under_command(game.state, leader)]
    return f"every unit of {leader.name}'s command: {', '.join(names) or 'none left in play'}"


def effect_groups(form: CheckForm, chosen: list[Effect]) -> list[EffectGroup]:
    """The chosen effects of ``form`` by the unit they fall on: the unit tested (its leader's too),
    then each other unit the rules name (an opponent, a target)."""
    check = form.check
    first = check.role_ids[0] if check.role_ids else "self"
    # the table's notes, and an army-level check's (made for a side), go on no card
    nobody = {"table", *(check.sides or () if check.scope == "army" else ())}
    optional = {r.id for r in check.roles if r.minimum == 0} - set(form.roles_in_play())
    by_who: dict[str, list[Effect]] = {}
    for effect in chosen:
        # a picked effect goes with its role's: the unit is picked from its group
        # a leader's effect, and one on every unit of his command, go with his unit's
        role = effect.who.removeprefix("leader:").removeprefix("command:").removeprefix(PICK)
        if role in optional:
            continue  # a role left empty (no second wave): nobody for it to fall on
        if role in ("self", "leader", COMMAND, first):
            who = "self"
        else:
            who = role if is_command(effect.who) else effect.who.removeprefix(PICK)
        by_who.setdefault("table" if who in nobody else who, []).append(effect)
    return [
        EffectGroup(
            who,
            tuple(group),
            form.unit_id if who == "self" else form.roles.get(who),
            role_title(check, who),
        )
        for who, group in by_who.items()
    ]
