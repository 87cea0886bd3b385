"""The resolve screen's pickers: the unit on each other side of a check, and the leader of
each side whose inputs read one, both from the roster (the session's form keeps them); and
the check picker's other check, shown in a screen of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drumhead.errors import MissingHitsPerStandError
    from drumhead.session.form import CheckForm, EffectGroup

    from .view import ResolveView


def sides_lines(form: CheckForm) -> list[str]:
    """Both sides of a two-sided check: who is picked for each, the lines of each card the
    check reads, each side's leader (none for a check made for one unit)."""
    roles = form.other_roles
    if not roles:
        return []
    session = form.session
    lines = []
    for role, title in roles:
        unit = form.roles.get(role)
        picked = session.unit_name(unit) if unit else "not picked yet (o picks)"
        lines.append(f"{title}: {picked}")
    lines += form.card_lines()
    for role, title, _unit in form.leader_sides():
        led = form.leaders.get(role)
        who = session.leader_name(led) if led else "the card's (l picks another)"
        lines.append(f"Leader of {title[0].lower()}{title[1:]}: {who}")
    return lines


def switch_check(screen: ResolveView, check_id: str) -> None:
    """Another check picked in the check picker, for the same unit: the screen of that check
    shows in this one's place (kept, most built ahead by the battle: building one took half a
    second), focused on its first need, not the picker (space there opened the list of checks
    again instead of ticking); this screen stays its own check's, to show again."""
    from .form import InputForm

    form = screen.form
    if form is None or check_id == form.check_id:
        return
    screen.query_one(InputForm).show_own_check()
    screen.drumhead.switch_check(check_id, form.unit_id or "")


async def pick_sides(screen: ResolveView) -> None:
    """Pick the unit for each other side (enemies first, the unit last fought first of all);
    its card fills that side's inputs."""
    from ...dialogs.pick_unit import UnitPickModal

    form = screen.form
    game = screen.session.game
    if form is None or game is None or form.unit_id is None or not form.other_roles:
        screen.notify("This check is made for one unit: no other side to pick.")
        return
    own = game.state.unit(form.unit_id).side
    names = {s.id: s.name for s in game.state.sides}
    for role, title in form.other_roles:
        units = form.role_units(role)
        picked: str | None = await screen.app.push_screen_wait(
            UnitPickModal(f"{title}?", [], units, own_side=own, side_names=names)
        )
        if picked is not None:
            form.set_role(role, picked)
    screen.form_refilled()


async def pick_leaders(screen: ResolveView) -> None:
    """Pick the leader of each side whose inputs read one (his value, his command), the one
    with the unit first, then those commanding it; his values fill the inputs."""
    from ...dialogs.pick_leader import LeaderPickModal

    form = screen.form
    sides = form.leader_sides() if form is not None else []
    if form is None or not sides:
        screen.notify("No input of this check reads a leader (pick the other side first: o).")
        return
    for role, title, unit in sides:
        choices = form.leader_choices(unit)
        if not choices:
            screen.notify(f"{title}: no leader of its side is in play.", severity="warning")
            continue
        name = screen.session.unit_name(unit)
        picked: str | None = await screen.app.push_screen_wait(
            LeaderPickModal(f"{title} ({name}): which leader leads it?", choices)
        )
        if picked is not None:
            form.set_leader(role, picked)
    screen.form_refilled()


async def pick_target(screen: ResolveView, group: EffectGroup) -> str | None:
    """After the roll, which unit effects no side names fall on (the unit last fought first,
    then the enemy); None: left to the players."""
    from ...dialogs.pick_unit import UnitPickModal

    assert screen.form is not None
    unit_id = screen.form.unit_id
    state = screen.session.state
    own = state.unit(unit_id).side if unit_id is not None else None
    picked: str | None = await screen.app.push_screen_wait(
        UnitPickModal(
            group.question,
            [e.text for e in group.effects],
            screen.session.effect_targets(unit_id),
            own_side=own,
            side_names={s.id: s.name for s in state.sides},
        )
    )
    return picked


async def ask_hits_per_stand(screen: ResolveView, missing: MissingHitsPerStandError) -> bool:
    """Ask how many hits remove a stand of the unit hits are marked on, and keep the answer on
    its card (an edit, undoable); False when the players cancel."""
    from ...dialogs.edit_value import EditValueModal

    name = screen.session.unit_name(missing.unit)
    answer: Any = await screen.app.push_screen_wait(
        EditValueModal(f"How many hits remove one stand of {name}?", "", kind="int")
    )
    if answer is None or int(answer) < 1:
        if answer is not None:
            screen.notify("A stand takes at least one hit.", severity="warning")
        return False
    screen.session.edit_unit(missing.unit, missing.attribute, int(answer))
    return True
