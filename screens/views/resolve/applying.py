"""Applying a check's effects from the resolve screen: each on the unit its side names (both
sides of a two-sided check in one event), the table's notes in the log, and the players asked
which unit takes the effects no side names; and an effect's amount edited first."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from drumhead.checks.base import counted_text
from drumhead.errors import (
    CommandNeededError,
    DrumheadError,
    MissingCardValueError,
    PickNeededError,
)

from .pickers import ask_card_value, ask_command, pick_one_of, pick_target
from .result import ResultPanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from drumhead.checks.results import Effect

    from .view import ResolveView


async def apply_effects(screen: ResolveView, effects: list[Effect]) -> None:
    """Apply effects to the unit tested; ask which unit takes the others (an opponent's)."""
    assert screen.form is not None
    form = screen.form
    if form.other_roles:
        await apply_both_sides(screen, effects)
        return
    messages = []
    for group in form.groups(effects):
        if group.on_no_card:
            if screen.session.log_notes(group.effects):
                n = len(group.effects)
                notes = counted_text(n, "note for the table is|notes for the table are")
                messages.append(f"{notes} in the log (u undoes).")
            continue
        target = group.target
        if target is None and screen.session.game is not None and screen.session.state.units:
            target = await pick_target(screen, group)
            if target is None:
                messages.append(
                    f"{counted_text(len(group.effects), 'effect|effects')} for "
                    f"{group.title or group.who.replace('_', ' ')} left to the players"
                )
                continue
        try:
            applied = await apply_asking(
                screen, partial(screen.session.apply_effects, target, group.effects, None)
            )
            if applied is None:
                some = counted_text(len(group.effects), "effect|effects")
                messages.append(f"{some} left to the players")
                continue
        except DrumheadError as exc:
            screen.notify(str(exc), severity="error")
            return
        if applied:
            name = screen.session.unit_name(target or "")
            some = counted_text(len(group.effects), "effect|effects")
            messages.append(f"Applied {some} to {name} (u undoes).")
        else:
            messages.append("Noted: there is no unit card to change.")
    leftover = form.leftover_text(effects)
    if leftover is not None:
        messages.append(leftover)
    screen.notify(" ".join(messages))
    form.clear_result()
    if screen.session.game is not None:
        screen.app.pop_screen()
    else:
        screen.query_one(ResultPanel).clear()


async def apply_both_sides(screen: ResolveView, effects: list[Effect]) -> None:
    """A check between two sides: every effect lands on the unit its role names, the
    table's notes in the log, all as one event (one undo). A side not picked yet is
    asked for; one the players leave out keeps its effects off the cards."""
    assert screen.form is not None
    form = screen.form
    kept: list[Effect] = []
    messages = []
    landed: dict[str, None] = {}  # the units a kept effect falls on, in order
    notes = 0  # the table's notes among them: logged, on no card
    for group in form.groups(effects):
        if not group.on_no_card and group.target is None:
            picked = await pick_target(screen, group)
            if picked is None:
                messages.append(
                    f"{counted_text(len(group.effects), 'effect|effects')} for "
                    f"{group.title or group.who.replace('_', ' ')} left to the players"
                )
                continue
            form.roles[group.who] = picked
        kept.extend(group.effects)
        if group.on_no_card:
            notes += len(group.effects)
        elif (unit := group.target or form.roles.get(group.who)) is not None:
            landed[unit] = None
    first = form.check.role_ids[0]
    roles: dict[str, str | list[str]] = {first: form.unit_id or "", **form.picked_roles()}
    try:
        applied = await apply_asking(
            screen, partial(screen.session.apply_effects, form.unit_id, kept, roles)
        )
        if applied is None:
            screen.notify("The effects are left to the players.", severity="warning")
            return
    except DrumheadError as exc:
        screen.notify(str(exc), severity="error")
        return
    if applied:
        # name the cards changed, not every unit of the check: a note for the table lands on
        # none (the wave attack's declaration named the target it marks nothing on)
        names = ", ".join(screen.session.unit_name(u) for u in landed)
        some = counted_text(len(kept) - notes, "effect|effects")
        logged = f"; {counted_text(notes, 'note|notes')} in the log" if notes else ""
        done = (
            f"Applied {some} to {names}{logged}"
            if landed
            else f"{counted_text(notes, 'note|notes')} in the log".capitalize()
        )
        messages.insert(0, f"{done} (u undoes).")
    screen.notify(" ".join(messages))
    form.clear_result()
    screen.app.pop_screen()


async def apply_asking(
    screen: ResolveView, apply: Callable[[dict[str, list[str]]], bool]
) -> bool | None:
    """``apply(picks)``, asking first what the cards cannot say: each number a card must give
    and does not (how many hits remove a stand of each unit hits fall on, a battery's
    gunners, the figures of a stand captured), one after the other (Rank and File's wave
    attack marks hits on both waves: the second was left to an error naming ``hits_per_stand``
    and a second ``a``), a general's command his card does not name (every unit of it is
    marked when he is killed), and which unit of a group takes an effect that falls on one of
    them (``picks``: role -> the units picked, in order); None when the players cancel a
    question."""
    asked: set[tuple[str, str]] = set()
    picks: dict[str, list[str]] = {}
    while True:
        try:
            return apply(picks)
        except MissingCardValueError as missing:
            if (missing.unit, missing.attribute) in asked:
                raise  # answered, and still missing: not a question to ask again
            asked.add((missing.unit, missing.attribute))
            if not await ask_card_value(screen, missing):
                return None
        except CommandNeededError as needed:  # a general's command his card does not name
            if not await ask_command(screen, needed):
                return None
        except PickNeededError as needed:  # which unit of the group takes it
            chosen = await pick_one_of(screen, needed)
            if chosen is None:
                return None
            picks.setdefault(needed.role, []).append(chosen)


def edit_effect(screen: ResolveView) -> None:
    """Change the amount of the highlighted effect (losses, steps, inches); with the focus
    elsewhere, of the first effect that has one."""
    form = screen.form
    if form is None or form.result is None:
        screen.notify("Nothing to edit yet: roll first.", severity="warning")
        return
    panel = screen.query_one(ResultPanel)
    index = panel.highlighted() if panel.effects_focused() else None
    if index is None:  # not picked in the list: the first effect with an amount
        index = next((i for i in range(len(form.effects)) if not form.amount_refusal(i)), None)
        if index is None:
            screen.notify("No effect of this result has an amount to edit.", severity="warning")
            return
    refusal = form.amount_refusal(index)
    if refusal is not None:
        screen.notify(refusal, severity="warning")
        return
    effect = form.effects[index]
    from ...dialogs.edit_value import EditValueModal

    def edited(value: str | None) -> None:
        if value is not None:
            form.set_amount(index, int(value))
            screen.show_result()

    screen.app.push_screen(
        EditValueModal(f"Amount for: {effect.text}", str(effect.amount or 0), kind="int"),
        edited,
    )
