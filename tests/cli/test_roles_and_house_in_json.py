"""Issue 35: scripts learn from ``drumhead checks --json`` the roles ``play --role`` takes (and
which inputs each role's card fills), and ``resolve --json`` names what a house-rules file
gave the answer, values included (its ``house_rules`` list stayed empty when the file only
answered questions the rules leave open)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drumhead.cli.main import main

HOUSE = Path(__file__).resolve().parents[2] / "data" / "house-rules"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_checks_json_names_each_checks_roles_and_whose_card_fills_each_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json(capsys, "checks", "rank-and-file", "melee_result")
    (check,) = data["checks"]  # type: ignore[misc]
    assert check["roles"] == [
        {"id": "attacker", "title": "The attacking unit", "min": 1, "max": 1, "side": "self"},
        {
            "id": "defender",
            "title": "The defending unit",
            "min": 1,
            "max": 1,
            "side": "other",
            "from_log": "with_pick:wave_attack.target",  # the target, for either wave
        },
        {
            "id": "second",
            "title": "The second wave (a wave attack)",
            "min": 0,
            "max": 1,
            "side": "own",
            "when": "attacker_in_wave",  # only while the wave attack lasts
            "from_log": "its_pick:wave_attack.second",  # the wave attack declared this turn
        },
    ]
    assert check["scope"] == "unit"
    melee = _json(capsys, "checks", "one-if-by-land", "melee")["checks"][0]  # type: ignore[index]
    quality = next(i for i in melee["inputs"] if i["name"] == "opponent_quality")
    assert (quality["from_unit"], quality["role"]) == ("quality", "opponent")
    text = main(["checks", "republique", "assault"])
    assert text == 0
    out = capsys.readouterr().out
    assert "roles (drumhead play SAVE CHECK --role ROLE=UNIT):" in out
    assert "The defending units in primary contact (the other side, 1 to 12 units)" in out
    assert "(25-50mm) (its own side, 0 to 12 units)" in out


def test_resolve_json_names_the_house_rules_values_it_used(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json(
        capsys,
        "resolve",
        "republique",
        "assault",
        "--house-rules",
        str(HOUSE / "republique-sample-club-values.toml"),
        "--set",
        "attacker_bases_primary=4",
        "--set",
        "defender_bases_primary=4",
        "--seed",
        "3",
    )
    given = [g for g in data["gaps"] if g["kind"] == "house_rule"]  # type: ignore[union-attr]
    assert given, "the sample club values answer the chart cell this roll read"
    assert data["house_rules"] == [
        f"house rule, republique-sample-club-values.toml: gives {g['id']} = {g['value']}"
        for g in given
    ]


def test_the_text_answer_says_a_house_value_once(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "resolve",
        "republique",
        "assault",
        "--house-rules",
        str(HOUSE / "republique-sample-club-values.toml"),
        "--set",
        "attacker_bases_primary=4",
        "--set",
        "defender_bases_primary=4",
        "--seed",
        "3",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "(house rule, republique-sample-club-values.toml)" in out
    assert ": gives " not in out


def test_checks_json_says_when_a_role_is_asked_and_what_fills_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One If By Land's morale test asks for the charger only when charged (OIBL p.9 step 4),
    filled from the charge test that named the unit."""
    morale = _json(capsys, "checks", "one-if-by-land", "morale")["checks"][0]  # type: ignore[index]
    charger = next(r for r in morale["roles"] if r["id"] == "charger")
    assert (charger["when"], charger["from_log"]) == ("being_charged", "picked_as:morale.charged")
