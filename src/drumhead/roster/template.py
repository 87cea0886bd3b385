"""The empty sheet of a ruleset: its columns, and what each takes."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources

from drumhead.errors import DrumheadError
from drumhead.roster.fields import fields
from drumhead.roster.mapping import shipped_mapping
from drumhead.rules.model import Ruleset


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a ruleset's sheet."""

    header: str
    field: str
    """The field it feeds (the scenario file's key)."""
    kinds: tuple[str, ...]
    """The rows it is for (unit, leader, side)."""
    required: tuple[str, ...]
    """The rows that must fill it."""
    allowed: str
    help: str

    def to_dict(self) -> dict[str, object]:
        return {
            "column": self.header,
            "field": self.field,
            "for": list(self.kinds),
            "required": list(self.required),
            "allowed": self.allowed,
            "help": self.help,
        }


def columns(ruleset: Ruleset) -> tuple[Column, ...]:
    """The sheet's columns for ``ruleset``, headed as its shipped mapping heads them."""
    mapping = shipped_mapping(ruleset)
    return tuple(
        Column(mapping.header(f.id), f.id, f.kinds, f.required, f.allowed(), f.help)
        for f in fields(ruleset)
    )


def template_csv(ruleset: Ruleset) -> str:
    """An empty sheet for ``ruleset``: its header row (the columns of :func:`columns`)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow([c.header for c in columns(ruleset)])
    return out.getvalue()


def sample_csv(ruleset: Ruleset) -> str:
    """The sample sheet shipped for ``ruleset`` (``data/samples/RULESET.csv``)."""
    entry = resources.files("drumhead.data") / "samples" / f"{ruleset.id}.csv"
    if not entry.is_file():
        raise DrumheadError(f"no sample sheet is shipped for {ruleset.id}")
    return entry.read_text(encoding="utf-8")
