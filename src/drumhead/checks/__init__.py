"""The mechanics a check can use, by ``kind``.

Each mechanic reads its own keys from the check's table, computes exact odds and resolves a roll.
New mechanics (including ruleset-specific ``custom`` ones) register in :data:`MECHANICS` or
:data:`drumhead.checks.custom.CUSTOM`.
"""

from __future__ import annotations

from drumhead.checks.base import Mechanic, MechanicParser
from drumhead.checks.chart import parse_chart
from drumhead.checks.custom import parse_custom
from drumhead.checks.opposed import parse_opposed
from drumhead.checks.pool import parse_pool
from drumhead.checks.roll import parse_roll
from drumhead.checks.split import parse_split
from drumhead.checks.table import parse_table
from drumhead.checks.target import parse_target

MECHANICS: dict[str, MechanicParser] = {
    "target": parse_target,
    "table": parse_table,
    "opposed": parse_opposed,
    "chart": parse_chart,
    "pool": parse_pool,
    "split": parse_split,
    "roll": parse_roll,
    "custom": parse_custom,
}
"""Check kind -> the parser of its configuration."""

__all__ = ["MECHANICS", "Mechanic", "MechanicParser"]
