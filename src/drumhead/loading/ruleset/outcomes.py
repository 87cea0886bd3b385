"""Reading a check's outcomes (``[checks.ID.outcomes.OUT]``) and the effects each proposes:
whom an effect may fall on (a role, a leader, a side, the table), the keys each kind of
effect takes, and the states, markers and rulings it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from drumhead.errors import DrumheadError
from drumhead.loading.ruleset.effect_kinds import check_card_kinds, read_card_keys
from drumhead.loading.ruleset.expressions import check_expr, check_placeholders
from drumhead.loading.ruleset.names import Names, listed, valid_id
from drumhead.rules.model import (
    COMMAND,
    COUNTED_EFFECT_KINDS,
    EFFECT_KINDS,
    LEADER_STATES,
    PICK,
    EffectSpec,
    OutcomeSpec,
)
from drumhead.rules.reader import Reader

TABLE = "table"
"""An effect for the players, not a unit: a reminder, logged, on no card."""


EFFECT_NAMES: frozenset[str] = frozenset({"value", "rerolled"})
"""Names an effect's ``amount``/``when`` may read besides the check's own: the outcome's number
and whether a re-roll was used (e.g. to spend a leader's re-roll only when one was made)."""


def effect_targets(roles: tuple[str, ...], army_sides: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Whom an effect may fall on: a role, its leader (``leader`` is the first role's), every
    unit under that leader's command (``command``, ``command:ROLE``), an army-level check's
    side, or the table."""
    leaders = ("leader", *(f"leader:{r}" for r in roles)) if roles else ()
    commands = (COMMAND, *(f"{COMMAND}:{r}" for r in roles)) if roles else ()
    first = ("self",) if roles else ()  # the first role, whatever its name
    return tuple(dict.fromkeys((*first, *roles, *leaders, *commands, *army_sides, TABLE)))


def _is_command(who: str) -> bool:
    return who == COMMAND or who.startswith(f"{COMMAND}:")


_EFFECT_KEYS: Mapping[str, frozenset[str]] = {
    "state": frozenset({"state", "leader"}),
    "marker": frozenset({"marker", "clear_marker"}),
    "dice": frozenset({"distance"}),
}
"""An effect key -> the kinds that read it (any other kind would silently ignore it)."""


@dataclass(frozen=True, slots=True)
class EffectScope:
    """What the effects of one check may name."""

    names: set[str]
    """Names ``amount`` and ``when`` may read."""
    known: Names
    choices: Mapping[str, tuple[str, ...]]
    """The check's choice inputs and their choices."""
    placeholders: set[str]
    """Names ``text`` may show in braces."""
    lookups: set[str]
    own_states: set[str]
    """States of the ladders of the unit types the check applies to (``who = "self"``)."""
    any_states: set[str]
    """States of every ladder (an effect on another unit)."""
    markers: set[str]
    roles: tuple[str, ...]
    """Whom an effect may name (``effect_targets``)."""


def read_outcome(
    o: Reader,
    kind: str,
    out_id: str,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
    scope: EffectScope,
    sides: tuple[str, str] | None,
) -> OutcomeSpec:
    valid_id(o, None, out_id)
    when = o.expr("when", None)
    if when is not None:
        check_expr(o, "when", when, names, known, choices, texts)
    by = o.range("by", None)
    result = o.text("result", None, choices=("pass", "fail"))
    if kind == "target" and result is None:
        o.report("result", 'a target test\'s outcomes need result = "pass" or "fail"')
    effects = []
    for e in o.array("effects"):
        with e.guard():
            effects.append(_read_effect(e, scope))
    winner = o.text("winner", None)
    if winner is not None and sides is None:
        o.report("winner", "only opposed checks have sides to win")
    elif winner is not None and sides is not None and winner not in sides:
        o.report(
            "winner", f"an opposed check's winner is one of {', '.join(sides)}, not '{winner}'"
        )
    spec = OutcomeSpec(
        id=out_id,
        text=o.text("text"),
        effects=tuple(effects),
        result=cast(Any, result),
        by=by,
        when=when,
        numeric=o.boolean("numeric", kind in ("chart", "pool", "roll", "split")),
        source=o.text("source", ""),
        winner=winner,
    )
    check_placeholders(o, "text", spec.text, scope.placeholders - {"rerolled"})
    o.done()
    return spec


def _check_pick(e: Reader, spec: EffectSpec, scope: EffectScope) -> None:
    """``who = "pick:ROLE"`` names a role of units (not a leader, a side or the table), on an
    effect that changes a unit; ``each`` and ``at_random`` only go with it, ``each`` on an
    amount, ``at_random`` with the citation that says the rules choose at random."""
    if not spec.who.startswith(PICK):
        for key in ("each", "at_random"):
            if e.has(key):
                e.report(key, f'only a picked effect (who = "pick:ROLE") takes {key}')
        return
    role = spec.who.removeprefix(PICK)
    units = [
        r
        for r in scope.roles
        if r not in (TABLE, "leader") and not r.startswith("leader:") and not _is_command(r)
    ]
    if role not in units:
        e.report(
            "who",
            f"'{spec.who}' picks one unit of a role: pick:ROLE with ROLE one of {listed(units)}",
        )
    if spec.kind in ("note", "leader"):
        e.report("who", f"a '{spec.kind}' effect changes no unit's card: nothing to pick")
    if spec.each and spec.kind not in COUNTED_EFFECT_KINDS:
        e.report("each", f"each point is picked on an amount: a '{spec.kind}' effect has none")
    if spec.at_random is not None and not spec.at_random.strip():
        e.report("at_random", "cite the rule that says the unit is chosen at random")


def _check_types(e: Reader, spec: EffectSpec, scope: EffectScope) -> None:
    """``types`` names unit types the ruleset declares, on an effect that falls on a role's
    units; ``instead`` (the units it falls on take none of the outcome's other effects) on an
    effect on a role's units by name (not picked, not a command: who it spares must be known
    before the others are applied)."""
    units = spec.who not in (TABLE, "leader") and not spec.who.startswith("leader:")
    on_cards = spec.kind not in ("note", "leader")
    if e.has("types"):
        declared = tuple(scope.known.unit_types)
        if not spec.types:
            e.report("types", f"name the unit types it falls on ({listed(declared)})")
        for name in spec.types:
            if name not in declared:
                e.report("types", f"no unit type '{name}' (unit types: {listed(declared)})")
        if not (units and on_cards):
            e.report(
                "types",
                f"a '{spec.kind}' effect on '{spec.who}' changes no unit's card: no unit type "
                "to choose",
            )
    by_name = units and on_cards and not spec.who.startswith(PICK) and not _is_command(spec.who)
    if spec.instead and not by_name:
        e.report(
            "instead",
            "only an effect on the units of a role by name (who = ROLE, not a pick, a "
            "command, a leader or the table) may spare them the outcome's other effects",
        )


def _read_effect(e: Reader, scope: EffectScope) -> EffectSpec:
    kind = e.text("kind", choices=tuple(sorted(EFFECT_KINDS)))
    amount = e.expr("amount", None)
    texts = set(scope.choices)
    if amount is not None:
        check_expr(e, "amount", amount, scope.names, scope.known, scope.choices, texts)
    when = e.expr("when", None)
    if when is not None:
        check_expr(e, "when", when, scope.names, scope.known, scope.choices, texts)
    dice = e.text("dice", None)
    if dice is not None:
        from drumhead.dice.notation import parse

        try:
            parse(dice)
        except DrumheadError as exc:
            e.report("dice", str(exc))
    spec = EffectSpec(
        kind=kind,
        text=e.text("text"),
        amount=amount,
        dice=dice,
        state=e.text("state", None),
        marker=e.text("marker", None),
        who=e.text("who", "self"),
        when=when,
        ruling=e.text("ruling", None),
        source=e.text("source", None),
        each=e.boolean("each", False),
        at_random=e.text("at_random", None),
        types=e.strs("types", ()),
        instead=e.boolean("instead", False),
        **read_card_keys(e),
    )
    _check_pick(e, spec, scope)
    _check_types(e, spec, scope)
    check_card_kinds(e, spec, scope.known)
    if spec.ruling is not None and spec.ruling not in scope.known.rulings:
        e.report("ruling", f"no ruling '{spec.ruling}' (rulings: {listed(scope.known.rulings)})")
    check_placeholders(e, "text", spec.text, scope.placeholders)
    for key, kinds in _EFFECT_KEYS.items():
        if e.has(key) and kind not in kinds:
            e.report(
                key, f"a '{kind}' effect takes no {key} (only {' and '.join(sorted(kinds))} do)"
            )
    if spec.who not in scope.roles and not spec.who.startswith(PICK):
        e.report(
            "who",
            f"no one called '{spec.who}' in this check (an effect falls on one of: "
            f"{', '.join(scope.roles)}; a check names its sides under roles)",
        )
    first = scope.roles[1] if len(scope.roles) > 1 and scope.roles[0] == "self" else "self"
    if spec.who == TABLE and kind != "note":
        e.report("who", "only a note is for the table: every other effect changes a unit")
    if _is_command(spec.who) and kind in ("leader", "distance"):
        e.report(
            "who",
            f"'{spec.who}' is every unit under a leader's command: a '{kind}' effect changes "
            "no unit's card",
        )
    if kind == "state":
        if spec.state is None:
            e.report("state", "a 'state' effect needs the state")
        else:
            states = scope.own_states if spec.who in ("self", first) else scope.any_states
            if states and spec.state not in states:
                e.report(
                    "state",
                    f"'{spec.state}' is not on the ladder of the units this falls on "
                    f"({listed(states)})",
                )
    if kind == "leader" and spec.state is not None and spec.state not in LEADER_STATES:
        e.report("state", f"a leader is {', '.join(LEADER_STATES)}, not '{spec.state}'")
    if kind in ("marker", "clear_marker"):
        if spec.marker is None:
            e.report("marker", f"a '{kind}' effect needs the marker")
        elif scope.markers and spec.marker not in scope.markers:
            e.report("marker", f"no marker '{spec.marker}' (markers: {listed(scope.markers)})")
    if kind in COUNTED_EFFECT_KINDS and spec.amount is None:
        article = "an" if kind[0] in "aeiou" else "a"
        e.report("amount", f"{article} '{kind}' effect needs an amount")
    e.done()
    return spec
