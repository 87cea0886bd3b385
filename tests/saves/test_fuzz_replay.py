"""The journal tail fuzzed: real saves of every shipped scenario, their tail (the entries a crash
leaves after the snapshot's) mutated and re-checksummed, each loaded. Every load refuses with a
drumhead error, or gives a game that is a replay of what it holds and valid by its ruleset.

A load that passes is counted as a *forgery* (a well-formed entry a player could have made:
the docs say such an entry, or a journal cut at an entry's end, cannot be told from the real
thing) when the reference check below finds nothing wrong with it, else *silently wrong*; the
slow test fuzzes 1,200 saves and wants none silently wrong.

Measured (seed 1781, 1,200 saves, one in twenty with its journal a link, about 3 s): 1,058
refused, 142 loaded, all forgeries (48 of them the game as played or cut at an entry's end; the
rest a valid id, text or number in another place, or a record's dice changed), 0 silently
wrong. Before replay held events to the ruleset (``drumhead.game.event_rules``): 954 refused,
246 loaded, 84 of them silently wrong."""

from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import forge
import pytest

from drumhead.dice.notation import parse
from drumhead.errors import DrumheadError
from drumhead.game import Event, Game, replay, scenario_ids
from drumhead.game.scenario import check_unit, ladder_states
from drumhead.game.state import LEADER_STATUSES
from drumhead.rules.reader import Reader
from drumhead.saves import SaveSession, load_save
from drumhead.saves.journal import encode_entry, op_entry

HOSTILE: list[Any] = [
    None,
    -1,
    0,
    2**63,
    10**40,
    1.5,
    float("nan"),
    float("inf"),
    True,
    "",
    "ghost",
    "NaN",
    "../../etc/passwd",
    [],
    [1, "a"],
    {},
    {"x": 1},
    "x" * 5_000,
]


@dataclass
class Base:
    """A save whose snapshot covers its journal's first entries, with real API entries after."""

    folder: Path
    save: Path
    head: bytes
    """The journal's lines the snapshot covers."""
    tail: list[dict[str, Any]]
    """The entries after them (the game's next events, as its journal wrote them)."""
    ids: list[str]
    """Names the ruleset and the game hold (checks, outcomes, markers, states, cards, phases)."""
    log: list[dict[str, Any]]
    """The game's log, unmutated."""


def make_base(folder: Path, scenario_id: str, seed: int) -> Base:
    game = forge.played_game(scenario_id, seed)
    log = game.log
    cut = len(log) // 2
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / f"{scenario_id}.toml"
    SaveSession.create(save, Game(game.start, game.ruleset, log[:cut])).close()
    head = forge.journal_of(save).read_bytes()
    tail = [op_entry(("event", e)) for e in log[cut:]]
    tail.append({"op": "undo", "seq": log[-1].seq})
    tail.append({"op": "redo", "seq": log[-1].seq})
    r = game.ruleset
    ids = [c.id for c in r.checks] + [o.id for c in r.checks for o in c.outcomes]
    ids += [m.id for m in r.markers] + [s for ladder in r.ladders for s in ladder.states]
    ids += [u.id for u in game.state.units] + [ld.id for ld in game.state.leaders]
    ids += [s.id for s in game.state.sides]
    ids += [f"{p.id}.{s.id}" for p in game.phases() for s in p.steps] + [
        p.id for p in game.phases()
    ]
    played = [e.to_dict() for e in log]
    return Base(folder, save, head, json.loads(json.dumps(tail)), sorted(set(ids)), played)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def mutate(base: Base, rng: random.Random) -> tuple[str, list[dict[str, Any]]]:
    """One mutation of the tail: what it was, and the entries it leaves."""
    tail = copy.deepcopy(base.tail)
    events = [i for i, e in enumerate(tail) if e["op"] == "event"]
    how = rng.choice(["delete", "duplicate", "swap", "hostile", "hostile", "id", "id", "number"])
    if how == "delete":
        del tail[rng.randrange(len(tail))]
    elif how == "duplicate":
        i = rng.randrange(len(tail))
        tail.insert(rng.randrange(len(tail) + 1), copy.deepcopy(tail[i]))
    elif how == "swap":
        i, j = rng.randrange(len(tail)), rng.randrange(len(tail))
        tail[i], tail[j] = tail[j], tail[i]
    else:
        entry = tail[rng.choice(events)]
        paths = _paths(entry["event"])
        if how == "id":
            paths = [p for p in paths if isinstance(_at(entry["event"], p), str)]
        elif how == "number":
            paths = [p for p in paths if type(_at(entry["event"], p)) in (int, float)]
        if not paths:
            return how, tail
        path = rng.choice(paths)
        parent = _at(entry["event"], path[:-1])
        if how == "hostile":
            parent[path[-1]] = rng.choice(HOSTILE)
        elif how == "id":
            parent[path[-1]] = rng.choice(base.ids)
        else:
            old = parent[path[-1]]
            parent[path[-1]] = rng.choice([old + 1, old - 1, -old, 10**40, float("nan")])
    return how, tail


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def faults(game: Game) -> list[str]:
    """What is wrong with a loaded game by its ruleset, found without drumhead's own check of
    events (a reference to hold that check to): its state a replay of its log, every card
    valid, every event naming only what the ruleset and the game hold, no NaN anywhere."""
    found: list[str] = []
    r = game.ruleset
    if replay(game.start, game.log) != game.state:
        found.append("the state is not a replay of the log")
    for unit in game.state.units:
        try:
            check_unit(r, unit, Reader({}, key=f"units.{unit.id}"), saved=True)
        except DrumheadError as exc:
            found.append(str(exc))
    found += [f"leader {ld.id}" for ld in game.state.leaders if ld.status not in LEADER_STATUSES]
    checks = {c.id: c for c in r.checks}
    markers = {m.id for m in r.markers}
    phases = {p.id: {s.id for s in p.steps} for p in game.phases()}
    for event in game.log:
        found += [f"{event.seq}: {f}" for f in _event_faults(game, event, checks, markers, phases)]
    return found


