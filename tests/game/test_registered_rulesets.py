"""A registered ruleset file is read at every use and validated again only when it changed.

drumhead.game.rulesets keeps the rulesets it validated from registered files (by file, text
and optional rules): an author's edit must still be played at once, a file made wrong must
still be refused at every use, and the same text with other optional rules is its own ruleset.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.errors import RulesetError
from drumhead.game import game_ruleset, register_ruleset_file

LAND = Path(__file__).resolve().parents[1] / "data" / "test-land.toml"
TITLE = 'title = "Test Land (a cut of One If By Land for the game-layer tests)"'


@pytest.fixture
def land(tmp_path: Path) -> Iterator[Path]:
    """A copy of the test ruleset to edit; the original is registered again afterwards."""
    path = tmp_path / "land.toml"
    shutil.copyfile(LAND, path)
    yield path
    register_ruleset_file(LAND)


def test_the_same_text_is_validated_once_and_read_back_as_the_same_value(land: Path) -> None:
    assert register_ruleset_file(land) == "test-land"
    first = game_ruleset("test-land")
    assert game_ruleset("test-land") is first
    assert game_ruleset("test-land", ["division_cards"]) is not first
    assert game_ruleset("test-land", ["division_cards"]).active_options == {"division_cards"}


def test_an_edit_is_played_at_once_and_the_text_before_is_played_again(land: Path) -> None:
    register_ruleset_file(land)
    before = game_ruleset("test-land")
    text = land.read_text()
    land.write_text(text.replace(TITLE, 'title = "Test Land, edited"'))
    assert game_ruleset("test-land").title == "Test Land, edited"
    land.write_text(text)
    assert game_ruleset("test-land") == before
    assert game_ruleset("test-land").title == before.title


def test_a_file_made_wrong_is_refused_at_every_use(land: Path) -> None:
    register_ruleset_file(land)
    text = land.read_text()
    land.write_text(text.replace('id = "test-land"', 'id = "Test Land"'))
    for _ in range(2):
        with pytest.raises(RulesetError) as refused:
            game_ruleset("test-land")
        assert str(land) in str(refused.value)
    with pytest.raises(RulesetError):
        register_ruleset_file(land)
    land.write_text(text)
    assert game_ruleset("test-land").id == "test-land"
