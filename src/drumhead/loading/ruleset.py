"""Validate a parsed ruleset document into a frozen :class:`~drumhead.rules.model.Ruleset`.

Pure: takes the parsed TOML (and, for error lines, its text), returns types or raises
:class:`~drumhead.errors.RulesetError` naming the file, key path and what was expected.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from drumhead.checks import MECHANICS
from drumhead.errors import DrumheadError
from drumhead.loading.attributes import (
    attribute_fields,
    check_effect_attributes,
    check_morale_checks,
    read_attributes,
)
from drumhead.loading.gaps import link_gap_keys, read_gap_tables, read_keyed_values
from drumhead.loading.sequence import link_check_phases, read_sequence
from drumhead.questions.answers import value_problem
from drumhead.rules.expr import Expr
from drumhead.rules.luck import read_luck
from drumhead.rules.model import (
    COUNTED_EFFECT_KINDS,
    EFFECT_KINDS,
    LEADER_STATES,
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
    ReferenceEntry,
    Refusal,
    RoleSpec,
    Ruleset,
    Ruling,
    RulingRef,
    Source,
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
    "formations",
    "checks",
    "sequence",
    "reference",
    "gap_tables",
    "unit_attributes",
    "leader_attributes",
)
"""Every key a ruleset file may have at its top level."""

_ID = re.compile(r"^[a-z][a-z0-9_]*$")

EFFECT_NAMES: frozenset[str] = frozenset({"value", "rerolled"})
"""Names an effect's ``amount``/``when`` may read besides the check's own: the outcome's number
and whether a re-roll was used (e.g. to spend a leader's re-roll only when one was made)."""
_RULESET_ID = re.compile(r"^[a-z][a-z0-9-]*$")


def _ident(reader: Reader, name: str | None, value: str) -> str:
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
                _ident(r, f"lookups.{name}", name)
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
                ident = _ident(r, f"inputs.{name}", name)
                shared_inputs[name] = _read_input(table, ident, fields=attribute_fields(data))

    gaps = []
    gap_ids = set(_keys(data, "gaps"))
    with r.guard():
        for gap_id, g in r.tables("gaps"):
            with g.guard():
                _ident(r, f"gaps.{gap_id}", gap_id)
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
                f"no ruling '{gap.ruling}' (rulings: {_known(ruling_ids)})",
            )

    options = []
    option_ids = set(_keys(data, "options"))
    with r.guard():
        for opt_id, o in r.tables("options"):
            with o.guard():
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
                ladders.append(Ladder(ladder_id, states, label_items, lt.text("source", "")))
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
                markers.append(MarkerSpec(marker_id, m.text("label"), m.text("source", "")))
                m.done()
    marker_ids = set(_keys(data, "markers"))

    qualities: tuple[str, ...] = ()
    formations: tuple[str, ...] = ()
    with r.guard():
        qualities = r.strs("qualities", ())
    with r.guard():
        formations = r.strs("formations", ())

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
    )
    shared_tables = data.get("inputs")
    for spec in shared_inputs.values():
        assert isinstance(shared_tables, dict)
        _check_unit_choices(r.child(shared_tables[spec.name], f"inputs.{spec.name}"), spec, names)
    checks = []
    check_ids = set(_keys(data, "checks"))
    with r.guard():
        for check_id, c in r.tables("checks"):
            with c.guard():
                _ident(r, f"checks.{check_id}", check_id)
                broken = set(_keys(data, "inputs")) - set(shared_inputs)
                check = _read_check(c, check_id, shared_inputs, broken, names)
                if check is not None:
                    checks.append(check)
    if not check_ids:
        r.report("checks", "a ruleset needs at least one check")
    gaps = link_gap_keys(r, gaps, checks, shared_inputs)
    check_morale_checks(r, unit_types, checks)
    check_effect_attributes(r, checks, unit_attributes, leader_attributes)
    gap_tables, gaps = read_gap_tables(r, gaps, check_ids, ruling_ids)

    sequence = None
    with r.guard():
        sequence = read_sequence(r, check_ids, option_ids)
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

    problems.raise_any()
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
        gap_tables=tuple(gap_tables),
        unit_attributes=unit_attributes,
        leader_attributes=leader_attributes,
    )


