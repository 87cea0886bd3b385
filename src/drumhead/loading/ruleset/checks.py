"""Reading one check (``[checks.ID]``) into a :class:`~drumhead.rules.model.CheckSpec`.

The check's own keys, its roles, inputs and derived values, its mechanic (which parses its
own keys, :mod:`drumhead.checks`), groups, modifiers, outcomes, refusals and rulings, and the
references between them: every outcome the mechanic can produce is defined, every gap a cell
names is declared, every text shows only names the check knows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, cast

from drumhead.checks import MECHANICS
from drumhead.loading.ruleset.cells import check_unit_reads, read_cell_parts
from drumhead.loading.ruleset.expressions import check_expr, check_placeholders
from drumhead.loading.ruleset.inputs import read_input
from drumhead.loading.ruleset.modifiers import read_modifier, read_refuse
from drumhead.loading.ruleset.names import Names, listed, valid_id
from drumhead.loading.ruleset.outcomes import (
    EFFECT_NAMES,
    TABLE,
    EffectScope,
    effect_targets,
    read_outcome,
)
from drumhead.rules.luck import read_luck
from drumhead.rules.model import CheckSpec, InputSpec, RoleSpec, RulingRef
from drumhead.rules.reader import Reader


def read_check(
    c: Reader,
    check_id: str,
    shared: Mapping[str, InputSpec],
    shared_broken: set[str],
    known: Names,
) -> CheckSpec | None:
    """The check, or None when a part of it was refused (every problem is reported)."""
    failed = False
    kind = c.text("kind", choices=tuple(MECHANICS))
    title = c.text("title")
    source = c.text("source")
    summary = c.text("summary")
    option = c.text("option", None)
    if option is not None and option not in known.options:
        c.report("option", f"no optional rule '{option}' (rules: {listed(known.options)})")
    applies_to = c.strs("applies_to", ())
    for type_id in applies_to:
        if known.unit_types and type_id not in known.unit_types:
            c.report("applies_to", f"no unit type '{type_id}' (types: {listed(known.unit_types)})")
    phase = c.raw("phase", None)  # a phase id or a list of them: read by link_check_phases
    phase = phase if isinstance(phase, str) else None
    scope_kind = c.text("scope", "unit", choices=("unit", "army"))
    role_conditions: list[tuple[Reader, str, Any]] = []
    roles = _read_roles(c, known, role_conditions)
    if scope_kind == "army" and roles:
        c.report("roles", "an army-level check is made for a side: it has no unit roles")

    inputs: list[InputSpec] = []
    broken: set[str] = set()  # inputs refused: named without a second error
    for name in c.strs("uses", ()):
        if name in shared:
            inputs.append(shared[name])
        elif name in shared_broken:
            broken.add(name)
        else:
            c.report(
                "uses",
                f"no shared input '{name}' (define it under [inputs.{name}]; shared inputs: "
                f"{listed(shared)})",
            )
    input_tables: dict[str, Reader] = {}
    for name, table in c.tables("inputs"):
        with table.guard():
            if any(i.name == name for i in inputs):
                raise table.error(None, f"input '{name}' is defined twice")
            valid_id(c, f"inputs.{name}", name)
            inputs.append(read_input(table, name, known))
            input_tables[name] = table
            continue
        broken.add(name)
        failed = True

    names: set[str] = {i.name for i in inputs} | broken
    names |= {f"{i.name}_rank" for i in inputs if i.type == "choice"}
    names |= known.gaps | {f"opt_{o}" for o in known.options}
    choices = {i.name: i.choices for i in inputs if i.type == "choice"}
    texts = set(choices)
    derived: list[tuple[str, Any]] = []
    dt = c.table("derived", None)
    if dt is not None:
        for name in dt.data:
            with dt.guard():
                valid_id(dt, name, name)
                expr = dt.expr(name)
                check_expr(dt, name, expr, names, known, choices, texts)
                derived.append((name, expr))
            names.add(name)
        dt.done()

    for reader, key, expr in role_conditions:
        check_expr(reader, key, expr, names, known, choices, texts)
    for spec in inputs:  # when an input applies: read from the check's other inputs alone
        if spec.when is None:
            continue
        others = {i.name for i in inputs} - {spec.name}
        if spec.name in input_tables:
            when = spec.when
            check_expr(input_tables[spec.name], "when", when, others, known, choices, texts)
        elif not spec.when.names <= others:
            missing = sorted(spec.when.names - others)[0]
            c.report(
                "uses",
                f"the shared input '{spec.name}' is offered only when '{spec.when.text}', "
                f"which reads '{missing}': use it too",
            )

    mechanic = None
    with c.guard():
        mechanic = MECHANICS[kind](c)
    sides = cast(tuple[str, str] | None, getattr(mechanic, "sides", None))
    if mechanic is None:
        failed = True
    else:
        for key, expr in mechanic.expressions():
            check_expr(c, key, expr, names, known, choices, texts)
        for key in ("beyond_ruling", "small_ruling"):
            ruling = getattr(mechanic, key, None)
            if ruling is not None and ruling not in known.rulings:
                c.report(key, f"no ruling '{ruling}' (rulings: {listed(known.rulings)})")
        _check_mechanic_texts(c, mechanic, names)
        _check_columns(c, mechanic, {i.name: i for i in inputs})

    groups: list[tuple[str, Any]] = []
    gt = c.table("groups", None)
    if gt is not None:
        for name in gt.data:
            with gt.guard():
                groups.append((name, gt.text(name, choices=("max", "min"))))
        gt.done()
    group_ids = set(gt.data) if gt is not None else set()

    modifiers = []
    for mod_id, m in c.tables("modifiers"):
        with m.guard():
            modifiers.append(
                read_modifier(m, check_id, mod_id, names, known, choices, texts, group_ids, sides)
            )
            continue
        failed = True

    if not roles and scope_kind == "unit":
        # an opposed check's sides, a split check's parts: its roles, the first the unit's
        implied = tuple(sides or ()) or _split_labels(mechanic)
        roles = tuple(RoleSpec(r, r.replace("_", " ").capitalize()) for r in implied)
    outcomes = []
    value_names = _value_names(mechanic) | {f"mod_{m}" for m in _raw_keys(c, "modifiers")}
    cell_parts = read_cell_parts(c, names | EFFECT_NAMES | value_names)
    part_names = {p.name for p in cell_parts}
    scope = EffectScope(
        names=names | EFFECT_NAMES | value_names | part_names,
        known=known,
        choices={**choices, **{p.name: p.choices for p in cell_parts if p.type == "choice"}},
        placeholders=names | EFFECT_NAMES | value_names | part_names | {"amount"},
        lookups=known.lookups,
        own_states=known.states(applies_to),
        any_states=known.states(()),
        markers=known.markers,
        roles=effect_targets(
            () if scope_kind == "army" else (tuple(r.id for r in roles) or ("self",)),
            tuple(sides or ()) if scope_kind == "army" else (),
        ),
    )
    role_names = {r.id for r in roles} or {"self"}
    for spec in inputs:
        if spec.role is not None and spec.role not in role_names:
            c.report(
                f"inputs.{spec.name}.role",
                f"no role '{spec.role}' in this check (roles: {listed(role_names)})",
            )
        if spec.from_units is not None:
            check_unit_reads(
                c, f"inputs.{spec.name}.from_units", spec.from_units, roles, known, spec
            )
    for out_id, o in c.tables("outcomes"):
        with o.guard():
            outcomes.append(
                read_outcome(o, kind, out_id, names, known, choices, texts, scope, sides)
            )
            continue
        failed = True
    if not outcomes and not failed:
        c.report("outcomes", "a check needs its outcomes")
    read_refusals = read_refuse(c, names, known, choices, texts)
    failed = failed or read_refusals is None
    refusals = read_refusals or ()
    ruling_refs = []
    for rr in c.array("rulings"):
        with rr.guard():
            ref_id = rr.text("id")
            if ref_id not in known.rulings:
                rr.report("id", f"no ruling '{ref_id}' (rulings: {listed(known.rulings)})")
            when = rr.expr("when", None)
            if when is not None:
                check_expr(rr, "when", when, names, known, choices, texts)
            alternative = rr.expr("alternative_when", None)
            if alternative is not None:
                check_expr(rr, "alternative_when", alternative, names, known, choices, texts)
            ruling_refs.append(RulingRef(ref_id, when, alternative))
            rr.done()
            continue
        failed = True
    outcome_ids = {o.id for o in outcomes} | set(_raw_keys(c, "outcomes"))
    if mechanic is not None:
        for ref in sorted(mechanic.outcome_ids() - outcome_ids):
            for where in _where_named(c.data, ref, _OUTCOME_KEYS) or ["outcomes"]:
                c.report(
                    where,
                    f"the check can produce '{ref}' but defines no such outcome "
                    f"(outcomes: {listed(outcome_ids)})",
                )
        for gap_ref in sorted(set(_cell_gaps(mechanic)) - known.gaps):
            for where in _where_named(c.data, gap_ref, ("gap",)) or [""]:
                c.report(
                    where or None,
                    f"a cell names gap '{gap_ref}', which is not declared under [gaps] "
                    f"(gaps: {listed(known.gaps)})",
                )

    luck = read_luck(
        c, outcomes, mechanic, sides, tuple(r.id for r in roles)
    )  # the luck order (drumhead.rules.luck)
    c.done()
    if failed or mechanic is None:
        return None
    return CheckSpec(
        id=check_id,
        title=title,
        kind=kind,
        source=source,
        summary=summary,
        inputs=tuple(inputs),
        derived=tuple(derived),
        modifiers=tuple(modifiers),
        groups=tuple(groups),
        outcomes=tuple(outcomes),
        mechanic=mechanic,
        option=option,
        applies_to=applies_to,
        phase=phase,
        sides=sides,
        refusals=refusals,
        rulings=tuple(ruling_refs),
        roles=roles,
        scope=cast(Any, scope_kind),
        luck=luck,
        cell_parts=cell_parts,
    )


_PICKED_AS = re.compile(r"(picked_as|its_pick|paired_by|with_pick):[A-Za-z0-9_]+\.[A-Za-z0-9_]+")
"""A role's ``from_log``: the unit whose roll of CHECK this turn picked this one as ROLE
(``picked_as``), the unit this one's own roll of CHECK picked as ROLE (``its_pick``), or
either (``paired_by``: the other wave of a wave attack, whichever wave asks), or the unit
picked as ROLE by the latest roll of CHECK this one took part in (``with_pick``)."""


def _read_roles(
    c: Reader, known: Names, conditions: list[tuple[Reader, str, Any]]
) -> tuple[RoleSpec, ...]:
    """``roles = { firer = "The firing unit", target = { title = "The target", min = 0 } }``:
    the unit the check is made for first; ``side = "own"`` for a role on its side; ``when``
    (an optional role's condition), ``from_log`` and ``from_log_when`` (what fills it). The
    conditions are appended to ``conditions``, checked once the check's names are known."""
    rt = c.table("roles", None)
    if rt is None:
        return ()
    out = []
    for role_id, raw in rt.data.items():
        with rt.guard():
            valid_id(rt, role_id, role_id)
            if role_id in ("self", "leader", TABLE):
                rt.report(role_id, f"'{role_id}' is a word effects use: name the role otherwise")
            if isinstance(raw, str):
                out.append(RoleSpec(role_id, rt.text(role_id)))
                continue
            r = rt.table(role_id)
            low, high = r.integer("min", 1), r.integer("max", 1)
            if not 0 <= low <= high or high < 1:
                r.report("max", "a role holds min..max units: 0 <= min <= max, max at least 1")
            side = r.text("side", "other", choices=("own", "other"))
            when, from_log_when = r.expr("when", None), r.expr("from_log_when", None)
            if when is not None and low > 0:
                r.report("when", "only an optional role (min = 0) may depend on a condition")
            from_log = r.text("from_log", None)
            if from_log is not None and not _PICKED_AS.fullmatch(from_log):
                r.report(
                    "from_log",
                    f"'{from_log}' is not picked_as:CHECK.ROLE, its_pick:CHECK.ROLE, paired_by:CHECK.ROLE "
                    "or with_pick:CHECK.ROLE",
                )
            if from_log_when is not None and from_log is None:
                r.report("from_log_when", "says when from_log fills the role: give from_log")
            for key, expr in (("when", when), ("from_log_when", from_log_when)):
                if expr is not None:
                    conditions.append((r, key, expr))
            out.append(
                RoleSpec(
                    role_id,
                    r.text("title"),
                    low,
                    high,
                    own_side=side == "own",
                    when=when,
                    from_log=from_log,
                    from_log_when=from_log_when,
                )
            )
            r.done()
    rt.done()
    if out and out[0].minimum < 1:
        c.report(
            "roles", f"the first role ('{out[0].id}'), the unit the check is made for, needs a unit"
        )
    return tuple(out)


_OUTCOME_KEYS = ("outcome", "otherwise", "outcome_ahead", "outcome_level", "outcome_behind")
"""Keys of a check's mechanic whose value names one of its outcomes."""


def _where_named(data: Any, value: str, keys: tuple[str, ...], prefix: str = "") -> list[str]:
    """The key paths (below ``prefix``) of every key in ``keys`` whose value is ``value``:
    where a reference was written, to report it there."""
    found: list[str] = []
    items: Iterable[tuple[str, Any]]
    if isinstance(data, dict):
        items = ((str(k), v) for k, v in data.items())
    elif isinstance(data, list):
        items = ((str(i), v) for i, v in enumerate(data))
    else:
        return found
    for key, item in items:
        path = f"{prefix}.{key}" if prefix else key
        if item == value and key in keys:
            found.append(path)
        elif isinstance(item, dict | list) and key not in ("outcomes", "inputs", "modifiers"):
            found += _where_named(item, value, keys, path)
    return found


def _raw_keys(c: Reader, name: str) -> list[str]:
    """The keys of sub-table ``name`` of the check, valid or not."""
    table = c.data.get(name)
    return [str(k) for k in table] if isinstance(table, dict) else []


_MECHANIC_TEXTS = ("auto_fail_text", "reroll_text", "no_roll_text", "otherwise_explain")
"""Mechanic attributes (and keys) that are texts with ``{name}`` placeholders."""


def _check_mechanic_texts(c: Reader, mechanic: Any, names: set[str]) -> None:
    inner = getattr(mechanic, "test", None)  # a mechanic wrapping another (rnf_test)
    if inner is not None:
        _check_mechanic_texts(c, inner, names)
    for key in _MECHANIC_TEXTS:
        template = getattr(mechanic, key, None)
        if isinstance(template, str):
            check_placeholders(c, key, template, names)
    for index, rule in enumerate(getattr(mechanic, "rules", ())):
        if isinstance(rule, tuple) and len(rule) == 3 and isinstance(rule[2], str):
            check_placeholders(c, f"rules.{index}.explain", rule[2], names)


def _check_columns(c: Reader, mechanic: Any, inputs: Mapping[str, InputSpec]) -> None:
    """A table read by column: the column is a choice input and each row has a cell for each
    of its choices, and no other."""
    column = getattr(mechanic, "column", None)
    if not isinstance(column, str):
        return
    spec = inputs.get(column)
    if spec is None or spec.type != "choice":
        c.report(
            "column",
            f"the column is read from '{column}', which is not a choice input of this check "
            f"(choice inputs: {listed(i.name for i in inputs.values() if i.type == 'choice')})",
        )
        return
    for index, row in enumerate(getattr(mechanic, "rows", ())):
        cells = [k for k, _ in getattr(row, "cells", ())]
        for cell in cells:
            if cell not in spec.choices:
                c.report(
                    f"rows.{index}.cells.{cell}",
                    f"no column '{cell}': {column} is one of {', '.join(spec.choices)}",
                )
        missing = [x for x in spec.choices if x not in cells]
        if missing:
            c.report(f"rows.{index}", f"the row has no cell for {column} = {', '.join(missing)}")


def _split_labels(mechanic: Any) -> tuple[str, ...]:
    """A split check's labels: the parts its total is shared between (whom effects fall on)."""
    pattern = getattr(mechanic, "pattern", ())
    return tuple(p for p in pattern if isinstance(p, str))


def _value_names(mechanic: Any) -> set[str]:
    """Names a mechanic's result carries besides ``value``: split labels, opposed side totals."""
    return set(getattr(mechanic, "pattern", ())) | set(getattr(mechanic, "sides", ()) or ())


def _cell_gaps(mechanic: Any) -> list[str]:
    cells = []
    for row in getattr(mechanic, "rows", ()):
        for _, cell in getattr(row, "cells", ()):
            cells.append(cell)
    for band in getattr(mechanic, "bands", ()):
        cells.append(band.cell)
    return [cell.gap for cell in cells if getattr(cell, "gap", None)]
