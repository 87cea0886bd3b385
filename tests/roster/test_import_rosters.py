"""Issue 40: an army builder's roster (BattleScribe, New Recruit: .ros, and .rosz zipped) of
two forces imports into a game of each ruleset; a hostile one (an XML bomb, an external
entity, a zip bomb) is refused with a drumhead error naming the file, never a traceback,
never expanded."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.game import new_game
from drumhead.game.rulesets import game_ruleset
from drumhead.game.scenario import read_scenario
from drumhead.roster import ImportedBattle, ImportProblem, import_battle
from drumhead.roster import problems as limits
from drumhead.rules.limits import MAX_NESTING
from drumhead.rules.toml_file import read_toml
from tests.roster.handmade import force, roster, selection, two_forces, zipped

RULESETS = ["mwan116-acw", "one-if-by-land", "rank-and-file", "republique"]
SIDES = {"Blue Army": ("Blue Foot", "Blue Horse"), "Red Army": ("Red Foot", "Red Horse")}


def battle_of(
    tmp_path: Path,
    name: str,
    data: str | bytes,
    ruleset: str = "republique",
    mapping: Path | None = None,
) -> ImportedBattle:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return import_battle(path, game_ruleset(ruleset), mapping)


def only(battle: ImportedBattle) -> ImportProblem:
    assert battle.scenario_text == ""
    assert len(battle.problems) == 1, [p.message for p in battle.problems]
    return battle.problems[0]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("suffix", [".ros", ".rosz"])
def test_a_roster_of_two_forces_makes_a_game_of_each_ruleset(
    tmp_path: Path, ruleset: str, suffix: str
) -> None:
    xml = two_forces(ruleset).encode("utf-8")
    data = zipped({"army.ros": xml}) if suffix == ".rosz" else xml
    battle = battle_of(tmp_path, f"army{suffix}", data, ruleset)
    assert battle.problems == (), [p.message for p in battle.problems]
    assert battle.units_by_side == SIDES
    parsed, text = read_toml("army.toml", battle.scenario_text, kind="scenario")
    scenario = read_scenario(parsed, text=text, ruleset=game_ruleset(ruleset))
    assert scenario.title == "Hand-made roster"
    units = {u.name: u for u in scenario.units}
    assert (units["Blue Foot"].type, units["Blue Foot"].strength_start) == ("infantry", 12)
    assert (units["Red Horse"].type, units["Red Horse"].strength_start) == ("cavalry", 6)
    assert units["Blue Foot"].brigade == "Blue_Brigade"  # the selection holding it
    assert units["Blue Horse"].brigade == "Blue_Army"  # none: its force
    general = {x.name: x for x in scenario.leaders}["General Red"]
    assert (general.side, general.value, general.commands) == ("red_army", 1, ("Red_Brigade",))
    game = new_game(ruleset, scenario=scenario, seed=3)
    assert len(game.state.units) == 4


def test_a_roster_reads_characteristics_custom_names_and_nested_forces(tmp_path: Path) -> None:
    unit = selection(
        "Ligne",
        models=18,
        categories=("Infantry",),
        custom="67e Ligne",
        characteristics={"Quality": "Veteran", "Formation": "Column"},
    )
    inner = force(
        "Reserve",
        selection(
            "Hussars", models=8, categories=("Cavalry",), characteristics={"Quality": "elite"}
        ),
    )
    outer = force("French", unit).replace("</force>", f"<forces>{inner}</forces></force>")
    battle = battle_of(tmp_path, "army.ros", roster(outer, name="Aspern"))
    assert battle.problems == ()
    assert battle.units_by_side == {"French": ("67e Ligne",), "Reserve": ("Hussars",)}
    parsed, _ = read_toml("a.toml", battle.scenario_text, kind="scenario")
    units = parsed["units"]
    assert (units[0]["quality"], units[0]["formation"], units[0]["strength"]) == (
        "veteran",
        "column",
        18,
    )
    assert units[1]["quality"] == "elite"


def test_a_roster_without_what_the_ruleset_needs_names_the_selection(tmp_path: Path) -> None:
    odd = selection(
        "Mystery men", models=5, categories=("Irregulars",), characteristics={"Quality": "Heroic"}
    )
    battle = battle_of(tmp_path, "army.ros", roster(force("Blue", odd)))
    assert [(p.where, p.found) for p in battle.problems] == [
        ("force[1]/selection[1], quality", "Heroic"),
        ("force[1]/selection[1], type", ""),
    ]
    assert battle.problems[0].allowed == "elite, veteran, regular, green, militia"
    assert battle.problems[1].message.startswith(
        "force[1]/selection[1], type: a unit needs its type"
    )


def test_an_army_commander_commands_every_brigade_of_his_force(tmp_path: Path) -> None:
    """A leader in no group commands the brigades of his force; a group's name with a comma
    is one brigade."""
    group = selection(
        "Smith, John's Brigade",
        "upgrade",
        inner=(
            selection("Colonel Smith", "model", categories=("Commander",)),
            selection("1st Foot", models=10, categories=("Infantry",)),
        ),
    )
    other = selection(
        "Guard", "upgrade", inner=(selection("Grenadiers", categories=("Infantry",)),)
    )
    loose = selection("Hussars", models=6, categories=("Cavalry",))
    chief = selection("The General", "model", categories=("Commander",))
    battle = battle_of(tmp_path, "army.ros", roster(force("Blue", chief, group, other, loose)))
    assert battle.problems == (), [p.message for p in battle.problems]
    parsed, _ = read_toml("a.toml", battle.scenario_text, kind="scenario")
    commands = {x["name"]: x.get("commands") for x in parsed["leaders"]}
    assert commands == {
        "The General": ["Smith_Johns_Brigade", "Guard", "Blue"],
        "Colonel Smith": ["Smith_Johns_Brigade"],
    }


def test_a_roster_of_odd_numbers(tmp_path: Path) -> None:
    """Numbers an army builder never writes: not numbers, infinite, past what a sheet gives."""
    odd = [
        selection(f"Unit {n}", categories=("Infantry",)).replace('number="1"', f'number="{v}"')
        for n, v in enumerate(("many", "1e999", "5000000"))
    ]
    battle = battle_of(tmp_path, "army.ros", roster(force("Blue", *odd)))
    assert [(p.where, p.found, p.message.split(" (")[0]) for p in battle.problems] == [
        (
            "force[1]/selection[1], strength",
            "many",
            "force[1]/selection[1], strength: not a whole number",
        ),
        (
            "force[1]/selection[2], strength",
            "1e999",
            "force[1]/selection[2], strength: not a whole number",
        ),
        (
            "force[1]/selection[3], strength",
            "5000000",
            "force[1]/selection[3], strength: out of range",
        ),
    ]
    assert battle.problems[2].allowed == "a whole number, 0 or more (at most 1,000,000)"


def test_a_mapping_reads_a_roster_its_own_way(tmp_path: Path) -> None:
    mapping = tmp_path / "ours.toml"
    mapping.write_text(
        'ruleset = "republique"\n'
        '[values.type]\n"Line foot" = "infantry"\n'
        '[roster]\nleaders = ["Boss"]\n'
        '[roster.unit]\nside = "catalogue"\ntype = { category = ["Line foot"] }\n'
        'quality = { value = "regular" }\nstrength = "number"\n'
        'formation = { selection = ["Line", "Column"] }\n'
        '[roster.leader]\nside = "catalogue"\ncharismatic = { characteristic = "Charm", profile = "Unit" }\n',
        encoding="utf-8",
    )
    unit = selection("Foot", categories=("Line foot",), inner=(selection("Column", "upgrade"),))
    boss = selection("Chief", "model", categories=("Boss",), characteristics={"Charm": "yes"})
    battle = battle_of(tmp_path, "army.ros", roster(force("Blue", unit, boss)), mapping=mapping)
    assert battle.problems == ()
    parsed, _ = read_toml("a.toml", battle.scenario_text, kind="scenario")
    assert parsed["sides"] == [{"id": "sample", "name": "Sample"}]
    assert {k: parsed["units"][0][k] for k in ("type", "quality", "strength", "formation")} == {
        "type": "infantry",
        "quality": "regular",
        "strength": 1,
        "formation": "column",
    }
    assert parsed["leaders"][0]["charismatic"] is True


# -- hostile files -----------------------------------------------------------------------------
BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE roster [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<roster name="&lol9;"><forces/></roster>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<roster name="&secret;"><forces/></roster>
"""
DTD_ONLY = """<?xml version="1.0"?>
<!DOCTYPE roster SYSTEM "http://example.com/roster.dtd">
<roster name="x"><forces/></roster>
"""


