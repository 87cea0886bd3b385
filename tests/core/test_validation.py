"""Bad ruleset and house-rules files get errors naming the file, line and key path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tomli_w

from drumhead.errors import RulesetError
from drumhead.loading.loader import load_ruleset, load_ruleset_file, read_toml
from drumhead.loading.ruleset import build_ruleset

from .minirules import document


def _error(doc: dict[str, Any]) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        build_ruleset(doc, file="bad.toml")
    return info.value


def test_the_mini_ruleset_is_valid() -> None:
    rs = build_ruleset(document(), file="mini.toml")
    assert [c.id for c in rs.checks] == [
        "test",
        "morale_table",
        "combat",
        "fire",
        "shoot",
        "split",
        "move",
    ]


def test_unknown_top_level_key() -> None:
    err = _error(document(colour="red"))
    assert err.key == "colour" and "unknown key 'colour'" in err.message


def test_unknown_key_in_a_modifier_names_its_path() -> None:
    doc = document()
    doc["checks"]["test"]["modifiers"]["supported"]["valeu"] = 2
    err = _error(doc)
    assert err.key == "checks.test.modifiers.supported.valeu"


def test_wrong_type_says_what_was_expected() -> None:
    doc = document()
    doc["checks"]["test"]["inputs"]["stands_start"]["min"] = "one"
    err = _error(doc)
    assert err.key == "checks.test.inputs.stands_start.min"
    assert "expected a whole number, got text ('one')" in err.message


@pytest.mark.parametrize(
    ("mutate", "key", "message"),
    [
        (
            lambda d: d["checks"]["test"].__setitem__("target", "start[qualitee]"),
            "checks.test.target",
            "unknown 'qualitee'",
        ),
        (
            lambda d: d["checks"]["test"].__setitem__("target", "starts[quality]"),
            "checks.test.target",
            "unknown lookup table 'starts'",
        ),
        (
            lambda d: d["checks"]["combat"].__setitem__("beyond_ruling", "nope"),
            "checks.combat.beyond_ruling",
            "no ruling 'nope'",
        ),
        (
            lambda d: d["checks"]["combat"]["modifiers"]["flank"].__setitem__("group", "nope"),
            "checks.combat.modifiers.flank.group",
            "no group 'nope'",
        ),
        (
            lambda d: d["checks"]["combat"]["modifiers"]["flank"].pop("side"),
            "checks.combat.modifiers.flank.side",
            "needs side",
        ),
        (
            lambda d: d["checks"]["morale_table"]["outcomes"].pop("good"),
            "checks.morale_table.outcomes",
            "defines no such outcome",
        ),
        (
            lambda d: d["checks"]["fire"]["rows"][0].__setitem__("values", [0, 1]),
            "checks.fire.rows.0.values",
            "expected 4 values",
        ),
        (
            lambda d: d["checks"]["morale_table"]["rows"][1].__setitem__("roll", [6, 10]),
            "checks.morale_table.rows",
            "no row covers 5-5",
        ),
        (
            lambda d: d["checks"]["test"].__setitem__("dice", "2d"),
            "checks.test.dice",
            "sides is missing",
        ),
        (
            lambda d: d["checks"]["test"].__setitem__("kind", "lottery"),
            "checks.test.kind",
            "not one of",
        ),
        (
            lambda d: d["checks"]["test"]["modifiers"]["supported"].__setitem__("value", "1 +"),
            "checks.test.modifiers.supported.value",
            "not a valid expression",
        ),
        (
            lambda d: d["checks"]["test"]["modifiers"]["supported"].__setitem__(
                "value", "__import__('os')"
            ),
            "checks.test.modifiers.supported.value",
            "unknown function",
        ),
        (
            lambda d: d["checks"]["test"]["inputs"]["quality"].__setitem__("default", "elite"),
            "checks.test.inputs.quality.default",
            "does not fit",
        ),
        (
            lambda d: d["checks"]["test"]["inputs"]["quality"].__setitem__("from_unit", "hat"),
            "checks.test.inputs.quality.from_unit",
            "not a unit field",
        ),
        (lambda d: d.__setitem__("sources", []), "sources", "at least one source"),
        (  # an input offered only sometimes reads the check's other inputs
            lambda d: d["checks"]["test"]["inputs"]["elite"].__setitem__("when", "colour == 1"),
            "checks.test.inputs.elite.when",
            "colour",
        ),
        (
            lambda d: d["checks"]["test"]["inputs"]["elite"].__setitem__(
                "when", "quality == 'guards'"
            ),
            "checks.test.inputs.elite.when",
            "guards",
        ),
        (  # not offered, it is read at its default: it needs one
            lambda d: (
                d["checks"]["test"]["inputs"]["quality"].update(
                    {"when": "not single", "default": None}
                )
                or d["checks"]["test"]["inputs"]["quality"].pop("default")
            ),
            "checks.test.inputs.quality.when",
            "needs a default",
        ),
    ],
)
def test_dangling_references_and_bad_values(mutate: Any, key: str, message: str) -> None:
    doc = document()
    mutate(doc)
    err = _error(doc)
    assert err.key == key
    assert message in err.message


def test_errors_carry_the_line(tmp_path: Path) -> None:
    doc = document()
    doc["checks"]["fire"]["modifiers"]["close"]["valeu"] = 2
    path = tmp_path / "bad.toml"
    path.write_text(tomli_w.dumps(doc))
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    err = info.value
    assert err.line is not None
    line = path.read_text().splitlines()[err.line - 1]
    assert "valeu" in line
    assert err.format().startswith(f"{path}:{err.line}: checks.fire.modifiers.close.valeu:")


def test_toml_syntax_error_has_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('id = "x"\ntitle = \n')
    with pytest.raises(RulesetError) as info:
        read_toml(path)
    assert info.value.line == 2
    assert "not valid TOML" in info.value.message


def test_missing_file() -> None:
    with pytest.raises(RulesetError, match="file not found"):
        read_toml("/nonexistent/x.toml")


def test_unknown_option_is_refused() -> None:
    with pytest.raises(RulesetError, match="unknown optional rule 'nope'"):
        build_ruleset(document(), file="mini.toml", active_options=frozenset({"nope"}))


def test_house_rules_override_and_validate(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'ruleset = "one-if-by-land"\ntitle = "club"\n'
        "[patch.checks.morale.modifiers.light_cover]\nvalue = -3\n"
    )
    rs = load_ruleset("one-if-by-land", house_rules=house)
    assert rs.check("morale").modifier("light_cover").value.text == "-3"  # type: ignore[union-attr]
    assert rs.house_rules == str(house)


def test_house_rules_for_another_ruleset_are_refused(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('ruleset = "republique"\n')
    with pytest.raises(RulesetError, match="not 'one-if-by-land'"):
        load_ruleset("one-if-by-land", house_rules=house)


def test_house_rules_patch_is_validated(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'ruleset = "one-if-by-land"\n[patch.checks.morale.modifiers.light_cover]\nvalu = 1\n'
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset("one-if-by-land", house_rules=house)
    assert info.value.key == "checks.morale.modifiers.light_cover.valu"
    assert str(house) in info.value.path


def test_house_rules_unknown_gap(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('ruleset = "one-if-by-land"\n[gaps]\nno_such_gap = 3\n')
    with pytest.raises(RulesetError, match="no gap 'no_such_gap'"):
        load_ruleset("one-if-by-land", house_rules=house)


def test_house_rules_unknown_key(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('ruleset = "one-if-by-land"\ncolour = "red"\n')
    with pytest.raises(RulesetError) as info:
        load_ruleset("one-if-by-land", house_rules=house)
    assert info.value.key == "colour" and info.value.line == 2
