"""Revert: undo one earlier entry and keep the rest, with the later entries that no longer
apply reported (and dropped only with the players' agreement); undoable, saved, reloaded."""

from __future__ import annotations

import json
import random
import tomllib
import zlib
from pathlib import Path

import gamegen
import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drumhead.errors import InputError
from drumhead.game import Game, Reverted, Unit, replay
from drumhead.game.state import evolve
from drumhead.saves import SaveError, SaveSession, load_save, save_path
from drumhead.saves.store import journal_file
from tests.support.lanes import examples

AT = "2026-11-22T14:00:00Z"


@pytest.fixture
def game() -> Game:
    return gamegen.start_game(seed=1781)


def _consistent(game: Game) -> None:
    """The state is what the log replays to, at every point of the log."""
    assert replay(game.start, game.log) == game.state
    assert Game(game.start, game.ruleset, game.log).state == game.state
    for count in range(len(game.log) + 1):
        assert game.state_at(count) == replay(game.start, game.log[:count])


def test_reverting_an_early_entry_without_conflicts_keeps_every_later_one(game: Game) -> None:
    game.edit_unit("legion_foot", "strength_now", 15, at=AT)  # 1: the entry to revert
    game.resolve("morale", "sc_militia", {}, [], hand_dice=[3], at=AT)  # 2: poor (6): passes
    game.edit_unit("md_continentals", "notes", "held the line", at=AT)  # 3
    game.next_phase(at=AT)  # 4
    game.note("a ruling at the table", at=AT)  # 5
    before = game.state
    plan = game.revert(1)
    assert plan.clean and plan.drop == () and plan.target == 1
    assert game.state is before and len(game.log) == 5  # planning changes nothing
    event = game.apply_revert(plan, at=AT)
    assert (event.seq, event.kind, dict(event.data)) == (6, "revert", {"target": 1})
    # the game is as if entry 1 had never been made: only the edited strength is back
    assert game.state == before.with_unit(evolve(before.unit("legion_foot"), strength_now=20))
    assert plan.state == game.state
    assert game.reverted() == {1: Reverted(6, "reverted")}
    assert [e.seq for e in game.in_effect()] == [2, 3, 4, 5]
    assert len(game.log) == 6  # the reverted entry stays in the log, marked
    _consistent(game)


def test_entries_that_depended_on_the_reverted_one_are_reported_and_dropped(game: Game) -> None:
    game.edit_unit("sc_militia", "strength_now", 22, at=AT)  # 1: 8 figures lost
    _, res = game.resolve("morale", "sc_militia", {}, [], hand_dice=[6], at=AT)  # 2
    assert res.outcome == "fail_by_1"  # 6 + 1 (25% lost) = 7 against 6
    game.apply_effects("sc_militia", res.effects, at=AT, resolution=2)  # 3
    game.note("the militia wavers", at=AT, unit_id="sc_militia")  # 4
    game.edit_unit("legion_foot", "strength_now", 15, at=AT)  # 5
    plan = game.revert(1)
    assert [(c.seq, c.kind, c.rule) for c in plan.conflicts] == [
        (2, "resolution", "card"),
        (3, "apply_effects", "depends"),
    ]
    assert plan.conflicts[0].reason == (
        "read from South Carolina militia's card: Figures lost so far = 8 (it would now read 0)"
    )
    assert plan.conflicts[1].reason == "applies the effects of entry 2, which will not count"
    with pytest.raises(InputError, match="entries 2, 3 no longer apply without entry 1"):
        game.apply_revert(plan, at=AT)  # cancel is the default: nothing dropped silently
    with pytest.raises(InputError, match="entries 5 do not conflict"):
        game.apply_revert(plan, drop=[2, 3, 5], at=AT)
    assert len(game.log) == 5
    event = game.apply_revert(plan, drop=plan.drop, at=AT)
    assert dict(event.data) == {"target": 1, "drop": [2, 3]}
    assert game.reverted() == {
        1: Reverted(6, "reverted"),
        2: Reverted(6, "dropped"),
        3: Reverted(6, "dropped"),
    }
    militia = game.state.unit("sc_militia")
    assert militia.strength_now == 30 and militia.notes.endswith("withdraw")  # no effects
    assert game.state.unit("legion_foot").strength_now == 15  # entry 5 kept
    _consistent(game)


