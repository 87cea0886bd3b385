"""A game's roster as it stands, written as a scenario file: the next session starts there.

Every side, leader and unit with the values its card holds now (strength left, hits, state,
markers, a unit out of play, a leader wounded), and the optional rules on. The file is
validated by the scenario reader before it is handed back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import tomli_w

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game.codec import leader_to_dict, side_to_dict, unit_to_dict
from drumhead.game.scenario import load_scenario, read_scenario, scenario_ids
from drumhead.game.state import GameState, Unit
from drumhead.rules.toml_file import read_toml

if TYPE_CHECKING:
    from drumhead.game.game import Game


def unit_to_scenario(unit: Unit) -> dict[str, Any]:
    """A unit card as a scenario gives it: the save's card (:func:`unit_to_dict`) with its
    ``strength_start`` as ``strength``, ``strength_now`` only when some of it is lost and
    ``state`` only when it has one."""
    out: dict[str, Any] = {}
    for key, value in unit_to_dict(unit).items():
        if key == "strength_start":
            out["strength"] = value
        elif key == "strength_now":
            if value != unit.strength_start:
                out[key] = value
        elif key != "state" or value:
            out[key] = value
    return out


def scenario_data(state: GameState, title: str, description: str, source: str) -> dict[str, Any]:
    """The state's roster as a scenario's plain data."""
    brigades = set(u.brigade for u in state.units)
    data: dict[str, Any] = {
        "scenario": title,
        "ruleset": state.ruleset,
        "description": description,
        "source": source,
        "options": sorted(state.options),
    }
    extra = [c for c in state.activation.cards if c not in brigades]
    if extra:
        data["cards"] = extra
    data["sides"] = [side_to_dict(s) for s in state.sides]
    data["leaders"] = [leader_to_dict(x) for x in state.leaders]
    data["units"] = [unit_to_scenario(u) for u in state.units]
    return data


def export_scenario(game: Game) -> str:
    """The game's roster as it stands now, as a scenario file's text (TOML), validated."""
    state = game.state
    name = state.name or state.scenario or state.ruleset
    title, source = name, "A game of drumhead"
    if state.scenario and state.scenario in scenario_ids(state.ruleset):
        first = load_scenario(state.scenario)
        title, source = first.title, first.source
    if not state.sides:
        raise DrumheadError(
            f"the game '{name}' has no sides yet: a scenario needs its sides (add them, and "
            "their units, on the units screen)"
        )
    description = f"The roster of the game '{name}' as it stood at turn {state.turn}."
    text = tomli_w.dumps(scenario_data(state, title, description, source))
    file = f"{name} scenario.toml"
    try:
        data, _ = read_toml(file, text, kind="scenario")
        read_scenario(data, text=text, file=file, scenario_id=name, ruleset=game.ruleset)
    except RulesetError as exc:  # the game holds what no scenario can: say what, write nothing
        raise DrumheadError(
            f"the game's roster cannot be written as a scenario: {exc.format()}"
        ) from None
    return text
