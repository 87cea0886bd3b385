"""The session's house desk: choices for a new game, answers kept as events, a chart kept as
one event (one undo), answers saved and offered again; with no game, kept by the session."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import AnswersError, DrumheadError
from drumhead.session import TableSession
from drumhead.session.house import HouseDesk

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "house-rules"


def _desk(tmp_path: Path, *, game: bool = True) -> HouseDesk:
    session = TableSession(str(tmp_path / "saves"), ruleset="republique", seed=5)
    session.clock = lambda: "1809-05-21T12:00:00+00:00"
    if game:
        session.new_game("republique", "aspern", scenario="aspern-1809")
    return HouseDesk(session)


def test_choices_and_preview(tmp_path: Path) -> None:
    """A new game of Republique offers none first, then the shipped sample; the preview with
    the sample answers every open question."""
    desk = _desk(tmp_path, game=False)
    choices = desk.choices("republique")
    assert choices[0].path is None
    sample = next(c for c in choices if c.origin == "shipped")
    assert sample.usable and len(sample.questions) == sample.open_total == 126
    _, questions = desk.preview("republique", house=sample.path)
    assert questions.unanswered == ()
    _, bare = desk.preview("republique")
    assert len(bare.unanswered) == 126


def test_a_whole_chart_is_one_event_and_one_undo(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    session = desk.session
    game = session.game
    assert game is not None
    before = game.event_count
    typed = {("m3", "infantry"): "Attacker 2M", ("m2", "infantry"): "Defender 1M"}
    assert desk.keep_chart("combat_chart", typed) == 2
    assert game.event_count == before + 1
    assert game.state.gap_values()["chart_infantry_m3"] == "Attacker 2M"
    assert desk.keep_chart("combat_chart", typed) == 0  # nothing changed: no event
    assert game.event_count == before + 1
    _, shown = desk.chart("combat_chart")
    marked = {c.gap: c.kind for c in shown.marked}
    assert marked == {"chart_infantry_m3": "players", "chart_infantry_m2": "players"}
    session.undo()
    assert "chart_infantry_m3" not in game.state.gap_values()


def test_a_bad_cell_keeps_nothing(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    game = desk.session.game
    assert game is not None
    before = game.event_count
    with pytest.raises(AnswersError) as caught:
        desk.keep_chart(
            "combat_chart", {("m3", "infantry"): "Attacker 2M", ("m2", "infantry"): "Nobody"}
        )
    assert "chart_infantry_m2" in str(caught.value)
    assert game.event_count == before and "chart_infantry_m3" not in game.state.gap_values()


def test_answer_change_and_take_back_are_events(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    game = desk.session.game
    assert game is not None
    desk.answer("troop_grade_elite", "2")
    desk.answer("troop_grade_elite", "3")
    assert game.state.gap_values()["troop_grade_elite"] == 3
    with pytest.raises(DrumheadError):
        desk.answer("troop_grade_elite", "lots")
    desk.take_back("troop_grade_elite")
    assert "troop_grade_elite" not in game.state.gap_values()
    desk.session.undo()
    assert game.state.gap_values()["troop_grade_elite"] == 3
    assert [e.kind for e in game.log] == ["set_gap", "set_gap"]  # the take-back undone
    assert [e.kind for e in game.redo_stack] == ["set_gap"]


def test_without_a_game_the_session_keeps_them(tmp_path: Path) -> None:
    desk = _desk(tmp_path, game=False)
    assert desk.keep_chart("combat_chart", {("m3", "infantry"): "Both 1M"}) == 1
    assert desk.answers() == {"chart_infantry_m3": "Both 1M"}
    assert desk.keep_chart("combat_chart", {("m3", "infantry"): ""}) == 1
    assert desk.answers() == {}
    desk.answer("troop_grade_elite", "2")
    desk.take_back("troop_grade_elite")
    with pytest.raises(DrumheadError, match="no answer to take back"):
        desk.take_back("troop_grade_elite")


def test_saved_answers_are_offered_for_the_next_game(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    desk.keep_chart("combat_chart", {("m3", "infantry"): "Attacker 2M"})
    path = desk.save_answers("club", "Our club")
    assert path.parent == desk.house_folder() == (tmp_path / "house-rules").resolve()
    offered = [c for c in desk.choices("republique") if c.path == str(path)]
    assert (
        offered and offered[0].origin == "yours" and offered[0].questions == ("chart_infantry_m3",)
    )


def test_a_ruleset_from_a_file_offers_only_none(tmp_path: Path) -> None:
    from tests.ui.rulesets import GAP_TEST

    session = TableSession(str(tmp_path / "saves"), ruleset_files=(GAP_TEST,))
    desk = HouseDesk(session)
    ruleset_id = next(r for r in session.rulesets.files)
    choices = desk.choices(ruleset_id)
    assert [c.path for c in choices] == [None]
