"""A spreadsheet saved as CSV, read into rows: UTF-8 with or without its byte-order mark (or
UTF-16 with one: a spreadsheet's "Unicode text"),
cells parted by commas or semicolons (a spreadsheet in a language whose decimal mark is a
comma writes semicolons), told from the header row.

Rows are numbered as the spreadsheet numbers them: the header is row 1. A header no field
reads is a problem unless the mapping ignores it; so is a row with more cells than headers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from drumhead.errors import RulesetError, excerpt
from drumhead.roster.build import Cell, Entry
from drumhead.roster.fields import Field
from drumhead.roster.mapping import Mapping, fold
from drumhead.roster.problems import CELL, COLUMNS, ROWS, SHEET_SIZE, Problems
from drumhead.rules.toml_file import read_bytes

BOM = "\ufeff"


def read_sheet_bytes(path: str) -> bytes:
    """The file's bytes, refused past :data:`SHEET_SIZE` (named)."""
    return read_bytes(path, SHEET_SIZE, "spreadsheet (CSV)")


def sheet_text(raw: bytes, path: str) -> str:
    """The spreadsheet's text: UTF-8, or UTF-16 with its byte-order mark (a spreadsheet's
    "Unicode text", tab-separated); anything else is refused with what to do."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16").removeprefix(BOM)
        except UnicodeDecodeError as exc:
            raise RulesetError(
                f"not UTF-16 text, though it starts as UTF-16 does (byte {exc.start} is not): "
                "save the sheet as 'CSV UTF-8'",
                path=path,
            ) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise RulesetError(
            f"not UTF-8 text (byte {exc.start} is not): save the sheet as 'CSV UTF-8'",
            path=path,
            line=line,
        ) from None
    return text.removeprefix(BOM)


def delimiter(text: str) -> str:
    """The delimiter of the header row: a semicolon, a tab or a comma, whichever it has most
    of outside quotes (a comma when none)."""
    counts = {",": 0, ";": 0, "\t": 0}
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif char in "\r\n" and not quoted:
            break
        elif char in counts and not quoted:
            counts[char] += 1
    best = max(counts, key=lambda c: (counts[c], c == ","))
    return best if counts[best] else ","


def read_sheet(
    text: str, fields: dict[str, Field], mapping: Mapping, problems: Problems
) -> list[Entry]:
    """The spreadsheet's rows (empty ones left out); every problem reported."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter(text), strict=True)
    records = _records(reader, problems)
    if not records:
        problems.add(
            "row 1", "the sheet is empty: it needs a header row", "", _headers(fields, mapping)
        )
        return []
    header = records[0]
    columns = _columns(header, fields, mapping, problems)
    entries = []
    for number, cells in enumerate(records[1:], 2):
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header) :]):
            problems.add(
                f"row {number}",
                f"{len(cells)} cells, more than the {len(header)} columns of the header",
                excerpt(", ".join(c for c in cells[len(header) :] if c.strip()), 60),
            )
        row = []
        for index, field_id in columns:
            text_of = cells[index] if index < len(cells) else ""
            if not field_id:
                if text_of.strip():
                    problems.add(
                        f"row {number}, column {index + 1}",
                        "a value in a column with no header (give the column a header)",
                        text_of.strip(),
                    )
                continue
            where = f"row {number}, column {header[index].strip()}"
            if len(text_of) > CELL:
                problems.add(
                    where, f"{len(text_of):,} characters; a cell holds at most {CELL:,}", text_of
                )
                continue
            row.append(Cell(field_id, where, text_of))
        entries.append(Entry(f"row {number}", tuple(row)))
    return entries


def _records(reader: Iterator[list[str]], problems: Problems) -> list[list[str]]:
    records: list[list[str]] = []
    try:
        for cells in reader:
            if len(records) >= ROWS:
                problems.add(
                    f"row {ROWS + 1}", f"more than {ROWS:,} rows; a sheet has at most {ROWS:,}"
                )
                break
            if len(cells) > COLUMNS:
                problems.add(
                    f"row {len(records) + 1}",
                    f"{len(cells):,} cells; a sheet has at most {COLUMNS} columns",
                )
                cells = cells[:COLUMNS]
            records.append(cells)
    except csv.Error as exc:
        problems.add(f"row {len(records) + 1}", f"not readable as CSV: {exc}")
    return records


def _headers(fields: dict[str, Field], mapping: Mapping) -> str:
    return ", ".join(mapping.header(f) for f in fields)


def _columns(
    header: list[str], fields: dict[str, Field], mapping: Mapping, problems: Problems
) -> list[tuple[int, str]]:
    """(column index, field id) of each column read; unknown, duplicate and missing columns
    reported."""
    by_header: dict[str, str] = {}
    for field_id in fields:
        by_header.setdefault(fold(field_id), field_id)
        by_header[fold(mapping.header(field_id))] = field_id
    ignored = {fold(h) for h in mapping.ignore}
    out: list[tuple[int, str]] = []
    seen: dict[str, str] = {}
    for index, name in enumerate(header):
        label = f"row 1, column {index + 1}"
        if not name.strip():
            out.append((index, ""))  # a column without a header: its cells must be empty
            continue
        if fold(name) in ignored:
            continue
        found = by_header.get(fold(name))
        if found is None:
            problems.add(
                label,
                "a column no field reads (name it in the mapping's ignore to leave it out)",
                name,
                _headers(fields, mapping),
            )
            continue
        if found in seen:
            problems.add(label, f"a second column for {found} (the first: {seen[found]})", name)
            continue
        seen[found] = name.strip()
        out.append((index, found))
    for field in fields.values():
        if field.required and field.id not in seen:
            problems.add(
                "row 1",
                f"no column {mapping.header(field.id)} (a {' or '.join(field.required)} "
                f"needs its {field.label.lower()})",
                ", ".join(h.strip() for h in header),
                _headers(fields, mapping),
            )
    return out
