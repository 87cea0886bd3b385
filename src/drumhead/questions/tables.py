"""Missing charts entered as charts: a gap table (``[gap_tables.ID]``) is a grid of gaps, and
this module is what a grid editor and the quick reference need from it.

* :func:`table_view` shows a table as the printed chart would be, each cell with its value and
  whose it is (the rules', a ruling's, the house rules', the players', or still open);
* :func:`check_cell` checks one typed cell against the table's outcome set, :func:`cells_to_answers`
  many at once (every refused cell named), ready for ``Game.set_gaps(..., table=ID)``, one
  undoable event;
* :func:`reference_view` is the quick reference with every gap table added as a chart whose
  house and players' cells are marked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from drumhead.errors import AnswersError, InputError
from drumhead.questions.answers import coerce_answer
from drumhead.questions.asked import answers_of
from drumhead.rules.model import GapTable, InputValue, Ruleset

MARKED_KINDS = frozenset({"house_rule", "players"})
"""Values that are not the rules': a house rule's or the players' own."""


@dataclass(frozen=True, slots=True)
class ShownCell:
    """A cell as shown: its text and whose value it is."""

    text: str
    kind: str = "rules"
    """``rules`` (the source's own text), ``ruling``, ``house_rule``, ``players``, or ``open``
    (a gap nobody has answered: shown empty)."""
    source: str = ""
    """Where the value came from (``house rule, FILE``); the rule asking for it when open."""
    gap: str | None = None
    """The gap the cell is, for a gap table's cells."""

    @property
    def marked(self) -> bool:
        """The value is the house rules' or the players', never to be shown as the rules'."""
        return self.kind in MARKED_KINDS


@dataclass(frozen=True, slots=True)
class ShownTable:
    """A quick-reference entry or a gap table, ready to show."""

    id: str
    title: str
    source: str
    text: str
    columns: tuple[str, ...]
    rows: tuple[tuple[ShownCell, ...], ...]
    tags: tuple[str, ...] = ()
    gap_table: str | None = None
    """The gap table shown (its first column is the row labels), None for a plain entry."""

    @property
    def marked(self) -> tuple[ShownCell, ...]:
        """The cells that are the house rules' or the players'."""
        return tuple(c for row in self.rows for c in row if c.marked)


def _table(ruleset: Ruleset, table_id: str) -> GapTable:
    table = ruleset.gap_table(table_id)
    if table is None:
        known = ", ".join(t.id for t in ruleset.gap_tables) or "none"
        raise InputError(f"{ruleset.id} has no gap table '{table_id}' (tables: {known})")
    return table


def table_view(
    ruleset: Ruleset,
    table_id: str,
    players: Mapping[str, InputValue] | None = None,
    sources: Mapping[str, str] | None = None,
) -> ShownTable:
    """A gap table as a chart: the row labels, then each cell with whose value it is."""
    table = _table(ruleset, table_id)
    players = players or {}
    sources = sources or {}
    rows = []
    for (_, label), gaps in zip(table.rows, table.cells, strict=True):
        cells = [ShownCell(label)]
        for gap_id in gaps:
            spec = ruleset.gap(gap_id)
            assert spec is not None
            answers = answers_of(ruleset, spec, players, sources)
            if answers:
                first = answers[0]
                cells.append(ShownCell(str(first.value), first.kind, first.source, gap_id))
            else:
                cells.append(ShownCell("", "open", spec.source, gap_id))
        rows.append(tuple(cells))
    text = f"Each cell: {table.pattern_help}." if table.pattern_help else ""
    columns = (table.row_title, *(label for _, label in table.columns))
    return ShownTable(
        f"gap_table:{table.id}",
        table.title,
        table.source,
        text,
        columns,
        tuple(rows),
        table.tags,
        table.id,
    )


def check_cell(ruleset: Ruleset, table_id: str, row: str, column: str, text: str) -> InputValue:
    """One typed cell, checked against the cell's gap (its kind and the table's outcome set)."""
    gap_id = _table(ruleset, table_id).cell(row, column)
    return coerce_answer(ruleset, gap_id, text)


def cells_to_answers(
    ruleset: Ruleset, table_id: str, typed: Mapping[tuple[str, str], str]
) -> dict[str, str]:
    """Typed cells by (row key, column key) -> the answers they give, by answer id (an empty
    cell takes its answer back). Every cell is checked: :class:`AnswersError` names each
    refused one (by its gap id) and nothing is given."""
    table = _table(ruleset, table_id)
    out: dict[str, str] = {}
    problems: dict[str, str] = {}
    for (row, column), text in typed.items():
        gap_id = table.cell(row, column)
        out[gap_id] = text
        if text.strip():
            try:
                coerce_answer(ruleset, gap_id, text)
            except InputError as exc:
                problems[gap_id] = str(exc)
    if problems:
        raise AnswersError(problems)
    return out


def reference_view(
    ruleset: Ruleset,
    players: Mapping[str, InputValue] | None = None,
    sources: Mapping[str, str] | None = None,
) -> tuple[ShownTable, ...]:
    """The quick reference: the ruleset's entries (the rules' own text), then each gap table as
    a chart with its house and players' cells marked and its open cells empty."""
    out = [
        ShownTable(
            entry.id,
            entry.title,
            entry.source,
            entry.text,
            entry.columns,
            tuple(
                tuple(ShownCell(cell, "rules", entry.source) for cell in row) for row in entry.rows
            ),
            entry.tags,
        )
        for entry in ruleset.reference
    ]
    out += [table_view(ruleset, t.id, players, sources) for t in ruleset.gap_tables]
    return tuple(out)
