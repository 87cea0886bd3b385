"""Real saves of the shipped scenarios, and journal entries forged onto them with a checksum
worked out as drumhead's writer does (``docs/save-format.md``, "The journal"), so that what
they hold reaches the replay instead of being refused as damage."""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

from drumhead.errors import InputError, MissingGapError
from drumhead.game import Game, load_scenario, new_game, unit_inputs
from drumhead.rules.model import CheckSpec, InputValue
from drumhead.saves import SaveSession
from drumhead.saves.journal import journal_file

AT = "2026-11-22T19:00:00Z"


def entry_line(entry: Any) -> bytes:
    """One journal line holding ``entry``, its CRC-32 fresh (``NaN`` written as JSON's
    readers take it, as Python's ``json`` does)."""
    body = json.dumps(entry, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return b"%08x " % zlib.crc32(body) + body + b"\n"


def journal_of(save: Path) -> Path:
    """The current journal of ``save`` (generation 0: these saves are never compacted)."""
    return journal_file(save, 0)


def entries(save: Path) -> list[dict[str, Any]]:
    """The entries of the save's journal, as read."""
    lines = journal_of(save).read_bytes().splitlines()
    return [json.loads(line[9:]) for line in lines]


def append(save: Path, *added: Any) -> None:
    """Entries appended to the journal after the snapshot's: the tail a crash leaves."""
    with journal_of(save).open("ab") as f:
        for entry in added:
            f.write(entry_line(entry))


def _asked(check: CheckSpec) -> dict[str, InputValue]:
    """What players would type for the inputs a card cannot give (the smallest value)."""
    values: dict[str, InputValue] = {}
    for spec in check.inputs:
        if spec.default is not None:
            continue
        if spec.type == "choice":
            values[spec.name] = spec.choices[0]
        elif spec.type == "bool":
            values[spec.name] = False
        else:
            values[spec.name] = spec.minimum if spec.minimum is not None else 1
    return values


def _resolve(game: Game, check: CheckSpec, unit_id: str) -> bool:
    values = {**_asked(check), **unit_inputs(game.ruleset, check, game.state, unit_id)}
    for _ in range(20):
        try:
            event, res = game.resolve(check.id, unit_id, values, at=AT)
        except MissingGapError as exc:
            gap = game.ruleset.gap(exc.gap)
            if gap is None or gap.type == "text":
                return False
            least = gap.minimum if gap.minimum is not None else 0
            game.set_gap(exc.gap, gap.choices[0] if gap.type == "choice" else least, at=AT)
            continue
        except InputError:
            return False  # a situation the rules forbid
        own = [e for e in res.effects if e.who == "self"]
        if own:
            game.apply_effects(unit_id, own, at=AT, resolution=event.seq)
        return True
    return False


def played_game(scenario_id: str, seed: int = 1781, checks: int = 4) -> Game:
    """A game of a shipped scenario after a few checks played through the Game API, with
    their effects applied, a step ticked, a note and a roll."""
    scenario = load_scenario(scenario_id)
    game = new_game(scenario.ruleset, scenario=scenario, seed=seed, name=scenario_id)
    played = 0
    for unit in scenario.units:
        for check in game.checks_for(unit.id):
            if played < checks and _resolve(game, check, unit.id):
                played += 1
    step = game.current_step()
    if step is not None:
        game.tick_step(step.id, True, at=AT)
    game.note("forged saves start here", at=AT)
    game.roll_dice("2d6", purpose="a distance", at=AT)
    game.next_step(at=AT)
    return game


def played_save(folder: Path, scenario_id: str, seed: int = 1781) -> Path:
    """A save of :func:`played_game` in ``folder``, closed (its snapshot covers its journal)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{scenario_id}.toml"
    SaveSession.create(path, played_game(scenario_id, seed)).close()
    return path
