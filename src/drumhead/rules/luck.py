"""Which results of a check are better for the unit it is rolled for: the check's luck order.

The luck statistics (:mod:`drumhead.game.stats`) place each result among the others a check
could have given. Which result is "better" is a fact of each check, never guessed per ruleset
in Python: where the mechanic makes the order plain it is derived here, generically; where it
does not, the ruleset declares it with the check's ``luck`` key (see "Luck" in
``docs/ruleset-format.md``). Derived, in this order of precedence:

* a test whose every outcome has a ``result``: a pass before a fail, a smaller miss (``by``)
  before a larger one;
* an opposed check whose outcomes name a ``winner``: the first side (the unit's own) winning,
  then no winner, then the second side winning;
* an opposed roll read in difference bands: the band of a higher difference (the first
  side's total against the second's) before a lower one;
* a check whose every outcome carries a number that the outcome's ``lose`` or ``hits``
  effects take from one side only: higher is better when that side is the opponent (the
  number is what the unit inflicts), lower when it is the unit itself (what it suffers).

Anything else is ``unknown`` until the ruleset declares it (its rolls are then not counted).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Literal

    from drumhead.rules.model import OutcomeSpec
    from drumhead.rules.reader import Reader

    LuckWay = Literal["value", "outcomes", "value_then_outcomes", "none", "unknown"]

DECLARED_WORDS = ("higher", "lower", "none")
"""What ``luck`` may say as text (besides a list of outcomes or a ``{value, then}`` table)."""

_OWN_ROLES = frozenset({"self", "first"})
_OTHER_ROLES = frozenset({"opponent", "second"})


@dataclass(frozen=True, slots=True)
class LuckOrder:
    """How good each result of a check is for the unit it is rolled for."""

    way: LuckWay
    """``value``: by the outcome's number; ``outcomes``: by the outcome (ranked), then within
    an outcome by its number where ``value_ways`` says; ``value_then_outcomes``: by the number,
    equal numbers by the outcome; ``none``: luck does not apply; ``unknown``: not declared and
    not derivable."""
    direction: int = 1
    """For the value ways: +1 when a higher number is better, -1 when a lower one is."""
    ranks: tuple[tuple[str, int], ...] = ()
    """Outcome id -> rank (a larger rank is better; equal ranks are equally good)."""
    value_ways: tuple[tuple[str, int], ...] = ()
    """``outcomes`` way: outcome id -> +1/-1, how its number orders results within it."""
    basis: str = ""
    """Where the order comes from, in the players' words."""
    declared: bool = False
    """Declared in the ruleset (``luck``) rather than derived."""

    @property
    def counted(self) -> bool:
        """Whether rolls of this check are placed at all."""
        return self.way not in ("none", "unknown")

    def key(self, outcome: str, value: int | None) -> tuple[int, ...] | None:
        """How good the result ``outcome`` (with its number ``value``) is: a larger key is
        better, equal keys are equally good; None when the order cannot place it."""
        ranks = dict(self.ranks)
        if self.way == "value":
            return None if value is None else (self.direction * value,)
        if self.way == "outcomes":
            if outcome not in ranks:
                return None
            within = dict(self.value_ways).get(outcome, 0)
            if within and value is None:
                return None
            return (ranks[outcome], within * (value or 0))
        if self.way == "value_then_outcomes":
            if value is None or outcome not in ranks:
                return None
            return (self.direction * value, ranks[outcome])
        return None

    def describe(self) -> str:
        """The order in one line: ``better first: pass, fail_by_1, fail_by_2 (derived: ...)``."""
        if self.way == "value":
            order = (
                "a higher number is better" if self.direction > 0 else "a lower number is better"
            )
        elif self.way in ("outcomes", "value_then_outcomes"):
            tiers: dict[int, list[str]] = {}
            for outcome, rank in self.ranks:
                tiers.setdefault(rank, []).append(outcome)
            listed = ", ".join(" = ".join(tiers[r]) for r in sorted(tiers, reverse=True))
            order = f"better first: {listed}"
            if self.way == "value_then_outcomes":
                word = "higher" if self.direction > 0 else "lower"
                order = f"a {word} number is better; equal numbers {order}"
        elif self.way == "none":
            order = "luck is not counted"
        else:
            order = "no order known: not counted"
        return f"{order} ({self.basis})" if self.basis else order


