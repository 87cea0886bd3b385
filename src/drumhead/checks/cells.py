"""The parts of a chart cell: what a roll's effects read from the cell it landed on.

A check declares its cell parts (``[checks.ID.cell_parts.NAME]``, typed as inputs are) and the
gap table of its cells names each as a group of its ``format``; after the roll the cell's text
(the players' or the house's chart, e.g. ``Defender 3M 1B 2P; attacker carries the position``)
is read into them (``result_for = "defender"``, ``morale_hits = 3``, ...) and the outcome's
effects read them by name, so no one copies the cell's numbers by hand.
"""

from __future__ import annotations

import re

from drumhead.errors import DrumheadError
from drumhead.rules.checks import CheckSpec, InputSpec, InputValue
from drumhead.rules.gaps import GapTable
from drumhead.rules.model import Ruleset


def cell_table(ruleset: Ruleset, check: CheckSpec, gap_id: str) -> GapTable | None:
    """The gap table of ``check`` that ``gap_id`` is a cell of (None: none)."""
    for table in ruleset.gap_tables:
        if table.check == check.id and gap_id in table.gap_ids():
            return table
    return None


def part_values(check: CheckSpec, table: GapTable, text: str) -> dict[str, InputValue]:
    """``text`` (one cell of ``table``) read into ``check``'s cell parts; a cell that does not
    read (not the table's format, a word not among a part's choices, a number out of bounds,
    a part absent without a default) is an error saying which and what was expected."""
    match = re.fullmatch(table.pattern, text.strip()) if table.pattern else None
    if match is None:
        raise DrumheadError(
            f"the cell '{text}' of {table.title} does not read as its parts "
            f"({', '.join(p.name for p in check.cell_parts)}): "
            + (table.pattern_help or f"expected {table.pattern or 'a format'}")
        )
    return {p.name: _part(p, match.group(p.name), text, table) for p in check.cell_parts}


def _part(spec: InputSpec, raw: str | None, text: str, table: GapTable) -> InputValue:
    where = f"the cell '{text}' of {table.title}"
    if raw is None:
        if spec.default is None:
            raise DrumheadError(
                f"{where} gives no {spec.name} ({spec.label}), which has no default"
            )
        return spec.default
    if spec.type == "int":
        try:
            number = int(raw)
        except ValueError:
            raise DrumheadError(f"{where}: {spec.name} reads '{raw}', not a whole number") from None
        low, high = spec.minimum, spec.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise DrumheadError(
                f"{where}: {spec.name} {number} is outside {low if low is not None else '...'}"
                f"..{high if high is not None else '...'}"
            )
        return number
    word = raw.strip().lower().replace(" ", "_").replace("-", "_")
    if word not in spec.choices:
        raise DrumheadError(
            f"{where}: {spec.name} reads '{raw}', not one of {', '.join(spec.choices)}"
        )
    return word


def read_cell(
    ruleset: Ruleset, check: CheckSpec, gap_id: str | None, text: str | None
) -> dict[str, InputValue]:
    """The parts of the cell a roll read (none when the check declares none); a check with
    parts whose roll read no cell of its table is an error (its effects could not be worked
    out)."""
    if not check.cell_parts:
        return {}
    table = cell_table(ruleset, check, gap_id) if gap_id is not None else None
    if table is None or text is None:
        raise DrumheadError(
            f"{check.id}: the roll read no cell of its chart, so its parts "
            f"({', '.join(p.name for p in check.cell_parts)}) cannot be read"
        )
    return part_values(check, table, text)
