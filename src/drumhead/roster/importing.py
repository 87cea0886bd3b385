"""An order of battle imported from a spreadsheet (CSV) or an army builder's roster (``.ros``,
``.rosz``): read, checked field by field against the ruleset, made into a scenario file and
validated by the scenario reader itself before anything is handed back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game.scenario import read_scenario
from drumhead.roster.build import Builder, Entry
from drumhead.roster.mapping import Mapping, mapping_problem, read_mapping, shipped_mapping
from drumhead.roster.problems import ImportedBattle, Problems
from drumhead.rules.model import Ruleset
from drumhead.rules.toml_file import read_toml

SHEETS = (".csv", ".txt")
"""The endings of a spreadsheet saved as CSV."""
ROSTERS = (".ros", ".rosz")
"""The endings of an army builder's roster (BattleScribe, New Recruit)."""


def import_battle(path: Path, ruleset: Ruleset, mapping: Path | None = None) -> ImportedBattle:
    """The order of battle of the spreadsheet or roster ``path`` as a scenario of ``ruleset``
    (its optional rules on are the scenario's), read through ``mapping`` (the ruleset's
    shipped mapping when None). Every problem of the files is in the result, never raised."""
    problems = Problems()
    path = Path(path)
    try:
        chosen = read_mapping(mapping, ruleset) if mapping else shipped_mapping(ruleset)
    except DrumheadError as exc:
        _add_errors(problems, _as_file_error(exc, mapping or path))
        return ImportedBattle(problems.all(), {}, "")
    builder = Builder(ruleset, chosen, problems)
    try:
        entries, title, source = _read(path, builder, chosen, problems)
    except DrumheadError as exc:
        _add_errors(problems, _as_file_error(exc, path))
        return ImportedBattle(problems.all(), {}, "")
    battle = builder.build(entries)
    if problems:
        return ImportedBattle(problems.all(), battle.units_by_side, "")
    data: dict[str, Any] = {
        "scenario": title,
        "ruleset": ruleset.id,
        "description": f"Imported from {path.name}.",
        "source": source,
        "options": sorted(ruleset.active_options),
        "sides": battle.sides,
        "leaders": battle.leaders,
        "units": battle.units,
    }
    text = tomli_w.dumps(data)
    name = f"{path.stem}.toml"
    try:
        parsed, _ = read_toml(name, text, kind="scenario")
        read_scenario(parsed, text=text, file=name, scenario_id=path.stem, ruleset=ruleset)
    except DrumheadError as exc:
        _add_errors(problems, _as_file_error(exc, path), battle.origins)
        return ImportedBattle(problems.all(), battle.units_by_side, "")
    return ImportedBattle((), battle.units_by_side, text)


def _read(
    path: Path, builder: Builder, mapping: Mapping, problems: Problems
) -> tuple[list[Entry], str, str]:
    """The file's rows, its title and where it came from."""
    suffix = path.suffix.lower()
    if suffix in SHEETS:
        from drumhead.roster.sheet import read_sheet, read_sheet_bytes, sheet_text

        text = sheet_text(read_sheet_bytes(str(path)), str(path))
        entries = read_sheet(text, builder.fields, mapping, problems)
        return entries, path.stem, f"A spreadsheet: {path.name}"
    if suffix in ROSTERS:
        from drumhead.roster.roster_xml import read_roster

        found = read_roster(path, builder.fields, mapping, problems)
        return found.entries, found.title or path.stem, found.source
    raise RulesetError(
        "not a spreadsheet or a roster: give a .csv (a sheet saved as CSV), a .ros or "
        "a .rosz (a BattleScribe or New Recruit roster)",
        path=str(path),
    )


def _as_file_error(error: DrumheadError, path: Path) -> RulesetError:
    """``error`` as a file's error (one not about a file: about ``path``)."""
    return error if isinstance(error, RulesetError) else RulesetError(str(error), path=str(path))


def _add_errors(
    problems: Problems, error: RulesetError, origins: dict[str, str] | None = None
) -> None:
    """A file's errors as problems; the generated scenario's keys (``units.3.quality``)
    placed at the rows they came from."""
    errors = getattr(error, "errors", (error,))
    for each in errors:
        if origins is not None:
            problems.add(_placed(each.key, origins), each.message)
        else:
            where, message = mapping_problem(each)
            problems.add(where, message)


def _placed(key: str, origins: dict[str, str]) -> str:
    parts = key.split(".")
    if len(parts) >= 2 and ".".join(parts[:2]) in origins:
        rest = ".".join(parts[2:])
        where = origins[".".join(parts[:2])]
        return f"{where}, {rest}" if rest else where
    return key or "the battle"


def scenario_or_raise(battle: ImportedBattle, path: str) -> str:
    """The scenario's text, or an error listing every problem (for a caller that stops)."""
    if battle.problems:
        from drumhead.roster.problems import ImportFailed

        raise ImportFailed(path, battle.problems)
    if not battle.scenario_text:
        raise DrumheadError(f"{path}: nothing was imported")
    return battle.scenario_text