def _skeleton(value: Any) -> Any:
    """The types of a value, numbers as one (what the Game API writes is the reference)."""
    if isinstance(value, dict):
        return {k: _skeleton(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted({json.dumps(_skeleton(v)) for v in value})
    if isinstance(value, bool):
        return "bool"
    return "number" if isinstance(value, int | float) else type(value).__name__


def shape_faults(game: Game, played: list[dict[str, Any]]) -> list[str]:
    """Events whose data has other types than the event the API made at the same place: a key
    the API wrote as text holding a number, a list for a table... (a key left out is fine)."""
    out = []
    for event in game.log:
        if event.seq > len(played) or played[event.seq - 1]["kind"] != event.kind:
            continue
        made = _skeleton(played[event.seq - 1]["data"])
        held = _skeleton(dict(event.data))
        if not _fits(held, made):
            out.append(f"{event.seq}: the types of its data differ from the API's")
    return out


def _fits(held: Any, made: Any) -> bool:
    if isinstance(held, dict) and isinstance(made, dict):
        return all(k not in made or _fits(v, made[k]) for k, v in held.items())
    if isinstance(held, list) and isinstance(made, list):
        return set(held) <= set(made) or not made
    return bool(held == made)


def _event_faults(
    game: Game,
    event: Event,
    checks: dict[str, Any],
    markers: set[str],
    phases: dict[str, set[str]],
) -> list[str]:
    data, r = event.data, game.ruleset
    numbers = [_at(data, p) for p in _paths(dict(data))]
    out = ["NaN"] if any(isinstance(n, float) and not math.isfinite(n) for n in numbers) else []
    state = game.state_at(event.seq - 1)
    if event.kind == "resolution":
        spec = checks.get(data.get("check"))  # type: ignore[arg-type]
        record = data.get("resolution", {})
        if spec is None:
            out.append(f"no check {data.get('check')}")
        elif record.get("outcome") not in {o.id for o in spec.outcomes}:
            out.append(f"no outcome {record.get('outcome')}")
        if record.get("check") != data.get("check"):
            out.append("record of another check")
        for roll in record.get("rolls", []):
            try:
                parse(roll["notation"])
            except (DrumheadError, TypeError, AttributeError):
                out.append(f"notation {roll['notation']!r}")
    for odds in data.get("resolution", {}).get("odds", []) if event.kind == "resolution" else []:
        if not _between(odds.get("percent"), 0, 100):
            out.append(f"percent {odds['percent']}")
    if event.kind == "apply_effects" and not _between(data.get("resolution", 1), 1, event.seq - 1):
        out.append(f"resolution {data['resolution']}")
    if event.kind in ("next_phase", "next_turn") and data["turn"] not in (
        state.turn,
        state.turn + 1,
    ):
        out.append(f"turn {data['turn']}")
    if event.kind == "apply_effects":
        for effect in data.get("effects", []):
            unit = effect.get("unit", data.get("unit"))
            if effect.get("kind") in ("marker", "clear_marker") and effect["marker"] not in markers:
                out.append(f"marker {effect['marker']}")
            on_card = effect.get("kind") in ("state", "step") and state.has_unit(unit)
            if on_card and effect["state"] not in ladder_states(r, state.unit(unit).type):
                out.append(f"state {effect['state']}")
    if event.kind == "tick_step" and phases:
        phase, _, step = str(data.get("step")).partition(".")
        if step not in phases.get(phase, ()):
            out.append(f"step {data.get('step')}")
    if event.kind in ("next_phase", "next_turn") and phases:
        if data.get("phase") not in phases:
            out.append(f"phase {data.get('phase')}")
        elif "step" in data and data["step"] not in phases[data["phase"]]:
            out.append(f"step {data['step']}")
    return out


def _between(value: Any, low: int, high: int) -> bool:
    return type(value) in (int, float) and low <= value <= high


def fuzz(bases: list[Base], saves: int, seed: int) -> tuple[Counter[str], list[str]]:
    """Load ``saves`` mutated saves; count refused, forgeries and silently wrong loads (and
    say what each silently wrong one got wrong)."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    wrong: list[str] = []
    for case in range(saves):
        base = bases[case % len(bases)]
        how, tail = mutate(base, rng)
        body = base.head + b"".join(_line(e) for e in tail)
        journal = forge.journal_of(base.save)
        journal.unlink(missing_ok=True)  # never written through a link the last case left
        if rng.random() < 0.05:  # the journal a link to a file elsewhere holding it
            elsewhere = base.folder.parent / f"elsewhere-{base.save.stem}.journal"
            elsewhere.write_bytes(body)
            journal.symlink_to(elsewhere)
            how += ", linked"
        else:
            journal.write_bytes(body)
        try:
            loaded = load_save(base.save)
        except DrumheadError as exc:
            assert str(exc)
            counts["refused"] += 1
            continue
        # any other exception type is a failure of the test: the traceback says where
        counts["loaded"] += 1
        found = faults(loaded.game) + shape_faults(loaded.game, base.log)
        replayed = load_save(base.save, replay=True).game  # every entry, from [start]
        if (replayed.state, replayed.log) != (loaded.game.state, loaded.game.log):
            found.append("opening from the snapshot and replaying everything differ")
        if found:
            counts["silently wrong"] += 1
            wrong.append(f"case {case} ({base.save.stem}, {how}): {found[:3]}")
        else:
            counts["forgeries"] += 1
            held = [e.to_dict() for e in loaded.game.log]
            if held == base.log[: len(held)]:  # the game as played, or cut at an entry's end
                counts["forgeries: the game as played, or a prefix"] += 1
    counts["saves"] = saves
    return counts, wrong


def _line(entry: Any) -> bytes:
    try:
        return encode_entry(entry)
    except ValueError:  # what encode_entry refuses (never written), forged the same way
        return forge.entry_line(entry)


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> list[Base]:
    root = tmp_path_factory.mktemp("fuzz")
    return [make_base(root / s, s, 1781) for s in scenario_ids()]


def test_a_few_fuzzed_tails_load_right_or_are_refused(bases: list[Base]) -> None:
    counts, wrong = fuzz(bases, 40, 36)
    assert not wrong, "\n".join(wrong)
    assert counts["refused"] > 0 and counts["forgeries"] > 0


@pytest.mark.slow
def test_1200_fuzzed_tails_none_silently_wrong(bases: list[Base]) -> None:
    counts, wrong = fuzz(bases, 1200, 1781)
    print(dict(counts))
    assert not wrong, f"{len(wrong)} silently wrong:\n" + "\n".join(wrong)
    assert counts["refused"] + counts["loaded"] == 1200