def _conflict_rules(game: Game, seq: int) -> list[tuple[int, str]]:
    return [(c.seq, c.rule) for c in game.revert(seq).conflicts]


def test_an_entry_the_game_refuses_without_the_reverted_one(game: Game) -> None:
    unit = Unit("new_guns", "New guns", "british", "guns", "artillery", 2, 2, "in_action")
    game.add_unit(unit, at=AT)
    game.edit_unit("new_guns", "notes", "unlimbered", at=AT)
    plan = game.revert(1)
    assert [(c.seq, c.rule) for c in plan.conflicts] == [(2, "refused")]
    assert "no unit 'new_guns'" in plan.conflicts[0].reason


def test_effects_counted_from_a_ladder_state_that_changed(game: Game) -> None:
    step = [{"kind": "step", "amount": 1, "text": "one step"}]
    game.apply_effects("legion_foot", step, at=AT)  # good order -> shaken
    game.apply_effects("legion_foot", step, at=AT)  # shaken -> reforming
    plan = game.revert(1)
    assert [(c.seq, c.rule) for c in plan.conflicts] == [(2, "card")]
    assert "from shaken; it would now step from good order" in plan.conflicts[0].reason


def test_an_edit_whose_old_value_changed(game: Game) -> None:
    game.edit_unit("legion_foot", "strength_now", 15, at=AT)
    game.edit_unit("legion_foot", "strength_now", 12, at=AT)
    game.edit_unit("legion_foot", "notes", "thinned", at=AT)  # another field: no conflict
    assert _conflict_rules(game, 1) == [(2, "card")]
    assert game.revert(1).conflicts[0].reason == "changed strength_now from 15; it is now 20"


def test_a_leader_moved_from_a_unit_he_is_no_longer_with(game: Game) -> None:
    game.attach_leader("tarleton", "legion_foot", at=AT)
    game.attach_leader("tarleton", "legion_horse", at=AT)
    assert _conflict_rules(game, 1) == [(2, "card")]


def test_a_gap_answer_changed_from_a_value_no_longer_given(game: Game) -> None:
    game.set_gap("reform_turns", 2, at=AT)
    game.set_gap("reform_turns", 3, at=AT)
    assert _conflict_rules(game, 1) == [(2, "card")]


def test_a_roll_for_a_unit_that_would_be_out_of_play(game: Game) -> None:
    game.apply_effects("legion_foot", [{"kind": "remove", "text": "leaves"}], at=AT)  # 1
    game.edit_unit("legion_foot", "removed", False, at=AT)  # 2: brought back by hand
    game.resolve("morale", "legion_foot", {}, [], hand_dice=[2], at=AT)  # 3
    plan = game.revert(2)
    assert [(c.seq, c.rule) for c in plan.conflicts] == [(3, "card")]
    assert "would now be out of play" in plan.conflicts[0].reason


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda g: g.next_phase(at=AT), "a change of phase cannot be reverted"),
        (lambda g: g.next_turn(at=AT), "a change of turn cannot be reverted"),
    ],
)
def test_the_sequence_of_play_is_not_reverted(game: Game, make, message: str) -> None:  # type: ignore[no-untyped-def]
    make(game)
    with pytest.raises(InputError, match=message):
        game.revert(1)


