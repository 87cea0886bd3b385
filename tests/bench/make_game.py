"""Generate a long game for the benchmarks: a seeded save of One If By Land with many units and
events, as an evening's play leaves it (never committed: built when a benchmark needs it).

Run: ``python -m tests.bench.make_game DIR [--units 500] [--events 50000] [--seed 1781]``
writes ``DIR/long game.toml`` and its journal (about 50 MB, two minutes or so); the same
arguments give the same files, byte for byte (the clock is never read: event times are made
from their position). ``--no-checks`` leaves the checks out (no rolls: a quick game to build,
for the benchmarks' quick mode).

The order of battle is Cowpens' units copied until there are ``--units`` of them; events follow
a table-side mix: morale tests and fire (each with its odds and rolls), the effects applied,
card edits, ticked steps, phases and cards drawn, notes, dice rolled for a distance, and now and
then an undo and a redo. For the benchmarks (``--turn-start``), the game then goes on to the
start of the next turn (a few events of "next phase" more, and a panic marker on each of
Cowpens' own units: :data:`COWPENS_UNITS`): their games all stand at the same point of a turn,
and meet the same phases in the same order. The save is written as the app
leaves it when the players quit: one journal of every change, the snapshot written after all of
it.
"""

from __future__ import annotations

import argparse
import glob
import random
import sys
import tomllib
from pathlib import Path
from typing import Any

import tomli_w

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "data" / "scenarios" / "cowpens-1781.toml"
NAME = "long game"
MORALE_MODS = ("light_cover", "heavy_cover", "outflanked", "equal_friend_routs")
FIRE_MODS = ("point_blank", "flank_or_rear", "light_cover", "heavy_cover")
MARKERS = ("panic", "fired", "moved", "activated")
SITUATIONS = ("panic_marker", "panic_trigger", "charged", "closing", "melee_result")
COWPENS_UNITS = 16
"""Cowpens' own units, the first of any order of battle made here: the benchmarks' rounds test
the morale of the unit under the roster's cursor, always one of them (a card drawn takes the
cursor to its brigade's first unit). Their games (``--turn-start``) give each a panic marker
as the turn starts: step 1 of a turn tests only the units carrying one, and a morale test
refused there timed the refusal, not the roll."""


def stamp(i: int) -> str:
    """A time for event ``i``: one every few seconds of an evening (and the evenings after)."""
    day, rest = divmod(i * 7, 6 * 3600)
    hour, rest = divmod(rest, 3600)
    return f"2026-{11 + day // 28:02d}-{1 + day % 28:02d}T{18 + hour:02d}:{rest // 60:02d}:{rest % 60:02d}Z"


def big_scenario(folder: Path, units: int) -> Path:
    """Cowpens with its units copied until there are ``units`` of them (leaders and cards kept:
    a brigade card activates every copy of its units)."""
    data = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    originals = data["units"]
    copies = []
    for n in range(units):
        unit = dict(originals[n % len(originals)])
        copy = n // len(originals)
        if copy:
            unit["id"] = f"{unit['id']}_{copy}"
            unit["name"] = f"{unit['name']} {copy}"
        copies.append(unit)
    data["units"] = copies
    data["scenario"] = f"Cowpens, {units} units"
    (folder / "scenario").mkdir(exist_ok=True)
    path = folder / "scenario" / f"cowpens-{units}.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def table_event(game: Any, rng: random.Random, i: int, checks: bool = True) -> None:
    """One change of a typical evening: mostly rolls and their effects (without ``checks``,
    the rolls are left out and the other changes made)."""
    from drumhead.game import unit_inputs

    state = game.state
    at = stamp(i)
    live = [u for u in state.units if not u.removed and u.type != "artillery"]
    unit = rng.choice(live)
    roll = rng.random()
    if roll < 0.45 and not checks:
        roll = 0.45 + roll / 0.45 * 0.55  # the other changes, in their proportions
    if roll < 0.30:
        values: dict[str, Any] = dict(unit_inputs(game.ruleset, "morale", state, unit.id))
        values["figures_lost"] = min(values.get("figures_lost", 0), values["figures_start"])
        values["situation"] = rng.choice(SITUATIONS)
        values.pop("state", None)  # a state the check does not know (every ladder differs)
        mods = rng.sample(MORALE_MODS, rng.randint(0, 2))
        hand = [rng.randint(0, 9)] if rng.random() < 0.25 else None
        _resolve(game, "morale", unit.id, values, mods, hand, at)
    elif roll < 0.45:
        values = {"figures": max(1, unit.strength_now), "target_quality": "regular"}
        mods = rng.sample(FIRE_MODS, rng.randint(0, 2))
        _resolve(game, "fire", unit.id, values, mods, None, at)
    elif roll < 0.65:
        effects: list[dict[str, object]] = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["lose", "marker", "clear_marker", "note"])
            effect: dict[str, object] = {"kind": kind, "text": f"effect {i}"}
            if kind == "lose":
                effect["amount"] = rng.randint(0, 1)
            if kind in ("marker", "clear_marker"):
                effect["marker"] = rng.choice(MARKERS)
            effects.append(effect)
        game.apply_effects(unit.id, effects, at=at)
    elif roll < 0.72:
        field, value = rng.choice(
            [
                ("hits", rng.randint(0, 3)),
                ("notes", f"note {i}"),
                ("strength_now", rng.randint(1, unit.strength_start)),
                ("markers", sorted(rng.sample(MARKERS, rng.randint(0, 2)))),
            ]
        )
        game.edit_unit(unit.id, field, value, at=at)
    elif roll < 0.84:
        phase = next(p for p in game.phases() if p.id == state.phase)
        if phase.steps:
            step = rng.choice(phase.steps)
            game.tick_step(f"{phase.id}.{step.id}", rng.random() < 0.9, at=at)
        else:
            game.note(f"nothing to tick {i}", at=at)
    elif roll < 0.89:
        game.next_phase(at=at)
    elif roll < 0.93 and state.activation.deck:
        game.draw_card(at=at)
    elif roll < 0.96:
        game.roll_dice("2d6", purpose=f"distance {i}", at=at, unit_id=unit.id)
    elif roll < 0.98 and game.can_undo:
        game.undo()
        game.redo()
    else:
        game.note(f"a ruling at the table {i}", at=at)


