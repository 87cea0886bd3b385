"""The leader of a side of several units (a Republique assault's group): the one with any of
its units, not only with the unit whose card fills the side's other inputs; his inputs
(value, command, charisma...) read from the card of the unit he is with, as for a side of one
unit. Several leaders with one side's units and none picked: the players say whose counts.

Pure functions of the game's state and a check; the game's roll and the app's form both ask
here, so the form shows what the roll reads."""

from __future__ import annotations

from collections.abc import Sequence

from drumhead.errors import LeaderNeededError
from drumhead.game.state import GameState, Leader
from drumhead.rules.model import CheckSpec


def leader_inputs(check: CheckSpec, role: str) -> list[str]:
    """The inputs of ``role`` (the check's first role for inputs naming none) read from its
    leader's card (``from_unit = "leader_..."``)."""
    first = check.role_ids[0] if check.role_ids else "self"
    return [
        i.name
        for i in check.inputs
        if (i.role or first) == role and (i.from_unit or "").startswith("leader_")
    ]


def side_leaders(state: GameState, units: Sequence[str]) -> list[Leader]:
    """The leaders with any of ``units`` (attached, not killed), in the units' order."""
    found = [state.leader_with(u) for u in units]
    return [x for x in found if x is not None]


def leader_unit(
    state: GameState, units: Sequence[str], leader_id: str | None
) -> tuple[str, str] | None:
    """``(unit, leader)``: the unit of the side the side's leader is with, when it is not the
    first (whose card already reads him), and his id. The leader is ``leader_id`` (picked for
    the side) or else the only one with any of its units; None when he is with the first
    unit, with none of them, or when several leaders are and none was picked
    (:func:`leader_needed`)."""
    if len(units) < 2:
        return None
    if leader_id is not None:
        leader = state.leader(leader_id)
    else:
        found = side_leaders(state, units)
        if len(found) != 1:
            return None
        leader = found[0]
    at = leader.attached_to
    if at is None or at == units[0] or at not in units:
        return None
    return at, leader.id


def leader_needed(
    state: GameState, check: CheckSpec, role: str, units: Sequence[str]
) -> LeaderNeededError | None:
    """The question to put to the players when several leaders are with the units of one
    side whose inputs read its leader (None: one or none, or the side reads no leader)."""
    found = side_leaders(state, units)
    if len(found) < 2 or not leader_inputs(check, role):
        return None
    names = "; ".join(f"{x.name} with {state.unit(str(x.attached_to)).name}" for x in found)
    spec = check.role(role)
    title = f"{spec.title[0].lower()}{spec.title[1:]}" if spec is not None else role
    return LeaderNeededError(role, title, tuple(x.id for x in found), names)
