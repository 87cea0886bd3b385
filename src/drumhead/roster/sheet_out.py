"""A scenario's order of battle as a spreadsheet (CSV) that imports back into the same
scenario: a row per side, leader and unit, under the headers of the ruleset's shipped
mapping, with the columns the battle fills (and those every row needs)."""

from __future__ import annotations

import csv
import io
from typing import Any

from drumhead.game.codec import leader_to_dict, side_to_dict
from drumhead.game.scenario import Scenario
from drumhead.roster.export import unit_to_scenario
from drumhead.roster.fields import fields
from drumhead.roster.mapping import shipped_mapping
from drumhead.rules.model import Ruleset


def scenario_csv(scenario: Scenario, ruleset: Ruleset) -> str:
    """The scenario's sides, leaders and units as a sheet (see the module's docstring)."""
    rows: list[dict[str, Any]] = []
    rows.extend({"kind": "side", **side_to_dict(s)} for s in scenario.sides)
    rows.extend({"kind": "leader", **leader_to_dict(x)} for x in scenario.leaders)
    rows.extend({"kind": "unit", **unit_to_scenario(u)} for u in scenario.units)
    mapping = shipped_mapping(ruleset)
    shown = [f for f in fields(ruleset) if f.required or any(f.id in row for row in rows)]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([mapping.header(f.id) for f in shown])
    for row in rows:
        writer.writerow([_cell(row.get(f.id)) for f in shown])
    return out.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
