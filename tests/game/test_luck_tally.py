"""Luck tallies kept running from one count to the next (drumhead.game.luck_tally) say exactly
what tallying every roll at once says: on random games played on, undone, redone, jumped back
and reverted, after every step, every roll, every scope's total and every scope's turns are
``luck_report``'s; a count that changed nothing hands the last report back, and one after a
few changes tallies only the scopes those changed."""

from __future__ import annotations

import dataclasses
import random

import gamegen
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drumhead.errors import CountStopped
from drumhead.game import Game
from drumhead.game.luck_tally import KeptLuck, RunningTally, Scaled, tally
from drumhead.game.stats import LuckReport, LuckWalk, Roll, luck_report
from tests.support.lanes import examples

STEPS = ("play", "play", "play", "undo", "redo", "undo_redo", "jump", "revert")


def assert_same(found: LuckReport, game: Game, *, turns: bool) -> None:
    """``found`` is the report of ``game`` tallied at once: rolls, scopes, totals (and, with
    ``turns``, every scope's turns, which tallies them on ``found``'s scopes)."""
    want = luck_report(game)
    assert found == want
    if turns:
        for a, b in zip(
            (found.game, *found.sides, *found.units),
            (want.game, *want.sides, *want.units),
            strict=True,
        ):
            assert a.turns == b.turns, (a.kind, a.id)


class Walker:
    """The walk the luck screen's count gets: walked on from the last one while it holds
    (the same Roll objects handed on), from the start after an undo below its end."""

    def __init__(self) -> None:
        self.walk: LuckWalk | None = None

    def rolls(self, game: Game) -> list[Roll]:
        start = self.walk.back_to(game, game.event_count) if self.walk is not None else None
        walk = (start or LuckWalk.begin(game)).walk_on(game)
        self.walk = LuckWalk(walk.state, walk.walked, list(walk.rolls))
        return walk.rolls


def step(game: Game, rng: random.Random, what: str, i: int) -> None:
    at = gamegen.stamp(i)
    if what == "play":  # each event's own number: the units and sides it adds are new
        for k in range(rng.randint(1, 4)):
            gamegen.random_event(game, rng, 10 * i + k)
    elif what == "undo":
        for _ in range(rng.randint(1, 3)):
            game.undo()
    elif what == "redo":
        while game.can_redo and rng.random() < 0.7:
            game.redo()
    elif what == "undo_redo":
        if game.undo() is not None:
            game.redo()
    elif what == "jump" and game.event_count:
        game.jump_to(rng.randint(max(0, game.event_count - 30), game.event_count - 1))
    elif what == "revert":
        gamegen.random_revert(game, rng, at)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    events=st.integers(0, 120),
    steps=st.lists(st.tuples(st.sampled_from(STEPS), st.booleans()), min_size=1, max_size=25),
)
def test_kept_tallies_are_the_tallies_made_at_once_after_every_step(
    seed: int, events: int, steps: list[tuple[str, bool]]
) -> None:
    game = gamegen.random_game(seed, events, units=6, reverts=True)
    rng = random.Random(seed)
    kept, walker = KeptLuck(), Walker()
    assert_same(kept.count(game, walker.rolls(game)), game, turns=True)
    for i, (what, shown) in enumerate(steps):
        step(game, rng, what, 10 * events + i)
        before = kept.report
        found = kept.count(game, walker.rolls(game))
        assert_same(found, game, turns=shown)  # turns tallied now or not: both kept after
        if before is not None and found == before and found.turns == before.turns:
            assert found.game.total == before.game.total
    assert_same(kept.count(game, LuckWalk.begin(game).walk_on(game).rolls), game, turns=True)


def test_a_count_that_changed_nothing_is_the_last_report_and_one_change_makes_few_scopes() -> None:
    game = gamegen.random_game(7, 150, units=8)
    kept, walker = KeptLuck(), Walker()
    first = kept.count(game, walker.rolls(game))
    assert len(first.units) > 4
    assert first.game.turns  # shown: its turns are kept for the next count
    assert kept.count(game, walker.rolls(game)) is first
    game.undo()
    game.redo()  # the same rolls, placed again
    assert kept.count(game, LuckWalk.begin(game).walk_on(game).rolls) is first
    unit = next(u for u in game.state.units if not u.removed)
    game.resolve("morale", unit.id, {}, [], hand_dice=[3], at=gamegen.stamp(999))
    after = kept.count(game, walker.rolls(game))
    assert after is not first and after == luck_report(game)
    made = [s for s in (*after.sides, *after.units) if s not in (*first.sides, *first.units)]
    assert {(s.kind, s.id) for s in made} == {("side", unit.side), ("unit", unit.id)}
    kept_again = {id(s) for s in (*first.sides, *first.units)}
    assert sum(id(s) in kept_again for s in (*after.sides, *after.units)) == (
        len(after.sides) + len(after.units) - 2
    )
    assert dict(after.game.turns) == dict(luck_report(game).game.turns)
    assert after.game.known_turns  # the game's turns before this one were not tallied again


def test_turns_out_of_order_are_still_each_turns_rolls() -> None:
    """A scope whose rolls' turns go down somewhere (not a log drumhead writes) finds each
    turn's rolls by looking at all of them, kept or not."""
    game = gamegen.random_game(3, 120, units=6)
    rolls = LuckWalk.begin(game).walk_on(game).rolls
    rng = random.Random(3)
    mixed = [dataclasses.replace(r, turn=rng.randint(1, 3)) for r in rolls]
    kept = KeptLuck()
    for upto in (len(mixed) // 2, len(mixed) - 3, len(mixed)):
        report = kept.count(game, mixed[:upto])
        for s in (report.game, *report.sides, *report.units):
            assert s.turns == tuple(
                (t, s.tallied([r for r in s.rolls if r.turn == t])) for t in report.turns
            )


def test_a_running_tally_added_to_and_taken_off_is_the_tally_of_its_rolls() -> None:
    """Rolls added one by one and the last ones taken off (ties, rolls not rated, numbers of
    many denominators): after each, the tally of the rolls it holds, tallied at once."""
    from fractions import Fraction as F

    rng = random.Random(38)
    for _ in range(60):
        running, rolls = RunningTally(), []
        for seq in range(1, rng.randint(2, 60)):
            if rolls and rng.random() < 0.3:
                for _ in range(rng.randint(1, len(rolls))):
                    assert running.pop() is rolls.pop()
            else:
                chance = F(rng.randint(0, 20), rng.choice([2, 6, 10, 12, 20, 144]))
                expected = F(rng.randint(-50, 500), rng.choice([1, 6, 36, 10368]))
                check = rng.choice(["fire", "melee"])
                roll = Roll(
                    seq, 1, check, check.title(), None, "-", None, "hit", "hit",
                    rng.choice([None, 0, 3, 6]), rng.random() < 0.3,
                    rng.choice([chance, chance, F(1, 2), None]), expected=expected,
                )  # fmt: skip
                running.add(roll)
                rolls.append(roll)
            better = {"fire": "higher"}
            assert running.total(better) == tally(rolls, better, Scaled.of(rolls))


def test_a_count_stopped_keeps_nothing_and_the_next_tallies_anew() -> None:
    game = gamegen.random_game(5, 100, units=6)
    kept = KeptLuck()
    rolls = LuckWalk.begin(game).walk_on(game).rolls
    with pytest.raises(CountStopped):
        kept.count(game, rolls, stop=lambda: True)
    assert kept.report is None
    assert kept.count(game, rolls) == luck_report(game)