def derive_luck(
    outcomes: Sequence[OutcomeSpec],
    mechanic: Any,
    sides: tuple[str, str] | None,
    roles: Sequence[str] = (),
) -> LuckOrder:
    """The luck order the check's mechanic makes plain, or ``unknown``."""
    if outcomes and all(o.result is not None for o in outcomes):
        ranks = tuple((o.id, _result_rank(o)) for o in outcomes)
        return LuckOrder(
            "outcomes",
            ranks=ranks,
            basis="derived: a pass before a fail, a smaller miss before a larger one",
        )
    if sides is not None and any(o.winner is not None for o in outcomes):
        ranks = tuple(
            (o.id, 1 if o.winner == sides[0] else -1 if o.winner == sides[1] else 0)
            for o in outcomes
        )
        return LuckOrder(
            "outcomes",
            ranks=ranks,
            basis=f"derived: the unit's side ({sides[0]}) winning, then no winner, then the "
            f"{sides[1]} winning",
        )
    bands = getattr(mechanic, "bands", None)
    if sides is not None and bands:
        found = _band_ranks(bands)
        if found is not None:
            return LuckOrder(
                "outcomes",
                ranks=found,
                basis=f"derived: a higher difference ({sides[0]}'s total minus the "
                f"{sides[1]}'s) is better for the {sides[0]}, the unit rolled for",
            )
    direction = _inflicted_or_suffered(outcomes, sides, roles)
    if direction is not None:
        what = "inflicts" if direction > 0 else "suffers"
        word = "higher" if direction > 0 else "lower"
        return LuckOrder(
            "value",
            direction=direction,
            basis=f"derived: the number is what the unit {what}, so {word} is better",
        )
    return LuckOrder("unknown", basis="declare the check's luck order in the ruleset (luck)")


def _result_rank(outcome: OutcomeSpec) -> int:
    if outcome.result == "pass":
        return 0
    return -(outcome.by[0] if outcome.by is not None else 1)


def _band_ranks(bands: Sequence[Any]) -> tuple[tuple[str, int], ...] | None:
    """Outcome -> the index of its band (bands run from the lowest difference up), when each
    outcome's bands are next to one another; None when an outcome comes back after another."""
    seen: dict[str, int] = {}
    previous = None
    for index, band in enumerate(bands):
        outcome = band.cell.outcome
        if outcome != previous and outcome in seen:
            return None
        seen.setdefault(outcome, index)
        previous = outcome
    return tuple(seen.items())


def _inflicted_or_suffered(
    outcomes: Sequence[OutcomeSpec], sides: tuple[str, str] | None, roles: Sequence[str] = ()
) -> int | None:
    """+1 when every outcome carries a number that its ``lose``/``hits`` effects take from the
    opponent only, -1 when from the unit itself only, else None. The check's first role is the
    unit's own, its other roles the opponents."""
    if not outcomes or not all(o.numeric for o in outcomes):
        return None
    own = _OWN_ROLES | ({sides[0]} if sides else set()) | set(roles[:1])
    other = _OTHER_ROLES | ({sides[1]} if sides else set()) | set(roles[1:])
    whom = {
        e.who
        for o in outcomes
        for e in o.effects
        if e.kind in ("lose", "hits") and e.amount is not None and "value" in e.amount.names
    }
    if whom and whom <= other:
        return 1
    if whom and whom <= own:
        return -1
    return None


