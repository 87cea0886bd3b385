"""Reading the parts of a chart cell a check's effects read (``[checks.ID.cell_parts.NAME]``),
and checking them against the gap table whose cells they are: each part a named group of the
table's ``format``, and every cell the ruleset (or its house rules) gives read whole into them;
and what an input filled from every unit picked (``from_units``) reads of their cards.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from drumhead.checks.cells import part_values
from drumhead.errors import DrumheadError
from drumhead.loading.ruleset.inputs import read_input
from drumhead.loading.ruleset.names import Names, listed, valid_id
from drumhead.rules.checks import CheckSpec, InputSpec, RoleSpec
from drumhead.rules.expr import Expr
from drumhead.rules.gaps import GapSpec, GapTable
from drumhead.rules.model import UNIT_FIELDS
from drumhead.rules.reader import Reader


def read_cell_parts(c: Reader, taken: set[str]) -> tuple[InputSpec, ...]:
    """The check's cell parts: each typed as an input is (``int`` with ``min``/``max``, or
    ``choice``), with a ``default`` where its group may be absent from a cell; a part's name
    may not be one the check already knows (an input, a derived value, ``value``)."""
    parts = []
    for name, t in c.tables("cell_parts"):
        with t.guard():
            valid_id(t, None, name)
            spec = read_input(t, name)
            if spec.type == "bool":
                t.report("type", "a cell part is a number (int) or a word (choice)")
            for key in ("from_unit", "from_log", "role", "asked"):
                if getattr(spec, key) is not None:
                    t.report(
                        key, "a cell part is read from the chart's cell, not a card or the log"
                    )
            if name in taken:
                t.report(None, f"'{name}' is a name the check already has: name the part otherwise")
            parts.append(spec)
    return tuple(parts)


def check_cell_parts(
    r: Reader, checks: Iterable[CheckSpec], tables: Iterable[GapTable], gaps: Iterable[GapSpec]
) -> None:
    """Every check with cell parts has a gap table of its cells whose ``format`` names each part
    as a group (``(?P<morale_hits>[0-9]+)``), and every cell value the file gives reads into
    them (a word among the part's choices, a number within its bounds)."""
    by_gap = {g.id: g for g in gaps}
    tables = list(tables)
    for check in checks:
        if not check.cell_parts:
            continue
        mine = [t for t in tables if t.check == check.id]
        if not mine:
            r.report(
                f"checks.{check.id}.cell_parts",
                f"no gap table has check = '{check.id}': the parts are read from its cells",
            )
            continue
        for table in mine:
            try:
                groups = set(re.compile(table.pattern).groupindex) if table.pattern else set()
            except re.error:
                continue  # reported where the format is read
            missing = [p.name for p in check.cell_parts if p.name not in groups]
            if missing:
                r.report(
                    f"gap_tables.{table.id}.format",
                    f"the format must name the cell parts check '{check.id}' reads as groups "
                    f"((?P<{missing[0]}>...)); missing: {listed(missing)}",
                )
                continue
            for gap_id in table.gap_ids():
                gap = by_gap.get(gap_id)
                values = [] if gap is None else [gap.value, *(v for _, v in gap.values)]
                for value in values:
                    if not isinstance(value, str):
                        continue
                    try:
                        part_values(check, table, value)
                    except DrumheadError as exc:
                        r.report(f"gaps.{gap_id}.value", str(exc))


def check_unit_reads(
    c: Reader,
    key: str,
    expr: Expr,
    roles: tuple[RoleSpec, ...],
    known: Names,
    spec: InputSpec | None = None,
) -> None:
    """``ROLE.FIELD`` in a ``from_units`` names a role of the check and a field every card has
    (or an attribute the ruleset declares); for a choice input, ``most(ROLE.FIELD, ...)``
    reads a field whose every value a card can hold is one of its choices, and what stands
    for a tie is one too (``most(...) or 'regular'``)."""
    if spec is not None and spec.type == "choice":
        _check_most_choices(c, key, expr, known, spec)
    role_ids = {r.id for r in roles}
    fields = UNIT_FIELDS | known.card_fields
    for role, field in sorted(expr.fields):
        if role not in role_ids:
            c.report(key, f"no role '{role}' in this check (roles: {listed(role_ids)})")
        if field not in fields:
            c.report(key, f"'{role}.{field}': no card field '{field}' ({listed(fields)})")


def _check_most_choices(c: Reader, key: str, expr: Expr, known: Names, spec: InputSpec) -> None:
    for node in ast.walk(expr.tree):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            last = node.values[-1]
            tie = last.value if isinstance(last, ast.Constant) else None
            if isinstance(tie, str) and tie not in spec.choices:
                c.report(
                    key, f"'{tie}' is not one of {spec.name}'s choices ({listed(spec.choices)})"
                )
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id != "most":
            continue
        for value in node.args[::2]:
            if not isinstance(value, ast.Attribute):
                continue
            held = known.unit_field(value.attr) - set(spec.choices)
            if held:
                c.report(
                    key,
                    f"a card's {value.attr.replace('_', ' ')} can be {listed(held)}, which is "
                    f"not one of {spec.name}'s choices ({listed(spec.choices)})",
                )
