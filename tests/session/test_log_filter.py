"""The log as the table reads it by default: the rolls and the changes to the game, each
turn's walk through the sequence of play (changes of phase and step, steps ticked, the deck
shuffled) folded into one line for the turn (drumhead.game.log_fold). A turn of One If By
Land logged 64 entries for 4 rolls."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import gamegen
import pytest

from drumhead.game import Event, Game
from drumhead.game.history import Past
from drumhead.game.log_fold import WALK_KINDS, FoldedRows
from drumhead.session import TableSession


@pytest.fixture
def oibl(saves: Path) -> Iterator[TableSession]:
    """Cowpens walked step by step into turn 2, a morale test rolled at three places."""
    table = TableSession(str(saves), seed=1776)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("one-if-by-land", "mill", scenario="cowpens-1781")
    game = table.game
    assert game is not None
    unit = game.state.units[0].id
    steps = into_turn_2 = 0
    while into_turn_2 < 12:
        table.next_step()
        steps += 1
        into_turn_2 += game.state.turn == 2
        if steps in (5, 12, 20) or into_turn_2 == 6:
            form = table.form("morale", unit)
            assert form is not None
            form.set_input("situation", "panic_trigger")
            form.roll(None)
        assert steps < 400, "never reached turn 2"
    yield table
    table.close(force=True)


def test_the_rolls_and_changes_are_rows_and_each_turn_s_walk_one_more(
    oibl: TableSession,
) -> None:
    game = oibl.game
    assert game is not None
    every = oibl.log_rows(everything=True)
    folded = oibl.log_rows()
    assert len(every) == 1 + game.event_count
    kept = [e for e in game.log if e.kind not in WALK_KINDS]
    turns = sorted({e.turn for e in game.log if e.kind in WALK_KINDS})
    assert turns == [1, 2]
    assert len(folded) == 1 + len(kept) + len(turns)
    assert len(folded) * 4 < len(every)  # mostly the walk, before
    rows = folded.rows(0, len(folded))
    assert rows[0].kind == "start"
    assert [r.seq for r in rows if r.kind == "event"] == [e.seq for e in kept]
    folds = [r for r in rows if r.kind == "fold"]
    assert [f.where for f in folds] == ["Turn 1", "Turn 2"]
    assert all(not f.can_jump for f in folds)
    first = folds[0].text
    assert first.startswith("Turn 1 · ") and "changes of phase and step: Draw a card, " in first
    assert "Phase 6: Melee and compulsory routs" in first and "→ Turn 2" in first
    assert "→ Turn" not in folds[1].text  # turn 2 goes on
    # a roll says where it was made, as the entry after a folded line
    rolls = [r for r in rows if r.kind == "event" and "Morale test" in r.text]
    assert len(rolls) >= 4 and all(r.where and r.where.startswith("Turn ") for r in rolls)
    assert all(
        r.new_place for r in rows if r.kind == "event" and rows[rows.index(r) - 1].kind == "fold"
    )


def test_rows_of_entries_turns_and_search_in_the_folded_log(oibl: TableSession) -> None:
    game = oibl.game
    assert game is not None
    folded = oibl.log_rows()
    assert isinstance(folded, FoldedRows)
    assert folded.latest == len(folded) - 1  # nothing undone
    walk = next(e for e in game.log if e.kind in WALK_KINDS and e.turn == 2)
    fold_row = folded.row_of(walk.seq)
    assert folded.row(fold_row).kind == "fold" and folded.row(fold_row).where == "Turn 2"
    roll = next(e for e in game.log if e.kind == "resolution")
    assert folded.row(folded.row_of(roll.seq)).seq == roll.seq
    assert folded.turn_start(1, 1) == fold_row  # the first row of turn 2: its folded line
    assert folded.turn_start(fold_row, -1) == 1
    found = folded.find("Morale test", folded.latest)
    assert found is not None and "Morale test" in folded.row(found).text


def test_undone_entries_follow_the_folded_log_unfolded(oibl: TableSession) -> None:
    game = oibl.game
    assert game is not None
    oibl.undo()
    oibl.undo()
    folded = oibl.log_rows()
    shown = len(folded) - 3  # the start, the rows, then the rule and two undone entries
    tail = folded.rows(shown, len(folded))
    assert [r.kind for r in tail] == ["rule", "undone", "undone"]
    assert [r.seq for r in tail[1:]] == [e.seq for e in game.redo_stack]
    assert folded.find(tail[-1].text, 0, 1) in (len(folded) - 2, len(folded) - 1)


def test_a_screenful_of_a_long_past_reads_a_screenful_of_events() -> None:
    """The rows are placed from each event's kind and turn, read off a save's lines: a
    screenful of a 3,000-event past reads the events on it (and the folded lines' walks)."""
    gamegen.setup()
    game = gamegen.random_game(12, 3000)
    events = list(game.log)
    reads = 0

    def read(index: int) -> Event:
        nonlocal reads
        reads += 1
        return events[index]

    past = Past(
        game.start,
        len(events),
        read,
        game.state,
        kinds=lambda: [e.kind for e in events],
        turns=lambda: [e.turn for e in events],
    )
    opened = Game(game.start, game.ruleset, (), game.redo_stack, past=past)
    rows = FoldedRows(opened, lambda event: f"{event.kind} #{event.seq}")
    assert reads == 0
    screen = rows.rows(len(rows) - 40, len(rows))
    assert len(screen) == 40
    walks = sum(len(rows.folds[r.seq]) for r in screen if r.kind == "fold" and r.seq)
    assert reads <= 41 + walks
    assert reads < 600


def placed_afresh(game: Game) -> tuple[list[int], dict[int, list[int]]]:
    """The rows' seqs and each turn's walk, placed from every event's kind and turn."""
    shown: list[int] = []
    folds: dict[int, list[int]] = {}
    walk: list[int] = []
    turn_of_walk = None
    for seq, (kind, turn) in enumerate(zip(game.log_kinds(), game.log_turns(), strict=True), 1):
        if kind not in WALK_KINDS:
            shown.append(seq)
            continue
        if turn != turn_of_walk:
            turn_of_walk, walk = turn, []
            folds[seq] = walk
            shown.append(seq)
        walk.append(seq)
    return shown, folds


def test_a_long_past_is_placed_once_and_the_rows_follow_undo_redo_and_jumps() -> None:
    """The past's rows are placed once (kept for the next opening of the log); the rows of a
    game undone into its past, redone, jumped back or played on are those of its whole log
    placed afresh, and a later placing leaves an earlier one's rows as they were."""
    gamegen.setup()
    game = gamegen.random_game(5, 1500)
    events = list(game.log)
    past = Past(
        game.start,
        len(events),
        events.__getitem__,
        game.state,
        kinds=lambda: [e.kind for e in events],
        turns=lambda: [e.turn for e in events],
    )
    opened = Game(game.start, game.ruleset, (), (), past=past)
    first = FoldedRows(opened, str)
    kept = (list(first.shown), {seq: list(walk) for seq, walk in first.folds.items()})
    walks = [e.seq for e in events if e.kind in WALK_KINDS]
    moves = [opened.undo] * 3 + [opened.redo, lambda: opened.jump_to(walks[-1] - 1)]
    moves += [lambda: opened.next_phase(at="2026-11-23T10:00:00Z"), opened.undo, opened.redo]
    moves += [lambda: opened.jump_to(walks[len(walks) // 2])]
    for move in moves:
        move()
        rows = FoldedRows(opened, str)
        assert (rows.shown, rows.folds) == placed_afresh(opened)
    assert (first.shown, first.folds) == kept
