"""Writes ``before-attributes``: a Rank and File save made by drumhead as it was before rulesets
declared their card attributes (commit e0938dc), kept so that its loading stays tested.

Run with that version's code (``git archive e0938dc src data``, ``data`` linked as
``src/drumhead/data``, that ``src`` on ``PYTHONPATH``): ``python make_before_attributes.py
FOLDER``. It edits the fields that are attributes now (on, off, on again; a leader's re-rolls
and charisma), marks hits counted by the card's hits per stand, and spends a leader's re-roll.
"""

from __future__ import annotations

import sys
from pathlib import Path

from drumhead.game.game import new_game
from drumhead.game.scenario import load_scenario
from drumhead.saves import SaveSession, save_path

AT = "2026-11-20T19:00:00Z"


def main(folder: Path) -> None:
    scenario = load_scenario("rnf-wave-attack")
    game = new_game("rank-and-file", scenario=scenario, seed=1809, name="before attributes")
    path = save_path(folder, "before-attributes")
    session = SaveSession.create(path, game)
    first, second = game.state.units[0].id, game.state.units[1].id
    leader = game.state.leaders[0].id
    steps = [
        lambda: game.edit_unit(first, "elite", True, at=AT),
        lambda: game.edit_unit(first, "elite", False, at=AT),
        lambda: game.edit_unit(second, "elite", True, at=AT),
        lambda: game.edit_unit(first, "hits_per_stand", 4, at=AT),
        lambda: game.edit_unit(first, "skirmishers", 2, at=AT),
        lambda: game.edit_unit(first, "skirmishers", 0, at=AT),
        lambda: game.apply_effects(first, [{"kind": "hits", "amount": 6, "text": "6 hits"}], at=AT),
        lambda: game.edit_leader(leader, "rerolls", 2, at=AT),
        lambda: game.apply_effects(
            second, [{"kind": "leader", "amount": 1, "text": "re-roll used"}], at=AT
        ),
        lambda: game.edit_leader(leader, "charismatic", True, at=AT),
        lambda: game.apply_effects(
            second, [{"kind": "leader", "amount": 1, "text": "re-roll used"}], at=AT
        ),
    ]
    for index, step in enumerate(steps):
        step()
        session.autosave(game)
        if index == 5:
            session.save(game)  # a full save midway: the rest stays in the journal only
    session.release()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
