"""The JSON Schemas in docs/schema/: current, valid JSON Schema, and agreeing with the
validator: every shipped ruleset and house-rules file passes both; each kind of mistake is
refused by both.

Checked with ``jsonschema`` (the reference implementation editors' validators follow), so a
schema that only a home-made validator would accept cannot pass.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from drumhead.cli.house import schema_text
from drumhead.errors import DrumheadError
from drumhead.house.library import shipped_folder
from drumhead.house.template import template_text
from drumhead.loading.json_schemas import all_schemas
from drumhead.loading.loader import (
    load_ruleset,
    read_house_rules,
    ruleset_ids,
    validate_ruleset_text,
)

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "schema"
SCHEMAS = all_schemas()


def _errors(schema_name: str, data: dict[str, Any]) -> list[str]:
    validator = jsonschema.Draft202012Validator(SCHEMAS[schema_name])
    return [e.message for e in validator.iter_errors(data)]


def test_the_schema_files_are_current() -> None:
    """Regenerate with: drumhead schema --output docs/schema"""
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in DOCS.glob("*.json")}
    assert on_disk == {name: schema_text(s) for name, s in SCHEMAS.items()}, (
        "docs/schema is stale: run drumhead schema --output docs/schema"
    )


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_each_schema_is_valid_json_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[name])


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_shipped_ruleset_passes_the_schema(ruleset_id: str) -> None:
    data = tomllib.loads((ROOT / "data" / "rulesets" / f"{ruleset_id}.toml").read_text())
    assert _errors("ruleset.json", data) == []


@pytest.mark.parametrize("path", sorted(shipped_folder().glob("*.toml")), ids=lambda p: p.name)
def test_every_shipped_house_rules_file_passes_the_schema(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    assert _errors(f"house-rules-{data['ruleset']}.json", data) == []


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_an_empty_template_passes_the_schema(ruleset_id: str) -> None:
    data = tomllib.loads(template_text(load_ruleset(ruleset_id)))
    assert _errors(f"house-rules-{ruleset_id}.json", data) == []


def _validator_refuses_house(tmp_path: Path, data: dict[str, Any]) -> bool:
    import tomli_w

    path = tmp_path / "house.toml"
    path.write_text(tomli_w.dumps(data))
    try:
        load_ruleset(read_house_rules(path).ruleset, house_rules=path)
    except DrumheadError:
        return True
    return False


HOUSE_CASES: list[tuple[str, dict[str, Any], bool]] = [
    ("keyed values", {"gaps": {"fire_dice": {"infantry": {"1": 4, "2": 3}}}}, True),
    ("one value for every key", {"gaps": {"fire_dice": 3}}, True),
    ("a whole number", {"gaps": {"fire_cover_dice": 1}}, True),
    ("an optional rule", {"options": ["initiative_2d6"]}, True),
    ("a patch", {"patch": {"checks": {"fire": {"title": "Our fire"}}}}, True),
    ("unknown top-level key", {"colour": 1}, False),
    ("unknown gap", {"gaps": {"fire_range": 3}}, False),
    ("text for a number", {"gaps": {"fire_cover_dice": "one"}}, False),
    ("a number for text", {"gaps": {"fire_hit_numbers": 9}}, False),
    ("a key value no input takes", {"gaps": {"fire_dice": {"cannon": {"1": 4}}}}, False),
    ("a decimal", {"gaps": {"fire_cover_dice": 1.5}}, False),
    ("an unknown optional rule", {"options": ["no_such_rule"]}, False),
    ("a patch of an unknown part", {"patch": {"chekcs": {}}}, False),
]


@pytest.mark.parametrize(("what", "extra", "valid"), HOUSE_CASES, ids=[c[0] for c in HOUSE_CASES])
def test_schema_and_validator_agree_on_house_rules(
    tmp_path: Path, what: str, extra: dict[str, Any], valid: bool
) -> None:
    data = {"ruleset": "mwan116-acw", "title": "ours", **extra}
    assert (_errors("house-rules-mwan116-acw.json", data) == []) is valid, what
    assert _validator_refuses_house(tmp_path, data) is not valid, what


@pytest.mark.parametrize(
    ("cell", "valid"),
    [("Rt-1", True), ("W", True), ("Rout", False), ("", False), ("F+2", False)],
)
def test_an_outcome_set_is_in_the_schema(tmp_path: Path, cell: str, valid: bool) -> None:
    data = {"ruleset": "republique", "gaps": {"panic_green_1": cell}}
    assert (_errors("house-rules-republique.json", data) == []) is valid
    assert _validator_refuses_house(tmp_path, data) is not valid


def _mutate(data: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


RULESET_CASES = [
    ("unknown top-level key", ("colour",), 1),
    ("gap of an unknown type", ("gaps", "fire_cover_dice", "type"), "float"),
    ("unknown key in a gap", ("gaps", "fire_cover_dice", "colour"), 1),
    ("input of an unknown type", ("checks", "fire", "inputs", "moved", "type"), "flag"),
    ("unknown check kind", ("checks", "fire", "kind"), "lottery"),
    ("unknown key in a modifier", ("checks", "fire", "modifiers", "column", "colour"), 1),
    (
        "a modifier applied to nothing known",
        ("checks", "fire", "modifiers", "column", "applies"),
        "all",
    ),
    ("a title that is a number", ("title",), 3),
    (
        "a gap table without cells",
        ("gap_tables", "t"),
        {"title": "t", "source": "s", "rows": [], "columns": []},
    ),
]


@pytest.mark.parametrize(
    ("what", "path", "value"), RULESET_CASES, ids=[c[0] for c in RULESET_CASES]
)
def test_schema_and_validator_agree_on_rulesets(
    what: str, path: tuple[str, ...], value: Any
) -> None:
    text = (ROOT / "data" / "rulesets" / "mwan116-acw.toml").read_text()
    data = tomllib.loads(text)
    data.setdefault("gap_tables", {})
    bad = _mutate(data, path, value)
    assert _errors("ruleset.json", bad), what
    with pytest.raises(DrumheadError):
        validate_ruleset_text(bad, "", "mutated.toml")


def test_the_schemas_name_every_gap() -> None:
    for ruleset_id in ruleset_ids():
        schema = SCHEMAS[f"house-rules-{ruleset_id}.json"]
        gaps = schema["properties"]["gaps"]["properties"]
        assert set(gaps) == {g.id for g in load_ruleset(ruleset_id).gaps}
        json.dumps(schema)  # plain JSON
