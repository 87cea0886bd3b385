"""Luck statistics: was it the dice? Every roll of a game placed among the results it could
have had, from its recorded exact odds. Pure: reads a game, returns values.

**The percentile of a result** is the probability of a worse result plus half the probability
of a result as good as the one rolled (the mid-distribution percentile):

    percentile = P(worse) + P(as good) / 2

"Worse" and "as good" are for the unit the check was rolled for (an opposed check's first
side), in the check's luck order (:mod:`drumhead.rules.luck`). A fair die gives an average of
exactly 50% (par) whatever the check: summed over the results it can give, each result's
probability times its percentile is one half. So an average over many rolls above 50% is a
lucky evening, below it an unlucky one. The odds are those shown before the roll, as recorded
in the resolution (modifiers, re-rolls and all), so the percentile is of the whole check, not
of one die.

What counts: every resolution in effect (neither undone nor taken back by a revert). Dice
typed in by hand count, and are marked. A roll is not placed (counted as a check, not rated)
when its check's luck is ``none`` or unknown, when its result was certain (every possible
result as good as the one rolled, e.g. a decision with no dice), or when its order cannot
place a result. Where every result of a roll carries a number, its number is also set against
its expected value (hits, casualties, inches).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Literal

from drumhead.errors import CountStopped, DrumheadError
from drumhead.game.events import Event, apply_event
from drumhead.game.game import Game
from drumhead.game.history import CHECKPOINT_EVERY
from drumhead.game.state import GameState
from drumhead.rules.luck import LuckOrder

if TYPE_CHECKING:
    from typing import Self

    from drumhead.game.taken_back import Reverted

HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class Roll:
    """One resolved check in effect, placed among the results it could have had."""

    seq: int
    turn: int
    check: str
    title: str
    """The check's title (its id when the rules no longer have it)."""
    unit: str | None
    """The unit it was rolled for (None: for no unit)."""
    unit_name: str
    side: str | None
    """The unit's side when it was rolled."""
    outcome: str
    text: str
    """What it decided, as the players read it."""
    value: int | None
    hand: bool
    """The dice were typed in by hand."""
    percentile: Fraction | None
    """P(worse) + P(as good) / 2, for the unit; None when the roll is not placed."""
    why_not: str = ""
    """Why it is not placed (empty when it is)."""
    expected: Fraction | None = None
    """The expected number, when every result it could have had carries one."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "turn": self.turn,
            "check": self.check,
            "title": self.title,
            "unit": self.unit,
            "unit_name": self.unit_name,
            "side": self.side,
            "outcome": self.outcome,
            "text": self.text,
            "value": self.value,
            "hand": self.hand,
            "percentile": _float(self.percentile),
            "percentile_exact": _exact(self.percentile),
            "not_rated": self.why_not or None,
            "expected": _float(self.expected),
        }


@dataclass(frozen=True, slots=True)
class Numbers:
    """One check's numbers: what was rolled against what was to be expected."""

    check: str
    title: str
    rolls: int
    actual: int
    expected: Fraction
    better: Literal["higher", "lower", ""]
    """Which way is better for the units rolled for, where the luck order says."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "check": self.check,
            "title": self.title,
            "rolls": self.rolls,
            "actual": self.actual,
            "expected": _float(self.expected),
            "expected_exact": _exact(self.expected),
            "better": self.better or None,
        }


@dataclass(frozen=True, slots=True)
class Tally:
    """The luck of a set of rolls (one unit, side or the game; one turn or all)."""

    checks: int
    """Resolved checks in effect."""
    rated: int
    """Of those, placed (with a percentile)."""
    hand: int
    """Of the checks, with dice typed in by hand."""
    mean: Fraction | None
    """The average percentile of the rated rolls (None: none rated)."""
    luckiest: Roll | None
    unluckiest: Roll | None
    numbers: tuple[Numbers, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "checks": self.checks,
            "rated": self.rated,
            "hand": self.hand,
            "mean": _float(self.mean),
            "mean_exact": _exact(self.mean),
            "luckiest": self.luckiest.seq if self.luckiest else None,
            "unluckiest": self.unluckiest.seq if self.unluckiest else None,
            "numbers": [n.to_dict() for n in self.numbers],
        }


@dataclass(frozen=True)
class Scope:
    """The luck of the game, of one side or of one unit: in all and turn by turn (:attr:`turns`,
    tallied when first asked for)."""

    kind: Literal["game", "side", "unit"]
    id: str | None
    name: str
    side: str | None
    """A unit's side (the side itself for a side; None for the game)."""
    total: Tally
    rolls: tuple[Roll, ...] = field(repr=False)
    """The scope's rolls, in the log's order."""
    every_turn: tuple[int, ...] = field(repr=False)
    """Every turn of the game (the report's ``turns``)."""
    tallied: Callable[[Sequence[Roll]], Tally] = field(repr=False, compare=False)
    """How a turn's rolls are tallied (:func:`~drumhead.game.luck_tally.tally`)."""
    known_turns: Mapping[int, Tally] = field(default_factory=dict, repr=False, compare=False)
    """Tallies of turns whose rolls an earlier count tallied already (not tallied again: a
    count after one new event changes one turn of the game's 168)."""
    in_order: bool = field(default=False, repr=False, compare=False)
    """The rolls' turns never go down (the log's do not): the rolls of the turns not known
    are found from the last roll back."""

    @cached_property
    def turns(self) -> tuple[tuple[int, Tally], ...]:
        """Every turn of the game, in order, with its tally (turns without rolls included).
        Worked out when first asked for: the luck screen shows one scope's turns at a time,
        and tallying every turn of every unit up front (18,000 tallies of the 500-unit,
        168-turn long game) was most of a count run beside the app's keys."""
        known = self.known_turns
        missing = {t for t in self.every_turn if t not in known}
        per_turn: dict[int, list[Roll]] = {}
        if missing and self.in_order:  # the latest turns: a few rolls from the end
            low = min(missing)
            for r in reversed(self.rolls):
                if r.turn < low:
                    break
                if r.turn in missing:
                    per_turn.setdefault(r.turn, []).append(r)
            for found in per_turn.values():
                found.reverse()
        elif missing:
            for r in self.rolls:
                per_turn.setdefault(r.turn, []).append(r)
        return tuple(
            (
                t,
                known[t]
                if t in known
                else self.tallied(per_turn[t])
                if t in per_turn
                else NO_ROLLS,
            )
            for t in self.every_turn
        )

    def to_dict(self) -> dict[str, Any]:
        """As ``drumhead stats --json`` writes it: the turns without rolls left out (a turn
        absent has no checks; the report's ``turns`` lists every turn). Most units roll in few
        turns: a 500-unit game of 168 turns wrote 55,000 empty tallies, 12 of its 29 MB."""
        return {
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "total": self.total.to_dict(),
            "turns": [
                {"turn": turn, **tally.to_dict()} for turn, tally in self.turns if tally.checks
            ],
        }


