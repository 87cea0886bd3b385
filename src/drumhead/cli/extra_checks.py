"""Validation of scenario and save files for ``drumhead check``."""

from __future__ import annotations

from pathlib import Path

from drumhead.errors import DrumheadError, RulesetError


def check_file(kind: str, path: Path, data: dict[str, object], text: str) -> None:
    """Validate a scenario or save file, raising :class:`RulesetError` on the first problem."""
    if kind == "scenario":
        from drumhead.game.scenario import read_scenario

        read_scenario(data, text=text, file=str(path), scenario_id=path.stem)
        return
    if kind == "save":
        from drumhead.saves import load_save

        load_save(path, replay=True)  # every entry replayed, whatever the snapshot says
        return
    if kind == "mapping":
        from drumhead.game.rulesets import game_ruleset
        from drumhead.roster.mapping import read_mapping_data
        from drumhead.rules.reader import Reader

        ruleset_id = Reader(data, file=str(path), text=text).text("ruleset")
        read_mapping_data(data, text, str(path), game_ruleset(ruleset_id))
        return
    raise RulesetError(f"cannot check {kind} files", path=str(path))


def check_shipped() -> list[DrumheadError]:
    """Problems in the shipped scenarios, sample house rules and import mappings (``drumhead
    check`` with no paths)."""
    from drumhead.game.scenario import load_scenario, scenario_ids
    from drumhead.house.library import shipped_folder
    from drumhead.loading.loader import load_ruleset, read_house_rules

    errors: list[DrumheadError] = []
    for scenario_id in scenario_ids():
        try:
            load_scenario(scenario_id)
        except DrumheadError as exc:
            errors.append(exc)
    for path in sorted(shipped_folder().glob("*.toml")):
        try:
            load_ruleset(read_house_rules(path).ruleset, house_rules=path)
        except DrumheadError as exc:
            errors.append(exc)
    from drumhead.game.rulesets import game_ruleset
    from drumhead.loading.loader import ruleset_ids
    from drumhead.roster.mapping import shipped_mapping

    for ruleset_id in ruleset_ids():
        try:
            shipped_mapping(game_ruleset(ruleset_id))
        except DrumheadError as exc:
            errors.append(exc)
    return errors
