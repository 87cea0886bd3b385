"""The after-action report's losses: every card that was ever on the table, as it was last
(a card taken off as it was when it went; the others as the game ends), in the order they
came. Checked against a plain walk over every state of random games that add, edit and
remove cards (the report no longer copies every card after every event: 25 million copies
in a 500-unit, 50,000-event game, a third of its export time)."""

from __future__ import annotations

import gamegen
import pytest

from drumhead.game.events import apply_event
from drumhead.game.report import export_markdown


def _losses(report: str) -> list[str]:
    section = report.split("## Losses", 1)[1].split("## Leaders lost", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| ") and "---" not in line]


@pytest.mark.parametrize("seed", range(8))
def test_the_losses_list_every_card_as_it_was_last(seed: int) -> None:
    game = gamegen.random_game(seed, 150)
    assert any(e.kind == "remove_unit" for e in game.log) or seed > 3  # the case is met
    cards = {u.id: u for u in game.start.units}
    state = game.start
    for event in game.log:
        state = apply_event(state, event)
        for unit in state.units:
            cards[unit.id] = unit
    rows = _losses(export_markdown(game))
    names = [
        row.split(" | ")[0].removeprefix("| ") for row in rows if not row.startswith("| unit ")
    ]
    expected = []
    for side in state.sides:
        expected += [u.name for u in cards.values() if u.side == side.id]
    assert names == expected
    for unit in cards.values():
        line = next(r for r in rows if r.startswith(f"| {unit.name} | "))
        assert f"| {unit.strength_start} | {unit.strength_now} | {unit.strength_lost} " in line
        assert ("card removed" in line) == (not state.has_unit(unit.id))
