"""A check form's side leaders as the roll reads them: the leader of a side of several units
(a Republique assault's group) is the one with any of its units, his values read from the
card of the unit he is with (:meth:`~drumhead.game.Game.side_inputs`); several leaders with
one side's units and none picked is a question for the players before the roll
(:func:`drumhead.game.side_leader.leader_needed`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.errors import InputError
from drumhead.game.side_leader import leader_inputs
from drumhead.game.side_leader import leader_needed as side_leader_needed

if TYPE_CHECKING:
    from drumhead.session.form import CheckForm


def leader_of(form: CheckForm, role: str) -> str | None:
    """The leader the players picked for a side (None: the one with its units)."""
    first = form.check.role_ids[0] if form.check.role_ids else "self"
    return form.leaders.get(role) or (form.leaders.get("self") if role == first else None)


def fill_leader(
    form: CheckForm, role: str, unit: str, leader_id: str | None, *, every: bool = False
) -> None:
    """A side's leader inputs (``every``: all the inputs its cards fill) as the roll reads
    them; a value the players typed stays, and :attr:`CheckForm.kept` says so."""
    game = form.session.open_game_or_fail()
    check = form.check
    first = check.role_ids[0] if check.role_ids else "self"
    own = role in ("self", first)
    units = form.side_units(first if own else role) or [unit]
    filled = game.side_inputs(check, None if own else role, units, leader_id)
    names = list(filled) if every else leader_inputs(check, first if own else role)
    for name in names:
        if name not in filled:
            continue
        value = filled[name]
        if name in form.given and form.values.get(name) != value:
            form.kept[name] = (unit, value)  # the players' value stays: said so
            continue
        form.kept.pop(name, None)
        form.values[name] = value
        form.bad_inputs.pop(name, None)


def fill_group_leaders(form: CheckForm) -> None:
    """Each side of several units: its leader's inputs from the unit he is with."""
    for role, units in form.picked_roles().items():
        if len(units) > 1:
            fill_leader(form, role, units[0], leader_of(form, role))


def leader_needed(form: CheckForm) -> InputError | None:
    """The question the roll waits on: several leaders with one side's units, none picked
    and their values not typed by the players."""
    game = form.session.game
    if game is None:
        return None
    for role, units in form.picked_roles().items():
        typed = set(leader_inputs(form.check, role)) <= form.given
        if leader_of(form, role) is None and not typed:
            needed = side_leader_needed(game.state, form.check, role, units)
            if needed is not None:
                return needed
    return None
