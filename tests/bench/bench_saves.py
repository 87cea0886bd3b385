"""Benchmark: save and load a game, and the per-event autosave cost early and late in a long game.

Run: ``.venv/bin/python tests/bench/bench_saves.py`` (not collected by pytest). Sizes: 60 units /
1,000 events and 500 units / 20,000 events. The events follow a table-side mix: resolutions,
applied effects, edits, ticked steps, phases and cards. Targets: per-event autosave flat (the
same at the start and at the end of a long game); the big load under 1.5 s.
"""

from __future__ import annotations

import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

import gamegen

from drumhead.game import Game, unit_inputs
from drumhead.saves import SaveSession, load_save, save_path


def table_event(game: Game, rng: random.Random, i: int) -> None:
    """One event of a typical evening: mostly rolls and their effects."""
    state = game.state
    at = gamegen.stamp(i)
    live = [u for u in state.units if not u.removed]
    roll = rng.random()
    if roll < 0.40:
        unit = rng.choice(live)
        values = unit_inputs(game.ruleset, "morale", state, unit.id)
        values["figures_start"] = max(1, int(values["figures_start"]))
        game.resolve("morale", unit.id, values, rng.sample(gamegen.MORALE_MODS, 1), at=at)
    elif roll < 0.70:
        unit = rng.choice(live)
        kind = rng.choice(["lose", "marker", "clear_marker", "note"])
        effect: dict[str, object] = {"kind": kind, "text": f"effect {i}"}
        if kind == "lose":
            effect["amount"] = 1
        if kind in ("marker", "clear_marker"):
            effect["marker"] = "panic"
        game.apply_effects(unit.id, [effect], at=at)
    elif roll < 0.78:
        unit = rng.choice(live)
        game.edit_unit(unit.id, "hits", rng.randint(0, 3), at=at)
    elif roll < 0.88:
        phase = next(p for p in game.phases() if p.id == state.phase)
        game.tick_step(f"{phase.id}.{rng.choice(phase.steps).id}", True, at=at)
    elif roll < 0.94:
        game.next_phase(at=at)
    elif roll < 0.99 and state.activation.deck:
        game.draw_card(at=at)
    else:
        game.note(f"a ruling at the table {i}", at=at)


def build(units: int, events: int, seed: int = 1781) -> Game:
    rng = random.Random(seed)
    game = gamegen.start_game(seed=seed, units=units)
    for i in range(events - len(game.log)):
        table_event(game, rng, i)
    return game


def best(fn, runs: int = 3) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def bench_size(folder: Path, units: int, events: int) -> None:
    game = build(units, events)
    path = save_path(folder, f"bench {units}x{events}")

    def save() -> None:
        for stale in folder.glob(f"{path.stem}*"):
            stale.unlink()
        SaveSession.create(path, game).close()

    t_save = best(save)
    t_load = best(lambda: load_save(path))
    loaded = load_save(path).game
    assert loaded.state == game.state and len(loaded.log) == len(game.log)
    size = sum(p.stat().st_size for p in folder.glob(f"{path.stem}*"))
    print(
        f"{units:>4} units, {len(game.log):>6} events: full save {t_save * 1000:7.1f} ms, "
        f"load {t_load * 1000:7.1f} ms, on disk {size / 1e6:.1f} MB"
    )


def autosave_cost(folder: Path, units: int, events: int, sample: int = 200) -> None:
    """Median time of one autosave right after one event, early and late in a long game."""
    rng = random.Random(7)
    game = gamegen.start_game(seed=7, units=units)
    path = save_path(folder, "autosave bench")
    session = SaveSession.create(path, game)
    early: list[float] = []
    late: list[float] = []
    for i in range(events):
        table_event(game, rng, i)
        t = time.perf_counter()
        session.autosave(game)
        elapsed = time.perf_counter() - t
        if i < sample:
            early.append(elapsed)
        elif i >= events - sample:
            late.append(elapsed)
    session.close(game)
    print(
        f"autosave per event ({units} units): first {sample} events median "
        f"{statistics.median(early) * 1000:.2f} ms (max {max(early) * 1000:.1f}), last {sample} of "
        f"{events} median {statistics.median(late) * 1000:.2f} ms (max {max(late) * 1000:.1f})"
    )


def main() -> None:
    gamegen.setup()
    folder = Path(tempfile.mkdtemp(prefix="drumhead-bench-"))
    try:
        bench_size(folder, 60, 1_000)
        bench_size(folder, 500, 20_000)
        autosave_cost(folder, 500, 20_000)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
