"""The mechanics a check can use, by ``kind``.

Each mechanic reads its own keys from the check's table, computes exact odds and resolves a roll.
New mechanics (including ruleset-specific ``custom`` ones) register in :data:`MECHANICS` or
:data:`drumhead.checks.custom.CUSTOM`. A kind's module is imported the first time a check of
that kind is read (a ruleset read from the compiled cache imports only the kinds it uses).

May import: :mod:`drumhead.questions`, :mod:`drumhead.rules`, :mod:`drumhead.dice`,
:mod:`drumhead.errors`. Besides the mechanics, this package resolves a check
(:mod:`~drumhead.checks.resolve`), holds the records a resolution produces
(:mod:`~drumhead.checks.results`) and names the sources every answer cites
(:mod:`~drumhead.checks.sources`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from drumhead.checks.base import Mechanic, MechanicParser


class _Parsers(Mapping[str, MechanicParser]):
    """Check kind -> the parser of its configuration, each imported on first use."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = where

    def __getitem__(self, kind: str) -> MechanicParser:
        module, _, name = self._where[kind].partition(":")
        parser: MechanicParser = getattr(import_module(f"drumhead.checks.{module}"), name)
        return parser

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


MECHANICS: Mapping[str, MechanicParser] = _Parsers(
    {
        "target": "target:parse_target",
        "table": "table:parse_table",
        "opposed": "opposed:parse_opposed",
        "chart": "chart:parse_chart",
        "pool": "pool:parse_pool",
        "split": "split:parse_split",
        "roll": "roll:parse_roll",
        "custom": "custom:parse_custom",
    }
)
"""Check kind -> the parser of its configuration (its module imported when first asked for)."""

__all__ = ["MECHANICS", "Mechanic", "MechanicParser"]
