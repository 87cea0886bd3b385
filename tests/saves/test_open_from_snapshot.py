"""A save opens from its snapshot when the snapshot's digest holds (drumhead.saves.digest): the
journal's entries before it are checked byte for byte and read only when needed, those after
it are replayed. The game is the one a full replay gives, move for move; any snapshot the
digest does not vouch for is replayed in full; a digest forged over an edited [state] is
caught when the history is replayed (undo past it, drumhead check)."""

from __future__ import annotations

import json
import random
import tomllib
import zlib
from pathlib import Path
from typing import Any

import gamegen
import pytest

from drumhead.cli.main import main
from drumhead.game import Game
from drumhead.game.event_rules import rules_fingerprint
from drumhead.game.rulesets import game_ruleset
from drumhead.saves import SaveError, SaveSession, load_save, release_lock
from drumhead.saves import digest as digest_module
from drumhead.saves.digest import snapshot_body, state_digest
from drumhead.saves.history import JournalIndex
from drumhead.saves.store import journal_file

AT = "2026-11-22T14:00:00Z"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


def play(game: Game, rng: random.Random, moves: int, first: int) -> None:
    """Events, undos, redos and jumps back a few events, as players make them."""
    for i in range(first, first + moves):
        roll = rng.random()
        if roll < 0.1 and game.can_undo:
            game.undo()
        elif roll < 0.15 and game.can_redo:
            game.redo()
        elif roll < 0.18 and game.event_count > 2:
            game.jump_to(game.event_count - rng.randint(1, 3))  # back a few events
        else:
            gamegen.random_event(game, rng, i)


def saved(path: Path, moves: int = 260, seed: int = 4, crash_after: int = 0) -> Game:
    """A game played and saved (closed; or, with ``crash_after``, killed that many moves
    after its last snapshot, so its journal runs past the snapshot)."""
    rng = random.Random(seed)
    game = gamegen.start_game(seed=seed)
    play(game, rng, moves, 0)
    session = SaveSession.create(path, game)
    if crash_after:
        play(game, rng, crash_after, 5000)
        session.autosave(game)
        release_lock(session.lock)
    else:
        session.close()
    return game


def picture(game: Game) -> tuple[Any, ...]:
    return game.state, game.log, game.redo_stack


