"""The game: a start state, a log of events, and an undo cursor.

Every change is one :class:`~drumhead.game.events.Event`; the current state is the start state
with the log applied (:func:`~drumhead.game.events.apply_event`). Undo moves the last event to
the redo stack; a new event empties it. Dice come from a generator seeded from the game's seed
and the event's position in the log, and the seed and faces are recorded in the event, so a
replay gives the same game, and undoing a roll and rolling again gives the same faces.

:class:`Game` is the face of its parts, one module each (listed in its docstring);
:func:`new_game` starts one. The names this module has always offered are here still:
:func:`~drumhead.game.card_inputs.unit_inputs` and
:func:`~drumhead.game.card_inputs.card_fields`, :func:`~drumhead.game.seeds.derive_seed`
and :func:`~drumhead.game.seeds.shuffled`, :func:`~drumhead.game.walk.active_phases`,
:class:`~drumhead.game.taken_back.Reverted` and
:func:`~drumhead.game.taken_back.unchanged_before`, :data:`~drumhead.game.core.JournalOp`.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from pathlib import Path

from drumhead.errors import InputError
from drumhead.game.answering import GapAnswering
from drumhead.game.applying import EffectApplying
from drumhead.game.card_inputs import card_fields, unit_inputs
from drumhead.game.core import JournalOp
from drumhead.game.editing import CardEditing
from drumhead.game.resolving import CheckResolving
from drumhead.game.rulesets import game_ruleset
from drumhead.game.scenario import Scenario
from drumhead.game.seeds import derive_seed, shuffled
from drumhead.game.state import Activation, GameState
from drumhead.game.taken_back import Reverted, unchanged_before
from drumhead.game.turn import TurnWalking
from drumhead.game.undoing import Undoing
from drumhead.game.walk import active_phases
from drumhead.house.record import as_copy

__all__ = [
    "Game",
    "JournalOp",
    "Reverted",
    "active_phases",
    "card_fields",
    "derive_seed",
    "new_game",
    "shuffled",
    "unchanged_before",
    "unit_inputs",
]


class Game(CheckResolving, EffectApplying, CardEditing, GapAnswering, TurnWalking, Undoing):
    """The only mutable object of the game layer.

    Its parts, one job each: :class:`~drumhead.game.core.GameCore` (the start, the ruleset,
    the log and the state: reading the log, the state anywhere in it, appending an event),
    :class:`~drumhead.game.resolving.CheckResolving` (checks resolved, dice rolled),
    :class:`~drumhead.game.applying.EffectApplying` (a check's effects applied to the cards),
    :class:`~drumhead.game.editing.CardEditing` (cards, the roster and notes changed by
    hand), :class:`~drumhead.game.answering.GapAnswering` (the players' answers to gaps in
    the rules), :class:`~drumhead.game.turn.TurnWalking` (the turn and the walk through the
    sequence of play), :class:`~drumhead.game.undoing.Undoing` (undo, redo, jump, revert).
    """


def new_game(
    ruleset_id: str,
    *,
    options: Iterable[str] = (),
    house_rules: str | None = None,
    scenario: Scenario | None = None,
    seed: int | None = None,
    name: str = "",
    without: Iterable[str] = (),
) -> Game:
    """A new game of a ruleset, from a scenario's order of battle or empty.

    Its optional rules: ``options``, and those the scenario switches on, less ``without``
    (those the players switched off, a scenario's included)."""
    chosen = set(options)
    if scenario is not None:
        if scenario.ruleset != ruleset_id:
            raise InputError(
                f"scenario '{scenario.id}' is for {scenario.ruleset}, not {ruleset_id}"
            )
        chosen |= set(scenario.options)
    off = set(without)
    known = {o.id for o in game_ruleset(ruleset_id, ()).options}
    for option in sorted(off - known):
        raise InputError(
            f"no optional rule '{option}' to switch off in {ruleset_id} "
            f"(rules: {', '.join(sorted(known)) or 'none'})"
        )
    chosen -= off
    house = None
    if house_rules is not None:
        # the save records where the house rules are; a relative path would break elsewhere
        house_rules = str(Path(house_rules).resolve())
        game_ruleset(ruleset_id, sorted(chosen), house_rules)  # errors at the file's lines
        # and a copy of what they say: the game is played from it, whatever the file becomes
        from drumhead.loading.loader import read_house_rules

        house = as_copy(read_house_rules(house_rules))
    ruleset = game_ruleset(ruleset_id, sorted(chosen), house)
    if seed is None:
        seed = secrets.randbits(32)
    phases = active_phases(ruleset)
    activation = Activation()
    units = scenario.units if scenario else ()
    if ruleset.sequence is not None and ruleset.sequence.activation == "cards":
        brigades = list(dict.fromkeys(u.brigade for u in units))
        cards = tuple(brigades) + tuple(c for c in (scenario.cards if scenario else ()))
        activation = Activation(deck=shuffled(cards, seed, "deck:0"), cards=cards)
    start = GameState(
        ruleset=ruleset.id,
        ruleset_version=ruleset.version,
        options=ruleset.active_options,
        house_rules=ruleset.house_rules,
        gaps=(),
        seed=seed,
        turn=1,
        phase=phases[0].id if phases else "",
        step=None,
        ticked=frozenset(),
        activation=activation,
        sides=scenario.sides if scenario else (),
        leaders=scenario.leaders if scenario else (),
        units=units,
        name=name,
        scenario=scenario.id if scenario else None,
        house=house,
    )
    return Game(start, ruleset)