def test_what_cannot_be_reverted_is_refused(game: Game) -> None:
    game.note("one", at=AT)
    game.note("two", at=AT)
    for seq in (0, 3):
        with pytest.raises(InputError, match=r"no entry \d in the log \(1..2\)"):
            game.revert(seq)
    game.apply_revert(game.revert(1), at=AT)
    with pytest.raises(InputError, match="entry 1 is already reverted"):
        game.revert(1)
    with pytest.raises(InputError, match="a revert cannot itself be reverted"):
        game.revert(3)
    plan = game.revert(2)
    game.note("three", at=AT)  # the game moved on: the plan is stale
    with pytest.raises(InputError, match="changed since this revert was planned"):
        game.apply_revert(plan, at=AT)


def test_a_revert_is_undone_and_redone_like_any_entry(game: Game) -> None:
    game.edit_unit("legion_foot", "strength_now", 15, at=AT)
    game.note("later", at=AT)
    before = game.state
    game.apply_revert(game.revert(1), at=AT)
    after = game.state
    assert game.undo() is not None and game.state == before and game.reverted() == {}
    assert game.redo() is not None and game.state == after and 1 in game.reverted()
    game.jump_to(1)
    assert game.state.unit("legion_foot").strength_now == 15
    while game.can_redo:
        game.redo()
    assert game.state == after
    _consistent(game)


def test_a_revert_after_others_rebuilds_from_before_all_they_took_back(game: Game) -> None:
    game.edit_unit("legion_foot", "strength_now", 15, at=AT)  # 1
    game.edit_unit("legion_horse", "notes", "charged", at=AT)  # 2
    game.apply_revert(game.revert(2), at=AT)  # 3
    game.edit_unit("grasshoppers", "notes", "limbered", at=AT)  # 4
    game.apply_revert(game.revert(1), at=AT)  # 5
    state = game.state
    assert state.unit("legion_foot").strength_now == 20
    assert state.unit("legion_horse").notes == ""
    assert state.unit("grasshoppers").notes == "limbered"
    assert [e.seq for e in game.in_effect()] == [4]
    _consistent(game)


def test_taken_back_entries_do_not_count_elsewhere(game: Game) -> None:
    game.set_gap("reform_turns", 2, at=AT)
    assert "reform_turns" in game.gap_sources()
    game.apply_revert(game.revert(1), at=AT)
    assert game.gap_sources() == {} and game.state.gap_values() == {}


# -- saves ------------------------------------------------------------------------------------
def _conflicted(game: Game) -> Game:
    game.edit_unit("sc_militia", "strength_now", 22, at=AT)
    _, res = game.resolve("morale", "sc_militia", {}, [], hand_dice=[6], at=AT)
    game.apply_effects("sc_militia", res.effects, at=AT, resolution=2)
    game.edit_unit("legion_foot", "strength_now", 15, at=AT)
    plan = game.revert(1)
    game.apply_revert(plan, drop=plan.drop, at=AT)
    return game


def test_a_revert_is_saved_and_reloaded(tmp_path: Path, game: Game) -> None:
    _conflicted(game)
    path = save_path(tmp_path, "reverted")
    session = SaveSession.create(path, gamegen.start_game(seed=1781))
    session.close()
    session, again = SaveSession.open(path)
    for event in game.log:  # through the journal, entry by entry, as the app autosaves
        again.add_event(event)
        session.autosave(again)
    session.close(again)
    loaded = load_save(path).game
    assert loaded.state == game.state and loaded.log == game.log
    assert loaded.reverted() == game.reverted()
    entry = json.loads(journal_file(path, 0).read_text().splitlines()[-1][9:])
    assert entry["event"]["kind"] == "revert" and entry["event"]["data"] == {
        "target": 1,
        "drop": [2, 3],
    }
    # the revert is undoable after loading, and the undo is saved too
    session, reopened = SaveSession.open(path)
    reopened.undo()
    session.close(reopened)
    assert load_save(path).game.state.unit("sc_militia").strength_now == 22
    assert load_save(path).game.reverted() == {}