@dataclass(frozen=True, slots=True)
class LuckReport:
    """A game's luck: every roll, and the tallies by game, side and unit."""

    rolls: tuple[Roll, ...]
    game: Scope
    sides: tuple[Scope, ...]
    units: tuple[Scope, ...]
    turns: tuple[int, ...]

    def roll(self, seq: int) -> Roll:
        return next(r for r in self.rolls if r.seq == seq)

    def to_dict(self) -> dict[str, Any]:
        return {
            "percentile": "P(worse) + P(as good) / 2 for the unit rolled for; 0.5 is par",
            "turns": list(self.turns),
            "game": self.game.to_dict(),
            "sides": [s.to_dict() for s in self.sides],
            "units": [u.to_dict() for u in self.units],
            "rolls": [r.to_dict() for r in self.rolls],
        }


# -- the percentile -----------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def exact(text: str) -> Fraction:
    """The chance ``"n/d"`` of a resolution record's odds as a fraction. Read once per
    distinct text: a long game's rolls repeat the same few hundred (a 50,000-event game read
    300,000 of them, a second of its luck count)."""
    return Fraction(text)


def percentile(
    odds: Iterable[Mapping[str, Any]], outcome: str, value: int | None, order: LuckOrder
) -> tuple[Fraction | None, str]:
    """The percentile of the result ``(outcome, value)`` among ``odds`` (a resolution record's
    ``odds``: ``{outcome, value, p}`` with ``p`` as ``"n/d"``) in the luck ``order``; and,
    when it cannot be placed, why (the percentile is then None)."""
    if not order.counted:
        return None, f"luck not counted for this check: {order.describe()}"
    rolled = order.key(outcome, value)
    if rolled is None:
        return None, f"the check's luck order cannot place {_result(outcome, value)}"
    worse = same = Fraction(0)
    for row in odds:
        p = exact(str(row.get("p")))
        key = order.key(str(row.get("outcome")), row.get("value"))
        if key is None:
            return None, "the check's luck order cannot place every result it could have had"
        if key < rolled:
            worse += p
        elif key == rolled:
            same += p
    if same == 0:
        return None, "the result rolled is not among the odds shown before the roll"
    if same == 1:
        return None, "a certain result: no luck in it"
    return worse + same / 2, ""


