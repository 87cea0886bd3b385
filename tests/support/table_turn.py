"""A turn played through the table session as the app plays it (issue 35): the checklist walked
step by step, each check's form filled from the cards (and the roles picked), rolled with the
players' dice, and its effects applied as the resolve screen applies them: a two-sided check's
in one event on the units its roles name, a one-sided check's on the unit tested and its notes
for the table in the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from drumhead.checks.results import Resolution
from drumhead.session import TableSession
from drumhead.session.form import CheckForm

CLOCK = "2026-11-23T20:00:00+00:00"

Action = Callable[[TableSession], bool | None]
"""What the players do at a step; True: walk back to the step it repeats from (``again``)."""


def open_table(
    saves: Path, ruleset: str, scenario: str, house_rules: str | None = None
) -> TableSession:
    saves.mkdir(parents=True, exist_ok=True)
    table = TableSession(str(saves), ruleset=ruleset, seed=35)
    table.clock = lambda: CLOCK
    table.new_game(ruleset, "turn", scenario=scenario, house_rules=house_rules)
    return table


def fill(
    table: TableSession,
    check_id: str,
    unit: str,
    *,
    roles: Mapping[str, str] | None = None,
    values: Mapping[str, object] | None = None,
    ticks: Sequence[str] = (),
    leaders: Mapping[str, str] | None = None,
    expect_values: Mapping[str, object] | None = None,
) -> CheckForm:
    """The check's form for ``unit`` as the players fill it: its card (and the roles' cards)
    first, then what they say. ``expect_values``: inputs the cards must have filled before the
    players touched the form."""
    form = table.form(check_id, unit)
    assert form is not None and form.check_id == check_id, (check_id, unit)
    for role, picked in (roles or {}).items():
        form.set_role(role, picked)
    for role, leader in (leaders or {}).items():
        form.set_leader(role, leader)
    for name, wanted in (expect_values or {}).items():
        assert form.values.get(name) == wanted, (check_id, name, form.values.get(name), wanted)
    for name, raw in (values or {}).items():
        form.set_input(name, raw)
    assert not form.bad_inputs, form.bad_inputs
    form.tick(set(ticks))
    return form


def roll_and_apply(table: TableSession, form: CheckForm, dice: Sequence[int] | None) -> Resolution:
    """Roll the form with the players' dice (None: the game's) and apply its effects."""
    result = form.roll(list(dice) if dice is not None else None)
    apply_as_the_app_does(table, form)
    return result


def play(
    table: TableSession,
    check_id: str,
    unit: str,
    dice: Sequence[int] | None,
    **filled: Any,
) -> Resolution:
    """:func:`fill` the check's form, roll ``dice`` and apply the effects as the app does."""
    return roll_and_apply(table, fill(table, check_id, unit, **filled), dice)


def apply_as_the_app_does(table: TableSession, form: CheckForm) -> None:
    """screens/views/resolve/applying.py without the screens: a side nobody picked keeps its
    effects off the cards (the app's Escape)."""
    groups = form.groups(form.effects)
    if form.other_roles:
        kept = [e for g in groups if g.on_no_card or g.target is not None for e in g.effects]
        first = form.check.role_ids[0]
        table.apply_effects(form.unit_id, kept, roles={first: form.unit_id, **form.roles})
        return
    for group in groups:
        if group.on_no_card:
            table.log_notes(list(group.effects))
        elif group.target is not None:
            table.apply_effects(group.target, list(group.effects))


def walk_turn(table: TableSession, actions: Mapping[str, list[Action]]) -> list[str]:
    """Walk turn 1 to turn 2 by the checklist alone; at ``phase.step`` do its next action
    (each action once, in order). Returns every ``phase.step`` walked."""
    game = table.open_game_or_fail()
    queues = {key: list(todo) for key, todo in actions.items()}
    walked: list[str] = []
    while game.state.turn == 1:
        step = game.current_step()
        key = f"{game.state.phase}.{step.id if step else ''}"
        walked.append(key)
        again = False
        if queues.get(key):
            again = bool(queues[key].pop(0)(table))
        table.next_step(again=again)
    left = {key: len(todo) for key, todo in queues.items() if todo}
    assert not left, f"actions never reached: {left}"
    return walked
