"""A game's answers saved as a house-rules file: where it goes, what it holds, what is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import DrumheadError
from drumhead.game import new_game
from drumhead.house.library import house_choices
from drumhead.saves.house_file import answers_path, default_folder, save_answers

AT = "1805-12-02T08:00:00Z"


def _game_with_answers():
    game = new_game("republique", seed=3)
    game.set_gap("troop_grade_elite", 2, at=AT)
    game.set_gaps(
        {"chart_infantry_m3": "Attacker 2M", "chart_infantry_0": "Both 1M"},
        at=AT,
        table="combat_chart",
    )
    return game


def test_saved_answers_are_offered_and_answer_the_questions(tmp_path: Path) -> None:
    """The file lands in the house-rules folder beside the saves, the new-game list offers it
    with its title, and a game started with it has every saved answer (no question asked)."""
    game = _game_with_answers()
    folder = default_folder(tmp_path / "saves")
    assert folder == (tmp_path / "house-rules").resolve()
    path = save_answers(
        game.ruleset, game.state.gap_values(), folder, "saturday club", title="Saturday club"
    )
    assert path == folder / "saturday club.toml"
    text = path.read_text(encoding="utf-8")
    assert "NOT THE" in text and "RULES'" in text  # marked as the players' own
    offered = [c for c in house_choices("republique", tmp_path / "saves") if c.path == str(path)]
    assert len(offered) == 1 and offered[0].title == "Saturday club" and offered[0].usable
    assert set(offered[0].questions) == {
        "troop_grade_elite",
        "chart_infantry_m3",
        "chart_infantry_0",
    }
    again = new_game("republique", seed=4, house_rules=str(path))
    for gap, value in game.state.gap_values().items():
        spec = again.ruleset.gap(gap)
        assert spec is not None and spec.value == value


def test_refuses_to_overwrite_and_to_save_nothing(tmp_path: Path) -> None:
    game = _game_with_answers()
    save_answers(game.ruleset, game.state.gap_values(), tmp_path, "club", title="Club")
    with pytest.raises(DrumheadError, match="exists already"):
        save_answers(game.ruleset, game.state.gap_values(), tmp_path, "club", title="Club")
    path = save_answers(
        game.ruleset, {"troop_grade_elite": 3}, tmp_path, "club", title="Club", replace=True
    )
    assert "troop_grade_elite = 3" in path.read_text(encoding="utf-8")
    empty = new_game("republique", seed=3)
    with pytest.raises(DrumheadError, match="no answers to save"):
        save_answers(empty.ruleset, {}, tmp_path, "empty", title="Empty")
    assert not (tmp_path / "empty.toml").exists()
    with pytest.raises(DrumheadError, match="title"):
        save_answers(game.ruleset, game.state.gap_values(), tmp_path, "x", title="  ")


@pytest.mark.parametrize("name", ["../escape", "a/b", ".hidden", ""])
def test_names_that_leave_the_folder_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(DrumheadError, match=r"not a usable file name|leave"):
        answers_path(tmp_path, name)


def test_a_value_the_ruleset_refuses_is_never_written(tmp_path: Path) -> None:
    """Answers that would not load (a cell outside the outcome set) leave no file behind."""
    game = new_game("republique", seed=3)
    with pytest.raises(DrumheadError, match="chart_infantry_m3"):
        save_answers(
            game.ruleset, {"chart_infantry_m3": "Nobody wins"}, tmp_path, "bad", title="Bad"
        )
    assert list(tmp_path.iterdir()) == []
