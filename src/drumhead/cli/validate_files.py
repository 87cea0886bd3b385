"""``drumhead check``: validate ruleset, house-rules, scenario, save and import mapping files,
one error a line."""

from __future__ import annotations

from pathlib import Path

from drumhead.errors import DrumheadError, RulesetError, RulesetErrors
from drumhead.rules.limits import Kind


def kind_of(path: Path, data: dict[str, object]) -> str:
    """What a TOML file is, from its keys."""
    if "schema" in data and "game" in data:
        return "save"
    if "scenario" in data or ("units" in data and "ruleset" in data and "sides" in data):
        return "scenario"
    if "ruleset" in data and any(k in data for k in ("columns", "values", "roster", "ignore")):
        return "mapping"  # an import mapping (drumhead scenario import --mapping)
    if "ruleset" in data and "id" not in data:
        return "house-rules"
    return "ruleset"


_LIMITS_OF: dict[str, Kind] = {
    "save": "save",
    "scenario": "scenario",
    "house-rules": "house rules",
    "ruleset": "ruleset",
    "mapping": "mapping",
}
"""The limits each kind of file :func:`check_paths` validates is held to."""


def check_paths(paths: list[Path]) -> list[DrumheadError]:
    """Every problem found, each file's in file order; an empty list means every file is valid.

    A ruleset is checked as it loads: the file and each of its optional rules switched on."""
    from drumhead.loading.loader import (
        load_ruleset,
        read_house_rules,
        ruleset_ids,
        validate_ruleset_text,
    )
    from drumhead.rules.limits import check_document
    from drumhead.rules.toml_file import read_toml

    errors: list[DrumheadError] = []
    if not paths:
        for rid in ruleset_ids():
            try:
                load_ruleset(rid)
            except DrumheadError as exc:
                errors.extend(_each(exc))
        from drumhead.cli import extra_checks

        for problem in extra_checks.check_shipped():
            errors.extend(_each(problem))
        return errors
    for path in paths:
        try:
            _not_too_large(path)
            data, text = read_toml(path)
            kind = kind_of(path, data)
            check_document(data, text, str(path), _LIMITS_OF[kind])
            if kind == "ruleset":
                validate_ruleset_text(data, text, str(path))
            elif kind == "house-rules":
                house = read_house_rules(path, text)  # read once, however large
                load_ruleset(house.ruleset, house_rules=house)
            else:
                from drumhead.cli import extra_checks

                extra_checks.check_file(kind, path, data, text)
        except RulesetError as exc:
            errors.extend(_each(exc))
        except DrumheadError as exc:
            errors.append(RulesetError(str(exc), path=str(path)))
    return errors


def _not_too_large(path: Path) -> None:
    """Refuse, unread, a file larger than any kind but a save may be that is not a save (its
    kind is known only once it is parsed: a 10 MB ruleset took seconds to be refused)."""
    from drumhead.rules.limits import LIMITS, Limits, too_large

    largest = max(LIMITS[k].size for k in ("ruleset", "house rules", "scenario"))
    try:
        size = path.stat().st_size
        if size <= largest:
            return
        with path.open("rb") as f:
            head = f.read(4096)
    except OSError:
        return  # the reader says why
    if b"schema" in head.split(b"\n[", 1)[0]:  # a save: its schema comes before any table
        return
    raise too_large(str(path), size, Limits("ruleset, house-rules or scenario file", largest))


def _each(error: DrumheadError) -> list[DrumheadError]:
    """The problems one error stands for (a file with several stands for each of them)."""
    return list(error.errors) if isinstance(error, RulesetErrors) else [error]
