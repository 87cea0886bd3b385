"""Validate a parsed ruleset document into a frozen :class:`~drumhead.rules.model.Ruleset`.

Pure: takes the parsed TOML (and, for error lines, its text), returns types or raises
:class:`~drumhead.errors.RulesetError` naming the file, key path and what was expected.

This module reads the document's top level (its id, title and sources, lookups, shared
inputs, gaps, rulings, optional rules, ladders, unit types, markers and quick reference) and
hands each check, the attributes, the quick facts, the gap tables and the sequence of play to
the part that reads them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from drumhead.loading.ruleset.attributes import (
    attribute_fields,
    check_effect_attributes,
    check_morale_checks,
    read_attributes,
)
from drumhead.loading.ruleset.cells import check_cell_parts
from drumhead.loading.ruleset.checks import read_check
from drumhead.loading.ruleset.expressions import check_expr
from drumhead.loading.ruleset.facts import check_fact_cases, read_quick_facts
from drumhead.loading.ruleset.gaps import link_gap_keys, read_gap_tables, read_keyed_values
from drumhead.loading.ruleset.inputs import check_from_card, check_unit_choices, read_input
from drumhead.loading.ruleset.names import Names, listed, valid_id
from drumhead.loading.ruleset.sequence import link_check_phases, read_sequence
from drumhead.questions.answers import value_problem
from drumhead.rules.facts import fields_of
from drumhead.rules.model import (
    MARKER_LASTS,
    STATE_LASTS,
    GapSpec,
    InputSpec,
    Ladder,
    MarkerSpec,
    OptionSpec,
    ReferenceEntry,
    Ruleset,
    Ruling,
    Source,
    StateLasting,
    UnitType,
)
from drumhead.rules.reader import Locator, Problems, Reader

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
    "default_quality",
    "formations",
    "checks",
    "sequence",
    "reference",
    "gap_tables",
    "unit_attributes",
    "leader_attributes",
    "quick_facts",
)
"""Every key a ruleset file may have at its top level."""


_RULESET_ID = re.compile(r"^[a-z][a-z0-9-]*$")


def build_ruleset(
    data: Mapping[str, Any],
    *,
    file: str = "",
    text: str = "",
    active_options: frozenset[str] = frozenset(),
    house_rules: str | None = None,
    house_rules_digest: str | None = None,
    locator: Locator | None = None,
) -> Ruleset:
    """Validate ``data`` (a parsed ruleset file, options and house rules already laid over).

    Every problem in the file is found in one pass and raised together
    (:class:`~drumhead.errors.RulesetErrors`, one error per problem, each with its file, line
    and key); ``locator`` says which file and line a key path came from when house rules were
    laid over the ruleset.
    """
    problems = Problems()
    r = Reader(data, file=file, text=text, problems=problems, locator=locator)
    r.allow(*TOP_LEVEL_KEYS)
    ruleset_id = title = version = description = ""
    with r.guard():
        ruleset_id = r.text("id")
        if not _RULESET_ID.match(ruleset_id):
            r.report("id", f"'{ruleset_id}' is not a valid ruleset id (lower case, digits, -)")
    with r.guard():
        title = r.text("title")
    with r.guard():
        version = r.text("version")
    with r.guard():
        description = r.text("description")

    sources = []
    with r.guard():
        for s in r.array("sources"):
            with s.guard():
                sources.append(Source(s.text("id"), s.text("title"), s.text("document")))
                s.done()
        if not sources:
            r.report("sources", "a ruleset must name at least one source document")

    lookups: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    lookup_names = set(_keys(data, "lookups"))
    with r.guard():
        for name, table in r.tables("lookups"):
            with table.guard():
                valid_id(r, f"lookups.{name}", name)
                items = []
                for key in table.data:
                    value = table.raw(key)
                    if not isinstance(value, int | str | bool):
                        table.report(key, "lookup values must be numbers, text or booleans")
                    items.append((key, value))
                lookups.append((name, tuple(items)))
    lookup_keys = {name: {k for k, _ in items} for name, items in lookups}

    shared_inputs: dict[str, InputSpec] = {}
    with r.guard():
        for name, table in r.tables("inputs"):
            with table.guard():
                ident = valid_id(r, f"inputs.{name}", name)
                shared_inputs[name] = read_input(table, ident, fields=attribute_fields(data))

    gaps = []
    gap_ids = set(_keys(data, "gaps"))
    with r.guard():
        for gap_id, g in r.tables("gaps"):
            with g.guard():
                valid_id(r, f"gaps.{gap_id}", gap_id)
                gtype = g.text("type", "int", choices=("int", "text", "choice"))
                choices = g.strs("choices", ())
                if gtype == "choice" and not choices:
                    g.report("choices", "a choice gap needs its choices")
                value = g.raw("value", None)
                minimum, maximum = g.integer("min", None), g.integer("max", None)
                if gtype != "int" and (minimum is not None or maximum is not None):
                    g.report("min" if minimum is not None else "max", "only an int gap has bounds")
                if minimum is not None and maximum is not None and minimum > maximum:
                    g.report(
                        "max", f"the greatest answer ({maximum}) is below the least ({minimum})"
                    )
                gap = GapSpec(
                    gap_id,
                    g.text("question"),
                    g.text("source"),
                    gtype,
                    choices,
                    value,
                    ruling=g.text("ruling", None),
                    value_source=g.text("value_source", ""),
                    keys=g.strs("keys", ()),
                    values=read_keyed_values(g),
                    minimum=minimum,
                    maximum=maximum,
                    label=g.text("label", ""),
                )
                if value is not None:
                    _check_gap_value(g, "value", gap, value)
                if gap.ruling is not None and value is None:
                    g.report("ruling", "a gap's ruling reads its value: give the value too")
                g.done()
                gaps.append(gap)

    rulings = []
    with r.guard():
        for ru in r.array("rulings"):
            with ru.guard():
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
        r.report("rulings", "two rulings share an id")
    for gap in gaps:
        if gap.ruling is not None and gap.ruling not in ruling_ids:
            r.report(
                f"gaps.{gap.id}.ruling",
                f"no ruling '{gap.ruling}' (rulings: {listed(ruling_ids)})",
            )

    options = []
    option_ids = set(_keys(data, "options"))
    with r.guard():
        for opt_id, o in r.tables("options"):
            with o.guard():
                valid_id(r, f"options.{opt_id}", opt_id)
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
    for unknown in sorted(active_options - option_ids):
        r.report(
            "options",
            f"unknown optional rule '{unknown}' "
            f"(this ruleset has: {', '.join(sorted(option_ids)) or 'none'})",
        )

    ladders = []
    with r.guard():
        for ladder_id, lt in r.tables("ladders"):
            with lt.guard():
                states = lt.strs("states")
                labels = lt.table("labels", None)
                label_items: tuple[tuple[str, str], ...] = ()
                if labels is not None:
                    label_items = tuple((k, labels.text(k)) for k in labels.data)
                    for k, _ in label_items:
                        if k not in states:
                            labels.report(
                                k, f"'{k}' is not a state of this ladder ({', '.join(states)})"
                            )
                    labels.done()
                start = lt.text("start", "")
                if start and start not in states:
                    lt.report(
                        "start", f"'{start}' is not a state of this ladder ({', '.join(states)})"
                    )
                lasting = _lasting(lt, states)
                ladders.append(
                    Ladder(
                        ladder_id,
                        states,
                        label_items,
                        lt.text("source", ""),
                        start=start,
                        lasting=lasting,
                    )
                )
                lt.done()
    ladder_ids = set(_keys(data, "ladders"))

    unit_types = []
    with r.guard():
        for type_id, ut in r.tables("unit_types"):
            with ut.guard():
                ladder = ut.text("ladder", "default")
                if ladder_ids and ladder not in ladder_ids:
                    ut.report(
                        "ladder", f"no ladder '{ladder}' (ladders: {', '.join(sorted(ladder_ids))})"
                    )
                unit_types.append(
                    UnitType(
                        type_id,
                        ut.text("label"),
                        ut.text("strength"),
                        ladder,
                        ut.boolean("single_stand", False),
                        ut.text("morale_check", None),
                    )
                )
                ut.done()

    unit_attributes = read_attributes(r, "unit_attributes")
    leader_attributes = read_attributes(r, "leader_attributes")

    markers = []
    with r.guard():
        for marker_id, m in r.tables("markers"):
            with m.guard():
                lasts = m.text("lasts", None, choices=MARKER_LASTS)
                markers.append(
                    MarkerSpec(
                        marker_id,
                        m.text("label"),
                        m.text("source", ""),
                        lasts=lasts,
                        short=m.text("short", ""),
                    )
                )
                m.done()
    marker_ids = set(_keys(data, "markers"))

    qualities: tuple[str, ...] = ()
    formations: tuple[str, ...] = ()
    with r.guard():
        qualities = r.strs("qualities", ())
    with r.guard():
        formations = r.strs("formations", ())
    default_quality: tuple[str, str] | None = None
    with r.guard():
        default_quality = _default_quality(r, qualities)

    names = Names(
        ladders={x.id: x.states for x in ladders},
        unit_types={
            **dict.fromkeys(_keys(data, "unit_types"), ""),
            **{u.id: u.ladder for u in unit_types},
        },
        markers=marker_ids,
        qualities=qualities,
        formations=formations,
        gaps=gap_ids,
        lookups=lookup_names,
        lookup_keys=lookup_keys,
        options=option_ids,
        rulings=ruling_ids,
        card_fields=attribute_fields(data),
        unit_attributes={a.id: a for a in unit_attributes},
    )
    quick_facts = read_quick_facts(
        r,
        names,
        fields_of(
            tuple(_keys(data, "unit_types")),
            qualities,
            formations,
            unit_attributes,
            tuple(option_ids),
        ),
    )
    shared_tables = data.get("inputs")
    shared_choices = {i.name: i.choices for i in shared_inputs.values() if i.type == "choice"}
    for spec in shared_inputs.values():
        assert isinstance(shared_tables, dict)
        t = r.child(shared_tables[spec.name], f"inputs.{spec.name}")
        check_unit_choices(t, spec, names)
        if spec.when is not None:  # another shared input (each check using it uses that too)
            others = set(shared_inputs) - {spec.name}
            check_expr(t, "when", spec.when, others, names, shared_choices, set(shared_choices))
    checks = []
    check_ids = set(_keys(data, "checks"))
    with r.guard():
        for check_id, c in r.tables("checks"):
            with c.guard():
                valid_id(r, f"checks.{check_id}", check_id)
                broken = set(_keys(data, "inputs")) - set(shared_inputs)
                check = read_check(c, check_id, shared_inputs, broken, names)
                if check is not None:
                    checks.append(check)
    if not check_ids:
        r.report("checks", "a ruleset needs at least one check")
    for check in checks:
        check_from_card(r, check)
        for spec in check.inputs:
            named, _, in_role = (spec.from_log or "").partition(":")[2].partition("@")
            where = f"checks.{check.id}.inputs.{spec.name}.from_log"
            if named and named not in check_ids:
                r.report(where, f"no check '{named}' (checks: {listed(check_ids)})")
            elif in_role:
                roles = next((c.role_ids for c in checks if c.id == named), None)
                if roles is not None and in_role not in roles:
                    r.report(where, f"check '{named}' has no role '{in_role}' ({listed(roles)})")
        for role in check.roles:
            named, _, picked = (role.from_log or "").partition(":")[2].partition(".")
            where = f"checks.{check.id}.roles.{role.id}.from_log"
            other = next((c for c in checks if c.id == named), None)
            if named and other is None:
                r.report(where, f"no check '{named}' (checks: {listed(check_ids)})")
            elif other is not None and picked not in other.role_ids[1:]:
                r.report(where, f"{named} has no other role '{picked}' ({listed(other.role_ids)})")
    gaps = link_gap_keys(r, gaps, checks, shared_inputs)
    check_morale_checks(r, unit_types, checks)
    check_effect_attributes(r, checks, unit_attributes, leader_attributes)
    gap_tables, gaps = read_gap_tables(r, gaps, check_ids, ruling_ids)
    check_cell_parts(r, checks, gap_tables, gaps)

    sequence = None
    with r.guard():
        sequence = read_sequence(r, check_ids, option_ids, {c.id: c for c in checks})
    raw_checks = data.get("checks")
    raw_checks = raw_checks if isinstance(raw_checks, dict) else {}
    checks = link_check_phases(
        r,
        checks,
        sequence,
        {k: v.get("phase") for k, v in raw_checks.items() if isinstance(v, dict)},
    )

    reference = []
    with r.guard():
        for ref in r.array("reference"):
            with ref.guard():
                columns = ref.strs("columns", ())
                rows_raw = ref.raw("rows", [])
                if not isinstance(rows_raw, list):
                    raise ref.error("rows", "expected a list of rows")
                rows = []
                for index, row in enumerate(rows_raw):
                    if not isinstance(row, list) or len(row) != len(columns):
                        ref.report(f"rows.{index}", f"expected a row of {len(columns)} cells")
                        continue
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

    ruleset = Ruleset(
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
        default_quality=default_quality,
        formations=formations,
        markers=tuple(markers),
        sequence=sequence,
        reference=tuple(reference),
        house_rules=house_rules,
        house_rules_digest=house_rules_digest,
        active_options=active_options,
        gap_tables=tuple(gap_tables),
        unit_attributes=unit_attributes,
        leader_attributes=leader_attributes,
        quick_facts=quick_facts,
    )
    with r.guard():
        check_fact_cases(r, ruleset)
    problems.raise_any()
    return ruleset


def _keys(data: Mapping[str, Any], name: str) -> list[str]:
    """The keys of table ``name`` (whatever their values): ids other parts may name, known even
    when the item itself is invalid, so one bad item does not make every mention an error."""
    table = data.get(name)
    return [str(k) for k in table] if isinstance(table, dict) else []


def _check_gap_value(reader: Reader, key: str, gap: GapSpec, value: Any) -> None:
    if gap.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        reader.report(key, f"gap '{gap.id}' takes a whole number, got {value!r}")
    elif gap.type == "int" and value_problem(gap, value) is not None:
        reader.report(key, f"gap '{gap.id}' {value_problem(gap, value)}")
    if gap.type == "text" and not isinstance(value, str):
        reader.report(key, f"gap '{gap.id}' takes text, got {value!r}")
    if gap.type == "choice" and value not in gap.choices:
        reader.report(key, f"gap '{gap.id}' takes one of {', '.join(gap.choices)}, got {value!r}")


def _default_quality(r: Reader, qualities: tuple[str, ...]) -> tuple[str, str] | None:
    """``[default_quality]``: the quality a unit added in play with none given takes, and the
    rule that says so (without it the players are asked)."""
    t = r.table("default_quality", None)
    if t is None:
        return None
    quality = t.text("quality")
    source = t.text("source")
    if quality not in qualities:
        t.report("quality", f"'{quality}' is not one of the qualities ({', '.join(qualities)})")
    if not source.strip():
        t.report("source", "a default quality names the rule that gives it")
    t.done()
    return quality, source


def _lasting(lt: Reader, states: tuple[str, ...]) -> tuple[StateLasting, ...]:
    """A ladder's ``[lasting]``: state -> {lasts, then, source}, the states the rules give a
    stated time and the state each ends in; each a state of the ladder."""
    out = []
    for state, entry in lt.tables("lasting"):
        with entry.guard():
            if state not in states:
                lt.report(
                    "lasting", f"'{state}' is not a state of this ladder ({', '.join(states)})"
                )
            lasts = entry.text("lasts", choices=STATE_LASTS)
            then = entry.text("then")
            if then not in states:
                entry.report(
                    "then", f"'{then}' is not a state of this ladder ({', '.join(states)})"
                )
            out.append(StateLasting(state, lasts, then, entry.text("source", "")))
            entry.done()
    return tuple(out)
