"""The game's record in words, for the log and the revert dialog: which entries no longer
count and why (a marker in text, never colour alone), what a revert entry did, and what a
planned revert would change on the cards. Pure: reads a game or plan, returns strings."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from drumhead.game.events import Event
from drumhead.questions.answers import answer_label

if TYPE_CHECKING:
    from drumhead.game.revert import RevertPlan
    from drumhead.game.state import GameState
    from drumhead.game.taken_back import Reverted
    from drumhead.rules.model import Ruleset

UNDONE_MARK = "[undone]"
"""The marker of an entry on the redo stack (undone, not yet redone)."""
LONG = 40
"""A text field longer than this (or of more than one line) is said to have changed, not
shown."""


def entry_marker(seq: int, gone: Mapping[int, Reverted]) -> str:
    """``[reverted by 14]`` / ``[dropped by 14]`` for an entry a revert took back (``gone``:
    :meth:`Game.reverted <drumhead.game.game.Game.reverted>`); empty for one that counts."""
    taken = gone.get(seq)
    if taken is None:
        return ""
    return f"[{taken.how} by {taken.by}]"


def revert_text(event: Event) -> str:
    """What a ``revert`` entry did: ``Reverted entry 5; dropped 7, 8 (no longer applied)``."""
    target = event.data.get("target")
    drop = [str(seq) for seq in event.data.get("drop", [])]
    text = f"Reverted entry {target}"
    if drop:
        text += f"; dropped {', '.join(drop)} (no longer applied without it)"
    return text


def plan_summary(plan: RevertPlan) -> str:
    """One sentence on what carrying out ``plan`` does to the later entries."""
    if plan.clean:
        return (
            f"Entry {plan.target} is taken back and every later entry is replayed as it was: "
            "none depends on it."
        )
    if len(plan.conflicts) == 1:
        these = "this entry no longer applies without it and must be dropped too (it stays"
    else:
        these = (
            f"these {len(plan.conflicts)} entries no longer apply without it and must be "
            "dropped too (they stay"
        )
    return (
        f"Entry {plan.target} is taken back and the later entries replayed; {these} in the "
        "log, marked), or cancel:"
    )


def plan_changes(before: GameState, after: GameState, ruleset: Ruleset | None = None) -> list[str]:
    """What the cards would read after the revert, where they differ from now: one line per
    unit, leader or agreed value changed (``Red Line: strength now 18 → 20; state shaken →
    steady``); an agreed value by its label in ``ruleset`` (else its id in words)."""
    lines: list[str] = []
    for unit in after.units:
        if not before.has_unit(unit.id):
            lines.append(f"{unit.name}: back in the game")
            continue
        changed = _fields_changed(before.unit(unit.id), unit)
        if changed:
            lines.append(f"{unit.name}: {changed}")
    lines += [f"{u.name}: gone" for u in before.units if not after.has_unit(u.id)]
    for leader in after.leaders:
        if not before.has_leader(leader.id):
            lines.append(f"{leader.name}: back in the game")
            continue
        changed = _fields_changed(before.leader(leader.id), leader)
        if changed:
            lines.append(f"{leader.name}: {changed}")
    lines += [f"{ld.name}: gone" for ld in before.leaders if not after.has_leader(ld.id)]
    now, then = before.gap_values(), after.gap_values()
    for gap in sorted(set(now) | set(then)):
        if now.get(gap) != then.get(gap):
            name = answer_label(ruleset, gap) if ruleset else gap.replace("_", " ")
            lines.append(f"agreed value {name}: {_show(now.get(gap))} → {_show(then.get(gap))}")
    return lines


def _fields_changed(was: Any, now: Any) -> str:
    parts = []
    for field in dataclasses.fields(was):
        old, new = getattr(was, field.name), getattr(now, field.name)
        if old == new:
            continue
        name = field.name.replace("_", " ")
        if any(isinstance(v, str) and (len(v) > LONG or "\n" in v) for v in (old, new)):
            parts.append(f"{name} changed")  # a long text (notes): too long for a line
        else:
            parts.append(f"{name} {_show(old)} → {_show(new)}")
    return "; ".join(parts)


def _show(value: Any) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(str(v) for v in value)) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def worked_out(effect: Mapping[str, Any]) -> str:
    """What a card-changing effect came to when applied, for the log: "gunners 6 -> 5",
    "formation open order -> no formation", "1 x 4 figures per stand = 4" (a stand captured)
    ("" for other effects)."""
    kind = effect.get("kind")
    if kind == "attribute" and "was" in effect and "now" in effect:
        name = str(effect.get("attribute", "")).replace("_", " ")
        return f"{name} {effect['was']} -> {effect['now']}"
    if kind == "lose" and "per_stand" in effect and "stands" in effect:
        name = str(effect.get("attribute", "")).replace("_", " ")
        return f"{effect['stands']} x {effect['per_stand']} {name} = {effect.get('amount')}"
    if kind == "formation" and "formation" in effect:
        was = str(effect.get("was") or "none").replace("_", " ")
        return f"formation {was} -> {str(effect['formation']).replace('_', ' ')}"
    return ""


def applied_text(data: Mapping[str, Any], name: Callable[[str], str], lead: str = "Applied") -> str:
    """An ``apply_effects`` entry in words, each effect under the unit it fell on, in the order
    they are first named: "Applied to the target: it loses 2 figures; ... — to the firer:
    marked as having fired" (a fire's effects fall on both; all under the unit the check was
    made for read as if the firer had lost the figures). ``name``: a unit's name from its
    id; ``lead``: the first word."""
    default = data.get("unit")
    groups: dict[str | None, list[str]] = {}
    for effect in data.get("effects") or []:
        if not isinstance(effect, Mapping):
            continue
        # a note to the table falls on no card, whoever the check was made for
        target = None if effect.get("table") is True else effect.get("unit", default)
        text = str(effect.get("text") or effect.get("kind"))
        worked = worked_out(effect)
        if worked:
            text = f"{text} ({worked})"
        groups.setdefault(target if isinstance(target, str) else None, []).append(text)
    if not groups:
        who = name(default) if isinstance(default, str) else "no unit"
        return f"{lead} to {who}: nothing"
    parts = [
        f"{name(unit) if unit is not None else 'the table'}: {'; '.join(texts)}"
        for unit, texts in groups.items()
    ]
    return f"{lead} to " + " — to ".join(parts)
