"""The game layer of the pure core: game state, the event log, undo/redo, scenarios.

No I/O beyond reading scenario files; saving and loading is :mod:`drumhead.saves`.
"""

from drumhead.game.events import EVENT_KINDS, Event, apply_event, replay
from drumhead.game.game import Game, derive_seed, new_game, unit_inputs
from drumhead.game.revert import Conflict, RevertPlan
from drumhead.game.rulesets import game_ruleset, known_ruleset_ids, register_ruleset_file
from drumhead.game.scenario import Scenario, load_scenario, read_scenario, scenario_ids
from drumhead.game.state import Activation, GameState, Leader, Side, Unit
from drumhead.game.taken_back import Reverted

__all__ = [
    "EVENT_KINDS",
    "Activation",
    "Conflict",
    "Event",
    "Game",
    "GameState",
    "Leader",
    "RevertPlan",
    "Reverted",
    "Scenario",
    "Side",
    "Unit",
    "apply_event",
    "derive_seed",
    "game_ruleset",
    "known_ruleset_ids",
    "load_scenario",
    "new_game",
    "read_scenario",
    "register_ruleset_file",
    "replay",
    "scenario_ids",
    "unit_inputs",
]
