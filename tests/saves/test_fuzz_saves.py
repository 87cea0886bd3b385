"""500 hostile save files: every one is refused (or read) with a DrumheadError, never a traceback."""

from __future__ import annotations

import json
import random
import shutil
import tomllib
import zlib
from pathlib import Path
from typing import Any

import gamegen
import pytest
import tomli_w

from drumhead.errors import DrumheadError
from drumhead.saves import SaveSession, export_markdown, load_save
from drumhead.saves.store import journal_file

HOSTILE_VALUES: list[Any] = [
    None,
    -1,
    0,
    2**63,
    10**40,
    1.5,
    float("nan"),
    True,
    "",
    "ghost",
    "../../etc/passwd",
    [],
    [1, "a"],
    {},
    {"x": 1},
    "x" * 10_000,
    [[[[[]]]]],
]


def _hostile(rng: random.Random) -> Any:
    return rng.choice(HOSTILE_VALUES)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside nested tables and lists."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(doc: Any, rng: random.Random) -> Any:
    paths = _paths(doc)
    if not paths:
        return doc
    path = rng.choice(paths)
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    action = rng.random()
    if action < 0.45:
        parent[last] = _hostile(rng)
    elif action < 0.65 and isinstance(parent, dict):
        del parent[last]
    elif action < 0.8 and isinstance(parent, dict):
        parent[f"unknown_{rng.randint(0, 9)}"] = _hostile(rng)
    elif isinstance(parent, list) and parent:
        parent.append(parent[0] if rng.random() < 0.5 else _hostile(rng))
    else:
        parent[last] = _hostile(rng)
    return doc


def _toml_safe(value: Any) -> Any:
    """TOML has no null and no NaN-free guarantee; drop Nones so tomli-w can write the document."""
    if isinstance(value, dict):
        return {k: _toml_safe(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_toml_safe(v) for v in value if v is not None]
    return value


def _entry(entry: Any) -> bytes:
    body = json.dumps(entry).encode()
    return b"%08x " % zlib.crc32(body) + body + b"\n"


@pytest.mark.slow
def test_500_hostile_saves_give_no_traceback(tmp_path: Path) -> None:
    gamegen.setup()
    rng = random.Random(1781)
    base = tmp_path / "base"
    base.mkdir()
    game = gamegen.random_game(11, 40)
    game.undo()
    SaveSession.create(base / "g.toml", game).close()
    snapshot_text = (base / "g.toml").read_text()
    snapshot = tomllib.loads(snapshot_text)
    journal_bytes = journal_file(base / "g.toml", 0).read_bytes()
    entries = [json.loads(line[9:]) for line in journal_bytes.splitlines()]
    outcomes = {"refused": 0, "read": 0}
    for case in range(500):
        folder = tmp_path / f"c{case}"
        shutil.copytree(base, folder)
        save = folder / "g.toml"
        journal = journal_file(save, 0)
        kind = case % 5
        if kind == 0:  # the snapshot's values, keys and shapes
            doc = _mutate(json.loads(json.dumps(snapshot)), rng)
            try:
                save.write_text(tomli_w.dumps(_toml_safe(doc)))
            except (TypeError, ValueError):
                save.write_text(snapshot_text.replace("=", "= =", 1))
        elif kind == 1:  # the journal's entries, re-checksummed so they reach the replay
            mutated = json.loads(json.dumps(entries))
            index = rng.randrange(len(mutated))
            mutated[index] = _mutate(mutated[index], rng)
            if rng.random() < 0.2:
                rng.shuffle(mutated)
            journal.write_bytes(b"".join(_entry(e) for e in mutated))
        elif kind == 2:  # truncated anywhere
            data = save.read_bytes() if rng.random() < 0.5 else journal.read_bytes()
            target = save if data == save.read_bytes() else journal
            target.write_bytes(data[: rng.randrange(len(data))])
        elif kind == 3:  # flipped bytes
            target = save if rng.random() < 0.5 else journal
            data = bytearray(target.read_bytes())
            for _ in range(rng.randint(1, 8)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            target.write_bytes(bytes(data))
        else:  # wrong files altogether
            choice = rng.randrange(4)
            if choice == 0:
                journal.unlink()
            elif choice == 1:
                save.write_bytes(bytes(rng.randrange(256) for _ in range(200)))
            elif choice == 2:
                journal.write_bytes(_entry([1, 2, 3]) + _entry({"op": "jump", "seq": -4}))
            else:
                save.write_text('schema = "two"\n')
        before = {p.name: p.read_bytes() for p in folder.iterdir()}
        try:
            loaded = load_save(save)
            # what was read can be reported on without a traceback too
            assert export_markdown(loaded.game).startswith("# After-action report")
            outcomes["read"] += 1
        except DrumheadError as exc:
            assert str(exc)
            outcomes["refused"] += 1
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
        shutil.rmtree(folder)
    assert outcomes["refused"] > 300
