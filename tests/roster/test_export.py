"""Issue 40: a game's roster as it stands, exported as a scenario, starts the next session
where this one stood: a game started from it (or from the sheet made of it) has the same
sides, leaders, units (each card's every value) and optional rules, for every shipped
scenario, fresh or well into the battle."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import DrumheadError
from drumhead.game import Game, load_scenario, new_game
from drumhead.game.rulesets import game_ruleset
from drumhead.game.scenario import Scenario, ladder_states, read_scenario, scenario_ids
from drumhead.game.state import GameState, Side
from drumhead.roster import export_scenario, import_battle
from drumhead.roster.sheet_out import scenario_csv
from drumhead.rules.toml_file import read_toml

AT = "2026-11-26T20:00:00Z"


def roster(state: GameState) -> tuple[object, ...]:
    """What a scenario carries of a game: the roster and the optional rules on."""
    return (state.sides, state.leaders, state.units, state.options, state.activation.cards)


def read(text: str, game: Game) -> Scenario:
    data, checked = read_toml("exported.toml", text, kind="scenario")
    return read_scenario(
        data, text=checked, file="exported.toml", scenario_id="exported", ruleset=game.ruleset
    )


def restarted(game: Game, text: str) -> Game:
    scenario = read(text, game)
    return new_game(game.state.ruleset, scenario=scenario, seed=1)


def started(scenario_id: str) -> Game:
    scenario = load_scenario(scenario_id)
    return new_game(scenario.ruleset, scenario=scenario, seed=40, name="Ours")


def played(game: Game) -> Game:
    """The game well into the battle: losses, hits, a state, markers, a unit out of play, a
    leader wounded and moved to another unit, a side's commander changed."""
    state = game.state
    ruleset = game.ruleset
    first, second, last = state.units[0], state.units[1], state.units[-1]
    game.edit_unit(first.id, "strength_now", max(0, first.strength_start - 2), at=AT)
    game.edit_unit(first.id, "hits", 1, at=AT)
    lower = next(s for s in ladder_states(ruleset, second.type) if s != second.state)
    game.edit_unit(second.id, "state", lower, at=AT)
    markers = [m.id for m in ruleset.markers][:2]
    game.edit_unit(second.id, "markers", markers, at=AT)
    game.edit_unit(last.id, "removed", True, at=AT)
    leader = state.leaders[0]
    game.edit_leader(leader.id, "status", "wounded", at=AT)
    game.edit_leader(leader.id, "attached_to", second.id, at=AT)
    game.edit_side(state.sides[0].id, "commander", "His second in command", at=AT)
    return game


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_a_fresh_game_exports_to_its_own_roster(scenario_id: str) -> None:
    game = started(scenario_id)
    again = restarted(game, export_scenario(game))
    assert roster(again.state) == roster(game.state)


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_a_game_in_play_exports_to_its_roster_as_it_stands(scenario_id: str) -> None:
    game = played(started(scenario_id))
    text = export_scenario(game)
    again = restarted(game, text)
    assert roster(again.state) == roster(game.state)
    units = {u.id: u for u in again.state.units}
    first = game.state.units[0]
    assert units[first.id].strength_now == first.strength_now < first.strength_start
    assert units[game.state.units[-1].id].removed
    assert again.state.leaders[0].status == "wounded"
    data, _ = read_toml("x.toml", text, kind="scenario")
    assert data["scenario"] == load_scenario(scenario_id).title
    assert data["description"].startswith("The roster of the game 'Ours' as it stood at turn 1")


@pytest.mark.parametrize("scenario_id", scenario_ids())
def test_the_sheet_made_of_an_export_imports_into_the_same_roster(
    tmp_path: Path, scenario_id: str
) -> None:
    game = played(started(scenario_id))
    scenario = read(export_scenario(game), game)
    sheet = tmp_path / "ours.csv"
    sheet.write_text(scenario_csv(scenario, game.ruleset), encoding="utf-8")
    battle = import_battle(sheet, game_ruleset(game.state.ruleset, sorted(game.state.options)))
    assert battle.problems == (), [p.message for p in battle.problems]
    again = restarted(game, battle.scenario_text)
    assert roster(again.state) == roster(game.state)


def test_the_optional_rules_on_are_exported(tmp_path: Path) -> None:
    scenario = load_scenario("rnf-wave-attack")
    game = new_game(
        scenario.ruleset,
        scenario=scenario,
        options=["artillery_rally"],
        without=["wave_attacks"],
        seed=1,
    )
    again = restarted(game, export_scenario(game))
    assert again.state.options == game.state.options
    assert "artillery_rally" in again.state.options and "wave_attacks" not in again.state.options


def test_extra_activation_cards_are_kept() -> None:
    scenario = load_scenario("cowpens-1781")
    extra = Scenario(
        **{**{f: getattr(scenario, f) for f in scenario.__slots__}, "cards": ("army_american",)}
    )
    game = new_game(extra.ruleset, scenario=extra, seed=1)
    again = restarted(game, export_scenario(game))
    assert again.state.activation.cards == game.state.activation.cards
    assert again.state.activation.cards[-1] == "army_american"


def test_a_game_without_sides_is_not_exported() -> None:
    game = new_game("one-if-by-land", seed=1, name="Skirmish")
    with pytest.raises(DrumheadError, match="the game 'Skirmish' has no sides yet"):
        export_scenario(game)


def test_a_game_of_its_own_exports_its_name_as_title() -> None:
    game = new_game("one-if-by-land", seed=1, name="Skirmish")
    game.add_side(Side("blue", "Blue"), at=AT)
    data, _ = read_toml("x.toml", export_scenario(game), kind="scenario")
    assert (data["scenario"], data["source"]) == ("Skirmish", "A game of drumhead")
    assert data["sides"] == [{"id": "blue", "name": "Blue"}]
