"""Properties of every save.

1. A save that loads, loads to exactly the game its journal replays to (replayed here by a
   second, plain implementation) and to the game that was saved, crash tail included.
2. A mutated save (bytes flipped, inserted, deleted, cut; lines dropped, doubled, swapped;
   a value of the snapshot changed; an entry the snapshot covers changed and given a fresh
   checksum) either is refused with the file and the place (line or key) named, or loads to
   the game that was saved, or to the game as it was after some later entry of its journal
   than the snapshot's: what a crash before those entries would have left. (An entry past
   the snapshot rewritten *with a valid checksum* is indistinguishable from one drumhead
   wrote, and is not tried: see docs/save-format.md.)
"""

from __future__ import annotations

import json
import random
import shutil
import tomllib
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gamegen
import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drumhead.game import Event, Game
from drumhead.saves import SaveError, SaveSession, load_save, release_lock
from drumhead.saves.store import journal_file
from tests.support.lanes import examples

Picture = tuple[Any, ...]
"""(state, log, redo stack): the game as a player sees it."""


def _picture(game: Game) -> Picture:
    return (game.state, game.log, game.redo_stack)


def _replay(game: Game, entries: list[dict[str, Any]]) -> list[Picture]:
    """The game after each journal entry, replayed without the saves layer."""
    out = [_picture(game)]
    for entry in entries:
        if entry["op"] == "event":
            game.add_event(Event(**entry["event"]), record=False)
        elif entry["op"] == "undo":
            game.undo()
        elif entry["op"] == "redo":
            game.redo()
        else:
            game.jump_to(entry["seq"])
        out.append(_picture(game))
    return out


def _entries(journal: Path) -> list[dict[str, Any]]:
    return [json.loads(line[9:]) for line in journal.read_bytes().splitlines()]


def _play(game: Game, rng: random.Random, n: int, first: int) -> None:
    for i in range(first, first + n):
        roll = rng.random()
        if roll < 0.1 and game.can_undo:
            game.undo()
        elif roll < 0.15 and game.can_redo:
            game.redo()
        elif roll < 0.18 and game.event_count > 2:
            game.jump_to(rng.randrange(game.event_count))
        else:
            gamegen.random_event(game, rng, i)


@dataclass
class Base:
    folder: Path
    save: Path
    journal: Path
    snapshot_entries: int
    pictures: list[Picture]
    """The game after each journal entry; the last is the game saved."""


def _make(folder: Path, seed: int, before: int, after: int, crash: bool) -> Base:
    folder.mkdir(parents=True)
    rng = random.Random(seed)
    game = gamegen.start_game(seed=seed)
    _play(game, rng, before, 0)
    save = folder / "g.toml"
    session = SaveSession.create(save, game)
    _play(game, rng, after, 500)
    session.autosave(game)
    if crash:
        release_lock(session.lock)  # killed: the journal runs past the snapshot
    else:
        session.close()
    loaded = load_save(save)
    journal = journal_file(save, loaded.generation)
    start = Game(game.start, game.ruleset)
    pictures = _replay(start, _entries(journal))
    assert pictures[-1] == _picture(game)
    return Base(folder, save, journal, loaded.snapshot_entries, pictures)


# -- 1 --------------------------------------------------------------------------------------
@settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 2**31),
    before=st.integers(0, 40),
    after=st.integers(0, 25),
    crash=st.booleans(),
)
def test_a_save_loads_to_what_its_journal_replays_to(
    tmp_path_factory: pytest.TempPathFactory, seed: int, before: int, after: int, crash: bool
) -> None:
    gamegen.setup()
    base = _make(tmp_path_factory.mktemp("p1") / "s", seed, before, after, crash)
    loaded = load_save(base.save)
    assert _picture(loaded.game) == base.pictures[-1]
    assert loaded.entries == len(base.pictures) - 1
    assert loaded.snapshot_entries == (base.snapshot_entries if crash else loaded.entries)


