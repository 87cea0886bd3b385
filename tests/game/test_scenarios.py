"""Scenario files: validated against their ruleset, errors name file, line and key path."""

from __future__ import annotations

from pathlib import Path

import gamegen
import pytest

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game import load_scenario, new_game, read_scenario, scenario_ids
from drumhead.rules.toml_file import read_toml

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


def test_the_test_scenario_loads() -> None:
    sc = load_scenario(DATA / "test-land-skirmish.toml")
    assert sc.id == "test-land-skirmish" and sc.ruleset == "test-land"
    assert len(sc.units) == 5 and sc.cards == ("army_american",)
    assert sc.units[0].strength_start == sc.units[0].strength_now == 28


def test_a_one_if_by_land_scenario_starts_a_game() -> None:
    sc = load_scenario(DATA / "oibl-test-scenario.toml")
    game = new_game("one-if-by-land", scenario=sc, seed=1781)
    assert game.state.unit("md_continentals").quality == "veteran"
    assert game.state.leader_with("md_continentals") is not None


def test_shipped_scenarios_all_validate() -> None:
    for scenario_id in scenario_ids():
        assert load_scenario(scenario_id).id == scenario_id


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "test-land-skirmish.toml").read_text()
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    ("old", "new", "key", "message"),
    [
        ("strength = 18\n", "strength = 18\nmorale = 3\n", "units.3.morale", "unknown key"),
        ('type = "cavalry"', 'type = "dragoons"', "units.3.type", "no unit type 'dragoons'"),
        ('quality = "poor"', 'quality = "green"', "units.1.quality", "not a quality"),
        (
            'formation = "open_order"',
            'formation = "square"',
            "units.1.formation",
            "not a formation",
        ),
        ("strength = 28", 'strength = "28"', "units.0.strength", "expected a whole number"),
        (
            "strength = 30\n",
            'strength = 30\nstate = "happy"\n',
            "units.1.state",
            "not on the ladder",
        ),
        ('markers = ["fired"]', 'markers = ["sunburn"]', "units.3.markers", "no marker"),
        (
            'side = "british"\nbrigade = "legion"\ntype = "infantry"',
            'side = "french"\nbrigade = "legion"\ntype = "infantry"',
            "units.2.side",
            "no side 'french'",
        ),
        (
            'attached_to = "md_continentals"',
            'attached_to = "ghost"',
            "leaders.0.attached_to",
            "no unit 'ghost'",
        ),
        (
            'commands = ["howard_line", "pickens_militia"]',
            'commands = ["nobody"]',
            "leaders.0.commands",
            "neither a unit nor a brigade",
        ),
        ('id = "sc_militia"', 'id = "md_continentals"', "units", "share the id"),
        ("options = []", 'options = ["night_attack"]', "options.0", "no optional rule"),
        ('ruleset = "test-land"', 'ruleset = "chess"', "ruleset", "no ruleset 'chess'"),
    ],
)
def test_bad_scenarios_are_refused(
    tmp_path: Path, old: str, new: str, key: str, message: str
) -> None:
    path = _variant(tmp_path, old, new)
    with pytest.raises(RulesetError) as info:
        load_scenario(path)
    error = info.value
    assert error.path == str(path)
    assert error.key == key
    assert message in error.message
    if key.startswith("units.") and key.count(".") == 2 and "unknown" in message:
        # the line is the offending key's own line
        assert path.read_text().splitlines()[error.line - 1].startswith("morale")


def test_not_toml_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('scenario = "x"\nruleset = \n')
    with pytest.raises(RulesetError) as info:
        load_scenario(path)
    assert info.value.line == 2


def test_unknown_scenario_id() -> None:
    with pytest.raises(DrumheadError, match="no scenario 'atlantis'"):
        load_scenario("atlantis")


def test_scenario_for_another_ruleset_is_refused() -> None:
    data, text = read_toml(DATA / "test-land-skirmish.toml")
    from drumhead.loading.loader import load_ruleset

    with pytest.raises(RulesetError, match="is for 'test-land'"):
        read_scenario(data, text=text, ruleset=load_ruleset("one-if-by-land"))