# -- declared: the check's ``luck`` key ------------------------------------------------------------
def read_luck(
    c: Reader,
    outcomes: Sequence[OutcomeSpec],
    mechanic: Any,
    sides: tuple[str, str] | None,
    roles: Sequence[str] = (),
) -> LuckOrder:
    """The check's luck order: its ``luck`` key read and checked (each problem reported at the
    key's file and line), else the order derived from its mechanic."""
    if not c.has("luck"):
        return derive_luck(outcomes, mechanic, sides, roles)
    raw = c.raw("luck")
    ids = [o.id for o in outcomes]
    derived_as = derive_luck(outcomes, mechanic, sides, roles)
    basis = "declared in the ruleset"
    if isinstance(raw, str):
        if raw not in DECLARED_WORDS:
            c.report(
                "luck",
                f"'{raw}' is not a luck order (higher, lower, none, a list of the outcomes "
                "best first, or {value = ..., then = [...]})",
            )
            return derived_as
        if raw == "none":
            return LuckOrder("none", basis=basis, declared=True)
        if not _carries_numbers(outcomes, mechanic):
            c.report("luck", f"'{raw}' orders results by their number, but no outcome has one")
            return derived_as
        return LuckOrder(
            "value", direction=1 if raw == "higher" else -1, basis=basis, declared=True
        )
    if isinstance(raw, list):
        ranks, ways = _ranked(c, "luck", raw, ids, items=True)
        if ranks is None:
            return derived_as
        return LuckOrder("outcomes", ranks=ranks, value_ways=ways, basis=basis, declared=True)
    if isinstance(raw, dict):
        t = c.table("luck")
        word = None
        with t.guard():
            word = t.text("value", choices=("higher", "lower"))
        then = t.raw("then", None)
        t.done()
        if then is None or not isinstance(then, list):
            t.report("then", "expected the outcomes best first, for results of equal number")
            return derived_as
        ranks, _ = _ranked(c, "luck.then", then, ids, items=False)
        if ranks is None or word is None:
            return derived_as
        direction = 1 if word == "higher" else -1
        return LuckOrder(
            "value_then_outcomes", direction=direction, ranks=ranks, basis=basis, declared=True
        )
    c.report("luck", "expected higher, lower, none, a list of the outcomes best first, or a table")
    return derived_as


def _ranked(
    c: Reader, key: str, raw: list[Any], ids: list[str], *, items: bool
) -> tuple[tuple[tuple[str, int], ...] | None, tuple[tuple[str, int], ...]]:
    """Outcome ranks from a best-first list (every outcome once), and the per-outcome value
    orders of ``{outcome, value}`` items; (None, ()) when the list is refused."""
    listed: list[str] = []
    ways: list[tuple[str, int]] = []
    ok = True
    for index, item in enumerate(raw):
        where = f"{key}.{index}"
        if isinstance(item, dict) and items:
            sub = c.child(item, c.path(where))
            outcome = value = None
            with sub.guard():
                outcome = sub.text("outcome")
            with sub.guard():
                value = sub.text("value", choices=("higher", "lower"))
            sub.done()
            if outcome is None or value is None:
                ok = False
                continue
            ways.append((outcome, 1 if value == "higher" else -1))
        elif isinstance(item, str):
            outcome = item
        else:
            shape = "an outcome id or {outcome, value}" if items else "an outcome id"
            c.report(where, f"expected {shape}")
            ok = False
            continue
        if outcome not in ids:
            c.report(where, f"no outcome '{outcome}' (outcomes: {', '.join(ids)})")
            ok = False
        elif outcome in listed:
            c.report(where, f"'{outcome}' is listed twice")
            ok = False
        listed.append(outcome)
    missing = [o for o in ids if o not in listed]
    if missing:
        c.report(key, f"list every outcome, best first: {', '.join(missing)} missing")
        ok = False
    if not ok:
        return None, ()
    return tuple((o, len(listed) - i) for i, o in enumerate(listed)), tuple(ways)


def _carries_numbers(outcomes: Sequence[OutcomeSpec], mechanic: Any) -> bool:
    """Whether the check's results can carry a number (a numeric outcome, a table cell or band
    with a value, or a mechanic of its own that may give one)."""
    if any(o.numeric for o in outcomes):
        return True
    cells = [cell for row in getattr(mechanic, "rows", ()) for _, cell in getattr(row, "cells", ())]
    cells += [band.cell for band in getattr(mechanic, "bands", ())]
    if any(getattr(cell, "value", None) is not None for cell in cells):
        return True
    # a custom mechanic (``kind = "custom"``) decides its numbers in Python
    return type(mechanic).__module__.startswith("drumhead.checks.mechanics")