# -- 2 --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> list[Base]:
    gamegen.setup()
    root = tmp_path_factory.mktemp("bases")
    return [
        _make(root / "closed", 21, 30, 10, crash=False),
        _make(root / "crashed", 22, 25, 14, crash=True),
        _make(root / "redo", 23, 12, 4, crash=True),
    ]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list) and value:
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _changed(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice([-2, -1, 1, 2, 1000])
    if isinstance(value, str):
        return rng.choice([value + "x", value[:-1], "", "ghost", value.upper()])
    if isinstance(value, list):
        return [*value, "ghost"] if rng.random() < 0.5 else []
    return "ghost"


def _edit(doc: Any, rng: random.Random) -> Any:
    leaves = [p for p in _leaves(doc) if p]
    path = rng.choice(leaves)
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    if isinstance(parent, dict) and rng.random() < 0.15:
        del parent[path[-1]]
    else:
        parent[path[-1]] = _changed(parent[path[-1]], rng)
    return doc


def _mutate(base: Base, folder: Path, rng: random.Random) -> str:
    """Mutate the copy in ``folder``; what was done."""
    save, journal = folder / base.save.name, folder / base.journal.name
    kind = rng.choice(
        ["bytes-snapshot", "bytes-journal", "lines", "value-snapshot", "value-covered-entry"]
    )
    if kind == "value-covered-entry" and base.snapshot_entries == 0:
        kind = "value-snapshot"
    if kind.startswith("bytes"):
        target = save if kind == "bytes-snapshot" else journal
        data = bytearray(target.read_bytes())
        at = rng.randrange(len(data) + 1)
        how = rng.choice(["flip", "insert", "delete", "cut"])
        if how == "flip" and at < len(data):
            data[at] ^= 1 << rng.randrange(8)
        elif how == "insert":
            data[at:at] = bytes([rng.randrange(256)])
        elif how == "delete" and at < len(data):
            del data[at]
        else:
            del data[at:]
        target.write_bytes(bytes(data))
        return f"{kind}:{how}@{at}"
    if kind == "lines":
        lines = journal.read_bytes().splitlines(keepends=True)
        if not lines:
            return "lines:none"
        i = rng.randrange(len(lines))
        how = rng.choice(["drop", "double", "swap", "cut"])
        if how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        else:
            del lines[i:]
        journal.write_bytes(b"".join(lines))
        return f"lines:{how}@{i}"
    if kind == "value-snapshot":
        doc = tomllib.loads(save.read_text())
        try:
            save.write_text(tomli_w.dumps(_edit(doc, rng)))
        except (TypeError, ValueError):
            return "value-snapshot:unwritable"
        return kind
    entries = _entries(journal)
    i = rng.randrange(base.snapshot_entries)
    entries[i] = _edit(entries[i], rng)
    out = b""
    for entry in entries:
        body = json.dumps(entry, separators=(",", ":")).encode()
        out += b"%08x " % zlib.crc32(body) + body + b"\n"
    journal.write_bytes(out)
    return f"{kind}@{i}"


@pytest.mark.slow
def test_every_mutation_is_refused_with_its_place_or_loads_to_a_game_that_was(
    bases: list[Base], tmp_path: Path
) -> None:
    rng = random.Random(1809)
    outcomes = {"refused": 0, "same": 0, "earlier": 0}
    bad: list[str] = []
    for case in range(300):
        base = bases[case % len(bases)]
        folder = tmp_path / f"m{case}"
        shutil.copytree(base.folder, folder)
        what = _mutate(base, folder, rng)
        files = {folder / base.save.name, folder / base.journal.name}
        try:
            loaded = load_save(folder / base.save.name)
        except SaveError as exc:
            named = Path(exc.path) in files and (exc.line is not None or bool(exc.key))
            if not named:
                bad.append(f"{what}: refused without file and place: {exc}")
            outcomes["refused"] += 1
        else:
            picture = _picture(loaded.game)
            if picture == base.pictures[-1]:
                outcomes["same"] += 1
            elif what.startswith(("bytes-journal", "lines")) and (
                picture in base.pictures[base.snapshot_entries : -1]
            ):
                outcomes["earlier"] += 1  # the journal's tail cut: as a crash leaves it
            else:
                bad.append(f"{what}: loaded a game that never was")
        shutil.rmtree(folder)
    assert bad == [], "\n".join(bad)
    # harmless mutations (a byte that TOML reads the same, a value set to itself) are a few in
    # 300: between 5 and 11 for the seeds tried, with this schema and the one before
    assert outcomes["refused"] > 150 and outcomes["same"] > 3