def test_a_full_save_of_a_reverted_game_round_trips(tmp_path: Path, game: Game) -> None:
    _conflicted(game)
    game.note("after the revert", at=AT)
    path = save_path(tmp_path, "compacted")
    SaveSession.create(path, game).close()
    loaded = load_save(path).game
    assert (loaded.state, loaded.log, loaded.reverted()) == (
        game.state,
        game.log,
        game.reverted(),
    )
    # undo back through the revert, as after any load (a save opened from its snapshot reads
    # its past lazily; one with a revert in it is replayed in full, so this holds too)
    while game.can_undo:
        assert loaded.undo() == game.undo()
        assert loaded.state == game.state


def _rewrite_last(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    journal = journal_file(path, 0)
    lines = journal.read_bytes().splitlines()
    entry = json.loads(lines[-1][9:])
    change(entry["event"]["data"])
    body = json.dumps(entry).encode()
    lines[-1] = b"%08x " % zlib.crc32(body) + body
    journal.write_bytes(b"\n".join(lines) + b"\n")
    # the snapshot made to cover the journal as it now is, so the load reaches the replay
    doc = tomllib.loads(path.read_text())
    raw = journal.read_bytes()
    doc["game"]["journal_bytes"] = len(raw)
    doc["game"]["journal_crc"] = f"{zlib.crc32(raw):08x}"
    path.write_text(tomli_w.dumps(doc))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("drop"), r"entry 2 \(edit\) no longer applies and is not dropped"),
        (lambda d: d.update(target=5), "expected an earlier entry"),
        (lambda d: d.update(drop=[2, 2]), "in order"),
        (lambda d: d.update(colour="red"), "unknown key"),
    ],
)
def test_a_revert_that_does_not_fit_its_log_is_refused_on_load(
    tmp_path: Path, change, message: str
) -> None:  # type: ignore[no-untyped-def]
    game = gamegen.start_game(seed=1781)
    unit = Unit("new_guns", "New guns", "british", "guns", "artillery", 2, 2, "in_action")
    game.add_unit(unit, at=AT)
    game.edit_unit("new_guns", "notes", "unlimbered", at=AT)
    plan = game.revert(1)
    game.apply_revert(plan, drop=plan.drop, at=AT)
    path = save_path(tmp_path, "forged")
    SaveSession.create(path, game).close()
    _rewrite_last(path, change)
    with pytest.raises(SaveError, match=message) as info:
        load_save(path)
    assert info.value.path == str(journal_file(path, 0)) and info.value.line == 3


# -- properties -------------------------------------------------------------------------------
def test_a_long_random_game_with_reverts_and_drops_is_consistent() -> None:
    """Seed 1 reverts six entries, dropping five that no longer applied: every point of its
    log replays to the state the game went through."""
    game = gamegen.random_game(1, 80, reverts=True)
    reverted = game.reverted()
    assert sum(1 for e in game.log if e.kind == "revert") == 6
    assert sum(1 for r in reverted.values() if r.how == "dropped") == 5
    _consistent(game)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), events=st.integers(0, 90))
def test_random_games_with_reverts_replay_undo_and_redo(seed: int, events: int) -> None:
    rng = random.Random(seed)
    game = gamegen.start_game(seed=seed)
    states = [game.state]
    for i in range(events):
        gamegen.random_event(game, rng, i, reverts=True)
        states.append(game.state)
    assert replay(game.start, game.log) == game.state
    assert Game(game.start, game.ruleset, game.log).state == game.state
    for n in range(events, 0, -1):
        game.undo()
        assert game.state == states[n - 1]
    while game.can_redo:
        game.redo()
    assert game.state == states[-1]


@settings(
    max_examples=examples(4),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_with_reverts_save_and_load(tmp_path: Path, seed: int) -> None:
    game = gamegen.random_game(seed, 70, reverts=True)
    path = tmp_path / f"r{seed}.toml"
    for stale in tmp_path.glob(f"{path.stem}*"):
        stale.unlink()
    SaveSession.create(path, game).close()
    loaded = load_save(path).game
    assert (loaded.state, loaded.log, loaded.reverted()) == (
        game.state,
        game.log,
        game.reverted(),
    )