@pytest.mark.parametrize(
    "xml",
    [BILLION_LAUGHS, EXTERNAL, DTD_ONLY],
    ids=["billion laughs", "external entity", "external DTD"],
)
@pytest.mark.parametrize("suffix", [".ros", ".rosz"])
def test_an_xml_bomb_is_refused_unexpanded(tmp_path: Path, xml: str, suffix: str) -> None:
    data = zipped({"army.ros": xml.encode()}) if suffix == ".rosz" else xml.encode()
    problem = only(battle_of(tmp_path, f"army{suffix}", data))
    assert problem.where == str(tmp_path / f"army{suffix}")
    assert "refused: the file declares a document type or entities" in problem.message
    assert "lol" not in problem.message and "root:" not in problem.message


def test_the_cli_refuses_an_xml_bomb_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "army.ros"
    path.write_text(BILLION_LAUGHS, encoding="utf-8")
    assert (
        main(
            [
                "scenario",
                "import",
                str(path),
                "--ruleset",
                "republique",
                "-o",
                str(tmp_path / "out.toml"),
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert "Traceback" not in err and "refused" in err
    assert not (tmp_path / "out.toml").exists()


def test_a_zip_bomb_stops_at_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry that unpacks to far more than it weighs (its header lying about its size as
    well) is read no further than the limit."""
    monkeypatch.setattr("drumhead.roster.roster_xml.ROSTER_SIZE", 64 * 1024)
    bomb = b"<roster>" + b" " * (8 * 1024 * 1024) + b"</roster>"  # 8 MiB of blanks
    data = zipped({"army.ros": bomb})
    assert len(data) < 100 * 1024
    problem = only(battle_of(tmp_path, "army.rosz", data))
    assert "a roster unpacked from a .rosz may be at most 64.0 KiB" in problem.message
    # a header that says less than the entry holds: unpacking stops at what it says, and the
    # entry's checksum then fails (never 8 MiB in memory)
    lying = bytearray(data)
    central = lying.rfind(b"PK\x01\x02")
    lying[central + 24 : central + 28] = (100).to_bytes(4, "little")  # "100 bytes unpacked"
    problem = only(battle_of(tmp_path, "liar.rosz", bytes(lying)))
    assert problem.message.endswith("not a readable zip (Bad CRC-32 for file 'army.ros')")


def test_selections_nested_past_the_limit_are_named_not_recursed(tmp_path: Path) -> None:
    """5,000 groups one in another (Python's recursion stops at 1,000): named at the limit."""
    deep = 5000
    xml = (
        "<roster><forces><force name='A'><selections>"
        + "<selection type='upgrade' name='g'><selections>" * deep
        + "</selections></selection>" * deep
        + "</selections></force></forces></roster>"
    )
    battle = battle_of(tmp_path, "deep.ros", xml)
    first = battle.problems[0]
    assert first.where.startswith("force[1]/selection[1]/selection[1]") and " ... " in first.where
    assert first.message.endswith(
        f"forces and selections nested more than {MAX_NESTING} deep (an army builder nests a few)"
    )


def test_a_zip_is_held_to_its_entries(tmp_path: Path) -> None:
    many = zipped({f"n{i}.txt": b"x" for i in range(limits.ZIP_ENTRIES + 1)})
    assert (
        f"a zipped roster holds at most {limits.ZIP_ENTRIES}"
        in only(battle_of(tmp_path, "many.rosz", many)).message
    )
    two = zipped({"a.ros": b"<roster/>", "b.ros": b"<roster/>"})
    assert (
        "holds one .ros; this one holds 2 (entries: a.ros, b.ros)"
        in only(battle_of(tmp_path, "two.rosz", two)).message
    )
    none = zipped({"readme.txt": b"hello"})
    assert "this one holds 0" in only(battle_of(tmp_path, "none.rosz", none)).message


def test_a_rosz_past_its_size_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("drumhead.roster.roster_xml.ROSZ_SIZE", 100)
    data = zipped({"army.ros": two_forces("republique").encode()})
    assert (
        "a zipped roster (.rosz) may be at most 100 bytes"
        in only(battle_of(tmp_path, "army.rosz", data)).message
    )


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("broken.rosz", b"PK\x03\x04 not really a zip", "not a readable zip"),
        ("broken.ros", b"<roster><forces>", "not a readable roster (XML: no element found"),
        ("other.ros", b"<catalogue name='x'/>", "its root is <catalogue>, not <roster>"),
        ("empty.ros", b"<roster name='x'><forces/></roster>", "no units in the roster"),
        # found by tests/roster/test_fuzzed_files.py: zipfile seeks before the start of a zip
        # cut at its head (a ValueError); expat does not know a misspelt encoding
        ("cut.rosz", zipped({"a.ros": b"<roster/>"})[1:], "not a readable zip"),
        (
            "odd.ros",
            b'<?xml version="1.0" encoding="TF-8"?><roster/>',
            "not a readable roster (XML: unknown encoding: TF-8)",
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else "data",
)
def test_a_broken_roster_is_named(tmp_path: Path, name: str, data: bytes, words: str) -> None:
    assert words in only(battle_of(tmp_path, name, data)).message


def test_an_encrypted_entry_is_named(tmp_path: Path) -> None:
    path = tmp_path / "locked.rosz"
    path.write_bytes(zipped({"army.ros": b"<roster/>"}))
    data = bytearray(path.read_bytes())
    for header in (b"PK\x03\x04", b"PK\x01\x02"):  # the "encrypted" flag on both headers
        at = data.find(header)
        flag = 6 if header == b"PK\x03\x04" else 8
        data[at + flag] |= 1
    path.write_bytes(bytes(data))
    problem = only(import_battle(path, game_ruleset("republique")))
    assert "the zip cannot be opened" in problem.message


def test_zipfile_is_what_makes_the_test_zips() -> None:
    """(The .rosz files above are real zips: the standard library reads them back.)"""
    import io

    with zipfile.ZipFile(io.BytesIO(zipped({"a.ros": b"<roster/>"}))) as archive:
        assert archive.read("a.ros") == b"<roster/>"
