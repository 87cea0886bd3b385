"""A game at the table through the session: open, play, undo, save, close, resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import DrumheadError
from drumhead.saves import list_saves, load_save
from drumhead.session import Change, TableSession
from tests.session.conftest import CARDS_SCENARIO, CARDS_TEST, Recorder


def test_a_new_game_is_saved_opened_and_told(
    session: TableSession, recorder: Recorder, saves: Path
) -> None:
    game = session.new_game("cards-test", "mill", scenario=CARDS_SCENARIO)
    assert session.game is game and recorder.take() == [Change.OPENED]
    assert session.save is not None and session.save.path == saves / "mill.toml"
    assert [s.name for s in list_saves(saves)] == ["mill"]
    assert [u.id for u in session.state.units][:2] == ["blue_guards", "blue_rifles"]
    assert not session.can_switch_ruleset
    with pytest.raises(DrumheadError, match="a game is open"):
        session.choose_ruleset("one-if-by-land")


def test_a_taken_name_is_refused_before_anything_is_opened(
    session: TableSession, saves: Path
) -> None:
    session.new_game("cards-test", "mill")
    session.close()
    with pytest.raises(DrumheadError, match="a save named 'mill' exists already"):
        session.new_game("cards-test", "mill")
    assert session.game is None


def test_every_change_is_an_event_told_to_the_observers(
    played: TableSession, recorder: Recorder
) -> None:
    played.next_phase()
    played.tick_step("activation.draw", True)
    card = played.draw_card()
    assert card in {u.brigade for u in played.state.units}
    assert recorder.take() == [Change.GAME] * 3
    assert [e.kind for e in played.game.log] == ["next_phase", "tick_step", "draw_card"]  # type: ignore[union-attr]
    assert all(e.at == "2026-01-01T10:00:00+00:00" for e in played.game.log)  # type: ignore[union-attr]


def test_undo_redo_and_jump_say_what_they_did(played: TableSession, recorder: Recorder) -> None:
    played.edit_unit("blue_guards", "strength_now", 20)
    played.next_phase()
    recorder.take()
    assert played.undo() == played.describe(played.game.redo_stack[0])  # type: ignore[union-attr]
    assert played.state.phase == "activation"
    assert played.redo() is not None and played.state.phase == "end"
    assert played.jump_to(1) is True and len(played.game.log) == 1  # type: ignore[union-attr]
    assert played.jump_to(1) is False  # the latest entry already
    assert recorder.take() == [Change.GAME] * 3
    played.jump_to(0)
    assert played.undo() is None and played.state.unit("blue_guards").strength_now == 24


def test_the_checklist_and_the_activation_as_plain_data(played: TableSession) -> None:
    checklist = played.checklist()
    assert checklist.title == played.game.turn_label()  # type: ignore[union-attr]
    assert [s.key for s in checklist.steps] == [
        "activation.draw",
        "activation.move",
        "activation.morale",
    ]
    assert checklist.steps[2].check == "Morale test" and not checklist.steps[0].ticked
    played.tick_step("activation.draw", True)
    assert played.checklist().steps[0].ticked
    now = played.activation_now()
    assert (now.kind, now.current, now.drawn, now.total) == ("cards", None, 0, 4)
    played.draw_card()
    now = played.activation_now()
    assert now.drawn == 1 and now.current is not None and now.deck_left
    assert played.step_check("activation.morale") == "morale"
    assert played.step_check("activation.move") is None


def test_the_status_line_says_where_the_game_is(played: TableSession) -> None:
    line = played.status()
    assert line.where == played.game.turn_label()  # type: ignore[union-attr]
    assert line.what == "mill · Cards Test" and line.problem is None


def test_the_log_by_turn_and_phase_with_what_was_undone(played: TableSession) -> None:
    played.next_phase()
    played.tick_step("end.rally", True)
    played.undo()
    entries = played.log_entries()
    assert [(e.seq, e.undone) for e in entries] == [(None, False), (1, False), (2, True)]
    assert entries[0].text == "Turn 1 · Card activation"
    assert entries[2].text == "Done: Routing units may rally"


def test_cards_are_corrected_added_and_removed_as_events(played: TableSession) -> None:
    fields = {f.name: f for f in played.unit_fields("blue_rifles")}
    assert fields["quality"].choices == ("veteran", "regular", "militia")
    assert fields["markers"].value == "fired" and fields["removed"].entry == "choice"
    # the ruleset's own attribute, after every card's fields: none given yet
    assert list(fields)[-1] == "hits_per_stand" and fields["hits_per_stand"].value == ""
    assert (fields["hits_per_stand"].kind, fields["hits_per_stand"].entry) == ("count?", "int")
    assert "elite" not in fields  # the test ruleset declares no elite units
    assert fields["strength_now"].entry == "int" and fields["notes"].entry == "text"
    played.edit_field("unit", "blue_rifles", "markers", "texts", "fired, panic")
    assert played.state.unit("blue_rifles").markers == frozenset({"fired", "panic"})
    with pytest.raises(DrumheadError, match="'lots' is not a whole number"):
        played.edit_field("unit", "blue_rifles", "strength_now", "count", "lots")
    new = played.add_unit("Blue Rifles", like="blue_rifles")
    assert new == "blue_rifles_2"
    copy = played.state.unit(new)
    assert (copy.side, copy.brigade, copy.strength_now) == ("blue", "blue_first", 12)
    leader = played.add_leader("Maj. Cobalt", with_unit=new)
    assert played.state.leader_with(new).id == leader  # type: ignore[union-attr]
    played.attach_leader(None, new)
    assert played.state.leader_with(new) is None
    assert played.remove_unit(new) == "Blue Rifles"
    assert played.remove_leader(leader) == "Maj. Cobalt"
    leader_fields = {f.name: f for f in played.leader_fields("azure")}
    assert leader_fields["status"].choices == ("active", "wounded", "killed")
    played.edit_field("leader", "azure", "value", "int", "3")
    assert played.state.leader("azure").value == 3


def test_closing_saves_and_releases_and_resume_goes_back_there(
    played: TableSession, recorder: Recorder, saves: Path
) -> None:
    played.next_phase()
    played.note_view(unit="red_line", pane="steps")
    recorder.take()
    assert played.close() is None
    assert played.game is None and recorder.take() == [Change.CLOSED]
    assert [s.locked for s in list_saves(saves)] == [False]
    assert load_save(saves / "mill.toml").game.state.phase == "end"
    later = TableSession(str(saves), ruleset_files=(CARDS_TEST,))  # next week's drumhead
    seen = Recorder()
    later.subscribe(seen)
    assert later.resume(saves / "mill.toml") == []  # closed properly: nothing to recover
    assert later.view is not None
    assert (later.view.unit, later.view.pane) == ("red_line", "steps")
    assert later.state.phase == "end" and seen.take() == [Change.OPENED]
    later.close()


def test_a_game_left_open_by_a_crash_is_resumed_first_and_said_so(
    played: TableSession, saves: Path
) -> None:
    assert played.save is not None
    played.next_phase()
    played.autosave_job()()  # type: ignore[misc]
    played.save.release()  # the process dies: its lock goes, nothing is closed
    played.keeper.save, played.game = None, None
    again = TableSession(str(saves), ruleset_files=(CARDS_TEST,))
    notices = again.resume_last()
    assert again.game is not None and again.state.name == "mill"
    assert len(notices) == 1 and notices[0].text.startswith("Recovered 'mill'")
    assert notices[0].title == "Game recovered"
    again.close()


def test_autosave_runs_as_a_job_and_the_save_holds_every_change(
    played: TableSession, saves: Path
) -> None:
    played.next_phase()
    job = played.autosave_job()
    assert job is not None
    report = job()
    assert report.error is None and not report.recovered
    verdict = played.autosaved(report)
    assert verdict.tell is None and not verdict.failed
    assert load_save(saves / "mill.toml").game.state == played.state


def test_save_as_writes_the_whole_game_elsewhere_and_goes_on_there(
    played: TableSession, recorder: Recorder, tmp_path: Path
) -> None:
    played.next_phase()
    path = played.save_as(str(tmp_path / "usb" / "rescued"))
    assert path == tmp_path / "usb" / "rescued.toml"
    assert recorder.take() == [Change.GAME, Change.SAVING]
    assert load_save(path).game.state == played.state
    with pytest.raises(DrumheadError, match="exists already"):
        played.save_as("mill")  # a bare name goes to the saves folder, where 'mill' is