def expected_value(odds: Sequence[Mapping[str, Any]]) -> Fraction | None:
    """The mean number of the results, when every result carries one and more than one
    number is possible."""
    values = [row.get("value") for row in odds]
    if not values or any(not isinstance(v, int) or isinstance(v, bool) for v in values):
        return None
    if len(set(values)) < 2:
        return None
    return sum((exact(str(row["p"])) * row["value"] for row in odds), Fraction(0))


# -- the report ---------------------------------------------------------------------------------
STOP_EVERY = 32
"""Entries between two looks at ``luck_report``'s ``stop``."""


class LuckWalk:
    """A walk over the log in effect that places each roll with the state just before it:
    what :func:`luck_report` reads of a game. It can stop after any entry and go on later
    (:meth:`plain`, :meth:`from_plain`): the saves layer keeps the walk of a long game's
    first entries beside its save, and the next count walks only the entries since
    (:mod:`drumhead.saves.walked`). A walk of a log's first entries holds for a longer log
    while none of those entries is taken back by a later revert."""

    def __init__(self, state: GameState, walked: int = 0, rolls: list[Roll] | None = None):
        self.state = state
        """The state after the entries walked (those in effect applied)."""
        self.walked = walked
        """Entries of the log walked, in effect or not."""
        self.rolls: list[Roll] = rolls if rolls is not None else []
        """Every roll walked in effect, placed, in the log's order."""

    @classmethod
    def begin(cls, game: Game) -> Self:
        """A walk of ``game`` standing before its first entry."""
        return cls(game.start)

    def step(self, game: Game, event: Event, gone: Mapping[int, Reverted]) -> None:
        """Walk the log's next entry, ``event`` (``gone``: the entries taken back, as
        :meth:`Game.reverted` gives them)."""
        self.walked += 1
        if event.kind == "revert" or event.seq in gone:
            return
        if event.kind == "resolution":
            self.rolls.append(placed_roll(game, event, self.state))
        self.state = apply_event(self.state, event)

    def walk_on(
        self, game: Game, upto: int | None = None, stop: Callable[[], bool] | None = None
    ) -> Self:
        """Walk on to the log's entry ``upto`` (its end if None). With ``stop``, asked every
        :data:`STOP_EVERY` entries: when it says so, :class:`CountStopped` is raised."""
        gone = game.reverted()
        end = game.event_count if upto is None else upto
        for index, event in enumerate(game.iter_log(start=self.walked)):
            if event.seq > end:
                break
            if stop is not None and index % STOP_EVERY == 0 and stop():
                raise CountStopped(f"stopped at entry {event.seq}")
            self.step(game, event, gone)
        return self

    def holds_for(self, game: Game) -> bool:
        """Whether this walk of the log's first entries holds for ``game``'s log, whose first
        entries they must be (the caller knows): none of them is taken back since."""
        return self.walked <= game.event_count and all(seq > self.walked for seq in game.reverted())

    def back_to(self, game: Game, upto: int) -> LuckWalk | None:
        """A copy of this walk of ``game``'s first entries standing at entry ``upto`` or
        before it, to walk on from (``game``'s first ``upto`` entries must be this walk's
        first, as the caller knows); None if there is none to be had without walking.

        This walk itself if it holds for ``game`` up to there; else, after an undo below
        its end, the running tally at the state the game's past kept last before ``upto``
        (every :data:`~drumhead.game.history.CHECKPOINT_EVERY` entries, once replayed):
        that state and the rolls of the entries before it. A count after such an undo
        walks at most 64 entries again, not the whole log (2.7 s of a 50,000-entry game).
        The past's states apply every entry, so only entries before any revert count."""
        k = self.back_point(game, upto)
        if k is None:
            return None
        if k == self.walked:
            return LuckWalk(self.state, self.walked, list(self.rolls))
        assert game.past is not None  # back_point found a state of the past's
        rolls = self.rolls[: bisect.bisect_right(self.rolls, k, key=lambda r: r.seq)]
        return LuckWalk(game.past.states()[k], k, rolls)

    def back_point(self, game: Game, upto: int) -> int | None:
        """The entries :meth:`back_to` would have walked (None: it finds no walk), told
        without copying the walk: how many of the log's entries a count from it walks again."""
        gone = game.reverted()
        if self.walked <= upto and all(seq > self.walked for seq in gone):
            return self.walked
        past = game.past
        if past is None or not past.replayed:
            return None  # the states are worked out in the background; not here
        first = min([*gone, *(r.by for r in gone.values())], default=upto + 1)
        k = min(upto, first - 1, self.walked) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        return k if k in past.states() else None

    def plain(self) -> dict[str, Any]:
        """The walk as plain tables (as :mod:`marshal` writes them)."""
        from drumhead.game.codec import state_to_dict

        return {
            "walked": self.walked,
            "state": state_to_dict(self.state),
            "rolls": [_roll_plain(r) for r in self.rolls],
        }

    @classmethod
    def from_plain(cls, table: Mapping[str, Any]) -> Self:
        """The walk :meth:`plain` gave (any error if it is not such a table)."""
        from drumhead.game.codec import read_state
        from drumhead.rules.reader import Reader

        walked = table["walked"]
        if type(walked) is not int or walked < 0:
            raise ValueError("walked: expected a whole number")
        walk = cls(read_state(Reader(table["state"], key="state")), walked)
        walk.rolls = [_roll_read(r) for r in table["rolls"]]
        return walk


