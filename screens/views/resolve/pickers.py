"""The resolve screen's pickers: the unit on each other side of a check, and the leader of
each side whose inputs read one, both from the roster (the session's form keeps them); and
the check picker's other check, shown in a screen of its own."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from drumhead.errors import CommandNeededError, MissingCardValueError, PickNeededError
    from drumhead.session.form import EffectGroup

    from .view import ResolveView


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


async def pick_sides(screen: ResolveView, only: str | None = None) -> None:
    """Pick the unit for each other side (``only``: that one, its row's Enter), enemies
    first, the unit last fought first of all, none already on another side of the check;
    its card fills that side's inputs. A unit the rules refuse for the side (the wrong
    side) is not taken: the reason shows under the side's row, which takes the focus (Enter
    picks again)."""
    from ...dialogs.initiative import short_side_names
    from ...dialogs.pick_unit import UnitPickModal

    form = screen.form
    game = screen.session.game
    if form is None or game is None or form.unit_id is None or not form.other_roles:
        screen.notify("This check is made for one unit: no other side to pick.")
        return
    own = game.state.unit(form.unit_id).side
    names = short_side_names(game.state.sides)  # "Union", not "Union: Army of ..." a line
    for role, title in form.other_roles:
        if only is not None and role != only:
            continue
        # a unit already on another side of the check is not offered again: picked as both
        # the defender and a defender in incidental contact, it took both sides' hits
        elsewhere = {
            form.unit_id,
            *(u for r, us in form.picked_roles().items() if r != role for u in us),
        }
        units = [u for u in form.role_units(role) if u.id not in elsewhere]
        picked: str | None = await screen.app.push_screen_wait(
            UnitPickModal(f"{title}?", [], units, own_side=own, side_names=names)
        )
        if picked is not None:
            taken(screen, role, partial(form.set_role, role, picked))
    screen.form_refilled()


def taken(screen: ResolveView, role: str, pick: Callable[[], object]) -> bool:
    """Make a pick for ``role`` (``pick``: the form's set_role or add_to_role); a unit the
    rules refuse for the side (an ally as the enemy) is kept under the side's row instead,
    the row focused next (:meth:`ResolveView.form_refilled`). Whether it was taken."""
    from drumhead.errors import DrumheadError

    from .sides import SidesPanel

    panel = screen.query_one(SidesPanel)
    try:
        pick()
    except DrumheadError as exc:
        panel.refuse_pick(role, str(exc))
        return False
    panel.picked(role)
    return True


async def add_to_sides(screen: ResolveView, only: str | None = None) -> None:
    """Another unit for each side that holds a group (Republique's assaulting units;
    ``only``: that side, its row's Enter), asked again until the players stop (Escape) or
    the side is full; its first unit's card fills the side's inputs, every unit's what the
    side's units answer together (``from_units``), and its effects land on the units of the
    side (one the players pick, where the rules leave it to them). Only units the rules take
    for the side are offered (an enemy never joins the unit's own side)."""
    from ...dialogs.pick_unit import UnitPickModal

    form = screen.form
    game = screen.session.game
    if form is None or game is None or form.unit_id is None:
        screen.notify("This check is made for one unit: no side to add to.")
        return
    groups = [
        (r.id, r.title)
        for r in form.check.roles
        if r.maximum > 1
        and form.side_units(r.id)  # its first unit picked
        and only in (None, r.id)
    ]
    if not groups:
        screen.notify("No side of this check holds more units (pick the other side first: o).")
        return
    own = game.state.unit(form.unit_id).side
    names = {s.id: s.name for s in game.state.sides}
    for role, title in groups:
        while True:
            spec = form.check.role(role)
            if spec is None or len(form.side_units(role)) >= spec.maximum:
                break
            already = {form.unit_id, *(u for us in form.picked_roles().values() for u in us)}
            if role == form.check.role_ids[0]:  # the unit's own side (its friends, below)
                offered = list(game.state.units)
            else:
                offered = form.role_units(role)
            side = game.state.unit(form.side_units(role)[0]).side  # a side's units fight together
            units = [
                u
                for u in offered
                if u.id not in already
                and not u.removed
                and u.side == side
                and form.wrong_side(role, u.id) is None
            ]
            picked: str | None = await screen.app.push_screen_wait(
                UnitPickModal(
                    f"{title}: another unit? (now {', '.join(map(screen.session.unit_name, form.side_units(role)))})",
                    [],
                    units,
                    own_side=own,
                    side_names=names,
                )
            )
            if picked is None or not taken(screen, role, partial(form.add_to_role, role, picked)):
                break
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
    from ...dialogs.initiative import short_side_names
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
            side_names=short_side_names(state.sides),
        )
    )
    return picked


async def pick_one_of(screen: ResolveView, needed: PickNeededError) -> str | None:
    """Which unit of a group takes an effect the rules leave to the players (Republique's
    base hits); where the rules say at random, the game's dice may pick it (``random``).
    None: left to the players."""
    from ...dialogs.pick_unit import UnitPickModal

    state = screen.session.state
    role = needed.role.replace("_", " ")
    roll = (
        f"Roll for it: the rules say at random ({needed.at_random})" if needed.at_random else None
    )
    picked: str | None = await screen.app.push_screen_wait(
        UnitPickModal(
            f"Which unit of the {role} takes it?",
            [needed.text],
            [state.unit(u) for u in needed.units],
            side_names={s.id: s.name for s in state.sides},
            roll=roll,
        )
    )
    return picked


async def ask_card_value(screen: ResolveView, missing: MissingCardValueError) -> bool:
    """Ask for the number a unit's card lacks (how many hits remove a stand of the unit hits
    are marked on, a battery's gunners), and keep the answer on its card (an edit, undoable);
    False when the players cancel."""
    from ...dialogs.edit_value import EditValueModal

    answer: Any = await screen.app.push_screen_wait(
        EditValueModal(missing.question, "", kind="int")
    )
    if answer is None:
        return False
    low, high = missing.minimum, missing.maximum
    if (low is not None and int(answer) < low) or (high is not None and int(answer) > high):
        screen.notify(
            f"{missing.label} takes {'' if low is None else low}..{'' if high is None else high}.",
            severity="warning",
        )
        return False
    screen.session.edit_unit(missing.unit, missing.attribute, int(answer))
    return True


async def ask_command(screen: ResolveView, needed: CommandNeededError) -> bool:
    """Ask which brigades or units a general commands, where a result falls on every unit of
    his command and his card names none (ruling oibl-general-command), and keep the answer on
    his card (an edit, undoable); a name his side does not have is refused in the dialog.
    False when the players cancel."""
    from drumhead.errors import DrumheadError

    from ...dialogs.edit_value import EditValueModal

    def keep(text: str) -> str | None:
        names = [t.strip() for t in text.split(",") if t.strip()]
        unknown = [n for n in names if n not in needed.known]
        if not names or unknown:
            what = f"no '{unknown[0]}' on his side" if unknown else "name at least one"
            return f"{what}: {', '.join(needed.choices)}"
        try:
            screen.session.edit_field("leader", needed.leader, "commands", "texts", text)
        except DrumheadError as exc:
            return str(exc)
        return None

    title = f"{needed.question} Brigades or units, comma-separated: {', '.join(needed.choices)}"
    answer: Any = await screen.app.push_screen_wait(
        EditValueModal(title, ", ".join(needed.given), kind="text", accept=keep)
    )
    return answer is not None
