"""A journal's tail, forged with fresh checksums, is held to the ruleset as the Game API is:
an entry naming a check, step, phase, marker or state the ruleset lacks, or holding a value of
the wrong type, is refused on load naming the file, line and key, and by ``drumhead check``."""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import forge
import pytest

from drumhead.cli.main import main
from drumhead.saves import SaveError, load_save

Forgery = Callable[[dict[str, Any]], dict[str, Any]]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of Cowpens (One If By Land) after checks, a tick, a note, a roll and a step."""
    return forge.played_save(tmp_path_factory.mktemp("base"), "cowpens-1781")


def _next_event(save: Path, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """An entry for the event after the save's last, stamped as the game is when it comes."""
    game = load_save(save).game
    event = {
        "seq": game.event_count + 1,
        "kind": kind,
        "turn": game.state.turn,
        "phase": game.state.phase,
        "at": forge.AT,
        "data": data,
    }
    return {"op": "event", "event": event}


def _last(save: Path, kind: str) -> dict[str, Any]:
    """A copy of the data of the save's last event of ``kind``."""
    found = [e["event"] for e in forge.entries(save) if e.get("event", {}).get("kind") == kind]
    data: dict[str, Any] = copy.deepcopy(found[-1]["data"])
    return data


def _card(save: Path) -> dict[str, Any]:
    """The card of the game's first unit, as the save writes one."""
    from drumhead.game.codec import unit_to_dict

    card: dict[str, Any] = unit_to_dict(load_save(save).game.state.units[0])
    return card


def _resolution(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], dict[str, Any]]:
    def make(save: Path) -> dict[str, Any]:
        data = _last(save, "resolution")
        change(data)
        return _next_event(save, "resolution", data)

    return make


def _effect(effect: dict[str, Any]) -> Callable[[Path], dict[str, Any]]:
    def make(save: Path) -> dict[str, Any]:
        unit = load_save(save).game.state.units[0].id
        return _next_event(save, "apply_effects", {"unit": unit, "effects": [effect]})

    return make


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        target[int(last) if isinstance(target, list) else last] = value

    return change


BAD_ENTRIES: dict[str, tuple[Callable[[Path], dict[str, Any]], str]] = {
    "a check the ruleset lacks": (_resolution(_set("check", "no_such_check")), "data.check"),
    "a record of another check": (
        _resolution(_set("resolution.check", "no_such_check")),
        "data.resolution.check",
    ),
    "an outcome the check lacks": (
        _resolution(_set("resolution.outcome", "no_such_outcome")),
        "data.resolution.outcome",
    ),
    "an integer for an outcome": (
        _resolution(_set("resolution.outcome", 3)),
        "data.resolution.outcome",
    ),
    "an integer for notation": (
        _resolution(_set("resolution.rolls.0.notation", 6)),
        "data.resolution.rolls.0.notation",
    ),
    "notation that is no dice": (
        _resolution(_set("resolution.rolls.0.notation", "2q7")),
        "data.resolution.rolls.0.notation",
    ),
    "NaN for text": (_resolution(_set("resolution.text", float("nan"))), "data.resolution.text"),
    "NaN for a number": (_resolution(_set("resolution.modified", float("nan"))), "NaN"),
    "infinity for a number": (_resolution(_set("resolution.target", float("inf"))), "Infinity"),
    "a list for a probability": (
        _resolution(_set("resolution.odds.0.p", [])),
        "data.resolution.odds.0.p",
    ),
    "nothing for a step of the record": (
        _resolution(_set("resolution.steps.0", None)),
        "data.resolution.steps.0",
    ),
    "a huge percentage": (
        _resolution(_set("resolution.odds.0.percent", 10**40)),
        "data.resolution.odds.0.percent",
    ),
    "another ruleset's record": (
        _resolution(_set("resolution.ruleset", "republique")),
        "data.resolution.ruleset",
    ),
    "null for a step": (
        lambda save: _next_event(save, "next_phase", {"turn": 1, "phase": "draw", "step": None}),
        "data.step",
    ),
    "a turn far ahead": (
        lambda save: _next_event(save, "next_phase", {"turn": 10**40, "phase": "draw"}),
        "data.turn",
    ),
    "effects of an entry to come": (
        lambda save: _next_event(save, "apply_effects", {"effects": [], "resolution": 10**40}),
        "data.resolution",
    ),
    "a state edited off the ladder": (
        lambda save: _next_event(
            save,
            "edit",
            {"target": "unit", "id": "nc_riflemen", "field": "state", "new": "no_such_state"},
        ),
        "data.new",
    ),
    "a quality edited in that the ruleset lacks": (
        lambda save: _next_event(
            save,
            "edit",
            {"target": "unit", "id": "nc_riflemen", "field": "quality", "new": "heroic"},
        ),
        "data.new",
    ),
    "a unit added of a type the ruleset lacks": (
        lambda save: _next_event(
            save, "add_unit", {"unit": {**_card(save), "id": "new_unit", "type": "dragon"}}
        ),
        "data.unit",
    ),
    "a unit that does not exist": (_resolution(_set("unit", "ghost")), "data.unit"),
    "a step the sequence lacks": (
        lambda save: _next_event(save, "tick_step", {"step": "draw.no_such_step", "ticked": True}),
        "data.step",
    ),
    "an integer for a step": (
        lambda save: _next_event(save, "tick_step", {"step": 4, "ticked": True}),
        "data.step",
    ),
    "a phase the sequence lacks": (
        lambda save: _next_event(save, "next_phase", {"turn": 1, "phase": "no_such_phase"}),
        "data.phase",
    ),
    "a marker the ruleset lacks": (
        _effect({"kind": "marker", "text": "x", "marker": "no_such_marker"}),
        "data.effects.0.marker",
    ),
    "a state off the unit's ladder": (
        _effect({"kind": "state", "text": "x", "state": "no_such_state"}),
        "data.effects.0.state",
    ),
    "a leader who does not exist": (
        _effect({"kind": "leader", "text": "x", "leader": "ghost", "state": "wounded"}),
        "data.effects.0.leader",
    ),
    "an integer for a roll's notation": (
        lambda save: _next_event(save, "roll", {**_last(save, "roll"), "notation": 12}),
        "data.notation",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_ENTRIES))
def test_a_forged_tail_entry_is_refused_on_load_and_by_check(
    base: Path, tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "save"
    shutil.copytree(base.parent, folder)
    save = folder / base.name
    make, key = BAD_ENTRIES[case]
    lines = len(forge.entries(save))
    forge.append(save, make(save))
    with pytest.raises(SaveError) as caught:
        load_save(save)
    error = caught.value
    assert error.path == str(forge.journal_of(save))
    assert error.line == lines + 1
    assert key in error.format()
    capsys.readouterr()
    assert main(["check", str(save)]) == 1
    out = capsys.readouterr().out
    assert "all files valid" not in out
    assert f"{forge.journal_of(save)}:{lines + 1}" in out and key in out


def test_the_forging_is_sound(base: Path, tmp_path: Path) -> None:
    """The same entry unchanged (a valid note the players could have made) loads: what the
    tests above refuse is the value they change, not the forging."""
    folder = tmp_path / "save"
    shutil.copytree(base.parent, folder)
    save = folder / base.name
    forge.append(save, _next_event(save, "note", {"text": "a valid note"}))
    assert load_save(save).game.last_event is not None
