"""Validate a parsed ruleset document into a frozen :class:`~drumhead.model.Ruleset`.

Pure: takes the parsed TOML (and, for error lines, its text), returns types or raises
:class:`~drumhead.errors.RulesetError` naming the file, key path and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

from drumhead.checks import MECHANICS
from drumhead.errors import DrumheadError
from drumhead.model import (
    COUNTED_EFFECT_KINDS,
    EFFECT_KINDS,
    UNIT_FIELDS,
    CheckSpec,
    EffectSpec,
    GapSpec,
    InputSpec,
    Ladder,
    MarkerSpec,
    ModifierSpec,
    OptionSpec,
    OutcomeSpec,
    Phase,
    ReferenceEntry,
    Refusal,
    Ruleset,
    Ruling,
    RulingRef,
    Sequence,
    Source,
    Step,
    UnitType,
)
from drumhead.schema import Reader

TOP_LEVEL_KEYS = (
    "id",
    "title",
    "version",
    "description",
    "sources",
    "lookups",
    "inputs",
    "gaps",
    "rulings",
    "options",
    "ladders",
    "unit_types",
    "markers",
    "qualities",
    "formations",
    "checks",
    "sequence",
    "reference",
)
"""Every key a ruleset file may have at its top level."""

_ID = re.compile(r"^[a-z][a-z0-9_]*$")

EFFECT_NAMES: frozenset[str] = frozenset({"value", "rerolled"})
"""Names an effect's ``amount``/``when`` may read besides the check's own: the outcome's number
and whether a re-roll was used (e.g. to spend a leader's re-roll only when one was made)."""
_RULESET_ID = re.compile(r"^[a-z][a-z0-9-]*$")


def _ident(reader: Reader, name: str, value: str) -> str:
    if not _ID.match(value):
        raise reader.error(name, f"'{value}' is not a valid id (lower case, digits, _)")
    return value


def build_ruleset(
    data: Mapping[str, Any],
    *,
    file: str = "",
    text: str = "",
    active_options: frozenset[str] = frozenset(),
    house_rules: str | None = None,
    house_rules_digest: str | None = None,
) -> Ruleset:
    """Validate ``data`` (a parsed ruleset file, options and house rules already laid over)."""
    r = Reader(data, file=file, text=text)
    r.allow(*TOP_LEVEL_KEYS)
    ruleset_id = r.text("id")
    if not _RULESET_ID.match(ruleset_id):
        raise r.error("id", f"'{ruleset_id}' is not a valid ruleset id (lower case, digits, -)")
    title = r.text("title")
    version = r.text("version")
    description = r.text("description")

    sources = []
    for s in r.array("sources"):
        sources.append(Source(s.text("id"), s.text("title"), s.text("document")))
        s.done()
    if not sources:
        raise r.error("sources", "a ruleset must name at least one source document")

    lookups: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    for name, table in r.tables("lookups"):
        _ident(r, f"lookups.{name}", name)
        items = []
        for key in table.data:
            value = table.raw(key)
            if not isinstance(value, int | str | bool):
                raise table.error(key, "lookup values must be numbers, text or booleans")
            items.append((key, value))
        lookups.append((name, tuple(items)))
    lookup_names = {name for name, _ in lookups}

    shared_inputs: dict[str, InputSpec] = {}
    for name, table in r.tables("inputs"):
        shared_inputs[name] = _read_input(table, _ident(r, f"inputs.{name}", name))

    gaps = []
    for gap_id, g in r.tables("gaps"):
        _ident(r, f"gaps.{gap_id}", gap_id)
        gtype = g.text("type", "int", choices=("int", "text", "choice"))
        choices = g.strs("choices", ())
        if gtype == "choice" and not choices:
            raise g.error("choices", "a choice gap needs its choices")
        value = g.raw("value", None)
        gap = GapSpec(
            gap_id,
            g.text("question"),
            g.text("source"),
            gtype,
            choices,
            value,
            ruling=g.text("ruling", None),
            value_source=g.text("value_source", ""),
        )
        if value is not None:
            _check_gap_value(g, "value", gap, value)
        if gap.ruling is not None and value is None:
            raise g.error("ruling", "a gap's ruling reads its value: give the value too")
        g.done()
        gaps.append(gap)
    gap_ids = {g.id for g in gaps}

    rulings = []
    for ru in r.array("rulings"):
        rulings.append(
            Ruling(
                ru.text("id"),
                ru.text("rule"),
                ru.text("reading"),
                ru.text("reason"),
                ru.text("source"),
                ru.text("alternative", ""),
            )
        )
        ru.done()
    ruling_ids = {x.id for x in rulings}
    if len(ruling_ids) != len(rulings):
        raise r.error("rulings", "two rulings share an id")
    for gap in gaps:
        if gap.ruling is not None and gap.ruling not in ruling_ids:
            raise r.error(f"gaps.{gap.id}.ruling", f"no ruling '{gap.ruling}'")

    options = []
    for opt_id, o in r.tables("options"):
        _ident(r, f"options.{opt_id}", opt_id)
        o.raw("patch", None)  # applied before validation, see loader.apply_options
        options.append(
            OptionSpec(
                opt_id,
                o.text("title"),
                o.text("description"),
                o.text("source"),
                o.boolean("default", False),
            )
        )
        o.done()
    option_ids = {o.id for o in options}
    unknown_options = sorted(active_options - option_ids)
    if unknown_options:
        raise r.error(
            "options",
            f"unknown optional rule '{unknown_options[0]}' "
            f"(this ruleset has: {', '.join(sorted(option_ids)) or 'none'})",
        )

    ladders = []
    for ladder_id, lt in r.tables("ladders"):
        states = lt.strs("states")
        labels = lt.table("labels", None)
        label_items: tuple[tuple[str, str], ...] = ()
        if labels is not None:
            label_items = tuple((k, labels.text(k)) for k in labels.data)
            for k, _ in label_items:
                if k not in states:
                    raise labels.error(k, f"'{k}' is not a state of this ladder")
            labels.done()
        ladders.append(Ladder(ladder_id, states, label_items, lt.text("source", "")))
        lt.done()
    ladder_ids = {x.id for x in ladders}

    unit_types = []
    for type_id, ut in r.tables("unit_types"):
        ladder = ut.text("ladder", "default")
        if ladders and ladder not in ladder_ids:
            raise ut.error(
                "ladder", f"no ladder '{ladder}' (ladders: {', '.join(sorted(ladder_ids))})"
            )
        unit_types.append(
            UnitType(
                type_id,
                ut.text("label"),
                ut.text("strength"),
                ladder,
                ut.boolean("single_stand", False),
            )
        )
        ut.done()
    unit_type_ids = {u.id for u in unit_types}

    markers = []
    for marker_id, m in r.tables("markers"):
        markers.append(MarkerSpec(marker_id, m.text("label"), m.text("source", "")))
        m.done()

    qualities = r.strs("qualities", ())
    formations = r.strs("formations", ())

    checks = []
    for check_id, c in r.tables("checks"):
        _ident(r, f"checks.{check_id}", check_id)
        checks.append(
            _read_check(
                c,
                check_id,
                shared_inputs,
                gap_ids,
                lookup_names,
                option_ids,
                ruling_ids,
                unit_type_ids,
            )
        )
    if not checks:
        raise r.error("checks", "a ruleset needs at least one check")
    check_ids = {c.id for c in checks}

    sequence = None
    seq = r.table("sequence", None)
    if seq is not None:
        phases = []
        for p in seq.array("phases"):
            steps = []
            for st in p.array("steps"):
                check = st.text("check", None)
                if check is not None and check not in check_ids:
                    raise st.error("check", f"no check '{check}'")
                steps.append(Step(st.text("id"), st.text("text"), check, st.text("source", "")))
                st.done()
            option = p.text("option", None)
            if option is not None and option not in option_ids:
                raise p.error("option", f"no optional rule '{option}'")
            phases.append(
                Phase(
                    p.text("id"),
                    p.text("title"),
                    tuple(steps),
                    p.text("source", ""),
                    p.text("note", ""),
                    option,
                )
            )
            p.done()
        sequence = Sequence(
            seq.text("activation", choices=("cards", "initiative", "alternate", "none")),
            tuple(phases),
            seq.text("source", ""),
            seq.text("note", ""),
        )
        seq.done()
    for check in checks:
        if check.phase is not None and (
            sequence is None or check.phase not in {p.id for p in sequence.phases}
        ):
            raise r.error(f"checks.{check.id}.phase", f"no phase '{check.phase}' in the sequence")

    reference = []
    for ref in r.array("reference"):
        columns = ref.strs("columns", ())
        rows_raw = ref.raw("rows", [])
        if not isinstance(rows_raw, list):
            raise ref.error("rows", "expected a list of rows")
        rows = []
        for index, row in enumerate(rows_raw):
            if not isinstance(row, list) or len(row) != len(columns):
                raise ref.error(f"rows.{index}", f"expected a row of {len(columns)} cells")
            rows.append(tuple(str(cell) for cell in row))
        reference.append(
            ReferenceEntry(
                ref.text("id"),
                ref.text("title"),
                ref.text("source"),
                ref.text("text"),
                columns,
                tuple(rows),
                ref.strs("tags", ()),
            )
        )
        ref.done()

    r.done()
    return Ruleset(
        id=ruleset_id,
        title=title,
        version=version,
        description=description,
        sources=tuple(sources),
        checks=tuple(checks),
        gaps=tuple(gaps),
        rulings=tuple(rulings),
        options=tuple(options),
        lookups=tuple(lookups),
        ladders=tuple(ladders),
        unit_types=tuple(unit_types),
        qualities=qualities,
        formations=formations,
        markers=tuple(markers),
        sequence=sequence,
        reference=tuple(reference),
        house_rules=house_rules,
        house_rules_digest=house_rules_digest,
        active_options=active_options,
    )


def _check_gap_value(reader: Reader, key: str, gap: GapSpec, value: Any) -> None:
    if gap.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        raise reader.error(key, f"gap '{gap.id}' takes a whole number, got {value!r}")
    if gap.type == "text" and not isinstance(value, str):
        raise reader.error(key, f"gap '{gap.id}' takes text, got {value!r}")
    if gap.type == "choice" and value not in gap.choices:
        raise reader.error(
            key, f"gap '{gap.id}' takes one of {', '.join(gap.choices)}, got {value!r}"
        )


def _read_input(t: Reader, name: str) -> InputSpec:
    itype = t.text("type", choices=("int", "bool", "choice"))
    choices = t.strs("choices", ())
    if itype == "choice" and not choices:
        raise t.error("choices", "a choice input needs its choices")
    if itype != "choice" and choices:
        raise t.error("choices", "only choice inputs take choices")
    default = t.raw("default", None)
    minimum = t.integer("min", None)
    maximum = t.integer("max", None)
    if default is not None:
        ok = (
            (itype == "int" and isinstance(default, int) and not isinstance(default, bool))
            or (itype == "bool" and isinstance(default, bool))
            or (itype == "choice" and default in choices)
        )
        if not ok:
            raise t.error("default", f"default {default!r} does not fit a {itype} input")
    from_unit = t.text("from_unit", None)
    marker = from_unit is not None and from_unit.startswith("marker:")
    if from_unit is not None and from_unit not in UNIT_FIELDS and not marker:
        raise t.error(
            "from_unit", f"'{from_unit}' is not a unit field ({', '.join(sorted(UNIT_FIELDS))})"
        )
    if marker and (itype != "bool" or not _ID.match(str(from_unit)[7:])):
        raise t.error("from_unit", "marker:ID fills a bool input: whether the unit has marker ID")
    spec = InputSpec(
        name=name,
        type=cast(Any, itype),
        label=t.text("label"),
        choices=choices,
        default=default,
        minimum=minimum,
        maximum=maximum,
        from_unit=from_unit,
        help=t.text("help", ""),
    )
    t.done()
    return spec


def _read_effect(
    e: Reader, names: set[str], lookups: set[str], ruling_ids: frozenset[str] = frozenset()
) -> EffectSpec:
    kind = e.text("kind", choices=tuple(sorted(EFFECT_KINDS)))
    amount = e.expr("amount", None)
    if amount is not None:
        e.check_names("amount", amount, names | EFFECT_NAMES, lookups)
    when = e.expr("when", None)
    if when is not None:
        e.check_names("when", when, names | EFFECT_NAMES, lookups)
    dice = e.text("dice", None)
    if dice is not None:
        from drumhead.dice import parse

        try:
            parse(dice)
        except DrumheadError as exc:
            raise e.error("dice", str(exc)) from None
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
    )
    if spec.ruling is not None and spec.ruling not in ruling_ids:
        raise e.error("ruling", f"no ruling '{spec.ruling}'")
    if kind in ("state",) and spec.state is None:
        raise e.error("state", f"a '{kind}' effect needs the state")
    if kind in ("marker", "clear_marker") and spec.marker is None:
        raise e.error("marker", f"a '{kind}' effect needs the marker")
    if kind in COUNTED_EFFECT_KINDS and spec.amount is None:
        raise e.error("amount", f"a '{kind}' effect needs an amount")
    e.done()
    return spec