def _keys(data: Mapping[str, Any], name: str) -> list[str]:
    """The keys of table ``name`` (whatever their values): ids other parts may name, known even
    when the item itself is invalid, so one bad item does not make every mention an error."""
    table = data.get(name)
    return [str(k) for k in table] if isinstance(table, dict) else []


def _unique(reader: Reader, name: str, ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            reader.report(name, f"two of these share the {what} id '{item}'")
        seen.add(item)


def _known(ids: Iterable[str]) -> str:
    return ", ".join(sorted(ids)) or "none"


def _check_gap_value(reader: Reader, key: str, gap: GapSpec, value: Any) -> None:
    if gap.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        reader.report(key, f"gap '{gap.id}' takes a whole number, got {value!r}")
    elif gap.type == "int" and value_problem(gap, value) is not None:
        reader.report(key, f"gap '{gap.id}' {value_problem(gap, value)}")
    if gap.type == "text" and not isinstance(value, str):
        reader.report(key, f"gap '{gap.id}' takes text, got {value!r}")
    if gap.type == "choice" and value not in gap.choices:
        reader.report(key, f"gap '{gap.id}' takes one of {', '.join(gap.choices)}, got {value!r}")


@dataclass(frozen=True, slots=True)
class Names:
    """What a ruleset declares that its checks may name (the references checked at load)."""

    ladders: Mapping[str, tuple[str, ...]]
    """Ladder id -> its states."""
    unit_types: Mapping[str, str]
    """Unit type id -> its ladder."""
    markers: set[str]
    qualities: tuple[str, ...]
    formations: tuple[str, ...]
    gaps: set[str]
    lookups: set[str]
    lookup_keys: Mapping[str, set[str]]
    options: set[str]
    rulings: set[str]
    card_fields: set[str] = field(default_factory=set)
    """Unit-card fields the ruleset's declared attributes add (``elite``, ``leader_rerolls``)."""

    def states(self, unit_types: Iterable[str]) -> set[str]:
        """The states of the ladders of ``unit_types`` (all ladders for none or unknown ones)."""
        chosen = [self.unit_types[t] for t in unit_types if t in self.unit_types]
        if not chosen:
            chosen = list(self.ladders)
        ladders = [self.ladders[x] for x in chosen if x in self.ladders]
        if not ladders:  # a ladder named but not declared is reported where it is named
            ladders = list(self.ladders.values())
        return {state for states in ladders for state in states}

    def unit_field(self, field: str) -> set[str]:
        """The values a unit-card field can take, where the ruleset declares them."""
        if field == "state":
            return self.states(())
        if field == "quality":
            return set(self.qualities)
        if field == "formation":
            return set(self.formations)
        if field == "type":
            return set(self.unit_types)
        return set()


def _read_input(
    t: Reader, name: str, names: Names | None = None, *, fields: set[str] | None = None
) -> InputSpec:
    itype = t.text("type", choices=("int", "bool", "choice"))
    choices = t.strs("choices", ())
    if itype == "choice" and not choices:
        t.report("choices", "a choice input needs its choices")
    if itype != "choice" and choices:
        t.report("choices", "only choice inputs take choices")
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
            t.report("default", f"default {default!r} does not fit a {itype} input")
    from_unit = t.text("from_unit", None)
    marker = from_unit is not None and from_unit.startswith("marker:")
    known = UNIT_FIELDS | (fields or set()) | (names.card_fields if names else set())
    if from_unit is not None and from_unit not in known and not marker:
        t.report(
            "from_unit",
            f"'{from_unit}' is not a unit field ({', '.join(sorted(known))}; or an attribute "
            "declared in [unit_attributes] / [leader_attributes])",
        )
    if marker and (itype != "bool" or not _ID.match(str(from_unit)[7:])):
        t.report("from_unit", "marker:ID fills a bool input: whether the unit has marker ID")
    role = t.text("role", None)
    if role is not None and from_unit is None:
        t.report("role", "only an input filled from a unit card (from_unit) names a role")
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
        role=role,
    )
    if names is not None:
        _check_unit_choices(t, spec, names)
    t.done()
    return spec


