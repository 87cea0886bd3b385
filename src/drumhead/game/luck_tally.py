"""Luck tallies kept running: a count after a few new, undone or redone events costs what those
events changed, not the whole game.

The luck screen counts again after every change to the game. Its walk over the log is kept
(:mod:`drumhead.saves.walked`: after one new event it walks one entry), but tallying the
game's, every side's and every unit's rolls anew was 27 ms of a 500-unit, 50,000-event game's
count (441 scopes over 20,362 rolls), on every key that changed the game. Here each scope's
tally is kept as running sums (:class:`RunningTally`), and :class:`KeptLuck` sets the rolls of
a count against those of the last one: the rolls they start with are the same (the walk kept
hands the same :class:`~drumhead.game.stats.Roll` objects on), the rest are taken off the end
of the tallies they were in and the new ones added, and only the scopes they touched are made
anew; the others' scopes (and the turns already tallied of a scope touched) are the last
report's. An undo and a redo leave the rolls as they were: the report is the last one.

Every figure is exact and the same as tallying the rolls at once (tests/game/test_luck_tally.py
checks it step by step on random games): counts, the mean as a fraction from whole-number
sums, the luckiest and unluckiest (the earliest of equals), each check's numbers.
"""

from __future__ import annotations

import math
import operator
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from itertools import pairwise
from typing import TYPE_CHECKING, Literal

from drumhead.errors import CountStopped
from drumhead.game.stats import LuckReport, Numbers, Roll, Scope, Tally

if TYPE_CHECKING:
    from drumhead.game.game import Game
    from drumhead.rules.model import Ruleset

ScopeKey = tuple[str, str | None]
"""A scope's kind and id: ``("game", None)``, ``("side", "american")``, ``("unit", "u1")``."""


