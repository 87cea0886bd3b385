"""End to end on the shipped rulesets: every scenario starts a game, every check that the unit
cards can fill resolves, its proposed effects apply, and the game saves and loads unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from phases import to_check_phase

from drumhead.checks.results import Resolution
from drumhead.errors import InputError, MissingGapError
from drumhead.game import Event, Game, load_scenario, new_game, replay, scenario_ids, unit_inputs
from drumhead.rules.model import CheckSpec, InputValue
from drumhead.saves import SaveSession, export_markdown, load_save

AT = "2026-11-22T19:00:00Z"


def _asked(check: CheckSpec) -> dict[str, InputValue]:
    """What the players would type for the inputs a card cannot give (the smallest value)."""
    values: dict[str, InputValue] = {}
    for spec in check.inputs:
        if spec.default is not None:
            continue
        if spec.type == "choice":
            values[spec.name] = spec.choices[0]
        elif spec.type == "bool":
            values[spec.name] = False
        else:
            values[spec.name] = spec.minimum if spec.minimum is not None else 1
    return values


def _play(game: Game, check: CheckSpec, unit_id: str) -> tuple[Event, Resolution] | None:
    """Resolve a check as players would: card values, typed inputs, gap questions answered."""
    values = {**_asked(check), **unit_inputs(game.ruleset, check, game.state, unit_id)}
    for _ in range(50):
        try:
            return game.resolve(check.id, unit_id, values, at=AT)
        except MissingGapError as exc:
            gap = game.ruleset.gap(exc.gap)
            assert gap is not None
            if gap.type == "text":
                return None  # a text the players write in the ruleset's own notation
            # the players answer the question once; the game keeps the value
            least = gap.minimum if gap.minimum is not None else 0  # the least it takes
            game.set_gap(exc.gap, gap.choices[0] if gap.type == "choice" else least, at=AT)
        except InputError as exc:
            assert "refused" in str(exc), str(exc)  # a situation the rules forbid
            return None
    pytest.fail(f"{check.id} kept asking for values")


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_a_scenario_plays_saves_and_loads(tmp_path: Path, scenario_id: str) -> None:
    scenario = load_scenario(scenario_id)
    game = new_game(scenario.ruleset, scenario=scenario, seed=1781, name=scenario_id)
    assert game.state.units and game.state.sides
    resolved = 0
    for unit in scenario.units:
        for check in game.checks_for(unit.id):
            to_check_phase(game, check.id)  # the rules' order of the turn
            played = _play(game, check, unit.id)
            if played is None:
                continue
            event, res = played
            resolved += 1
            own = [e for e in res.effects if e.who == "self"]
            if own:
                game.apply_effects(unit.id, own, at=AT, resolution=event.seq)
    assert resolved > 0
    assert replay(game.start, game.log) == game.state
    path = tmp_path / f"{scenario_id}.toml"
    SaveSession.create(path, game).close()
    loaded = load_save(path).game
    assert loaded.state == game.state and loaded.log == game.log
    assert export_markdown(loaded).count("\n| ") > resolved


def test_every_ruleset_has_a_scenario() -> None:
    from drumhead.loading.loader import ruleset_ids

    covered = {load_scenario(s).ruleset for s in scenario_ids()}
    assert covered == set(ruleset_ids())
