"""Validating what a ruleset declares about its gaps beyond each gap itself: the inputs a keyed
gap is kept by (``keys``), and the gap tables (``[gap_tables.ID]``) that lay gaps out as the
grid of a missing chart, with the outcome set every cell is checked against.

Called by :func:`~drumhead.loading.ruleset.document.build_ruleset`; every problem is reported
at its key.
"""

from __future__ import annotations

import re
from dataclasses import replace
from string import Formatter

from drumhead.questions.answers import check_key, value_problem
from drumhead.questions.use import gaps_read
from drumhead.rules.model import CheckSpec, GapSpec, GapTable, InputSpec, InputValue
from drumhead.rules.reader import Reader

GAP_TABLE_KEYS = (
    "title",
    "source",
    "check",
    "row_title",
    "column_title",
    "rows",
    "columns",
    "cells",
    "format",
    "format_help",
    "ruling",
    "tags",
)
"""The keys of a ``[gap_tables.ID]`` table."""

_KEY = re.compile(r"^[a-z0-9][a-z0-9_]*$")


def flatten_keyed(table: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, object]]:
    """Nested tables of values per key (``{infantry = {1 = 4}}``, as TOML reads
    ``infantry.1 = 4``) as ``("infantry.1", 4)`` pairs, in file order."""
    out: list[tuple[str, object]] = []
    if isinstance(table, dict):
        for key, value in table.items():
            out += flatten_keyed(value, (*prefix, str(key)))
        return out
    return [(".".join(prefix), table)]


def read_keyed_values(g: Reader) -> tuple[tuple[str, InputValue], ...]:
    """A gap's ``values``: its values per key (checked once its keys are known)."""
    table = g.table("values", None)
    if table is None:
        return ()
    out = []
    for key, value in flatten_keyed(table.data):
        if not isinstance(value, int | str) or isinstance(value, bool):
            table.report(key, "a value is a whole number or text")
            continue
        out.append((key, value))
    table.seen.update(table.data)
    return tuple(out)


def link_gap_keys(
    r: Reader, gaps: list[GapSpec], checks: list[CheckSpec], shared: dict[str, InputSpec]
) -> list[GapSpec]:
    """Each keyed gap with the inputs its keys name: every check reading it must have them,
    declared alike (a choice, a whole number or yes/no); its per-key values checked."""
    ids = [g.id for g in gaps]
    readers: dict[str, list[CheckSpec]] = {}
    for check in checks:
        for gap_id in gaps_read(check, ids):
            readers.setdefault(gap_id, []).append(check)
    out = []
    for gap in gaps:
        if not gap.keys:
            if gap.values and not gap.value_source:
                r.report(f"gaps.{gap.id}.values", "only a gap with keys takes values per key")
            out.append(gap)
            continue
        if len(set(gap.keys)) != len(gap.keys):
            r.report(f"gaps.{gap.id}.keys", "a key is named twice")
        found: list[InputSpec] = []
        for name in gap.keys:
            specs = [c.input(name) for c in readers.get(gap.id, [])]
            lacking = [c.id for c, s in zip(readers.get(gap.id, []), specs, strict=True) if not s]
            if lacking:
                r.report(
                    f"gaps.{gap.id}.keys",
                    f"key '{name}' is not an input of check {', '.join(lacking)}, which reads "
                    "this gap: a gap is kept by inputs of every check that reads it",
                )
                continue
            # a gap no check reads (a house rule replaced the formula) keeps its keys' inputs
            chosen = (
                [s for s in specs if s is not None]
                or ([shared[name]] if name in shared else [])
                or [i for c in checks for i in c.inputs if i.name == name][:1]
            )
            if not chosen:
                r.report(
                    f"gaps.{gap.id}.keys",
                    f"key '{name}' is no input: no check has an input '{name}'",
                )
                continue
            first = chosen[0]
            if any((s.type, s.choices) != (first.type, first.choices) for s in chosen):
                r.report(
                    f"gaps.{gap.id}.keys",
                    f"key '{name}' is declared differently by the checks reading this gap",
                )
            found.append(first)
        linked = replace(gap, key_inputs=tuple(found))
        # values from a house-rules file are checked at their lines there, by the loader
        for key, value in gap.values if not gap.value_source else ():
            problem = check_key(linked, tuple(key.split("."))) or (
                f"gap '{gap.id}' {value_problem(linked, value)}"
                if value_problem(linked, value)
                else None
            )
            if problem is not None:
                r.report(f"gaps.{gap.id}.values.{key}", problem)
        out.append(linked)
    return out