def test_a_long_game_opens_from_its_snapshot_and_plays_as_if_replayed(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    game = saved(path)
    opened = load_save(path)
    replayed = load_save(path, replay=True)
    assert not opened.replayed and replayed.replayed
    assert opened.game.past is not None and replayed.game.past is None
    assert picture(opened.game) == picture(replayed.game) == picture(game)
    assert (opened.entries, opened.journal_bytes, opened.journal_crc) == (
        replayed.entries,
        replayed.journal_bytes,
        replayed.journal_crc,
    )
    rng = random.Random(9)
    for move in range(120):  # undo far into the past, redo, jump, play on: the same games
        roll = rng.random()
        for g in (opened.game, replayed.game):
            if roll < 0.5:
                g.undo()
            elif roll < 0.6:
                g.redo()
            elif roll < 0.65:
                g.jump_to(random.Random(move).randrange(g.event_count + 1))
            else:
                gamegen.random_event(g, random.Random(move), 9000 + move)
        assert picture(opened.game) == picture(replayed.game), move


def test_a_crashed_save_opens_from_its_snapshot_and_replays_its_tail(tmp_path: Path) -> None:
    path = tmp_path / "crashed.toml"
    game = saved(path, crash_after=30)
    opened = load_save(path)
    assert not opened.replayed and opened.entries > opened.snapshot_entries
    assert picture(opened.game) == picture(game)


def test_a_full_save_copies_the_past_from_the_journal_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "copied.toml"
    game = saved(path, moves=120, seed=6)
    lines = journal_file(path, 0).read_bytes().splitlines(keepends=True)
    session, opened = SaveSession.open(path)
    read: list[int] = []
    past = opened.past
    assert past is not None
    real = past._read
    past._read = lambda i: read.append(i) or real(i)  # type: ignore[method-assign]
    opened.note("a ruling after the break", at=AT)
    session.save(opened)  # compacted: a new generation
    session.close()
    assert read == [], "the full save read the past's events instead of copying their lines"
    again = journal_file(path, 1).read_bytes().splitlines(keepends=True)
    assert game.event_count > 20 and again[: game.event_count] == lines[: game.event_count]
    reloaded = load_save(path)
    assert not reloaded.replayed
    assert reloaded.game.state == opened.state and reloaded.game.log == opened.log


def test_a_snapshot_the_digest_does_not_vouch_for_is_replayed_then_rewritten(
    tmp_path: Path,
) -> None:
    """A harmless hand edit of [start] (a comment), a snapshot of another drumhead's code, or
    of a schema without digests: the whole journal is replayed and compared, and the next
    snapshot carries this drumhead's digest."""
    path = tmp_path / "edited.toml"
    game = saved(path, moves=80, seed=7)
    path.write_text(path.read_text().replace("\n[start]\n", "\n[start]\n# checked by hand\n", 1))
    loaded = load_save(path)
    assert loaded.replayed and loaded.stale_digest
    assert picture(loaded.game) == picture(game)
    session, _ = SaveSession.open(path)
    session.close()
    fresh = load_save(path)
    assert not fresh.replayed and not fresh.stale_digest


def test_another_drumheads_digest_has_the_journal_replayed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "other.toml"
    saved(path, moves=40, seed=8)
    assert not load_save(path).replayed
    monkeypatch.setattr(digest_module, "_CODE", [b"another drumhead's replay code"])
    assert load_save(path).replayed


def forge(path: Path, edit: Any) -> None:
    """Edit the snapshot's text and write a digest that holds for the edit (what someone who
    knows the format could do: the digest guards against accidents, not against forgery)."""
    text = edit(path.read_text())
    game = tomllib.loads(text)["game"]
    body = snapshot_body(text)
    assert body is not None
    crc = int(game["journal_crc"], 16)
    rules = rules_fingerprint(game_ruleset(game["ruleset"]))
    new = state_digest(
        body, game["generation"], game["journal_entries"], game["journal_bytes"], crc, rules
    )
    path.write_text(text.replace(game["state_digest"], new, 1))


def test_a_forged_state_is_found_when_the_history_is_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "forged.toml"
    saved(path, moves=150, seed=9)
    doc = tomllib.loads(path.read_text())
    unit = next(u for u in doc["state"]["units"] if u["strength_now"] > 1)
    target = f'id = "{unit["id"]}"'

    def weaken(text: str) -> str:
        head, _, body = text.partition("\n[state]\n")
        at = body.index(target)
        key = f"strength_now = {unit['strength_now']}"
        at = body.index(key, at)
        changed = f"strength_now = {unit['strength_now'] - 1}"
        return head + "\n[state]\n" + body[:at] + changed + body[at + len(key) :]

    forge(path, weaken)
    opened = load_save(path)  # the digest holds: opened from the snapshot as it says
    assert not opened.replayed
    with pytest.raises(SaveError, match=r"\[start\] or \[state\] was changed") as info:
        opened.game.replay_past()
    assert info.value.key.endswith("strength_now") and info.value.path == str(path)
    with pytest.raises(SaveError, match=r"\[start\] or \[state\] was changed") as info:
        load_save(path, replay=True)
    with pytest.raises(SaveError):  # undo into the past replays it, and finds it
        for _ in range(opened.game.event_count):
            opened.game.undo()
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    assert "[start] or [state] was changed" in capsys.readouterr().out


def _rewrite_entry(journal: Path, index: int, body: bytes) -> int:
    """Give entry ``index`` a new body with its own checksum; the new length of the lines
    before the snapshot is the caller's to give the snapshot."""
    lines = journal.read_bytes().splitlines(keepends=True)
    lines[index] = b"%08x " % zlib.crc32(body) + body + b"\n"
    journal.write_bytes(b"".join(lines))
    return len(b"".join(lines))


def test_an_event_that_cannot_be_read_is_named_when_it_is_read(tmp_path: Path) -> None:
    """Entries before the snapshot are read when needed: one rewritten (with a fresh checksum,
    and the snapshot's numbers and digest forged to match) is named, file and line, when
    the game reads it."""
    path = tmp_path / "late.toml"
    game = gamegen.start_game(seed=10)
    for i in range(30):
        game.note(f"ruling {i}", at=AT)
    SaveSession.create(path, game).close()
    journal = journal_file(path, 0)
    entries = [json.loads(line[9:]) for line in journal.read_bytes().splitlines()]
    entries[28]["event"]["at"] = "yesterday"
    body = json.dumps(entries[28], separators=(",", ":")).encode()
    size = _rewrite_entry(journal, 28, body)
    crc = zlib.crc32(journal.read_bytes())
    doc = tomllib.loads(path.read_text())["game"]

    def numbers(text: str) -> str:
        text = text.replace(f"journal_bytes = {doc['journal_bytes']}", f"journal_bytes = {size}")
        return text.replace(doc["journal_crc"], f"{crc:08x}")

    forge(path, numbers)
    opened = load_save(path)
    assert not opened.replayed and opened.game.event_count == 30
    with pytest.raises(SaveError, match="'yesterday' is not a date and time") as info:
        opened.game.events(28, 29)
    assert (info.value.path, info.value.line, info.value.key) == (str(journal), 29, "entry 28")
    with pytest.raises(SaveError, match="'yesterday' is not a date and time"):
        load_save(path, replay=True)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"op": "undo", "seq": 3}, "undo of event 3, which is not the last event"),
        ({"op": "redo", "seq": 1}, "redo of event 1, which is not the next to redo"),
        ({"op": "jump", "seq": 99}, "no event 99 in the log"),
        ({"op": "skip", "seq": 1}, "unknown journal entry 'skip'"),
        ({"op": "undo", "seq": 5, "why": "x"}, "undo: why: unknown key"),
    ],
)
def test_the_index_checks_every_move_of_the_undo_cursor(
    entry: dict[str, Any], message: str
) -> None:
    lines = []
    for seq in range(1, 6):
        body = json.dumps(
            {
                "op": "event",
                "event": {"seq": seq, "kind": "note", "turn": 1, "phase": "", "at": AT},
            },
            separators=(",", ":"),
        ).encode()
        lines.append(b"%08x " % zlib.crc32(body) + body + b"\n")
    body = json.dumps(entry).encode()
    lines.append(b"%08x " % zlib.crc32(body) + body + b"\n")
    with pytest.raises(SaveError, match=message) as info:
        JournalIndex(b"".join(lines), 6, "j.journal")
    assert (info.value.line, info.value.key) == (6, "entry 5")
    index = JournalIndex(b"".join(lines[:5]), 5, "j.journal")
    assert index.log == [0, 1, 2, 3, 4] and index.redo == []
    assert index.kinds() == ["note"] * 5


