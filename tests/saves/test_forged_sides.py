"""Issue 35: a save's journal entry is held to the side rule the Game API refuses a pick by
(:func:`drumhead.game.sides.wrong_side`). A forged tail (fresh checksums) that picks a friend as
the enemy, in a roll or in the effects it left, fails loading naming the file, the line and
the key, in the words the app's picker uses; nothing of it is applied."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import forge
import pytest

from drumhead.game import load_scenario, new_game
from drumhead.saves import SaveError, SaveSession, load_save

ALLY = "5th Virginia is on the side of 4th Virginia: the defending unit is the enemy's"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """First Bull Run (MWAN #116): the 4th Virginia (Confederate) fought the 1st Minnesota
    (Union) in close combat, 6 and 6 rolled, its effects applied; the save closed."""
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)
    roles = {"attacker": "va4", "defender": "minn1"}
    event, result = game.resolve(  # after a Charge to Combat: a frontal close combat
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        hand_dice=[6, 6],
        at=forge.AT,
        roles={"defender": "minn1"},
    )
    game.apply_effects("va4", result.effects, at=forge.AT, resolution=event.seq, roles=roles)
    path = tmp_path_factory.mktemp("base") / "bull-run.toml"
    SaveSession.create(path, game).close()
    return path


def _copy(base: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "save"
    shutil.copytree(base.parent, folder)
    return folder / base.name


def _again(save: Path, kind: str, defender: str) -> dict[str, Any]:
    """The save's last entry of ``kind`` again, as the next entry, with ``defender`` picked."""
    game = load_save(save).game
    last = next(e for e in reversed(game.log) if e.kind == kind)
    data: dict[str, Any] = json.loads(json.dumps(last.data))
    data["roles"]["defender"] = [defender]
    for effect in data.get("effects", ()):
        if effect.get("unit") == "minn1":
            effect["unit"] = defender
    event = {
        "seq": game.event_count + 1,
        "kind": kind,
        "turn": game.state.turn,
        "phase": game.state.phase,
        "at": forge.AT,
        "data": data,
    }
    return {"op": "event", "event": event}


@pytest.mark.parametrize("kind", ["resolution", "apply_effects"])
def test_a_friend_forged_in_as_the_enemy_fails_loading(
    base: Path, tmp_path: Path, kind: str
) -> None:
    save = _copy(base, tmp_path)
    lines = len(forge.entries(save))
    forge.append(save, _again(save, kind, "va5"))
    with pytest.raises(SaveError) as caught:
        load_save(save)
    error = caught.value
    assert error.path == str(forge.journal_of(save))
    assert error.line == lines + 1
    assert "data.roles.defender" in error.format()
    assert ALLY in error.format()


@pytest.mark.parametrize("kind", ["resolution", "apply_effects"])
def test_the_same_entry_with_the_enemy_loads(base: Path, tmp_path: Path, kind: str) -> None:
    """The forging is sound: the same entry with the enemy picked loads, and applies."""
    save = _copy(base, tmp_path)
    forge.append(save, _again(save, kind, "minn1"))
    game = load_save(save).game
    assert game.last_event is not None and game.last_event.kind == kind
