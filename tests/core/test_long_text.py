"""Issue 36, item 5: large strings.

A 10 MB title, effect text or gap value took ``drumhead check`` 2.4-3.6 s and 91 MiB; a 10 MB
key was refused, but the error repeated it (20 MB of output, 177 MiB). Now a text of a
ruleset, house-rules or scenario file has at most 2,000 characters and a key 100 (a file at
most 1 MiB or 256 KiB, see test_house_size.py), each refused with its file, line and key, and
no error quotes more than a short excerpt of the bad input.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.errors import MESSAGE_LIMIT, RulesetError
from drumhead.loading.loader import load_ruleset, load_ruleset_file
from drumhead.rules.limits import KEY, TEXT

ROOT = Path(__file__).resolve().parents[2]
OIBL = ROOT / "data" / "rulesets" / "one-if-by-land.toml"


def _output(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err
    return out.out + out.err


def _ruleset_with(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "mine.toml"
    text = OIBL.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_title_longer_than_a_text_may_be_is_refused_with_an_excerpt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "Ta" + "x" * 500_000 + "le"
    path = _ruleset_with(tmp_path, 'title = "Morale test"', f'title = "{long}"')
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    assert info.value.key == "checks.morale.title"
    assert info.value.line == OIBL.read_text().splitlines().index('title = "Morale test"') + 1
    assert f"a text of {len(long):,} characters" in info.value.message
    assert f"at most {TEXT:,}" in info.value.message
    output = _output(capsys, ["check", str(path)])
    assert len(output) < 1_000 and "Taxxx" in output


def test_an_effect_text_and_a_gap_value_in_house_rules_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "y" * 100_000
    house = tmp_path / "ours.toml"
    house.write_text(
        'ruleset = "republique"\n'
        "[gaps]\n"
        f'injury_roll_1 = "{long}"\n'
        "[patch.checks.assault.outcomes.attacker_wins]\n"
        f'effects = [{{ kind = "note", text = "{long}" }}]\n',
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset("republique", house_rules=house)
    keys = [(e.key, e.line) for e in info.value.errors]  # type: ignore[attr-defined]
    assert keys == [
        ("gaps.injury_roll_1", 3),
        ("patch.checks.assault.outcomes.attacker_wins.effects.0.text", 5),
    ]
    output = _output(capsys, ["check", str(house)])
    assert len(output) < 1_000 and output.count("a text of 100,000 characters") == 2


@pytest.mark.parametrize("size", [KEY + 1, 200_000])
def test_a_key_too_long_is_refused_and_never_repeated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: int
) -> None:
    key = "k" * size
    house = tmp_path / "ours.toml"
    house.write_text(
        f'ruleset = "one-if-by-land"\n[patch.checks.morale.modifiers.{key}]\nvalue = 1\n',
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset("one-if-by-land", house_rules=house)
    assert info.value.line == 2 and f"a key of {size:,} characters" in info.value.message
    assert len(str(info.value)) < 400
    output = _output(capsys, ["check", str(house)])
    assert len(output) < 1_000
    as_json = _output(capsys, ["check", str(house), "--json"])
    assert len(as_json) < 2_000


def test_a_ten_megabyte_key_in_a_ruleset_costs_a_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's own: refused by the file's size, before it is read."""
    path = tmp_path / "huge.toml"
    path.write_text(f'id = "x"\n{"k" * 10_000_000} = 1\n', encoding="utf-8")
    output = _output(capsys, ["check", str(path)])
    assert len(output) < 300 and "at most 1.0 MiB" in output


def test_a_scenario_unit_name_too_long_is_refused(tmp_path: Path) -> None:
    from drumhead.game import load_scenario

    shipped = ROOT / "data" / "scenarios" / "cowpens-1781.toml"
    path = tmp_path / "cowpens.toml"
    shutil.copy(shipped, path)
    text = path.read_text(encoding="utf-8")
    name = text.split('name = "', 2)[2].split('"', 1)[0]  # the first unit's, after the title
    path.write_text(text.replace(f'"{name}"', f'"{name * 1000}"', 1), encoding="utf-8")
    with pytest.raises(RulesetError, match=f"at most {TEXT:,} in one text"):
        load_scenario(path)


def test_a_save_quotes_an_excerpt_of_a_wrong_value(tmp_path: Path) -> None:
    """A save has no cap on its texts (a unit's notes grow all game), but a value of the wrong
    kind is quoted in a short excerpt."""
    from drumhead.saves import SaveError, load_save

    assert main(["--saves", str(tmp_path), "new", "one-if-by-land", "--name", "Long"]) == 0
    save = tmp_path / "Long.toml"
    text = save.read_text(encoding="utf-8")
    save.write_text(text.replace("turn = 1\n", f'turn = "{"t" * 1_000_000}"\n', 1), "utf-8")
    with pytest.raises(SaveError) as info:
        load_save(save)
    assert info.value.key == "game.turn" and len(str(info.value)) < 400


def test_every_error_message_is_cut_to_an_excerpt() -> None:
    error = RulesetError("m" * 1_000_000, path="f.toml", key="k" * 1_000_000)
    assert len(error.message) <= MESSAGE_LIMIT and len(error.key) <= 200
    assert len(str(error)) < MESSAGE_LIMIT + 300
