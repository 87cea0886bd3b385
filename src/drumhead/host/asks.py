"""A check as a side fills it in on its phone: the table session's own form (the same
validation as the app's), filled from what the device sent and shown back as plain data.

Every id a device sends is checked against what the host offers (the unit must be the
side's, the check one the unit may make, each role's unit one the rules let it pick, each
modifier one on offer); a refusal says which, in the players' words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drumhead.errors import DrumheadError
from drumhead.session.form_view import needed_text

if TYPE_CHECKING:
    from drumhead.game.state import GameState
    from drumhead.host.protocol import CheckAsk
    from drumhead.session import TableSession
    from drumhead.session.form import CheckForm


class Refused(DrumheadError):
    """A command or question the host will not carry out: why, for the device to show."""


def fill(session: TableSession, side: str, ask: CheckAsk) -> CheckForm:
    """The session's form for ``ask``, made by ``side``; Refused when it asks for what the
    side may not (another side's unit, a check the unit cannot make, a unit a side may not
    take, a side fuller than its ``max``, a unit twice, ...), naming the field (``roles.ROLE``
    and the unit's place in it)."""
    game = session.open_game_or_fail()
    state = game.state
    unit, given = ask.unit, {role: list(units) for role, units in ask.roles.items()}
    if unit is None and ask.check is not None:  # the unit given for the check's first role
        spec = next((c for c in game.ruleset.checks if c.id == ask.check), None)
        first = spec.role_ids[0] if spec is not None and spec.role_ids else None
        if first is not None and first in given:
            unit = given[first][0]
    if unit is not None:
        if not state.has_unit(unit):
            raise Refused(f"there is no unit '{unit}'")
        if state.unit(unit).side != side:
            raise Refused(f"{state.unit(unit).name} is not a unit of your side")
    choices = [c.id for c in session.check_choices(unit)]
    check = (
        ask.check or (session.morale_check_id(unit) if unit else None) or next(iter(choices), None)
    )
    if check is None or check not in choices:
        raise Refused(
            f"no check '{check}' for this unit here (checks: {', '.join(choices) or 'none'})"
        )
    spec = game.ruleset.check(check)
    if unit is None and spec.scope != "army":
        raise Refused(f"{spec.title} is made for a unit: pick one of yours")
    form = session.form(check, unit)
    assert form is not None  # the check is among those offered
    _fill_sides(form, given)
    for role, leader in ask.leaders.items():
        if not state.has_leader(leader):
            raise Refused(f"there is no leader '{leader}'")
        form.set_leader(role, leader)
    for name, raw in ask.values.items():
        if spec.input(name) is None:
            raise Refused(f"{spec.title} has no input '{name}'")
        form.set_input(name, raw)
    form.use_reroll = ask.use_reroll
    form.odds()  # works out the modifiers on offer
    offered = {m.id: m for m in form.offered}
    for mod, count in ask.modifiers.items():
        found = offered.get(mod)
        if found is None:
            raise Refused(f"the modifier '{mod}' is not on offer for this check as it stands")
        if count > 1 and not found.countable:
            raise Refused(f"'{found.label}' counts once")
    form.ticked = dict(ask.modifiers)
    return form


def _fill_sides(form: CheckForm, given: dict[str, list[str]]) -> None:
    """Each side's units as given (role -> unit ids): the first of each other side picked
    (its card fills the side's inputs), then the rest added to it, as the app's ``o`` and
    ``g`` do; the first side's list starts with the unit the check is made for."""
    state = form.session.open_game_or_fail().state
    spec = form.check
    first = spec.role_ids[0] if spec.role_ids else None
    others = dict(form.other_roles)
    taken = {form.unit_id}
    for role, units in given.items():
        key = f"roles.{role}"
        if role == first:
            if units[0] != form.unit_id:
                raise Refused(
                    f"{key}[0]: the first unit of this side is the one the check is made for "
                    f"('{form.unit_id}'), not '{units[0]}'"
                )
            continue
        if role not in others:
            raise Refused(f"{key}: {spec.title} has no other side '{role}'")
        head = _known(state, f"{key}[0]", units[0])
        if head in taken:
            raise Refused(f"{key}[0]: {form.session.unit_name(head)} is already in this check")
        if head not in {u for u, _ in form.role_choices(role)}:
            raise Refused(f"{key}[0]: {_why_not(form, role, head, others[role])}")
        form.set_role(role, head)
        taken.add(head)
    for role, units in given.items():  # then each side's group (the first's own, too)
        allowed = None if role == first else {u for u, _ in form.role_choices(role)}
        for index, extra in enumerate(units[1:], 1):
            key = f"roles.{role}[{index}]"
            name = form.session.unit_name(_known(state, key, extra))
            if state.unit(extra).removed:
                raise Refused(f"{key}: {name} is out of play")
            if extra in {form.unit_id, *(u for us in form.picked_roles().values() for u in us)}:
                raise Refused(f"{key}: {name} is already in this check")
            if allowed is not None and extra not in allowed:
                raise Refused(f"{key}: {_why_not(form, role, extra, others[role])}")
            try:
                form.add_to_role(role, extra)
            except DrumheadError as exc:
                raise Refused(f"{key}: {exc}") from None


def _known(state: GameState, key: str, unit: str) -> str:
    if not state.has_unit(unit):
        raise Refused(f"{key}: there is no unit '{unit}'")
    return unit


def group_choices(form: CheckForm, role: str) -> list[list[str]]:
    """[unit id, line] of the units that may still be added to a side that holds a group: of
    that side, the rules' choices for it (any of the side's, for the first), none out of play
    or in the check already; none once the side is full or its first unit not picked."""
    spec = form.check.role(role)
    units = form.side_units(role)
    if spec is None or not units or len(units) >= spec.maximum or form.unit_id is None:
        return []
    game = form.session.open_game_or_fail()
    taken = {form.unit_id, *form.roles.values()}
    taken.update(u for us in form.picked_roles().values() for u in us)
    own = game.state.unit(units[0]).side
    first = form.check.role_ids[0]
    pool = game.state.units if role == first else tuple(form.role_units(role))
    names = {s.id: s.name for s in game.state.sides}
    return [
        [u.id, f"{u.name} ({names.get(u.side, u.side)})"]
        for u in pool
        if u.side == own and u.id not in taken and not u.removed
    ]


def odds_key(form: CheckForm) -> list[list[Any]]:
    """The odds as the players see them (each outcome, its value and exact chance): a
    proposal is rolled only at the odds its side saw."""
    view = form.odds(offer=False)
    return [[o.outcome, o.value, f"{o.p.numerator}/{o.p.denominator}"] for o in view.odds]


def check_dice(form: CheckForm, dice: tuple[int, ...] | None) -> None:
    """Refused when dice typed by hand do not fit the check (how many, which faces); the
    rules core says what it needs. Nothing is rolled or logged."""
    if dice is None:
        return
    from drumhead.checks.resolve import resolve
    from drumhead.dice.roller import HandDice

    view = form.odds(offer=False)
    if view.context is None:
        raise Refused(view.blocked or "the check cannot be rolled as it stands")
    try:
        resolve(view.context, HandDice(list(dice)))
    except DrumheadError as exc:
        raise Refused(f"the dice typed: {exc}") from None


def form_view(session: TableSession, form: CheckForm) -> dict[str, Any]:
    """The form as the phone shows it: the checks, each role and whom it may pick, the
    inputs (from the cards, or missing), the modifiers on offer and ticked, the number
    needed and the exact odds of each outcome (or why there are none yet)."""
    spec = form.check
    view = form.odds(offer=False)
    texts = {o.id: o.text for o in spec.outcomes}
    unit = form.unit_id
    dice = getattr(spec.mechanic, "dice", None)
    return {
        "check": spec.id,
        "title": spec.title,
        "unit": unit,
        "checks": [{"id": c.id, "title": c.title} for c in session.check_choices(unit)],
        "roles": [
            {
                "id": role,
                "title": title,
                "unit": form.roles.get(role),
                "choices": [[u, line] for u, line in form.role_choices(role)],
                **_group(form, role),
            }
            for role, title in form.other_roles
        ],
        "own": _own_group(form),
        "inputs": [
            {
                "name": i.name,
                "label": i.label,
                "type": i.type,
                "choices": list(i.choices),
                "value": form.values.get(i.name),
                "default": i.default,
                "card": bool(i.from_unit or i.from_units),
                "bad": form.bad_inputs.get(i.name),
            }
            for i in spec.inputs
        ],
        "modifiers": [
            {
                "id": m.id,
                "label": m.label,
                "countable": m.countable,
                "count": form.ticked.get(m.id, 0),
            }
            for m in form.offered
        ],
        "automatic": [
            {"label": m.label, "value": m.value, "explain": m.explain} for m in view.automatic
        ],
        "needed": needed_text(view.context) if view.context is not None else "",
        "blocked": view.blocked,
        "odds": [
            {"outcome": texts.get(o.outcome, o.outcome), "value": o.value, "percent": _pct(o.p)}
            for o in view.odds
        ],
        "dice": str(dice) if dice is not None else None,
        "cards": form.card_lines(),
    }


def _group(form: CheckForm, role: str) -> dict[str, Any]:
    """A side's units as the form holds them, how many it may hold, and those that may be
    added (:func:`group_choices`)."""
    spec = form.check.role(role)
    units = form.side_units(role)
    return {
        "units": [[u, form.session.unit_name(u)] for u in units],
        "max": spec.maximum if spec is not None else 1,
        "add": group_choices(form, role),
    }


def _own_group(form: CheckForm) -> dict[str, Any] | None:
    """The side the check is made for, when it may hold more units than the one tested."""
    check = form.check
    if not check.role_ids or form.unit_id is None or form.session.game is None:
        return None
    first = check.roles[0]
    if first.maximum <= 1:
        return None
    return {"id": first.id, "title": first.title, **_group(form, first.id)}


def _pct(p: Any) -> float:
    from drumhead.dice.odds import percent

    return percent(p)


def _why_not(form: CheckForm, role: str, unit: str, title: str) -> str:
    """Why a unit is not offered for a role: the wrong side (said as the form says it), or
    what the rules allow for that side."""
    wrong = form.wrong_side(role, unit)
    return wrong or f"'{unit}' cannot be {title.lower()} of this check"