TABLE = "table"
"""An effect for the players, not a unit: a reminder, logged, on no card."""


def effect_targets(roles: tuple[str, ...], army_sides: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Whom an effect may fall on: a role, its leader (``leader`` is the first role's), an
    army-level check's side, or the table."""
    leaders = ("leader", *(f"leader:{r}" for r in roles)) if roles else ()
    first = ("self",) if roles else ()  # the first role, whatever its name
    return tuple(dict.fromkeys((*first, *roles, *leaders, *army_sides, TABLE)))


def _read_roles(c: Reader, known: Names) -> tuple[RoleSpec, ...]:
    """``roles = { firer = "The firing unit", target = { title = "The target", min = 0 } }``:
    the unit the check is made for first; ``side = "own"`` for a role on its side."""
    rt = c.table("roles", None)
    if rt is None:
        return ()
    out = []
    for role_id, raw in rt.data.items():
        with rt.guard():
            _ident(rt, role_id, role_id)
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
            out.append(RoleSpec(role_id, r.text("title"), low, high, own_side=side == "own"))
            r.done()
    rt.done()
    if out and out[0].minimum < 1:
        c.report(
            "roles", f"the first role ('{out[0].id}'), the unit the check is made for, needs a unit"
        )
    return tuple(out)


_EFFECT_KEYS: Mapping[str, frozenset[str]] = {
    "state": frozenset({"state", "leader"}),
    "marker": frozenset({"marker", "clear_marker"}),
    "dice": frozenset({"distance"}),
}
"""An effect key -> the kinds that read it (any other kind would silently ignore it)."""


@dataclass(frozen=True, slots=True)
class _EffectScope:
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


def _read_effect(e: Reader, scope: _EffectScope) -> EffectSpec:
    kind = e.text("kind", choices=tuple(sorted(EFFECT_KINDS)))
    amount = e.expr("amount", None)
    texts = set(scope.choices)
    if amount is not None:
        _check_expr(e, "amount", amount, scope.names, scope.known, scope.choices, texts)
    when = e.expr("when", None)
    if when is not None:
        _check_expr(e, "when", when, scope.names, scope.known, scope.choices, texts)
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
    )
    if spec.ruling is not None and spec.ruling not in scope.known.rulings:
        e.report("ruling", f"no ruling '{spec.ruling}' (rulings: {_known(scope.known.rulings)})")
    _check_placeholders(e, "text", spec.text, scope.placeholders)
    for key, kinds in _EFFECT_KEYS.items():
        if e.has(key) and kind not in kinds:
            e.report(
                key, f"a '{kind}' effect takes no {key} (only {' and '.join(sorted(kinds))} do)"
            )
    if spec.who not in scope.roles:
        e.report(
            "who",
            f"no one called '{spec.who}' in this check (an effect falls on one of: "
            f"{', '.join(scope.roles)}; a check names its sides under roles)",
        )
    first = scope.roles[1] if len(scope.roles) > 1 and scope.roles[0] == "self" else "self"
    if spec.who == TABLE and kind != "note":
        e.report("who", "only a note is for the table: every other effect changes a unit")
    if kind == "state":
        if spec.state is None:
            e.report("state", "a 'state' effect needs the state")
        else:
            states = scope.own_states if spec.who in ("self", first) else scope.any_states
            if states and spec.state not in states:
                e.report(
                    "state",
                    f"'{spec.state}' is not on the ladder of the units this falls on "
                    f"({_known(states)})",
                )
    if kind == "leader" and spec.state is not None and spec.state not in LEADER_STATES:
        e.report("state", f"a leader is {', '.join(LEADER_STATES)}, not '{spec.state}'")
    if kind in ("marker", "clear_marker"):
        if spec.marker is None:
            e.report("marker", f"a '{kind}' effect needs the marker")
        elif scope.markers and spec.marker not in scope.markers:
            e.report("marker", f"no marker '{spec.marker}' (markers: {_known(scope.markers)})")
    if kind in COUNTED_EFFECT_KINDS and spec.amount is None:
        e.report("amount", f"a '{kind}' effect needs an amount")
    e.done()
    return spec


def _read_check(
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
        c.report("option", f"no optional rule '{option}' (rules: {_known(known.options)})")
    applies_to = c.strs("applies_to", ())
    for type_id in applies_to:
        if known.unit_types and type_id not in known.unit_types:
            c.report("applies_to", f"no unit type '{type_id}' (types: {_known(known.unit_types)})")
    phase = c.raw("phase", None)  # a phase id or a list of them: read by link_check_phases
    phase = phase if isinstance(phase, str) else None
    scope_kind = c.text("scope", "unit", choices=("unit", "army"))
    roles = _read_roles(c, known)
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
                f"{_known(shared)})",
            )
    for name, table in c.tables("inputs"):
        with table.guard():
            if any(i.name == name for i in inputs):
                raise table.error(None, f"input '{name}' is defined twice")
            _ident(c, f"inputs.{name}", name)
            inputs.append(_read_input(table, name, known))
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
                _ident(dt, name, name)
                expr = dt.expr(name)
                _check_expr(dt, name, expr, names, known, choices, texts)
                derived.append((name, expr))
            names.add(name)
        dt.done()

    mechanic = None
    with c.guard():
        mechanic = MECHANICS[kind](c)
    sides = cast(tuple[str, str] | None, getattr(mechanic, "sides", None))
    if mechanic is None:
        failed = True
    else:
        for key, expr in mechanic.expressions():
            _check_expr(c, key, expr, names, known, choices, texts)
        for key in ("beyond_ruling", "small_ruling"):
            ruling = getattr(mechanic, key, None)
            if ruling is not None and ruling not in known.rulings:
                c.report(key, f"no ruling '{ruling}' (rulings: {_known(known.rulings)})")
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
                _read_modifier(m, check_id, mod_id, names, known, choices, texts, group_ids, sides)
            )
            continue
        failed = True

    if not roles and scope_kind == "unit":
        # an opposed check's sides, a split check's parts: its roles, the first the unit's
        implied = tuple(sides or ()) or _split_labels(mechanic)
        roles = tuple(RoleSpec(r, r.replace("_", " ").capitalize()) for r in implied)
    outcomes = []
    value_names = _value_names(mechanic) | {f"mod_{m}" for m in _raw_keys(c, "modifiers")}
    scope = _EffectScope(
        names=names | EFFECT_NAMES | value_names,
        known=known,
        choices=choices,
        placeholders=names | EFFECT_NAMES | value_names | {"amount"},
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
                f"no role '{spec.role}' in this check (roles: {_known(role_names)})",
            )
    for out_id, o in c.tables("outcomes"):
        with o.guard():
            outcomes.append(
                _read_outcome(o, kind, out_id, names, known, choices, texts, scope, sides)
            )
            continue
        failed = True
    if not outcomes and not failed:
        c.report("outcomes", "a check needs its outcomes")
    read_refusals = _read_refusals(c, names, known, choices, texts)
    failed = failed or read_refusals is None
    refusals = read_refusals or ()
    ruling_refs = []
    for rr in c.array("rulings"):
        with rr.guard():
            ref_id = rr.text("id")
            if ref_id not in known.rulings:
                rr.report("id", f"no ruling '{ref_id}' (rulings: {_known(known.rulings)})")
            when = rr.expr("when", None)
            if when is not None:
                _check_expr(rr, "when", when, names, known, choices, texts)
            alternative = rr.expr("alternative_when", None)
            if alternative is not None:
                _check_expr(rr, "alternative_when", alternative, names, known, choices, texts)
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
                    f"(outcomes: {_known(outcome_ids)})",
                )
        for gap_ref in sorted(set(_cell_gaps(mechanic)) - known.gaps):
            for where in _where_named(c.data, gap_ref, ("gap",)) or [""]:
                c.report(
                    where or None,
                    f"a cell names gap '{gap_ref}', which is not declared under [gaps] "
                    f"(gaps: {_known(known.gaps)})",
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
    )


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


