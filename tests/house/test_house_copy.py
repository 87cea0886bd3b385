"""A game keeps a copy of the house rules it started with: its save resolves the same after
the file is changed or deleted, and saves from before copies were kept still load."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w

from drumhead.errors import MissingGapError
from drumhead.game import new_game
from drumhead.house.record import file_status
from drumhead.saves import SaveSession, load_save

AT = "2026-11-22T14:00:00Z"
HOUSE = """ruleset = "mwan116-acw"
title = "Our firing table (players' own values)"
author = "Test club"
[gaps]
fire_cover_dice = 1
fire_dice.infantry.1 = 4
fire_hit_numbers.infantry.1 = "9-12"
"""


def _fire(game):  # type: ignore[no-untyped-def]
    _, res = game.resolve("fire", None, {"range_band": 1}, hand_dice=[9, 1, 12, 3], at=AT)
    return res


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "club.toml"
    path.write_text(HOUSE)
    return path


def _save(tmp_path: Path, house: Path) -> Path:
    game = new_game("mwan116-acw", house_rules=str(house), seed=7, name="copy")
    save = tmp_path / "saves" / "copy.toml"
    save.parent.mkdir()
    session = SaveSession.create(save, game)
    res = _fire(game)
    assert res.value == 2  # 9 and 12 hit on 9-12
    session.close()
    return save


def test_the_game_keeps_a_copy_of_its_house_rules(tmp_path: Path, house: Path) -> None:
    game = new_game("mwan116-acw", house_rules=str(house), seed=7)
    copy = game.state.house
    assert copy is not None and copy == game.start.house
    assert copy.title.startswith("Our firing table") and copy.author == "Test club"
    assert dict(copy.gaps)["fire_dice.infantry.1"] == 4
    assert copy.path == str(house.resolve()) == game.state.house_rules
    assert file_status(copy) is None


@pytest.mark.parametrize("fate", ["changed", "deleted"])
def test_a_save_resolves_the_same_after_the_file_changes(
    tmp_path: Path, house: Path, fate: str
) -> None:
    save = _save(tmp_path, house)
    if fate == "changed":
        house.write_text(HOUSE.replace('"9-12"', '"12"').replace("= 4", "= 9"))
    else:
        house.unlink()
    loaded = load_save(save)
    assert loaded.warnings and "copy" in loaded.warnings[0]
    session, game = SaveSession.open(save)
    try:
        gaps = {g.id: g for g in game.ruleset.gaps}
        assert dict(gaps["fire_dice"].values) == {"infantry.1": 4}
        again = _fire(game)  # the same faces, the same table: the same answer
        assert again.value == 2
        assert {g.id: g.source for g in again.gaps} == {
            "fire_dice.infantry.1": "house rule, club.toml",
            "fire_hit_numbers.infantry.1": "house rule, club.toml",
        }
    finally:
        session.close()


def test_the_copy_is_in_the_snapshot(tmp_path: Path, house: Path) -> None:
    save = _save(tmp_path, house)
    doc = tomllib.loads(save.read_text())
    for part in ("start", "state"):
        assert doc[part]["house"]["title"].startswith("Our firing table")
        assert doc[part]["house"]["gaps"]["fire_dice.infantry.1"] == 4


def test_a_save_from_before_copies_still_loads(tmp_path: Path, house: Path) -> None:
    save = _save(tmp_path, house)
    doc = tomllib.loads(save.read_text())
    for part in ("start", "state"):
        del doc[part]["house"]  # as an older drumhead wrote it: the file's path alone
    save.write_text(tomli_w.dumps(doc))
    loaded = load_save(save)
    assert loaded.game.start.house is None
    assert loaded.game.ruleset.house_rules == str(house.resolve())
    assert _fire(loaded.game).value == 2  # read from the file, as before


def test_a_game_without_house_rules_keeps_no_copy(tmp_path: Path) -> None:
    game = new_game("mwan116-acw", seed=7)
    assert game.state.house is None
    with pytest.raises(MissingGapError):
        _fire(game)


def test_the_report_marks_house_values_per_key(house: Path) -> None:
    from drumhead.game.report import export_markdown

    game = new_game("mwan116-acw", house_rules=str(house), seed=7)
    game.set_gap("fire_dice.infantry.2", 2, at=AT)
    report = export_markdown(game)
    assert (
        "Fire dice (Who fires: infantry; Range band on your firing table (1 = the closest): 1) = 4 (house rule, club.toml)"
        in report
    )
    assert (
        "Fire dice (Who fires: infantry; Range band on your firing table (1 = the closest): 2)"
        " = 2 (your club's answer, asked on 2026-11-22)"
    ) in report
