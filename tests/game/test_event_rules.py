"""The one check every event passes before it joins the log (drumhead.game.event_rules): the
Game API's events, a save's, and a redone one alike."""

from __future__ import annotations

import dataclasses

import forge
import pytest

from drumhead.errors import InputError
from drumhead.game import Game


@pytest.fixture(scope="module")
def played() -> Game:
    return forge.played_game("cowpens-1781")


def test_an_event_redone_is_held_to_the_ruleset(played: Game) -> None:
    """A redo stack (read from a save) holding a tick of a step the sequence lacks: putting it
    back is refused, as appending it is."""
    last = played.log[-1]
    bad = dataclasses.replace(
        last, kind="tick_step", data={"step": "draw.no_such_step", "ticked": True}
    )
    game = Game(played.start, played.ruleset, played.log[:-1], [bad])
    with pytest.raises(InputError, match=r"data\.step: no step 'no_such_step'"):
        game.redo()
    with pytest.raises(InputError, match=r"data\.step"):
        Game(played.start, played.ruleset, [*played.log[:-1], bad])


def test_a_resolution_naming_a_unit_it_lacks_for_a_role_is_refused(played: Game) -> None:
    first = next(e for e in played.log if e.kind == "resolution")
    bad = dataclasses.replace(first, data={**first.data, "roles": {"target": ["ghost"]}})
    with pytest.raises(InputError, match=r"data\.roles\.target"):
        Game(played.start, played.ruleset, [bad])