def _read_modifier(
    m: Reader,
    check_id: str,
    mod_id: str,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
    group_ids: set[str],
    sides: tuple[str, str] | None,
) -> ModifierSpec:
    _ident(m, None, mod_id)
    value = m.expr("value")
    _check_expr(m, "value", value, names, known, choices, texts)
    when = m.expr("when", None)
    if when is not None:
        _check_expr(m, "when", when, names, known, choices, texts)
    group = m.text("group", None)
    if group is not None and group not in group_ids:
        m.report(
            "group",
            f"no group '{group}' (declare it under [checks.{check_id}.groups]; groups: "
            f"{_known(group_ids)})",
        )
    side = m.text("side", None)
    if sides is not None and side not in sides:
        m.report(
            "side",
            f"an opposed check's modifier needs side = one of {', '.join(sides)}"
            + (f", not '{side}'" if side is not None else ""),
        )
    if sides is None and side is not None:
        m.report("side", "only opposed checks have sides")
    mod_option = m.text("option", None)
    if mod_option is not None and mod_option not in known.options:
        m.report("option", f"no optional rule '{mod_option}' (rules: {_known(known.options)})")
    spec = ModifierSpec(
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
        refusals=_read_refusals(m, names, known, choices, texts) or (),
    )
    if spec.scale_by < 1:
        m.report("scale_by", f"scale_by divides the value: 1 or more, not {spec.scale_by}")
    _check_placeholders(m, "explain", spec.explain, names | {"value"})
    m.done()
    return spec


