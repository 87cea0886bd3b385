"""The state kept beside a snapshot (drumhead.saves.kept): the first undo after opening a long
game starts from it instead of replaying every event before it (a 50,000-event game's first
undo waited seconds), gives exactly the state a full replay gives, and is checked by the
replay when it passes it (when it was read: an undo or jump used it)."""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Callable
from pathlib import Path

import pytest

from drumhead.cache import files as cachefiles
from drumhead.game.history import CHECKPOINT_EVERY
from drumhead.saves import kept, load_save, parsed
from drumhead.saves.digest import snapshot_body

EVENTS = 300
KEPT = (EVENTS - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, made_save: Callable[..., Path]) -> Path:
    """A 300-event game of Cowpens' units saved as drumhead saves it, with a cache of its
    own (made once, copied for each test)."""
    monkeypatch.setenv("DRUMHEAD_CACHE", str(tmp_path / "cache"))
    return made_save(tmp_path, units=16, events=EVENTS, checks=False, name="k")


def _body(save: Path) -> str:
    body = snapshot_body(save.read_text(encoding="utf-8"))
    assert body is not None
    return body


def test_writing_a_snapshot_keeps_the_last_state_before_its_end(saved: Path) -> None:
    found = kept.recall(_body(saved))
    assert found is not None
    events, state = found
    assert events == KEPT
    replayed = load_save(saved, replay=True).game
    assert state == replayed.state_at(KEPT)


def test_undo_after_opening_starts_from_the_kept_state_and_gives_the_replayed_one(
    saved: Path,
) -> None:
    fast = load_save(saved).game
    slow = load_save(saved, replay=True).game
    assert fast.past is not None and not fast.past.replayed
    for _ in range(EVENTS - KEPT):  # back to the kept state itself
        assert fast.undo() is not None and slow.undo() is not None
        assert fast.state == slow.state
    assert not fast.past.replayed  # nothing before the kept state was read or replayed
    assert fast.undo() is not None and slow.undo() is not None  # one more: replayed now
    assert fast.state == slow.state and fast.past.replayed
    for _ in range(EVENTS - KEPT + 1):
        assert fast.redo() is not None
    assert fast.state == load_save(saved, replay=True).game.state


def test_a_jump_back_near_the_end_starts_from_the_kept_state(saved: Path) -> None:
    game = load_save(saved).game
    game.jump_to(KEPT + 3)
    assert game.state == load_save(saved, replay=True).game.state_at(KEPT + 3)
    assert game.past is not None and not game.past.replayed


def test_without_a_kept_state_undo_replays_as_before(saved: Path) -> None:
    for entry in cachefiles.folder(parsed.FOLDER, make=False).glob(f"*{kept.SUFFIX}"):  # type: ignore[union-attr]
        entry.unlink()
    game = load_save(saved).game
    assert game.undo() is not None
    assert game.past is not None and game.past.replayed
    assert game.state == load_save(saved, replay=True).game.state_at(EVENTS - 1)


def _forge(save: Path, change: object) -> None:
    """Rewrite the kept entry of ``save``'s snapshot (a whole entry, its checksum right)."""
    body = _body(save)
    where = cachefiles.folder(parsed.FOLDER, make=False)
    assert where is not None
    path = where / kept.entry(body)
    data = cachefiles.read(path, kept.FORMAT, parsed.LIMIT)
    assert data is not None
    table = marshal.loads(data)
    changed = change(table)  # type: ignore[operator]
    assert cachefiles.write(path, kept.FORMAT, marshal.dumps(changed))


def test_a_kept_state_that_is_not_what_the_events_give_is_found_by_the_replay(
    saved: Path,
) -> None:
    def wrong(table: dict) -> dict:  # type: ignore[type-arg]
        table["state"]["turn"] += 1
        return table

    _forge(saved, wrong)
    from drumhead.session import TableSession

    session = TableSession(str(saved.parent), seed=1)
    session.resume(saved)
    assert session.undo() is not None  # from the kept state, as the cache says
    notice = session.replay_past()
    assert notice is not None and notice.severity == "error"
    assert f"kept after event {KEPT}" in notice.text
    session.close(force=True)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: {**t, "events": EVENTS},  # not before the end
        lambda t: {**t, "events": KEPT - 1},  # not a checkpoint
        lambda t: {**t, "events": "64"},
        lambda t: {**t, "state": {"not": "a state"}},
        lambda t: ["not", "a", "table"],
    ],
    ids=["at-the-end", "off-the-checkpoints", "events-as-text", "no-state", "not-a-table"],
)
def test_a_kept_entry_that_does_not_fit_is_not_used(saved: Path, change: object) -> None:
    _forge(saved, change)
    game = load_save(saved).game
    assert game.undo() is not None
    assert game.state == load_save(saved, replay=True).game.state_at(EVENTS - 1)


def test_the_kept_state_rides_along_every_snapshot_written(saved: Path) -> None:
    """Play on after opening (the past not replayed, the kept state read by an undo): the
    next snapshot keeps a state too, so undo after the next opening is quick again."""
    from drumhead.saves import SaveSession

    session, game = SaveSession.open(saved)
    assert game.undo() is not None and game.redo() is not None  # reads the kept state
    for i in range(5):
        game.note(f"note {i}", at="2026-11-25T20:00:00Z")
    session.save()
    session.close()
    found = kept.recall(_body(saved))
    assert found is not None and found[0] == (EVENTS + 4) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
    assert found[1] == load_save(saved, replay=True).game.state_at(found[0])
    assert dataclasses.is_dataclass(found[1])
