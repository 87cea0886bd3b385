"""What a check's form reads off the cards, as the players see it beside the form: each card's
values, the sides' values together, and the values the players gave against their card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.game.side_leader import leader_unit
from drumhead.game.sides import card_lines as unit_card_lines
from drumhead.session.form_leaders import leader_of

if TYPE_CHECKING:
    from drumhead.session.form import CheckForm


def _said(value: object) -> str:
    """A card's value as the players read it: yes/no for a tick, words for an id."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ") if isinstance(value, str) else str(value)


def card_lines(form: CheckForm) -> list[str]:
    """Both cards' lines ``form`` reads: the unit tested's, then each side picked,
    what every card of the sides gives together, and each value kept as the players gave it."""
    game = form.session.game
    if game is None or form.unit_id is None:
        return []
    first = form.check.role_ids[0] if form.check.role_ids else None
    out = []
    for role, unit in [(first, form.unit_id), *form.roles_in_play().items()]:
        lines = unit_card_lines(game, form.check, unit, role)
        shown = ", ".join(f"{x.label}: {_said(x.value)}" for x in lines) or "nothing read"
        out.append(f"{game.state.unit(unit).name}: {shown}")
    # what every card of the sides gives together (a side's bases, its grade by bases)
    picked = {first or "self": [form.unit_id], **form.picked_roles()}
    together = game.group_inputs(form.check, picked)
    said = [
        f"{i.label}: {_said(together[i.name])}" for i in form.check.inputs if i.name in together
    ]
    if said:
        out.append(f"Every card picked: {', '.join(said)}")
    for role, units in form.picked_roles().items():  # a side's leader with another of its units
        found = leader_unit(game.state, units, leader_of(form, role))
        if found is not None:
            with_unit, leader = game.state.unit(found[0]).name, game.state.leader(found[1]).name
            out.append(f"The side's leader: {leader}, with {with_unit} (his values are read)")
    for name, (unit, said_then) in form.kept.items():
        spec = form.check.input(name)
        label = spec.label if spec is not None else name
        whose = (
            "the cards picked say"
            if spec is not None and spec.from_units is not None
            else f"{game.state.unit(unit).name}'s card says"
        )
        out.append(
            f"Kept as you gave it: {label}: {_said(form.values.get(name))} "
            f"({whose} {_said(said_then)})"
        )
    return out