@dataclass(frozen=True, slots=True)
class Scaled:
    """Rolls' percentiles over one common denominator, and their expected numbers over
    another: a long game's tallies add and compare whole numbers, and make one fraction each
    (adding and comparing Fractions was most of its luck count)."""

    percentile_over: int
    percentiles: Mapping[int, int]
    """Each rated roll's percentile times :attr:`percentile_over`, by the roll's seq."""
    expected_over: int
    expected: Mapping[int, int]
    """Each roll's expected number times :attr:`expected_over`, by the roll's seq."""

    @classmethod
    def of(cls, rolls: Iterable[Roll]) -> Scaled:
        rolls = list(rolls)
        rated = {r.seq: r.percentile for r in rolls if r.percentile is not None}
        expected = {r.seq: r.expected for r in rolls if r.expected is not None}
        p_over = math.lcm(*{p.denominator for p in rated.values()})
        e_over = math.lcm(*{e.denominator for e in expected.values()})
        return cls(
            p_over,
            {seq: p.numerator * (p_over // p.denominator) for seq, p in rated.items()},
            e_over,
            {seq: e.numerator * (e_over // e.denominator) for seq, e in expected.items()},
        )


def tally(
    rolls: Sequence[Roll],
    better: Mapping[str, str] | None = None,
    scaled: Scaled | None = None,
) -> Tally:
    """The luck of ``rolls``: counts, the average percentile, the luckiest and unluckiest
    (the earliest of equals), and each check's numbers against their expected values.
    ``scaled``: :meth:`Scaled.of` these rolls or more (worked out here if not given)."""
    scale = scaled if scaled is not None else Scaled.of(rolls)
    return RunningTally.of(rolls, scale).total(better or {})


def _plus(num: int, over: int, value: Fraction) -> tuple[int, int]:
    """``num / over + value`` as a whole number over a common denominator (``over``, or a
    multiple of it when ``value``'s does not divide it)."""
    den = value.denominator
    if over % den:
        wider = math.lcm(over, den)
        num, over = num * (wider // over), wider
    return num + value.numerator * (over // den), over


class _Sums:
    """One check's numbers in a running tally: its title (its first roll's), rolls, the
    numbers rolled summed, and the expected numbers summed, times :attr:`over`."""

    __slots__ = ("actual", "over", "rolls", "sum", "title")

    def __init__(self, title: str, rolls: int, actual: int, total: int, over: int) -> None:
        self.title, self.rolls, self.actual, self.sum, self.over = title, rolls, actual, total, over


class RunningTally:
    """One scope's rolls and their tally as running sums: a roll is added at the end or the
    last one taken off, each in a few microseconds, whatever the number of rolls.

    The mean is a whole-number sum over a denominator that only grows (each roll's divides
    it); the luckiest and unluckiest are the rolls that were so when they were added (each
    luckier, or unluckier, than every one before it): the last of each is the scope's, and
    taking the last roll off takes it off them too when it is one."""

    __slots__ = ("_made", "_tuple", "best", "hand", "numbers", "over", "rated", "rolls", "sum")

    def __init__(self) -> None:
        self.rolls: list[Roll] = []
        self.rated = 0
        self.hand = 0
        self.sum = 0
        """The rated rolls' percentiles summed, times :attr:`over`."""
        self.over = 1
        self.best: tuple[list[Roll], list[Roll]] = ([], [])
        """The luckiest as they came (each luckier than the last), the unluckiest likewise."""
        self.numbers: dict[str, _Sums] = {}
        """Each check's numbers, in the order of their first roll."""
        self._made: Tally | None = None
        self._tuple: tuple[Roll, ...] | None = None

    @classmethod
    def of(cls, rolls: Sequence[Roll], scale: Scaled) -> RunningTally:
        """The tally of ``rolls`` (``scale``: :meth:`Scaled.of` these rolls or more), worked
        out in whole numbers in one pass (as fast as a tally made once)."""
        made = cls()
        made.rolls = list(rolls)
        at, expected = scale.percentiles, scale.expected
        rated = [r for r in rolls if r.percentile is not None]
        made.rated, made.over = len(rated), scale.percentile_over
        made.sum = sum(at[r.seq] for r in rated)
        made.hand = sum(1 for r in rolls if r.hand)
        luckiest, unluckiest = made.best
        high = low = None
        for r in rated:  # in the log's order, each roll later than the last (seq)
            value = at[r.seq]
            if high is None or value > high:
                high = value
                luckiest.append(r)
            elif value == high and r.seq < luckiest[-1].seq:  # given out of order: the
                luckiest[-1] = r  # earliest of equals all the same (not to be run on)
            if low is None or value < low:
                low = value
                unluckiest.append(r)
            elif value == low and r.seq < unluckiest[-1].seq:
                unluckiest[-1] = r
        numbers = made.numbers
        for r in rolls:
            if r.expected is not None and r.value is not None:
                row = numbers.get(r.check)
                if row is None:
                    numbers[r.check] = _Sums(
                        r.title, 1, r.value, expected[r.seq], scale.expected_over
                    )
                else:
                    row.rolls += 1
                    row.actual += r.value
                    row.sum += expected[r.seq]
        return made

    def add(self, r: Roll) -> None:
        """Add ``r`` after the rolls tallied."""
        self.rolls.append(r)
        self._made = self._tuple = None
        self.hand += r.hand
        p = r.percentile
        if p is not None:
            self.rated += 1
            self.sum, self.over = _plus(self.sum, self.over, p)
            luckiest, unluckiest = self.best
            if not luckiest or p > luckiest[-1].percentile:  # type: ignore[operator]
                luckiest.append(r)
            if not unluckiest or p < unluckiest[-1].percentile:  # type: ignore[operator]
                unluckiest.append(r)
        e = r.expected
        if e is not None and r.value is not None:
            row = self.numbers.get(r.check)
            if row is None:
                self.numbers[r.check] = _Sums(r.title, 1, r.value, e.numerator, e.denominator)
            else:
                row.rolls += 1
                row.actual += r.value
                row.sum, row.over = _plus(row.sum, row.over, e)

    def pop(self) -> Roll:
        """Take the last roll off; the roll."""
        r = self.rolls.pop()
        self._made = self._tuple = None
        self.hand -= r.hand
        p = r.percentile
        if p is not None:
            self.rated -= 1
            self.sum -= p.numerator * (self.over // p.denominator)
            for records in self.best:
                if records[-1] is r:
                    records.pop()
        e = r.expected
        if e is not None and r.value is not None:
            row = self.numbers[r.check]
            if row.rolls == 1:
                del self.numbers[r.check]
            else:
                row.rolls -= 1
                row.actual -= r.value
                row.sum -= e.numerator * (row.over // e.denominator)
        return r

    def total(self, better: Mapping[str, str]) -> Tally:
        """The tally of the rolls (made once until they change)."""
        if self._made is None:
            luckiest, unluckiest = self.best
            self._made = Tally(
                checks=len(self.rolls),
                rated=self.rated,
                hand=self.hand,
                mean=Fraction(self.sum, self.over * self.rated) if self.rated else None,
                luckiest=luckiest[-1] if luckiest else None,
                unluckiest=unluckiest[-1] if unluckiest else None,
                numbers=tuple(
                    Numbers(
                        c, n.title, n.rolls, n.actual, Fraction(n.sum, n.over), _better(c, better)
                    )
                    for c, n in self.numbers.items()
                ),
            )
        return self._made

    def as_tuple(self) -> tuple[Roll, ...]:
        if self._tuple is None:
            self._tuple = tuple(self.rolls)
        return self._tuple


def _better(check: str, better: Mapping[str, str]) -> Literal["higher", "lower", ""]:
    word = better.get(check, "")
    return "higher" if word == "higher" else "lower" if word == "lower" else ""


def better_of(ruleset: Ruleset) -> dict[str, str]:
    """Which way is better for each check whose luck is by its number."""
    return {
        c.id: ("higher" if c.luck.direction > 0 else "lower")
        for c in ruleset.checks
        if c.luck is not None and c.luck.way in ("value", "value_then_outcomes")
    }


def same_start(before: Sequence[Roll], now: Sequence[Roll]) -> int:
    """How many of the first rolls of ``before`` and ``now`` are the same: the same objects
    (the walk kept hands them on; compared in C, a fraction of a millisecond for 20,000),
    then equal (rolls placed again after an undo below the walk's end)."""
    flags = list(map(operator.is_, before, now))
    start = flags.index(False) if False in flags else len(flags)
    while start < len(flags) and before[start] == now[start]:
        start += 1
    return start


class KeptLuck:
    """A game's luck report kept from one count to the next, with every scope's
    :class:`RunningTally`: :meth:`count` tallies only the rolls that changed since the last
    count (see above). One count at a time (a lock: the luck screen counts in a thread)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.report: LuckReport | None = None
        """The last count's report (None: none yet, or it stopped)."""
        self._clear()

    def _clear(self) -> None:
        self.report = None
        self.rolls: list[Roll] = []
        self.ruleset: Ruleset | None = None
        self.better: dict[str, str] = {}
        self.whole = RunningTally()
        self.sides: dict[str, RunningTally] = {}
        self.units: dict[str, RunningTally] = {}
        self.in_order = True
        """Every roll's turn is at least the one before's (the log's are)."""
        self.scopes: dict[ScopeKey, Scope] = {}
        self.tallied: Callable[[Sequence[Roll]], Tally] = tally
        """How the turns are tallied: on the scale of the rolls last tallied anew (each
        roll's percentile by its seq; a scope touched since tallies its turns on their own)."""

    def count(
        self, game: Game, rolls: Sequence[Roll], *, stop: Callable[[], bool] | None = None
    ) -> LuckReport:
        """``rolls`` (every roll of ``game`` in effect, in the log's order, as
        :func:`~drumhead.game.stats.placed_roll` placed them) tallied by game, side and unit.
        With ``stop``, asked before each scope's tally when they are all tallied anew (a long
        game's 440 scopes take 30 ms or more), :class:`CountStopped` raised when it says so
        (what was kept is then dropped: the next count tallies anew)."""
        with self.lock:
            try:
                return self._count(game, rolls, stop)
            except BaseException:
                self._clear()
                raise

    def _count(
        self, game: Game, rolls: Sequence[Roll], stop: Callable[[], bool] | None
    ) -> LuckReport:
        if stop is not None and stop():
            raise CountStopped("stopped before the tallies")
        if game.ruleset is not self.ruleset:
            self._clear()
            self.ruleset, self.better = game.ruleset, better_of(game.ruleset)
        start = same_start(self.rolls, rolls)
        gone, new = self.rolls[start:], rolls[start:]
        touched: set[ScopeKey] | None = set()
        changed_turns = {r.turn for r in (*gone, *new)}
        if 4 * (len(gone) + len(new)) > len(rolls):  # most of them: at once is quicker
            self._tally_anew(rolls, stop)
            touched = None
        else:
            assert touched is not None
            for r in reversed(gone):
                self._take_off(r, touched)
            for r in new:
                self._add(r, touched)
        self.rolls = list(rolls)
        return self._report(game, touched, changed_turns)

    def _tally_anew(self, rolls: Sequence[Roll], stop: Callable[[], bool] | None) -> None:
        scale = Scaled.of(rolls)
        by_side: dict[str, list[Roll]] = {}
        by_unit: dict[str, list[Roll]] = {}
        for r in rolls:
            if r.side is not None:
                by_side.setdefault(r.side, []).append(r)
            if r.unit is not None:
                by_unit.setdefault(r.unit, []).append(r)

        def running(chosen: Sequence[Roll]) -> RunningTally:
            if stop is not None and stop():
                raise CountStopped("stopped tallying the luck")
            return RunningTally.of(chosen, scale)

        self.whole = running(rolls)
        self.sides = {s: running(chosen) for s, chosen in by_side.items()}
        self.units = {u: running(chosen) for u, chosen in by_unit.items()}
        self.in_order = all(a.turn <= b.turn for a, b in pairwise(rolls))
        self.scopes = {}
        self.tallied = partial(tally, better=self.better, scaled=scale)

    def _take_off(self, r: Roll, touched: set[ScopeKey]) -> None:
        self.whole.pop()
        touched.add(("game", None))
        for kind, ident, kept in (("side", r.side, self.sides), ("unit", r.unit, self.units)):
            if ident is not None:
                running = kept[ident]
                running.pop()
                if not running.rolls:  # its first roll was among those taken off: listed last
                    del kept[ident]
                touched.add((kind, ident))

    def _add(self, r: Roll, touched: set[ScopeKey]) -> None:
        if self.whole.rolls and r.turn < self.whole.rolls[-1].turn:
            self.in_order = False
        self.whole.add(r)
        touched.add(("game", None))
        for kind, ident, kept in (("side", r.side, self.sides), ("unit", r.unit, self.units)):
            if ident is not None:
                running = kept.get(ident)
                if running is None:
                    running = kept[ident] = RunningTally()
                running.add(r)
                touched.add((kind, ident))

    def _report(
        self, game: Game, touched: set[ScopeKey] | None, changed_turns: set[int]
    ) -> LuckReport:
        """The report of the rolls tallied: the last report's scopes where nothing of theirs
        changed (``touched``: the scopes whose rolls did; None: all), the last report itself
        when none did."""
        final, rolls, before = game.state, self.whole.rolls, self.report
        last = (rolls[-1].turn if self.in_order else max(r.turn for r in rolls)) if rolls else 0
        turns = tuple(range(1, max(final.turn, last) + 1))
        if before is not None and before.turns == turns:
            turns = before.turns

        def scope(
            kind: Literal["game", "side", "unit"],
            ident: str | None,
            name: str,
            side: str | None,
            running: RunningTally,
        ) -> Scope:
            was = self.scopes.get((kind, ident))
            unchanged = touched is not None and (kind, ident) not in touched
            tallied = self.tallied if touched is None else partial(tally, better=self.better)
            known: dict[int, Tally] = {}
            if was is not None and (was.name, was.side) == (name, side):
                if unchanged and was.every_turn is turns:
                    return was
                shown = vars(was).get("turns", ())  # tallied when shown (cached_property)
                known = {t: x for t, x in shown if unchanged or t not in changed_turns}
                if unchanged:  # its rolls are those tallied on the scale it has
                    tallied = was.tallied
            total = running.total(self.better)
            return Scope(
                kind, ident, name, side, total, running.as_tuple(), turns, tallied, known,
                self.in_order,
            )  # fmt: skip

        side_names = {s.id: s.name for s in final.sides}
        sides = [*side_names, *(s for s in self.sides if s not in side_names)]
        made = LuckReport(
            rolls=before.rolls if before is not None and touched == set() else tuple(rolls),
            game=scope("game", None, final.name or "the game", None, self.whole),
            sides=tuple(
                scope("side", s, side_names.get(s, s), s, self.sides.get(s) or RunningTally())
                for s in sides
            ),
            units=tuple(
                scope("unit", u, kept.rolls[-1].unit_name, kept.rolls[-1].side, kept)
                for u, kept in self.units.items()
            ),
            turns=turns,
        )
        if before is not None and _same_scopes(made, before):
            made = before
        self.report = made
        self.scopes = {(s.kind, s.id): s for s in (made.game, *made.sides, *made.units)}
        return made


def _same_scopes(a: LuckReport, b: LuckReport) -> bool:
    """Whether two reports are made of the same scopes (the same objects)."""
    return (
        a.turns is b.turns
        and a.game is b.game
        and len(a.sides) == len(b.sides)
        and len(a.units) == len(b.units)
        and all(map(operator.is_, a.sides, b.sides))
        and all(map(operator.is_, a.units, b.units))
    )
