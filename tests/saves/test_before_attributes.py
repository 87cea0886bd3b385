"""Saves from before rulesets declared their card attributes still load, to the same game.

``legacy/before-attributes`` was written by drumhead at commit e0938dc (the script beside it
says how), when ``elite``, ``hits_per_stand`` and ``skirmishers`` were fields of every unit and
``rerolls`` and ``charismatic`` of every leader: its snapshot holds them as card keys, and its
journal (past the snapshot too) edits them and spends a leader's re-roll without naming an
attribute. Opened now, every entry replays to the game that drumhead had.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.game.attributes import value_of
from drumhead.game.game import card_fields
from drumhead.saves import SaveSession, save_path

LEGACY = Path(__file__).parent / "legacy"
AT = "2026-11-23T20:00:00Z"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for file in LEGACY.glob("before-attributes.*"):
        shutil.copy(file, tmp_path / file.name)
    return tmp_path


def test_an_old_save_opens_to_the_game_it_was(folder: Path) -> None:
    session, game = SaveSession.open(save_path(folder, "before-attributes"))
    try:
        state = game.state
        first, second = state.unit("csa_first_wave"), state.unit("csa_second_wave")
        # elite on then off: none given (the default, no); skirmishers 2 then 0 likewise
        assert first.attributes == (("hits_per_stand", 4),)
        assert second.attributes == (("elite", True),)
        # 6 hits at 4 a stand: one stand lost, 2 hits left on the next
        assert (first.strength_now, first.hits) == (first.strength_start - 1, 2)
        # re-rolls 1 -> edited to 2 -> two used: none left (the default); charismatic kept
        leader = state.leader("csa_brigadier")
        assert leader.attributes == (("charismatic", True),)
        assert value_of(game.ruleset, leader, "rerolls") == 0
        fields = card_fields(game.ruleset, state, "csa_second_wave")
        assert (fields["elite"], fields["leader_rerolls"]) == (True, 0)
        assert card_fields(game.ruleset, state, "csa_first_wave")["elite"] is False
        assert game.event_count == 11
    finally:
        session.release()


def test_an_old_save_goes_on_and_reopens(folder: Path) -> None:
    path = save_path(folder, "before-attributes")
    session, game = SaveSession.open(path)
    game.edit_leader("csa_brigadier", "rerolls", 1, at=AT)
    game.apply_effects(
        "csa_second_wave", [{"kind": "leader", "amount": 1, "text": "re-roll used"}], at=AT
    )
    game.edit_unit("csa_first_wave", "elite", True, at=AT)
    session.save(game)
    session.close()
    session, again = SaveSession.open(path)
    try:
        assert again.state == game.state
        assert again.state.leader("csa_brigadier").attribute("rerolls") == 0
        assert again.state.unit("csa_first_wave").attribute("elite") is True
        assert again.log[-2].data["effects"][0]["attribute"] == "rerolls"
    finally:
        session.release()


def test_drumhead_check_replays_the_old_save(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["check", str(folder / "before-attributes.toml")])
    assert code == 0, capsys.readouterr().out
