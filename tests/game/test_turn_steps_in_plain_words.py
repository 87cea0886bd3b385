"""The turn's checklist names each step's check by its title, and says the step and phase in
the rules' words (issue 35: a step read 'wave_split'): walked phase by phase through a turn of
every shipped ruleset's scenario."""

from __future__ import annotations

import pytest

from drumhead.game import load_scenario, new_game
from drumhead.session.table import checklist
from tests.rules.test_texts_in_plain_words import input_values, leftovers

AT = "2026-11-26T20:00:00+00:00"
GAMES = [
    ("rank-and-file", "rnf-wave-attack"),
    ("mwan116-acw", "first-bull-run-henry-hill"),
    ("republique", "aspern-1809"),
    ("one-if-by-land", "cowpens-1781"),
]


@pytest.mark.parametrize(("ruleset", "scenario"), GAMES)
def test_every_step_of_a_turn_names_its_check_by_title(ruleset: str, scenario: str) -> None:
    game = new_game(ruleset, scenario=load_scenario(scenario), seed=1, name="t")
    titles = {c.id: c.title for c in game.ruleset.checks}
    pairs = input_values(game.ruleset)
    seen: set[str] = set()
    for _ in range(40):  # a turn's phases (some repeat per side or card)
        shown = checklist(game)
        for step in shown.steps:
            seen.add(step.key)
            for text in (shown.title, step.text, step.check or ""):
                assert leftovers(text, pairs) == [], text
            if step.check is not None:
                assert step.check in titles.values(), step.check
        if game.state.turn > 1:
            break
        game.next_phase(at=AT)
    with_checks = [s for p in game.phases() for s in p.steps if s.check]
    assert with_checks and any(f".{s.id}" in " ".join(seen) for s in with_checks)
