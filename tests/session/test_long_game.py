"""A long game at the table (issue 21): its log read a screenful at a time, its past replayed
when the front end asks (in a worker thread, after opening), and a history that does not
replay to its snapshot told to the players, not raised."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from drumhead.game import Game
from drumhead.game.history import Past
from drumhead.session import TableSession
from tests.bench import make_game

EVENTS = 400


@pytest.fixture(scope="module")
def long_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Cowpens' 16 units and 400 events (make_game.py's mix, no rolls), saved."""
    return make_game.make(
        tmp_path_factory.mktemp("long"), units=16, events=EVENTS, checks=False, name="long"
    )


@pytest.fixture
def table(long_save: Path, tmp_path: Path) -> TableSession:
    session = TableSession(str(tmp_path / "saves"), seed=1)
    session.resume(long_save)
    return session


def test_the_log_is_read_a_screenful_at_a_time(table: TableSession) -> None:
    game = table.open_game_or_fail()
    assert game.past is not None and game.past_in_log == EVENTS
    rows = table.log_rows(everything=True)
    assert len(rows) == EVENTS + 1 and rows.latest == EVENTS
    shown = rows.rows(EVENTS - 9, EVENTS + 1)
    assert [r.seq for r in shown] == list(range(EVENTS - 9, EVENTS + 1))
    last = game.last_event
    assert last is not None and shown[-1].text == table.describe(last)
    table.close(force=True)


def test_the_past_is_replayed_when_asked_and_undo_then_waits_for_nothing(
    table: TableSession,
) -> None:
    game = table.open_game_or_fail()
    assert table.needs_replay()
    assert table.replay_past() is None
    assert not table.needs_replay()
    state = game.state
    assert table.undo() is not None and table.redo() is not None
    assert game.state == state and game.event_count == EVENTS
    assert table.jump_to(EVENTS) is False  # the latest entry already: nothing read
    table.close(force=True)


def test_a_past_that_does_not_replay_to_the_snapshot_is_a_notice(tmp_path: Path) -> None:
    session = TableSession(str(tmp_path / "saves"), seed=1)
    from drumhead.game import load_scenario, new_game

    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    for i in range(5):
        game.note(f"note {i}", at="2026-11-23T20:00:00Z")
    events = list(game.log)
    wrong_end = replace(game.state, turn=game.state.turn + 3)  # not where they lead
    past = Past(game.start, len(events), events.__getitem__, wrong_end)
    opened = Game(game.start, game.ruleset, (), (), past=past)
    session.open_game(opened)
    assert session.needs_replay()
    notice = session.replay_past()
    assert notice is not None and notice.severity == "error"
    assert "does not replay" in notice.text and "entry 5" in notice.text
    assert session.game is opened  # still open, as its snapshot says


def test_planning_a_revert_of_a_recent_entry_reads_only_the_entries_after_it(
    table: TableSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plan and its words read the entry and the later ones (and the few before it since
    the game's last kept state), not the whole log (a 50,000-entry save: 2.2-4.0 s to plan or
    refuse a revert of a recent entry, now 30-80 ms); the plan is the one planned over the
    whole log read."""
    from drumhead.errors import DrumheadError
    from drumhead.game.history import CHECKPOINT_EVERY
    from drumhead.session.record import plan_revert

    game = table.open_game_or_fail()
    read: list[int] = []
    real = Past.__getitem__

    def counted(past: Past, index: int) -> object:
        read.append(index)
        return real(past, index)

    monkeypatch.setattr(Past, "__getitem__", counted)
    refused = 0
    for seq in range(EVENTS, EVENTS - 40, -1):
        read.clear()
        try:
            view = plan_revert(table, seq)
        except DrumheadError:
            refused += 1
            assert all(index >= seq - 1 - CHECKPOINT_EVERY for index in read), (seq, min(read))
            continue
        assert read and min(read) >= seq - 1 - CHECKPOINT_EVERY, (seq, min(read))
        break
    else:
        pytest.fail("no entry of the last 40 could be reverted")
    assert refused < 40
    monkeypatch.undo()
    whole = game.log  # every entry read: the plan is the same
    assert len(whole) == EVENTS
    again = game.revert(seq)
    assert again.conflicts == view.plan.conflicts and again.state == view.plan.state
    table.close(force=True)


def test_a_walk_over_the_whole_log_keeps_the_latest_events_read(
    table: TableSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The luck (or any report) walks the log from the start: the events it reads are not
    kept, so the latest ones, read again and again by the keys, are not read from the save
    anew after it (the morale test opened 104 ms after the luck screen, 60 before)."""
    from drumhead.game import history
    from drumhead.game.stats import luck_report

    monkeypatch.setattr(history, "RECENT", 50)  # fewer kept than the log holds, as at 50,000
    game = table.open_game_or_fail()
    past = game.past
    assert past is not None
    latest = [game.events(i, i + 1)[0] for i in range(EVENTS - 20, EVENTS)]  # read: kept
    reads: list[int] = []
    real = past._read

    def counted(index: int) -> object:
        reads.append(index)
        return real(index)

    past._read = counted  # type: ignore[method-assign,assignment]
    luck_report(game)
    assert len(game.log) == EVENTS  # the whole log walked twice
    walked = len(reads)
    assert walked >= EVENTS - 20
    again = [game.events(i, i + 1)[0] for i in range(EVENTS - 20, EVENTS)]
    assert len(reads) == walked  # none read again
    assert all(a is b for a, b in zip(again, latest, strict=True))
    table.close(force=True)