def _read_outcome(
    o: Reader,
    kind: str,
    out_id: str,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
    scope: _EffectScope,
    sides: tuple[str, str] | None,
) -> OutcomeSpec:
    _ident(o, None, out_id)
    when = o.expr("when", None)
    if when is not None:
        _check_expr(o, "when", when, names, known, choices, texts)
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
    _check_placeholders(o, "text", spec.text, scope.placeholders - {"rerolled"})
    o.done()
    return spec


def _check_expr(
    reader: Reader,
    key: str,
    expr: Expr,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
) -> None:
    """Every reference ``expr`` makes: names, lookup tables and their literal keys, the text
    it compares a choice input with, and no text input used as a number."""
    reader.check_names(key, expr, names, known.lookups)
    for name in sorted(expr.arith & texts):
        reader.report(
            key,
            f"expression '{expr.text}' uses '{name}' as a number, but it is one of "
            f"{', '.join(choices[name])} (use {name}_rank for its place in that list)",
        )
    for node in ast.walk(expr.tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            inputs = [p.id for p in parts if isinstance(p, ast.Name) and p.id in choices]
            for name in inputs:
                for literal in _literals(parts):
                    if literal not in choices[name]:
                        reader.report(
                            key,
                            f"expression '{expr.text}' compares {name} with '{literal}', which "
                            f"is not one of its choices ({', '.join(choices[name])})",
                        )
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and isinstance(node.slice, ast.Constant)
            and node.value.id in known.lookup_keys
        ):
            table_keys = known.lookup_keys[node.value.id]
            entry = str(node.slice.value)
            if entry not in table_keys:
                reader.report(
                    key,
                    f"expression '{expr.text}': lookup table '{node.value.id}' has no entry "
                    f"'{entry}' (entries: {_known(table_keys)})",
                )