def _read_check(
    c: Reader,
    check_id: str,
    shared: Mapping[str, InputSpec],
    gap_ids: set[str],
    lookups: set[str],
    option_ids: set[str],
    ruling_ids: set[str],
    unit_type_ids: set[str],
) -> CheckSpec:
    kind = c.text("kind", choices=tuple(MECHANICS))
    title = c.text("title")
    source = c.text("source")
    summary = c.text("summary")
    option = c.text("option", None)
    if option is not None and option not in option_ids:
        raise c.error("option", f"no optional rule '{option}'")
    applies_to = c.strs("applies_to", ())
    for type_id in applies_to:
        if unit_type_ids and type_id not in unit_type_ids:
            raise c.error("applies_to", f"no unit type '{type_id}'")
    phase = c.text("phase", None)

    inputs: list[InputSpec] = []
    for name in c.strs("uses", ()):
        if name not in shared:
            raise c.error("uses", f"no shared input '{name}' (define it under [inputs.{name}])")
        inputs.append(shared[name])
    for name, table in c.tables("inputs"):
        _ident(c, f"inputs.{name}", name)
        if any(i.name == name for i in inputs):
            raise table.error(None, f"input '{name}' is defined twice")
        inputs.append(_read_input(table, name))

    names: set[str] = {i.name for i in inputs}
    names |= {f"{i.name}_rank" for i in inputs if i.type == "choice"}
    names |= gap_ids | {f"opt_{o}" for o in option_ids}
    derived: list[tuple[str, Any]] = []
    dt = c.table("derived", None)
    if dt is not None:
        for name in dt.data:
            _ident(dt, name, name)
            expr = dt.check_names(name, dt.expr(name), names, lookups)
            derived.append((name, expr))
            names.add(name)
        dt.done()

    mechanic = MECHANICS[kind](c)
    sides = cast(tuple[str, str] | None, getattr(mechanic, "sides", None))
    for key, expr in mechanic.expressions():
        c.check_names(key, expr, names, lookups)
    for key in ("beyond_ruling", "small_ruling"):
        ruling = getattr(mechanic, key, None)
        if ruling is not None and ruling not in ruling_ids:
            raise c.error(key, f"no ruling '{ruling}'")

    groups: list[tuple[str, Any]] = []
    gt = c.table("groups", None)
    if gt is not None:
        for name in gt.data:
            groups.append((name, gt.text(name, choices=("max", "min"))))
        gt.done()
    group_ids = {g for g, _ in groups}

    modifiers = []
    for mod_id, m in c.tables("modifiers"):
        _ident(c, f"modifiers.{mod_id}", mod_id)
        value = m.check_names("value", m.expr("value"), names, lookups)
        when = m.expr("when", None)
        if when is not None:
            m.check_names("when", when, names, lookups)
        group = m.text("group", None)
        if group is not None and group not in group_ids:
            raise m.error(
                "group", f"no group '{group}' (declare it under [checks.{check_id}.groups])"
            )
        side = m.text("side", None)
        if sides is not None and side not in sides:
            raise m.error(
                "side", f"an opposed check's modifier needs side = one of {', '.join(sides)}"
            )
        if sides is None and side is not None:
            raise m.error("side", "only opposed checks have sides")
        mod_option = m.text("option", None)
        if mod_option is not None and mod_option not in option_ids:
            raise m.error("option", f"no optional rule '{mod_option}'")
        modifiers.append(
            ModifierSpec(
                id=mod_id,
                label=m.text("label"),
                value=value,
                source=m.text("source"),
                auto=m.boolean("auto", False),
                when=when,
                group=group,
                side=side,
                applies=m.text("applies", "roll", choices=("roll", "dice", "scale", "target")),
                scale_by=m.integer("scale_by", 1),
                countable=m.boolean("countable", False),
                option=mod_option,
                explain=m.text("explain", ""),
                refusals=_read_refusals(m, names, lookups),
            )
        )
        m.done()

    outcomes = []
    for out_id, o in c.tables("outcomes"):
        _ident(c, f"outcomes.{out_id}", out_id)
        when = o.expr("when", None)
        if when is not None:
            o.check_names("when", when, names, lookups)
        by = o.range("by", None)
        result = o.text("result", None, choices=("pass", "fail"))
        if kind == "target" and result is None:
            raise o.error("result", 'a target test\'s outcomes need result = "pass" or "fail"')
        effects = tuple(
            _read_effect(
                e,
                names | _value_names(mechanic) | {f"mod_{m.id}" for m in modifiers},
                lookups,
                frozenset(ruling_ids),
            )
            for e in o.array("effects")
        )
        winner = o.text("winner", None)
        if winner is not None and sides is None:
            raise o.error("winner", "only opposed checks have sides to win")
        if winner is not None and sides is not None and winner not in sides:
            raise o.error("winner", f"an opposed check's winner is one of {', '.join(sides)}")
        outcomes.append(
            OutcomeSpec(
                id=out_id,
                text=o.text("text"),
                effects=effects,
                result=cast(Any, result),
                by=by,
                when=when,
                numeric=o.boolean("numeric", kind in ("chart", "pool", "roll", "split")),
                source=o.text("source", ""),
                winner=winner,
            )
        )
        o.done()
    if not outcomes:
        raise c.error("outcomes", "a check needs its outcomes")
    refusals = _read_refusals(c, names, lookups)
    ruling_refs = []
    for rr in c.array("rulings"):
        ref_id = rr.text("id")
        if ref_id not in ruling_ids:
            raise rr.error("id", f"no ruling '{ref_id}'")
        when = rr.expr("when", None)
        if when is not None:
            rr.check_names("when", when, names, lookups)
        alternative = rr.expr("alternative_when", None)
        if alternative is not None:
            rr.check_names("alternative_when", alternative, names, lookups)
        ruling_refs.append(RulingRef(ref_id, when, alternative))
        rr.done()
    outcome_ids = {o.id for o in outcomes}
    for ref in sorted(mechanic.outcome_ids() - outcome_ids):
        raise c.error("outcomes", f"the check can produce '{ref}' but defines no such outcome")
    for gap_ref in _cell_gaps(mechanic):
        if gap_ref not in gap_ids:
            raise c.error(None, f"a cell names gap '{gap_ref}', which is not declared under [gaps]")

    c.done()
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
    )


def _read_refusals(t: Reader, names: set[str], lookups: set[str]) -> tuple[Refusal, ...]:
    """The ``refuse`` list of a check or a modifier: ``{when, text, source}`` each."""
    refusals = []
    for rf in t.array("refuse"):
        refusals.append(
            Refusal(
                rf.check_names("when", rf.expr("when"), names, lookups),
                rf.text("text"),
                rf.text("source", ""),
            )
        )
        rf.done()
    return tuple(refusals)


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
