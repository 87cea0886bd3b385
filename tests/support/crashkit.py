"""Crashes and races in real processes, for tests/saves/test_crashes.py.

Run as ``python crashkit.py COMMAND FOLDER ...`` (one process that imports drumhead once and
then forks the processes it kills or races: forking costs a millisecond where starting Python
and importing the game layer costs a third of a second). Prints one JSON document.

``kill FOLDER KILLS SEED``: for each kill, a child opens a fresh save, adds events (and undoes
and redoes) on one thread while another autosaves in a loop, as the app does; it is killed
with SIGKILL at a random moment. Reports, per kill, how many journal entries the child had
been told were written (``acked``).

``locks FOLDER TRIALS``: two processes, started together by a barrier, each try to take the
lock of the same save whose lock file was left by a process that is gone. Reports, per trial,
which of the two held it.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gamegen

from drumhead.game import Game
from drumhead.saves import SaveSession, acquire_lock, release_lock, store

SEED = 1781
"""Every child plays the same game (so one reference game checks every save)."""


def step(game: Game, rng: random.Random, i: int) -> None:
    """One change to the game: exactly one journal entry (an event, an undo or a redo)."""
    roll = rng.random()
    if roll < 0.08 and game.can_undo:
        game.undo()
    elif roll < 0.12 and game.can_redo:
        game.redo()
    else:
        gamegen.random_event(game, rng, i)


def reference(steps: int) -> list[tuple[Any, ...]]:
    """(log, redo stack, state) of the reference game after 0, 1, ... ``steps`` steps."""
    game = gamegen.start_game(seed=SEED)
    rng = random.Random(SEED)
    out = [(game.log, game.redo_stack, game.state)]
    for i in range(steps):
        step(game, rng, i)
        out.append((game.log, game.redo_stack, game.state))
    return out


def _child(save: Path, out: int) -> None:
    store.SNAPSHOT_EVERY = 25  # so that kills land in snapshot rewrites too
    session, game = SaveSession.open(save)
    rng = random.Random(SEED)

    def saver() -> None:
        while True:
            try:
                session.autosave(game)
            except Exception as exc:  # reported, then the parent kills us
                os.write(out, f"E {exc}\n".encode())
                return
            os.write(out, f"A {session.entries}\n".encode())
            time.sleep(0.0002)

    os.write(out, b"R\n")
    threading.Thread(target=saver, daemon=True).start()
    deadline = time.monotonic() + 5  # killed long before, unless the parent is gone
    i = 0
    while time.monotonic() < deadline:
        step(game, rng, i)
        i += 1
        time.sleep(0.0002)


def kill(folder: Path, kills: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    results = []
    base = folder / "base" / "k.toml"
    SaveSession.create(base, gamegen.start_game(seed=SEED)).close()
    for k in range(kills):
        save = folder / f"k{k}.toml"
        for made in base.parent.iterdir():  # a fresh copy of the new game's save
            shutil.copyfile(made, folder / made.name.replace("k.", f"k{k}.", 1))
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: play until killed
            os.close(read)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)  # the parent's output is its JSON alone
            os.dup2(devnull, 2)
            try:
                _child(save, write)
            finally:
                os._exit(0)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            assert pipe.readline() == b"R\n"
            # the kill lands while the game is being played: after the child's first change
            # was written (on a loaded machine the child may be slow to make one), then at a
            # random moment
            early = []
            for raw in pipe:
                early.append(raw.decode().rstrip("\n"))
                if raw.startswith(b"E ") or (raw.startswith(b"A ") and int(raw[2:]) > 0):
                    break
            time.sleep(rng.uniform(0.002, 0.06))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            lines = early + pipe.read().decode().splitlines()
        acked = [int(line[2:]) for line in lines if line.startswith("A ")]
        errors = [line[2:] for line in lines if line.startswith("E ")]
        results.append({"save": str(save), "acked": max(acked, default=0), "errors": errors})
    return results


def locks(folder: Path, trials: int) -> list[list[bool]]:
    import multiprocessing
    import socket

    dead = os.fork()
    if dead == 0:
        os._exit(0)
    os.waitpid(dead, 0)  # a process id that is surely gone
    saves = []
    for t in range(trials):
        save = folder / f"l{t}.toml"
        payload = {"pid": dead, "host": socket.gethostname(), "since": "2026-01-01T00:00:00"}
        (folder / f"l{t}.lock").write_text(json.dumps(payload))
        saves.append(save)
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(2)
    queue = ctx.SimpleQueue()

    def racer(me: int) -> None:
        held = []
        for save in saves:
            barrier.wait()
            try:
                lock = acquire_lock(save)
            except Exception:
                lock = None
            barrier.wait()  # both have tried; a holder still holds
            held.append(lock is not None)
            if lock is not None:
                release_lock(lock)
        queue.put((me, held))

    procs = [ctx.Process(target=racer, args=(me,)) for me in (0, 1)]
    for proc in procs:
        proc.start()
    got = dict(queue.get() for _ in procs)
    for proc in procs:
        proc.join()
    return [[got[0][t], got[1][t]] for t in range(trials)]


def main(argv: list[str]) -> None:
    gamegen.setup()
    command, folder = argv[0], Path(argv[1])
    if command == "kill":
        result: Any = kill(folder, int(argv[2]), int(argv[3]))
    elif command == "locks":
        result = locks(folder, int(argv[2]))
    else:
        raise SystemExit(f"unknown command {command}")
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
