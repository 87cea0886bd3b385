"""Which gaps a check reads: in its expressions (modifiers, derived values, its mechanic's
keys, outcomes, effects, refusals) and in the cells of its charts and tables."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drumhead.rules.expr import Expr
from drumhead.rules.model import CheckSpec


def check_expressions(check: CheckSpec) -> list[Expr]:
    """Every expression of a check."""
    exprs: list[Expr] = [e for _, e in check.derived]
    exprs += [e for _, e in check.mechanic.expressions()]
    for m in check.modifiers:
        exprs += [m.value, *([m.when] if m.when else []), *(r.when for r in m.refusals)]
    for o in check.outcomes:
        exprs += [o.when] if o.when else []
        for e in o.effects:
            exprs += [x for x in (e.amount, e.when) if x is not None]
    exprs += [r.when for r in check.refusals]
    for ref in check.rulings:
        exprs += [x for x in (ref.when, ref.alternative_when) if x is not None]
    return exprs


def cell_gaps(mechanic: Any) -> list[str]:
    """The gaps named by the cells of a mechanic's rows and bands (and of a mechanic it wraps)."""
    found: list[str] = []
    inner = getattr(mechanic, "test", None)
    if inner is not None:
        found += cell_gaps(inner)
    cells = []
    for row in getattr(mechanic, "rows", ()):
        cells += [cell for _, cell in getattr(row, "cells", ())]
    cells += [band.cell for band in getattr(mechanic, "bands", ()) if hasattr(band, "cell")]
    found += [cell.gap for cell in cells if getattr(cell, "gap", None)]
    return found


def gaps_read(check: CheckSpec, gap_ids: Iterable[str]) -> tuple[str, ...]:
    """The gaps (of ``gap_ids``) the check reads, in first-read order, each once."""
    known = set(gap_ids)
    found: list[str] = []
    for expr in check_expressions(check):
        found += sorted(expr.names & known)
    found += [g for g in cell_gaps(check.mechanic) if g in known]
    return tuple(dict.fromkeys(found))
