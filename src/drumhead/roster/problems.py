"""What an import found wrong, where, and the limits an imported file is held to.

Each problem names where it is (a spreadsheet's row and column, a roster's XML path), the
value found (a short excerpt, never the whole of it) and the values allowed there, so that
the player can mend the file and import it again. Nothing is imported while one remains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drumhead.errors import RulesetError, RulesetErrors, excerpt
from drumhead.rules.limits import MiB

SHEET_SIZE = 1 * MiB
"""The most bytes of a spreadsheet (CSV): a thousand units of a dozen columns are 100 KiB."""
ROSTER_SIZE = 8 * MiB
"""The most bytes of a roster's XML (a ``.ros``, or the ``.ros`` a ``.rosz`` holds, once
unpacked): an army builder's largest rosters are a few hundred KiB."""
ROSZ_SIZE = 4 * MiB
"""The most bytes of a zipped roster (``.rosz``) as it is on the disk."""
ZIP_ENTRIES = 16
"""The most entries a zipped roster may hold (an army builder writes one)."""
ROWS = 2_100
"""The most rows of a spreadsheet, header included: a battle of the most units and leaders
(1,000 each), and a hundred more (the header, the sides)."""
COLUMNS = 100
"""The most columns of a spreadsheet."""
CELL = 2_000
"""The most characters in one cell (a scenario file's limit on one text)."""
UNITS = 1_000
"""The most units (and, apart, leaders) of one battle: a scenario file's limit on a list."""
NUMBER = 1_000_000
"""The largest whole number a sheet or roster may give (and the smallest, negated): a unit's
figures, a leader's rating; a number past it is a slip (a cell of digits pasted in)."""
SHOWN = 200
"""The most problems listed; past it, one more line says how many were left out."""

__all__ = [
    "CELL",
    "COLUMNS",
    "NUMBER",
    "ROSTER_SIZE",
    "ROSZ_SIZE",
    "ROWS",
    "SHEET_SIZE",
    "SHOWN",
    "UNITS",
    "ZIP_ENTRIES",
    "ImportFailed",
    "ImportProblem",
    "ImportedBattle",
    "Problems",
]


@dataclass(frozen=True, slots=True)
class ImportProblem:
    """One thing wrong with an imported file."""

    where: str
    """Where it is: ``row 7, column Quality`` (a spreadsheet's row as the spreadsheet numbers
    it, the header being row 1) or ``force[1]/selection[3], quality`` (a roster)."""
    found: str
    """The value found there, as a short excerpt ("" when the value is missing)."""
    allowed: str
    """What would be accepted there (the ruleset's names, "a whole number, 0 or more"...)."""
    message: str
    """The whole problem in one line, as a player reads it: where, what is wrong, the value
    found and the values allowed."""

    def to_dict(self) -> dict[str, str]:
        return {
            "where": self.where,
            "found": self.found,
            "allowed": self.allowed,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True)
class ImportedBattle:
    """An order of battle read from a spreadsheet or a roster, and what was wrong with it."""

    problems: tuple[ImportProblem, ...]
    """Every problem found (empty when the import succeeded)."""
    units_by_side: dict[str, tuple[str, ...]]
    """Each side's name -> the names of its units, in the file's order (what could be read,
    even when there are problems: the preview shows it beside them)."""
    scenario_text: str
    """The scenario file (TOML), validated against the ruleset; empty when there are
    problems: nothing is half-imported."""

    @property
    def ok(self) -> bool:
        """Whether the battle was imported (no problem)."""
        return not self.problems


def problem(where: str, reason: str, found: str = "", allowed: str = "") -> ImportProblem:
    """A problem, with its one-line message made from its parts."""
    shown = excerpt(found, 60)
    message = f"{where}: {reason}"
    if found or allowed:
        message += f" (found '{shown}'" if found else " (nothing found"
        message += f"; allowed: {excerpt(allowed, 400)})" if allowed else ")"
    return ImportProblem(where=where, found=shown, allowed=allowed, message=message)


class Problems:
    """The problems of one import, collected in the order they were met."""

    __slots__ = ("items", "left_out")

    def __init__(self) -> None:
        self.items: list[ImportProblem] = []
        self.left_out = 0

    def add(self, where: str, reason: str, found: str = "", allowed: str = "") -> None:
        if len(self.items) >= SHOWN:
            self.left_out += 1
            return
        self.items.append(problem(where, reason, found, allowed))

    def __bool__(self) -> bool:
        return bool(self.items)

    def all(self) -> tuple[ImportProblem, ...]:
        """Every problem kept, a sheet's in the order of its rows, and a last one saying how
        many more were left out."""
        items = sorted(self.items, key=_row)
        if not self.left_out:
            return tuple(items)
        more = problem(
            "the file", f"{self.left_out:,} more problems not listed (at most {SHOWN} are)"
        )
        return (*items, more)


def _row(item: ImportProblem) -> int:
    """The row of a sheet's problem (0: a problem of the whole file, or of a roster: these
    keep the order they were found in)."""
    found = re.match(r"row (\d+)", item.where)
    return int(found.group(1)) if found else 0


class ImportFailed(RulesetErrors):
    """An import refused: each problem of ``problems`` as one error naming the file and where
    in it (its ``key``)."""

    def __init__(self, path: str, problems: tuple[ImportProblem, ...]) -> None:
        self.problems = problems
        super().__init__(
            [
                RulesetError(p.message.removeprefix(f"{p.where}: "), path=path, key=p.where)
                for p in problems
            ]
        )
