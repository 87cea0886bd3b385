"""The log as rows read a window at a time (drumhead.game.log_rows): the same rows as the
whole log would give, turns and phases marked where they start, jumps by turn and search
that land where a walk through the whole log lands, and no more of a long past read than
the rows asked for."""

from __future__ import annotations

import random
from collections.abc import Iterator

import gamegen
import pytest

from drumhead.game import Event, Game
from drumhead.game.history import Past
from drumhead.game.log_rows import LogRow, LogRows

AT = "2026-11-22T14:00:00Z"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


LONG = 4000
"""The events of the long past the window, jump and search tests read from."""


@pytest.fixture(scope="module")
def long_game() -> Iterator[Game]:
    """A random game of :data:`LONG` events, made once for the tests that read a long past
    (0.5 s to make; they ran on three games of 2,000 to 4,000 events). They only read it, as a
    save opens it (:func:`opened`); that it was not changed is checked after the last."""
    gamegen.setup()
    game = gamegen.random_game(8, LONG)
    log, redo = game.log, game.redo_stack
    yield game
    assert game.log == log and game.redo_stack == redo, "a test changed the shared long game"


long_past = pytest.mark.xdist_group("log_rows_long_past")
"""The tests that share :func:`long_game` run on one worker, which makes it once."""


def words(event: Event) -> str:
    return f"{event.kind} #{event.seq}."


class Reads:
    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.count = 0

    def __call__(self, index: int) -> Event:
        self.count += 1
        return self.events[index]


def opened(game: Game) -> tuple[Game, Reads]:
    """``game`` as a save opens it: its log read from the past when asked for."""
    events = list(game.log)
    reads = Reads(events)
    past = Past(game.start, len(events), reads, game.state, kinds=lambda: [e.kind for e in events])
    return Game(game.start, game.ruleset, (), game.redo_stack, past=past), reads


def walked(game: Game) -> list[LogRow]:
    """The rows worked out from the whole log, one event after another."""
    out = [LogRow("start", "Start of the game", 0)]
    before = None
    for event in game.log:
        place = (event.turn, event.phase)
        out.append(
            LogRow(
                "event",
                words(event),
                event.seq,
                game.turn_label_at(event.turn, event.phase, short=True),
                before != place,
            )
        )
        before = place
    if game.redo_stack:
        out.append(LogRow("rule", "undone (U redoes, latest first)"))
        for event in game.redo_stack:
            out.append(
                LogRow(
                    "undone",
                    words(event),
                    event.seq,
                    game.turn_label_at(event.turn, event.phase, short=True),
                    mark="[undone]",
                )
            )
    return out


def test_every_window_gives_the_rows_of_the_whole_log() -> None:
    game = gamegen.random_game(4, 300)
    for _ in range(7):
        game.undo()
    rows = LogRows(game, words)
    whole = walked(game)
    assert len(rows) == len(whole) == 1 + 293 + 1 + 7
    assert rows.rows(0, len(rows)) == whole
    rng = random.Random(3)
    for _ in range(40):
        start = rng.randrange(len(whole))
        stop = start + rng.randrange(1, 60)
        assert rows.rows(start, stop) == whole[start:stop], (start, stop)
    assert rows.latest == 293 and rows.row(293).seq == 293
    assert rows.row(294).kind == "rule" and rows.row(295).seq == 294
    assert not rows.row(0).new_place and rows.row(1).new_place
    assert rows.rows(len(whole), len(whole) + 5) == []


def test_a_new_turn_or_phase_is_marked_on_its_first_event_only() -> None:
    game = gamegen.start_game()
    game.note("one", at=AT)
    game.note("two", at=AT)
    game.next_phase(at=AT)
    game.note("three", at=AT)
    marks = [(r.seq, r.new_place) for r in LogRows(game, words).rows(1, 5)]
    assert marks == [(1, True), (2, False), (3, False), (4, True)]
    assert LogRows(game, words).row(4).where == game.turn_label(short=True)


@long_past
def test_a_screenful_of_a_long_past_reads_a_screenful_of_events(long_game: Game) -> None:
    game, reads = opened(long_game)
    rows = LogRows(game, words)
    assert len(rows) == LONG + 1 and reads.count == 0
    shown = rows.rows(LONG - 39, LONG + 1)
    assert [r.seq for r in shown] == list(range(LONG - 39, LONG + 1))
    assert reads.count <= 41  # the 40 shown and the one before them


def first_rows_of_turns(game: Game) -> list[int]:
    out, before = [], None
    for event in game.log:
        if event.turn != before:
            out.append(event.seq)
            before = event.turn
    return out


def test_jumping_by_turn_lands_on_each_turn_s_first_event() -> None:
    game = gamegen.random_game(8, 600)
    firsts = first_rows_of_turns(game)
    assert len(firsts) > 3, "the game should span several turns"
    rows = LogRows(game, words)
    for row in range(1, 601, 7):
        later = [f for f in firsts if f > row]
        assert rows.turn_start(row, 1) == (later[0] if later else None), row
        own = max(f for f in firsts if f <= row)
        expected = own if own < row else max((f for f in firsts if f < own), default=None)
        assert rows.turn_start(row, -1) == expected, row


@long_past
def test_jumping_by_turn_in_a_long_past_reads_a_few_events(long_game: Game) -> None:
    game, reads = opened(long_game)
    rows = LogRows(game, words)
    rows.turn_start(3000, 1)
    rows.turn_start(3000, -1)
    assert reads.count < 80
    assert LogRows(gamegen.start_game(), words).turn_start(0, 1) is None


def test_search_finds_the_nearest_matching_row_either_way() -> None:
    game = gamegen.start_game()
    for text in ["Charge at the ford", "volley", "charge repulsed", "rally"]:
        game.note(text, at=AT)
    game.undo()  # "rally" is undone: still found, among the undone rows
    rows = LogRows(game, lambda e: str(e.data.get("text")))
    assert rows.find("CHARGE", rows.latest) == 1  # not the row searched from
    assert rows.find("CHARGE", rows.latest + 1) == 3
    assert rows.find("charge", 3) == 1
    assert rows.find("charge", 1) is None
    assert rows.find("charge", 0, 1) == 1
    assert rows.find("rally", 0, 1) == 5 and rows.row(5).kind == "undone"
    assert rows.find("  ", 2) is None
    assert rows.find("volley", 4, stop=lambda: True) is None


@long_past
def test_search_walks_a_long_past_in_batches(long_game: Game) -> None:
    game, reads = opened(long_game)
    rows = LogRows(game, words)
    target = game.events(99, 100)[0]
    reads.count = 0
    assert rows.find(f"#{target.seq}.", LONG, batch=200) == 100
    assert reads.count < LONG
    assert rows.find("no such words", LONG, batch=500) is None