def _literals(parts: list[ast.expr]) -> list[str]:
    """The text constants among a comparison's operands (and inside its tuples and lists)."""
    out: list[str] = []
    for part in parts:
        items = part.elts if isinstance(part, ast.Tuple | ast.List) else [part]
        out += [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
    return out


def _placeholders(template: str) -> list[str]:
    """The names ``template`` shows in braces (``{name}``, ``{name:+d}``)."""
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]
    except ValueError:
        return ["{"]  # an unmatched brace: reported as a bad placeholder
    return [re.split(r"[.\[]", f, maxsplit=1)[0] for f in fields]


def _check_placeholders(reader: Reader, key: str, template: str, known: set[str]) -> None:
    if "{" not in template and "}" not in template:
        return
    for name in _placeholders(template):
        if name not in known:
            shown = "an unmatched brace" if name == "{" else f"{{{name}}}"
            reader.report(
                key,
                f"the text shows {shown}, which this check does not know "
                f"(known here: {_known(known)})",
            )


_MECHANIC_TEXTS = ("auto_fail_text", "reroll_text", "no_roll_text", "otherwise_explain")
"""Mechanic attributes (and keys) that are texts with ``{name}`` placeholders."""


def _check_mechanic_texts(c: Reader, mechanic: Any, names: set[str]) -> None:
    inner = getattr(mechanic, "test", None)  # a mechanic wrapping another (rnf_test)
    if inner is not None:
        _check_mechanic_texts(c, inner, names)
    for key in _MECHANIC_TEXTS:
        template = getattr(mechanic, key, None)
        if isinstance(template, str):
            _check_placeholders(c, key, template, names)
    for index, rule in enumerate(getattr(mechanic, "rules", ())):
        if isinstance(rule, tuple) and len(rule) == 3 and isinstance(rule[2], str):
            _check_placeholders(c, f"rules.{index}.explain", rule[2], names)


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
            f"(choice inputs: {_known(i.name for i in inputs.values() if i.type == 'choice')})",
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


def _check_unit_choices(t: Reader, spec: InputSpec, known: Names) -> None:
    """A choice input filled from the unit card offers only what a card can hold, and a bool
    input filled from a marker names a marker the ruleset has (``t`` reads the input's table)."""
    if spec.from_unit is not None and spec.from_unit.startswith("marker:"):
        marker = spec.from_unit[len("marker:") :]
        if known.markers and marker not in known.markers:
            t.report("from_unit", f"no marker '{marker}' (markers: {_known(known.markers)})")
        return
    if spec.from_unit is None or spec.type != "choice":
        return
    values = known.unit_field(spec.from_unit)
    for choice in spec.choices:
        if values and choice not in values:
            t.report(
                "choices",
                f"'{choice}' is not a {spec.from_unit.replace('_', ' ')} a unit card can have "
                f"({_known(values)})",
            )


def _split_labels(mechanic: Any) -> tuple[str, ...]:
    """A split check's labels: the parts its total is shared between (whom effects fall on)."""
    pattern = getattr(mechanic, "pattern", ())
    return tuple(p for p in pattern if isinstance(p, str))


def _read_refusals(
    t: Reader,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
) -> tuple[Refusal, ...] | None:
    """The ``refuse`` list of a check or a modifier: ``{when, text, source}`` each, every
    reference checked; None when one of them was refused (its problems are reported)."""
    refusals = []
    failed = False
    for rf in t.array("refuse"):
        with rf.guard():
            when = rf.expr("when")
            _check_expr(rf, "when", when, names, known, choices, texts)
            refusals.append(Refusal(when, rf.text("text"), rf.text("source", "")))
            _check_placeholders(rf, "text", refusals[-1].text, names)
            rf.done()
            continue
        failed = True
    return None if failed else tuple(refusals)


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
