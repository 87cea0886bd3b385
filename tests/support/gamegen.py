"""Random games for property tests and benchmarks: every kind of event, on a test ruleset."""

from __future__ import annotations

import random
from pathlib import Path

from drumhead.game import (
    Game,
    Side,
    Unit,
    load_scenario,
    new_game,
    register_ruleset_file,
    unit_inputs,
)

DATA = Path(__file__).resolve().parents[1] / "data"
RULESET_FILE = DATA / "test-land.toml"
SCENARIO_FILE = DATA / "test-land-skirmish.toml"

MORALE_MODS = ["light_cover", "heavy_cover", "outflanked", "equal_friend_routs"]


def setup() -> None:
    register_ruleset_file(RULESET_FILE)


def start_game(seed: int = 1, units: int = 0, name: str = "test") -> Game:
    """The test skirmish, with ``units`` extra generated units when asked."""
    setup()
    game = new_game("test-land", scenario=load_scenario(SCENARIO_FILE), seed=seed, name=name)
    for i in range(units):
        side = "american" if i % 2 else "british"
        game.add_unit(
            Unit(
                id=f"u{i}",
                name=f"Generated unit {i}",
                side=side,
                brigade=f"brigade_{i % 12}",
                type=("infantry", "cavalry", "artillery")[i % 3],
                strength_start=20 + i % 11,
                strength_now=20 + i % 11,
                state="",
                quality=("elite", "veteran", "regular", "poor", "wretched")[i % 5],
            ),
            at=stamp(i),
        )
    return game


def stamp(i: int) -> str:
    return f"2026-11-22T{10 + (i // 3600) % 12:02d}:{(i // 60) % 60:02d}:{i % 60:02d}Z"


def random_event(game: Game, rng: random.Random, i: int, *, reverts: bool = False) -> None:
    """Append one random (valid) event to ``game``; with ``reverts``, now and then a revert of
    a random earlier entry (dropping whatever no longer applies)."""
    state = game.state
    live = [u for u in state.units if not u.removed]
    at = stamp(i)
    if reverts and rng.random() < 0.08 and random_revert(game, rng, at):
        return
    roll = rng.random()
    if roll < 0.30 and live:
        unit = rng.choice(live)
        values = unit_inputs(game.ruleset, "morale", state, unit.id)
        if values.get("figures_start", 1) < 1:
            values["figures_start"] = 1
        values["figures_lost"] = max(0, min(int(values.get("figures_lost", 0)), 500))
        mods = rng.sample(MORALE_MODS, rng.randint(0, 2))
        hand = [rng.randint(0, 9)] if rng.random() < 0.3 else None
        game.resolve("morale", unit.id, values, mods, hand_dice=hand, at=at)
    elif roll < 0.50 and live:
        unit = rng.choice(live)
        effects = []
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["lose", "step", "marker", "clear_marker", "note", "distance"])
            if unit.type == "artillery" and kind == "step":
                kind = "lose"
            effect: dict[str, object] = {"kind": kind, "text": f"effect {i}"}
            if kind in ("lose", "step"):
                effect["amount"] = rng.randint(1, 3)
            if kind in ("marker", "clear_marker"):
                effect["marker"] = rng.choice(["panic", "fired"])
            if kind == "distance":
                effect["dice"] = "1d6"
            effects.append(effect)
        if state.leader_with(unit.id) is not None and rng.random() < 0.2:
            effects.append({"kind": "leader", "text": "wounded", "state": "wounded"})
        if rng.random() < 0.03:
            effects.append({"kind": "remove", "text": "leaves the field"})
        game.apply_effects(unit.id, effects, at=at)
    elif roll < 0.60 and live:
        unit = rng.choice(live)
        field, value = rng.choice(
            [
                ("strength_now", rng.randint(0, unit.strength_start)),
                ("notes", f"note {i}"),
                ("formation", rng.choice(["close_order", "open_order", "skirmish_order"])),
                ("markers", sorted(rng.sample(["panic", "fired"], rng.randint(0, 2)))),
                ("hits", rng.randint(0, 3)),
            ]
        )
        game.edit_unit(unit.id, field, value, at=at)
    elif roll < 0.66:
        game.add_unit(
            Unit(
                id=f"new{i}",
                name=f"Reinforcement {i}",
                side=rng.choice(["american", "british"]),
                brigade="reserve",
                type="infantry",
                strength_start=12,
                strength_now=12,
                state="good_order",
                quality="regular",
            ),
            at=at,
        )
    elif roll < 0.69 and len(state.units) > 3:
        game.remove_unit(rng.choice(state.units).id, at=at)
    elif roll < 0.74 and state.leaders and live:
        leader = rng.choice(state.leaders)
        target = rng.choice(live).id if rng.random() < 0.8 else None
        game.attach_leader(leader.id, target, at=at)
    elif roll < 0.80:
        phase = game.phases()[[p.id for p in game.phases()].index(state.phase)]
        step = rng.choice(phase.steps)
        game.tick_step(f"{phase.id}.{step.id}", rng.random() < 0.8, at=at)
    elif roll < 0.86:
        game.next_phase(at=at)
    elif roll < 0.91 and state.activation.deck:
        game.draw_card(at=at)
    elif roll < 0.93:
        game.shuffle_deck(at=at)
    elif roll < 0.95:
        sides = [s.id for s in state.sides]
        game.set_initiative(rng.choice(sides), rng.choice(sides), at=at)
    elif roll < 0.97:
        game.set_gap("reform_turns", rng.randint(1, 3), at=at)
    elif roll < 0.98:
        game.edit_leader(rng.choice(state.leaders).id, "value", rng.randint(0, 3), at=at)
    elif roll < 0.985:
        game.add_side(Side(f"allies{i}", f"Allies {i}"), at=at)
    else:
        game.note(f"a ruling at the table {i}", at=at)


def random_revert(game: Game, rng: random.Random, at: str) -> bool:
    """Revert a random entry that may be reverted, dropping the conflicts; False if none."""
    from drumhead.game.events import NOT_REVERTIBLE

    gone = game.reverted()
    choices = [e.seq for e in game.log if e.seq not in gone and e.kind not in NOT_REVERTIBLE]
    if not choices:
        return False
    plan = game.revert(rng.choice(choices))
    game.apply_revert(plan, drop=plan.drop, at=at)
    return True


def random_game(seed: int, events: int, units: int = 0, *, reverts: bool = False) -> Game:
    rng = random.Random(seed)
    game = start_game(seed=seed, units=units)
    for i in range(events):
        random_event(game, rng, i, reverts=reverts)
    return game