def _resolve(
    game: Any,
    check: str,
    unit: str,
    values: dict[str, Any],
    mods: list[str],
    hand: list[int] | None,
    at: str,
) -> None:
    """Resolve a check with the modifiers drawn, or without them where the rules refuse one
    for this unit (skirmishers cannot be outflanked...); where the rules refuse the check
    itself for this unit (a step-1 test without a panic marker, a shaken unit firing all its
    figures...), the players note it instead."""
    from drumhead.errors import InputError

    try:
        game.resolve(check, unit, values, mods, hand_dice=hand, at=at)
    except InputError:
        try:
            game.resolve(check, unit, values, (), hand_dice=hand, at=at)
        except InputError as refused:
            game.note(f"not allowed: {refused}", at=at)


def build(
    units: int, events: int, seed: int, folder: Path, checks: bool = True, turn_start: bool = False
) -> Any:
    """The game, in memory: ``units`` units and ``events`` events in its log (with
    ``turn_start``, and the phases after them to the start of a turn)."""
    from drumhead.game import load_scenario, new_game

    scenario = load_scenario(big_scenario(folder, units))
    game = new_game("one-if-by-land", scenario=scenario, seed=seed, name=NAME)
    rng = random.Random(seed)
    i = 0
    while game.event_count < events:
        table_event(game, rng, i, checks)
        i += 1
    first = game.phases()[0].id  # the turn starts: its first phase, no card drawn yet
    while turn_start and (game.state.phase != first or game.state.activation.drawn):
        game.next_phase(at=stamp(i))
        i += 1
    for unit in game.state.units[: COWPENS_UNITS if turn_start else 0]:
        if "panic" not in unit.markers:  # see COWPENS_UNITS
            game.edit_unit(unit.id, "markers", sorted({*unit.markers, "panic"}), at=stamp(i))
            i += 1
    return game


def make(
    folder: Path,
    units: int = 500,
    events: int = 50_000,
    seed: int = 1781,
    *,
    checks: bool = True,
    name: str = NAME,
    turn_start: bool = False,
) -> Path:
    """Write the save into ``folder`` (replacing one made before); its snapshot's path."""
    from drumhead.saves import SaveSession, save_path

    folder.mkdir(parents=True, exist_ok=True)
    path = save_path(folder, name)
    for old in folder.glob(f"{glob.escape(name)}.*"):
        old.unlink()
    game = build(units, events, seed, folder, checks, turn_start)
    SaveSession.create(path, game).close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--units", type=int, default=500)
    parser.add_argument("--events", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1781)
    parser.add_argument("--no-checks", action="store_true", help="no rolls (quick to build)")
    parser.add_argument("--turn-start", action="store_true", help="end as a turn starts")
    args = parser.parse_args(argv)
    path = make(
        args.folder,
        args.units,
        args.events,
        args.seed,
        checks=not args.no_checks,
        turn_start=args.turn_start,
    )
    size = sum(p.stat().st_size for p in args.folder.glob(f"{glob.escape(NAME)}.*"))
    print(f"{path} ({args.units} units, {args.events} events, {size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
