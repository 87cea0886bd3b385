"""Issue 40: a sheet written by hand (CSV) imports into a game of each ruleset that
validates, whatever the spreadsheet saved it with (a byte-order mark, semicolons, tabs, a
quoted cell over two lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.game import new_game
from drumhead.game.rulesets import game_ruleset
from drumhead.game.scenario import Scenario, load_scenario, read_scenario, scenario_ids
from drumhead.roster import ImportedBattle, import_battle
from drumhead.roster.build import brigade_id
from drumhead.rules.toml_file import read_toml
from tests.roster.handmade import SHEETS, SIDES

RULESETS = sorted(SHEETS)


def imported(
    tmp_path: Path,
    ruleset: str,
    text: str,
    *,
    name: str = "ours.csv",
    encoding: str = "utf-8",
    options: tuple[str, ...] = (),
) -> ImportedBattle:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return import_battle(path, game_ruleset(ruleset, options))


def scenario_of(battle: ImportedBattle, ruleset: str, options: tuple[str, ...] = ()) -> Scenario:
    """The imported scenario as the scenario reader reads it (``drumhead check``'s reading)."""
    assert battle.problems == (), [p.message for p in battle.problems]
    data, text = read_toml("ours.toml", battle.scenario_text, kind="scenario")
    return read_scenario(
        data,
        text=text,
        file="ours.toml",
        scenario_id="ours",
        ruleset=game_ruleset(ruleset, options),
    )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hand_written_sheet_makes_a_game_of_each_ruleset(tmp_path: Path, ruleset: str) -> None:
    battle = imported(tmp_path, ruleset, SHEETS[ruleset])
    scenario = scenario_of(battle, ruleset)
    assert battle.units_by_side == SIDES[ruleset]
    assert len(scenario.sides) == 2
    assert scenario.leaders
    game = new_game(ruleset, scenario=scenario, seed=7)
    assert [u.name for u in game.state.units] == [
        n for names in SIDES[ruleset].values() for n in names
    ]
    # written to disk, the scenario is one `drumhead check` and `drumhead new` take
    path = tmp_path / "ours.toml"
    path.write_text(battle.scenario_text, encoding="utf-8")
    assert load_scenario(path).units == scenario.units


def test_names_are_matched_whatever_their_case_and_labels(tmp_path: Path) -> None:
    scenario = scenario_of(
        imported(tmp_path, "one-if-by-land", SHEETS["one-if-by-land"]), "one-if-by-land"
    )
    units = {u.name: u for u in scenario.units}
    maryland = units["1st Maryland"]
    assert (maryland.type, maryland.quality, maryland.formation) == (
        "infantry",
        "veteran",
        "close_order",
    )
    assert maryland.brigade == "Williams_Brigade"  # an id made of the brigade's name
    assert units["Virginia Riflemen"].attribute("weapon") == "long_rifle"
    assert units["Guards Battalion"].quality == "elite"
    leaders = {x.name: x for x in scenario.leaders}
    assert leaders["Otho Williams"].attached_to == maryland.id
    assert leaders["James Webster"].side == "crown_forces"  # "crown forces": the side row's
    assert leaders["James Webster"].commands == ("Websters_Brigade", "Guards")
    assert {s.id: s.commander for s in scenario.sides} == {
        "patriots": "Nathanael Greene",
        "crown_forces": "Lord Cornwallis",
    }


def test_the_rulesets_attributes_and_ratings_are_read(tmp_path: Path) -> None:
    rnf = scenario_of(imported(tmp_path, "rank-and-file", SHEETS["rank-and-file"]), "rank-and-file")
    units = {u.name: u for u in rnf.units}
    assert units["Iron Brigade"].attribute("elite") is True
    assert units["Battery B"].attribute("hits_per_stand") == 3
    assert units["26th North Carolina"].attribute("elite") is False
    assert {x.name: (x.value, x.attribute("rerolls")) for x in rnf.leaders} == {
        "Solomon Meredith": (1, 1),
        "J. Johnston Pettigrew": (0, 2),
    }
    mwan = scenario_of(imported(tmp_path, "mwan116-acw", SHEETS["mwan116-acw"]), "mwan116-acw")
    assert {s.name: s.rating for s in mwan.sides} == {
        "Union": "steady",
        "Confederate": "aggressive",
    }
    assert {u.name: u.formation for u in mwan.units}["Ricketts' Battery"] == "in_battery"
    rep = scenario_of(imported(tmp_path, "republique", SHEETS["republique"]), "republique")
    guard = rep.units[0]
    assert guard.notes == "The Old Guard; do not\nwaste them"
    assert guard.attribute("skirmishers") == 1
    assert rep.leaders[0].attribute("charismatic") is True
    assert rep.leaders[0].commands == ("Guard", "Nansouty")


@pytest.mark.parametrize(
    ("how", "encode"),
    [
        ("a byte-order mark", lambda t: "\ufeff" + t),
        ("semicolons", lambda t: t.replace(",", ";")),
        ("tabs", lambda t: t.replace(",", "\t")),
        ("Windows line ends", lambda t: t.replace("\n", "\r\n")),
        ("a byte-order mark and semicolons", lambda t: "\ufeff" + t.replace(",", ";")),
    ],
)
def test_the_sheet_reads_the_same_however_it_was_saved(tmp_path: Path, how: str, encode) -> None:
    plain = SHEETS["one-if-by-land"]
    expected = scenario_of(imported(tmp_path, "one-if-by-land", plain), "one-if-by-land")
    text = encode(plain.replace('"Webster\'s Brigade, Guards"', "Webster's Brigade | Guards"))
    found = scenario_of(
        imported(tmp_path, "one-if-by-land", text, name="other.csv"), "one-if-by-land"
    )
    assert (found.sides, found.leaders, found.units) == (
        expected.sides,
        expected.leaders,
        expected.units,
    ), how


def test_semicolons_in_a_comma_sheet_stay_in_their_cell(tmp_path: Path) -> None:
    """A header of commas is a comma sheet, even when its cells hold semicolons."""
    text = 'Name,Side,Brigade,Type,Strength,Notes\n"A; b",Blue,X,infantry,10,"one; two; three"\n'
    scenario = scenario_of(imported(tmp_path, "one-if-by-land", text), "one-if-by-land")
    assert (scenario.units[0].name, scenario.units[0].notes) == ("A; b", "one; two; three")


def test_a_brigade_is_one_however_its_rows_spell_it(tmp_path: Path) -> None:
    text = (
        "Kind,Name,Side,Brigade,Type,Strength,Commands\n"
        ",A,Blue,Light Corps,infantry,10,\n,B,Blue,light corps,infantry,10,\n"
        ",C,Blue,LIGHT_CORPS,infantry,10,\nleader,L,Blue,,,,Light-Corps\n"
    )
    scenario = scenario_of(imported(tmp_path, "one-if-by-land", text), "one-if-by-land")
    assert {u.brigade for u in scenario.units} == {"Light_Corps"}
    assert scenario.leaders[0].commands == ("Light_Corps",)
    # an id stays as it is: the brigades of a game come back from its sheet as they were
    for given in ("2nd-Division", "Guard", "howard_line", "Légère"):
        assert brigade_id(given) == given


def test_ids_are_made_from_names_and_kept_apart(tmp_path: Path) -> None:
    text = (
        "Name,Side,Brigade,Type,Strength\n"
        "Line,Blue,X,infantry,10\nLine,Blue,X,infantry,11\nLine,Red,Y,infantry,12\n"
    )
    scenario = scenario_of(imported(tmp_path, "one-if-by-land", text), "one-if-by-land")
    assert [u.id for u in scenario.units] == ["line", "line_2", "line_3"]
    assert [s.id for s in scenario.sides] == ["blue", "red"]


def test_the_optional_rules_given_are_the_scenarios(tmp_path: Path) -> None:
    battle = imported(
        tmp_path, "rank-and-file", SHEETS["rank-and-file"], options=("rerolls", "wave_attacks")
    )
    assert set(scenario_of(battle, "rank-and-file", ("rerolls", "wave_attacks")).options) == {
        "rerolls",
        "wave_attacks",
    }


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_each_shipped_sample_imports_into_its_scenario(scenario_id: str) -> None:
    """data/samples/RULESET.csv is the shipped scenario of that ruleset as a sheet: it imports
    into that same order of battle (sides, leaders, units, each card's every value)."""
    from importlib import resources

    shipped = load_scenario(scenario_id)
    sample = resources.files("drumhead.data") / "samples" / f"{shipped.ruleset}.csv"
    with resources.as_file(sample) as path:
        battle = import_battle(path, game_ruleset(shipped.ruleset, shipped.options))
    found = scenario_of(battle, shipped.ruleset, shipped.options)
    assert (found.sides, found.leaders, found.units) == (
        shipped.sides,
        shipped.leaders,
        shipped.units,
    )
    assert set(found.options) == set(shipped.options)
