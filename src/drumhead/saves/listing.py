"""Listing saved games: reads only each snapshot's ``[game]`` header.

Kept apart from :mod:`drumhead.saves.store` so that listing saves (the app's start screen,
``drumhead saves``) does not import the whole game layer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from drumhead.errors import DrumheadError, RulesetError
from drumhead.saves.files import SaveError, lock_holder
from drumhead.saves.times import time_problem


class NotASave(SaveError):
    """A TOML file with neither a save's ``schema`` nor its ``[game]`` table."""


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """A save as listed by ``drumhead saves``."""

    name: str
    path: Path
    ruleset: str
    turn: int
    last_played: str
    scenario: str | None = None
    events: int = 0
    locked: bool = False
    """Open in a drumhead that is running (a lock left by a crash does not count)."""
    problem: str | None = None
    """Why the save cannot be opened, when a quick look shows it (its header is unreadable,
    its journal missing or shorter than the snapshot says); None: it looks whole.
    ``drumhead check`` reads it all."""


def read_header(path: Path) -> SaveInfo:
    """The ``[game]`` header of a snapshot (quick: the states are not read)."""
    # imported here: an empty saves folder (a new player's first start) needs neither
    from drumhead.rules.limits import LIMITS
    from drumhead.rules.reader import Reader
    from drumhead.rules.toml_file import parse_toml, read_text

    try:
        text = read_text(path, LIMITS["save"].size, LIMITS["save"].what)
        head = text.split("\n[start]", 1)[0]
        data = parse_toml(head, path)
    except RulesetError as exc:
        raise SaveError(exc.message, path=exc.path, line=exc.line, key=exc.key) from None
    game = data.get("game")
    if not isinstance(game, dict):
        if "schema" not in data:
            raise NotASave(f"{path.name} is not a save", path=str(path))
        raise SaveError("no [game] table", path=str(path), key="game")
    r = Reader(game, file=str(path), key="game", text=head)
    try:
        info = SaveInfo(
            name=path.stem,
            path=path,
            ruleset=r.text("ruleset"),
            turn=r.integer("turn"),
            last_played=r.text("last_played", ""),
            scenario=r.text("scenario", None),
            events=r.integer("events", 0),
            locked=lock_holder(path) is not None,
        )
        for key in ("created", "last_played"):
            value = r.text(key, "")
            problem = time_problem(value) if value else None
            if problem is not None:
                raise r.error(key, problem)
        schema = data.get("schema")
        if isinstance(schema, int) and schema >= 2:
            generation = r.integer("generation")
            size = r.integer("journal_bytes") if schema >= 3 else 0
            journal = path.with_name(f"{path.stem}.{generation}.journal")
            try:
                found = journal.stat().st_size
            except OSError:
                return replace(info, problem=f"its journal {journal.name} is missing")
            if found < size:
                return replace(
                    info,
                    problem=f"its journal {journal.name} is shorter than the snapshot says "
                    f"({found} bytes, not {size}): events are missing",
                )
        return info
    except RulesetError as exc:
        raise SaveError(exc.message, path=exc.path, key=exc.key, line=exc.line) from None


def list_saves(folder: str | Path) -> list[SaveInfo]:
    """Every save in the folder, the most recently played first. A save whose header cannot
    be read is listed too, with the reason as its ``problem`` (never left out: its player
    should hear that it is broken, not find it gone)."""
    base = Path(folder)
    try:
        # a dotted file is drumhead's own (the table's view), never a save
        paths = sorted(p for p in base.glob("*.toml") if not p.name.startswith("."))
        paths = paths if base.is_dir() else []
    except OSError as exc:
        raise SaveError(f"cannot read the saves folder: {exc}", path=str(base)) from None
    out = []
    for path in paths:
        try:
            out.append(read_header(path))
        except NotASave:
            continue  # another TOML file (house rules, a scenario) kept with the saves
        except DrumheadError as exc:
            message = exc.message if isinstance(exc, RulesetError) else str(exc)
            where = f"{exc.key}: " if isinstance(exc, RulesetError) and exc.key else ""
            out.append(SaveInfo(path.stem, path, "?", 0, "", problem=f"{where}{message}"))
    return sorted(out, key=lambda s: s.last_played, reverse=True)
