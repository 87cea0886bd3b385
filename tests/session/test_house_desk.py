"""The session's house desk: choices for a new game, answers kept as events, a chart kept as
one event (one undo), answers saved and offered again; with no game, kept by the session."""

from __future__ import annotations

from pathlib import Path

import pytest
from phases import to_phase

from drumhead.checks.results import Resolution
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


def test_the_players_folder_given_to_the_session_is_the_one_offered(tmp_path: Path) -> None:
    """``drumhead --house-rules DIR``: the session's folder is where files are offered from and
    answers saved to, not the folder beside the saves."""
    own = tmp_path / "club-rules"
    own.mkdir()
    (own / "ours.toml").write_text((SAMPLE / "republique-sample-club-values.toml").read_text())
    session = TableSession(
        str(tmp_path / "saves"), ruleset="republique", seed=5, house_folder=str(own)
    )
    desk = HouseDesk(session)
    assert desk.house_folder() == own
    offered = [c.path for c in desk.choices("republique") if c.origin != "shipped"]
    assert [Path(p).name for p in offered if p is not None] == ["ours.toml"]


def test_the_command_line_passes_the_folder_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    from drumhead.cli import app_entry, main

    seen: list[tuple[str | None, str | None, str | None]] = []
    monkeypatch.setattr(
        app_entry,
        "run_app",
        lambda saves=None, house=None, scenarios=None: seen.append((saves, house, scenarios)) or 0,
    )
    assert main.main(["--saves", "s", "--house-rules", "club"]) == 0
    assert seen == [("s", "club", None)]


INFANTRY = [
    # the Combat Chart's infantry column, -11 or less down to +11 or more, as a club typed it
    # (players' own values; +2, +3 and +7 are the rules' and are not typed)
    "Attacker 3M 1P",
    "Attacker 3M 1P",
    "Attacker 3M",
    "Attacker 2M 1P",
    "Attacker 2M 1P",
    "Attacker 2M",
    "Attacker 2M",
    "Attacker 1M 1P",
    "Attacker 1M",  # -3: the cell the assaults below read
    "Attacker 1M",
    "Both 1M",
    "Both 1M",
    "Defender 1M",
    # +2, +3: the rules'
    "Defender 2M 1P",
    "Defender 2M 1P",
    "Defender 3M",
    # +7: the rules'
    "Defender 3M 2P",
    "Defender 3M 2P",
    "Defender 4M 2P",
    "Defender 4M 2P",
]
"""Twenty cells: the infantry section less the three the rules give."""


def infantry_typed(desk: HouseDesk) -> dict[tuple[str, str], str]:
    """:data:`INFANTRY` on the chart's open infantry cells, top to bottom."""
    table, shown = desk.chart("combat_chart")
    cells = zip(table.rows, shown.rows, strict=True)
    rows = [row_id for (row_id, _), row in cells if row[1].kind == "open"]
    return {(row, "infantry"): text for row, text in zip(rows, INFANTRY, strict=True)}


def assault(session: TableSession, dice: list[int]) -> Resolution:
    """F4's assault for no unit, 4 attacking bases and 3 defending typed, the dice by hand;
    no question asked (a MissingGapError fails the test)."""
    form = session.form("assault", None)
    assert form is not None
    assert [s.name for s in form.missing_inputs()] == [
        "attacker_bases_primary",
        "defender_bases_primary",
    ]
    assert form.set_input("attacker_bases_primary", "4")
    assert form.set_input("defender_bases_primary", "3")
    assert form.odds().waiting is None
    return form.roll(dice)


def test_the_sample_values_resolve_three_assaults_without_a_question(tmp_path: Path) -> None:
    """Issue 20: a Republique game with the shipped sample house rules resolves three
    assaults, each read from the sample's chart, with no question asked."""
    session = TableSession(str(tmp_path / "saves"), ruleset="republique", seed=5)
    session.new_game(
        "republique",
        "aspern",
        scenario="aspern-1809",
        house_rules=str(SAMPLE / "republique-sample-club-values.toml"),
    )
    to_phase(session)
    try:
        outcomes = [(r.outcome, r.modified) for r in (assault(session, d) for d in SAMPLE_DICE)]
        assert outcomes == [("defender_higher", -3), ("attacker_higher", 7), ("level", 0)]
    finally:
        session.close(force=True)


SAMPLE_DICE = ([5, 8], [9, 2], [6, 6])
"""The dice of the three assaults (5 - 8 = -3, 9 - 2 = +7, level)."""


def test_answers_saved_as_a_file_start_a_game_that_asks_nothing(tmp_path: Path) -> None:
    """Issue 20: the infantry section typed in one game (one event), saved as a house-rules
    file; a new game from that file holds no answer of its own, and its assault reads the
    saved cell (-3: 'Attacker 1M'), marked as the players', with no question."""
    desk = _desk(tmp_path)
    session = desk.session
    assert desk.keep_chart("combat_chart", infantry_typed(desk)) == 20
    path = desk.save_answers("club-infantry", "Republique: our answers")
    assert path.exists()
    session.close(force=True)
    session.new_game("republique", "second", scenario="aspern-1809", house_rules=str(path))
    to_phase(session)
    try:
        game = session.open_game_or_fail()
        assert game.state.house is not None and game.state.gap_values() == {}
        result = assault(session, [5, 8])
        assert result.modified == -3 and "Attacker 1M" in result.text
    finally:
        session.close(force=True)