def _roll_plain(r: Roll) -> tuple[Any, ...]:
    return (
        r.seq, r.turn, r.check, r.title, r.unit, r.unit_name, r.side, r.outcome, r.text,
        r.value, r.hand, _fraction_plain(r.percentile), r.why_not, _fraction_plain(r.expected),
    )  # fmt: skip


def _roll_read(row: Sequence[Any]) -> Roll:
    (seq, turn, check, title, unit, unit_name, side, outcome, text, value, hand, rated, why,
     expected) = row  # fmt: skip
    return Roll(
        seq, turn, check, title, unit, unit_name, side, outcome, text, value, hand,
        _fraction_read(rated), why, _fraction_read(expected),
    )  # fmt: skip


def _fraction_plain(value: Fraction | None) -> tuple[int, int] | None:
    return None if value is None else (value.numerator, value.denominator)


def _fraction_read(value: Sequence[int] | None) -> Fraction | None:
    return None if value is None else Fraction(value[0], value[1])


def luck_report(game: Game, *, stop: Callable[[], bool] | None = None) -> LuckReport:
    """Every roll of ``game`` in effect, placed, and tallied by game, side and unit. With
    ``stop``, asked every :data:`STOP_EVERY` entries: when it says so, :class:`CountStopped`
    is raised (a front end counting in a thread for a screen that was closed)."""
    return luck_of(game, LuckWalk.begin(game).walk_on(game, stop=stop).rolls, stop=stop)


def luck_of(
    game: Game, rolls: Sequence[Roll], *, stop: Callable[[], bool] | None = None
) -> LuckReport:
    """``rolls`` (every roll of ``game`` in effect, in the log's order, as
    :func:`placed_roll` placed them) tallied by game, side and unit. With ``stop``, asked
    before each scope's tally (a long game's 440 scopes take 30 ms or more: a screen closed
    meanwhile should not wait for them), :class:`CountStopped` raised when it says so. (The
    luck screen keeps its tallies from one count to the next: :mod:`drumhead.game.luck_tally`.)"""
    from drumhead.game.luck_tally import KeptLuck

    return KeptLuck().count(game, rolls, stop=stop)


def placed_roll(game: Game, event: Event, state: GameState) -> Roll:
    """The roll of the resolution ``event``, placed among its odds; ``state``: the game just
    before it (for a walk of the log that has it already, as the after-action report's)."""
    data = event.data
    record = data.get("resolution", {})
    check_id = str(data.get("check"))
    unit_id = data.get("unit") if isinstance(data.get("unit"), str) else None
    unit = state.unit(unit_id) if unit_id is not None and state.has_unit(unit_id) else None
    try:
        spec = game.ruleset.check(check_id)
    except DrumheadError:
        spec = None
    outcome, value = str(record.get("outcome")), record.get("value")
    odds = record.get("odds", [])
    if spec is None or spec.luck is None:
        rated, why = None, "a check these rules no longer have"
    else:
        rated, why = percentile(odds, outcome, value, spec.luck)
    return Roll(
        seq=event.seq,
        turn=event.turn,
        check=check_id,
        title=spec.title if spec is not None else check_id,
        unit=unit_id,
        unit_name=unit.name if unit is not None else (unit_id or "no unit"),
        side=unit.side if unit is not None else None,
        outcome=outcome,
        text=str(record.get("text") or outcome),
        value=value if isinstance(value, int) and not isinstance(value, bool) else None,
        hand="hand" in data,
        percentile=rated,
        why_not=why,
        expected=expected_value(odds),
    )


NO_ROLLS = Tally(checks=0, rated=0, hand=0, mean=None, luckiest=None, unluckiest=None, numbers=())
"""The tally of no rolls (most turns of most units: a 500-unit game over 168 turns tallied
74,000 scopes' turns, 55,000 of them empty, one by one)."""


def _result(outcome: str, value: int | None) -> str:
    return outcome if value is None else f"{outcome} {value}"


def _float(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 6)


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"