def read_gap_tables(
    r: Reader, gaps: list[GapSpec], check_ids: set[str], ruling_ids: set[str]
) -> tuple[list[GapTable], list[GapSpec]]:
    """The ``[gap_tables]`` and the gaps with the outcome set of the table they are a cell of
    (a prefilled cell outside it is reported)."""
    by_id = {g.id: g for g in gaps}
    tables: list[GapTable] = []
    owner: dict[str, str] = {}
    with r.guard():
        for table_id, t in r.tables("gap_tables"):
            with t.guard():
                t.allow(*GAP_TABLE_KEYS)
                table = _read_table(t, table_id, by_id, check_ids, ruling_ids)
                for gap_id in table.gap_ids():
                    if gap_id in owner:
                        t.report(
                            "cells", f"gap '{gap_id}' is a cell of table '{owner[gap_id]}' too"
                        )
                    owner[gap_id] = table.id
                tables.append(table)
    for table in tables:
        for gap_id in set(table.gap_ids()) & set(by_id):
            row, column = table.where(gap_id) or ("", "")
            gap = replace(
                by_id[gap_id],
                pattern=table.pattern,
                pattern_help=table.pattern_help,
                label=by_id[gap_id].label or cell_label(table, row, column),
            )
            by_id[gap_id] = gap
            if gap.value is not None and table.pattern:
                problem = value_problem(gap, gap.value)
                if problem is not None:
                    r.report(f"gaps.{gap_id}.value", f"gap '{gap_id}' {problem}")
    return tables, [by_id[g.id] for g in gaps]


def cell_label(table: GapTable, row: str, column: str) -> str:
    """A chart cell's value as the players name it: ``Combat chart: 3-4, D``."""
    rows, columns = dict(table.rows), dict(table.columns)
    return f"{table.title}: {rows.get(row, row)}, {columns.get(column, column)}"


def _axis(t: Reader, name: str) -> tuple[tuple[str, str], ...]:
    out = []
    for item in t.array(name):
        with item.guard():
            key = item.text("key")
            if not _KEY.match(key):
                item.report("key", f"'{key}' is not a valid key (lower case, digits, _)")
            out.append((key, item.text("label", key)))
            item.done()
    if not out:
        t.report(name, f"a gap table needs its {name}")
    if len({k for k, _ in out}) != len(out):
        t.report(name, "two share a key")
    return tuple(out)


def _read_table(
    t: Reader,
    table_id: str,
    gaps: dict[str, GapSpec],
    check_ids: set[str],
    ruling_ids: set[str],
) -> GapTable:
    rows = _axis(t, "rows")
    columns = _axis(t, "columns")
    cells_pattern = t.text("cells")
    fields = {f for _, f, _, _ in Formatter().parse(cells_pattern) if f is not None}
    if not fields <= {"row", "column"}:
        raise t.error("cells", "the cells' pattern names {row} and {column} only")
    cells = tuple(
        tuple(cells_pattern.format(row=row, column=column) for column, _ in columns)
        for row, _ in rows
    )
    for row in cells:
        for gap_id in row:
            if gap_id not in gaps:
                t.report("cells", f"the pattern names gap '{gap_id}', which is not declared")
            elif gaps[gap_id].keys:
                t.report("cells", f"gap '{gap_id}' is kept per key: it cannot be a cell")
    pattern = t.text("format", "")
    if pattern:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise t.error("format", f"not a regular expression: {exc}") from None
        if not t.has("format_help"):
            t.report("format", "say what the format accepts in format_help")
    check = t.text("check", None)
    if check is not None and check not in check_ids:
        t.report("check", f"no check '{check}' (checks: {', '.join(sorted(check_ids))})")
    ruling = t.text("ruling", None)
    if ruling is not None and ruling not in ruling_ids:
        t.report("ruling", f"no ruling '{ruling}' (rulings: {', '.join(sorted(ruling_ids))})")
    table = GapTable(
        id=table_id,
        title=t.text("title"),
        source=t.text("source"),
        rows=rows,
        columns=columns,
        cells=cells,
        row_title=t.text("row_title", ""),
        column_title=t.text("column_title", ""),
        check=check,
        pattern=pattern,
        pattern_help=t.text("format_help", ""),
        ruling=ruling,
        tags=t.strs("tags", ()),
    )
    t.done()
    return table
