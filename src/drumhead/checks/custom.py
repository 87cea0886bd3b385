"""Mechanics no data table can say, written in Python and named by a check's ``mechanic`` key.

A custom mechanic is registered in :data:`CUSTOM` under a name (conventionally prefixed by the
ruleset, ``oibl_general_risk``); its parser reads the check's remaining keys (``params``).
Keep these few and small: anything a table, chart, pool or target test can say belongs in data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from drumhead.checks.base import Mechanic, MechanicParser

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader

CUSTOM: dict[str, MechanicParser] = {}
"""Mechanic name -> parser. Ruleset modules add theirs at import (see :func:`load_builtin`)."""


def register(name: str) -> Callable[[MechanicParser], MechanicParser]:
    """Decorator: register a custom mechanic's parser under ``name``."""

    def deco(parser: MechanicParser) -> MechanicParser:
        CUSTOM[name] = parser
        return parser

    return deco


def load_builtin() -> None:
    """Import every module of :mod:`drumhead.checks.mechanics` (each registers on import)."""
    import importlib
    import pkgutil

    from drumhead.checks import mechanics

    for info in pkgutil.iter_modules(mechanics.__path__):
        importlib.import_module(f"{mechanics.__name__}.{info.name}")


def parse_custom(reader: Reader) -> Mechanic:
    load_builtin()
    name = reader.text("mechanic")
    parser = CUSTOM.get(name)
    if parser is None:
        known = ", ".join(sorted(CUSTOM)) or "none"
        raise reader.error("mechanic", f"unknown custom mechanic '{name}' (known: {known})")
    return parser(reader)
