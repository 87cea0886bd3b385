"""A game opened after events it reads only when asked for (drumhead.game.history): it plays,
undoes, redoes and jumps exactly as the same game with its whole log in memory, and reads no
more of its past than it needs."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

import gamegen
import pytest

from drumhead.errors import InputError
from drumhead.game import Event, Game
from drumhead.game.history import CHECKPOINT_EVERY, EventLog, Past
from drumhead.questions.answers import PLAYERS_ANSWER

AT = "2026-11-22T14:00:00Z"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


class Reads:
    """A past read from a list of events, every read counted."""

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.count = 0

    def __call__(self, index: int) -> Event:
        self.count += 1
        return self.events[index]


def opened(game: Game, *, kinds: bool = True) -> tuple[Game, Reads]:
    """``game`` as a save opens it: after its log, read when needed (redo stack kept)."""
    events = list(game.log)
    reads = Reads(events)
    past = Past(
        game.start,
        len(events),
        reads,
        game.state,
        kinds=(lambda: [e.kind for e in events]) if kinds else None,
    )
    return Game(game.start, game.ruleset, (), game.redo_stack, past=past), reads


def picture(game: Game) -> tuple[object, ...]:
    return game.state, game.log, game.redo_stack, game.event_count, game.last_event


def test_opening_reads_nothing_and_shows_the_same_game() -> None:
    game = gamegen.random_game(3, 200)
    again, reads = opened(game)
    assert (again.state, again.event_count) == (game.state, game.event_count)
    assert again.last_event == game.last_event and reads.count == 1
    assert again.events(190, 195) == list(game.log[190:195]) and reads.count == 6
    assert again.past is not None and again.past_in_log == 200 and not again.past.replayed


def test_every_move_matches_the_game_held_in_memory() -> None:
    """Undo deep into the past, redo, jump, and new events abandoning what was undone: step
    by step the same as the same moves on the game with its whole log in memory."""
    rng = random.Random(11)
    game = gamegen.random_game(5, 3 * CHECKPOINT_EVERY + 20)
    again, _ = opened(game)
    for i in range(160):
        roll = rng.random()
        for g in (game, again):
            if roll < 0.45:
                g.undo()
            elif roll < 0.6:
                g.redo()
            elif roll < 0.65 and g.event_count:
                g.jump_to(random.Random(i).randrange(g.event_count))
            else:
                gamegen.random_event(g, random.Random(i), 1000 + i)
        assert picture(again) == picture(game), i
    for count in range(0, game.event_count + 1, 7):
        assert again.state_at(count) == game.state_at(count)


def test_undo_into_the_past_replays_it_once_and_checks_where_it_ends() -> None:
    game = gamegen.random_game(7, 4 * CHECKPOINT_EVERY)
    again, reads = opened(game)
    again.undo()
    past = again.past
    assert past is not None and past.replayed
    # the event undone, the replay, then the events from the last state kept to the undo
    assert reads.count <= 1 + 4 * CHECKPOINT_EVERY + CHECKPOINT_EVERY
    before = reads.count
    for _ in range(3 * CHECKPOINT_EVERY):
        again.undo()
    # each undo reads its event and at most CHECKPOINT_EVERY others, never the whole log again
    assert reads.count - before <= 3 * CHECKPOINT_EVERY * (CHECKPOINT_EVERY + 1)
    assert again.state == game.state_at(CHECKPOINT_EVERY - 1)


def test_a_past_that_does_not_end_in_the_opened_state_is_refused_when_replayed() -> None:
    game = gamegen.random_game(8, 100)
    earlier = game.state_at(50)
    past = Past(game.start, 100, list(game.log).__getitem__, earlier)  # not where it ends
    again = Game(game.start, game.ruleset, past=past)
    assert again.state == earlier  # as opened: the save layer's digest vouched for it
    with pytest.raises(InputError, match="does not give the state"):
        again.replay_past()
    ends: list[object] = []
    checked = Past(game.start, 100, list(game.log).__getitem__, earlier, check_end=ends.append)
    checked.replay()  # the saves layer's check is told where the replay ended, and judges
    assert ends == [game.state]


def test_an_event_that_does_not_fit_is_named_by_its_place() -> None:
    game = gamegen.random_game(9, 30)
    events = list(game.log)
    events[12] = Event(13, events[12].kind, events[12].data, events[12].turn + 5, "nowhere", AT)
    named: list[int] = []

    def failed(index: int, exc: Exception) -> Exception:
        named.append(index)
        return ValueError(f"at {index}: {exc}")

    past = Past(game.start, 30, events.__getitem__, game.state, failed=failed)
    with pytest.raises(ValueError, match="at 12: event 13 says turn"):
        past.replay()
    assert named == [12]
    shuffled = list(game.log)
    shuffled[3], shuffled[4] = shuffled[4], shuffled[3]
    out_of_order = Past(game.start, 30, shuffled.__getitem__, game.state)
    with pytest.raises(InputError, match="out of order"):
        out_of_order[3]


def test_gap_sources_read_only_the_set_gap_events() -> None:
    game = gamegen.random_game(12, 400)
    set_gaps = sum(1 for e in game.log if e.kind == "set_gap")
    assert set_gaps > 0
    again, reads = opened(game)
    assert again.gap_sources() == game.gap_sources()
    assert reads.count == set_gaps
    without_kinds, reads = opened(game, kinds=False)  # kinds unknown: each event read once
    assert without_kinds.gap_sources() == game.gap_sources()
    assert without_kinds.gap_sources() == game.gap_sources()
    assert reads.count == 400


def test_gap_sources_remembered_follow_every_change_of_the_log() -> None:
    """Worked out once, then given back until the log changes what they say: an answer
    given, changed or taken back, undone, redone, jumped over, reverted, the revert undone;
    after each, the same as a game rebuilt from the log works out (and as the same game
    opened from a save, its past read when needed)."""
    game = gamegen.start_game(seed=38)

    def revert(seq: int) -> None:
        plan = game.revert(seq)
        game.apply_revert(plan, drop=plan.drop, at="2026-11-20T19:00:00Z")

    steps: list[tuple[str, Callable[[], object], str | None]] = [
        ("answer", lambda: game.set_gap("reform_turns", 2, at="2026-11-01T19:00:00Z"), "11-01"),
        ("a note", lambda: game.note("a ruling", at=AT), "11-01"),
        ("changed", lambda: game.set_gap("reform_turns", 3, at="2026-11-08T19:00:00Z"), "11-08"),
        ("undo", game.undo, "11-01"),
        ("redo", game.redo, "11-08"),
        ("taken back", lambda: game.clear_gap("reform_turns", at="2026-11-16T19:00:00Z"), None),
        ("undo", game.undo, "11-08"),
        ("jump", lambda: game.jump_to(1), "11-01"),
        ("redo", game.redo, "11-01"),
        ("redo", game.redo, "11-08"),
        ("revert", lambda: revert(3), "11-01"),
        ("undo the revert", game.undo, "11-08"),
        ("redo the revert", game.redo, "11-01"),
        ("many", lambda: game.set_gaps({"reform_turns": 4}, at="2026-11-22T19:00:00Z"), "11-22"),
        ("undo", game.undo, "11-01"),
    ]
    assert game.gap_sources() == {}
    for name, step, day in steps:
        step()
        found = game.gap_sources()
        want = {} if day is None else {"reform_turns": f"{PLAYERS_ANSWER}, asked on 2026-{day}"}
        assert found == want, name
        assert found == Game(game.start, game.ruleset, game.log).gap_sources(), name
        assert opened(game)[0].gap_sources() == found, name
        found.clear()  # a copy: the game's own is not the caller's to change
        assert game.gap_sources() == want, name


def test_replaying_in_another_thread_while_playing() -> None:
    game = gamegen.random_game(13, 6 * CHECKPOINT_EVERY)
    again, _ = opened(game)
    worker = threading.Thread(target=again.replay_past)
    worker.start()
    for i in range(20):
        again.note(f"played while the past replays {i}", at=AT)
        game.note(f"played while the past replays {i}", at=AT)
    worker.join()
    for _ in range(CHECKPOINT_EVERY + 25):
        again.undo()
        game.undo()
    assert picture(again) == picture(game)


def test_the_event_log_reads_like_a_list() -> None:
    game = gamegen.random_game(14, 40)
    events = list(game.log)
    log = EventLog(Past(game.start, 30, events.__getitem__, game.state_at(30)))
    for event in events[30:]:
        log.append(event)
    assert len(log) == 40 and list(log) == events and list(reversed(log)) == events[::-1]
    assert log[-1] == events[-1] and log[5:8] == events[5:8] and log[28:33] == events[28:33]
    assert log.last() == events[-1] and bool(log)
    assert [e.seq for e in log.of_kind("note")] == [e.seq for e in events if e.kind == "note"]
    assert log.cut_at(35) == events[35:] and len(log) == 35 and log.cut == 30
    assert log.pop() == events[34] and log.cut_at(20) == events[20:34] and log.cut == 20
    assert log.pop() == events[19] and log.cut == 19 and list(log) == events[:19]
    with pytest.raises(IndexError):
        log[19]
    assert log.past_states() == {k: v for k, v in log.past_states().items() if k <= 19}