def test_schema_3_saves_are_replayed_and_written_back_with_a_digest(tmp_path: Path) -> None:
    path = tmp_path / "three.toml"
    game = saved(path, moves=60, seed=11, crash_after=8)
    text = path.read_text()
    digest = tomllib.loads(text)["game"]["state_digest"]
    path.write_text(
        text.replace("schema = 4", "schema = 3", 1).replace(f'state_digest = "{digest}"\n', "")
    )
    loaded = load_save(path)
    assert loaded.replayed and loaded.stale_digest and picture(loaded.game) == picture(game)
    session, _ = SaveSession.open(path)
    session.close()
    assert tomllib.loads(path.read_text())["schema"] == 4
    fresh = load_save(path)
    assert not fresh.replayed and picture(fresh.game) == picture(game)


def test_opening_works_out_no_event_kinds_when_no_line_can_be_a_revert(tmp_path: Path) -> None:
    """Whether the past holds a revert (then it is replayed in full) is told by searching the
    journal's text for "revert"; every event's kind is worked out only when it is there."""
    path = tmp_path / "long.toml"
    saved(path)
    opened = load_save(path)
    assert opened.game.past is not None and not opened.replayed
    assert opened.game.past._kinds is None  # not worked out at opening
    raw = journal_file(path, 1).read_bytes() if journal_file(path, 1).exists() else b""
    assert b'"revert"' not in raw


def test_the_index_tells_which_kinds_its_lines_mention_only_within_them() -> None:
    """``mentions`` reads the indexed lines only (a line past them is not the past's), and
    answers the same when asked again (remembered: the lines never change)."""
    lines = []
    for seq, kind in enumerate(("note", "set_gap", "note", "revert"), start=1):
        body = json.dumps(
            {"op": "event", "event": {"seq": seq, "kind": kind, "turn": 1, "phase": "", "at": AT}},
            separators=(",", ":"),
        ).encode()
        lines.append(b"%08x " % zlib.crc32(body) + body + b"\n")
    index = JournalIndex(b"".join(lines), 3, "j.journal")
    for _ in range(2):
        assert index.mentions("set_gap") and index.mentions("note")
        assert not index.mentions("revert")  # on the fourth line, not indexed
        assert not index.mentions("set_gaps")
