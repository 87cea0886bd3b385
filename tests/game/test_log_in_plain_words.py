"""The log's lines, a revert's changes and the after-action report speak the players' words
(issue 35): an agreed value by its label (and its situation), a leader by his name, never an
answer id such as ``fire_dice.infantry.1`` or a leader's id. The same words test as the
rulesets' texts (:mod:`tests.rules.test_texts_in_plain_words`)."""

from __future__ import annotations

from drumhead.game import load_scenario, new_game
from drumhead.game.record_text import plan_changes
from drumhead.game.report import export_markdown
from drumhead.game.wording import describe_event
from tests.rules.test_texts_in_plain_words import input_values, leftovers

AT = "2026-11-26T20:00:00+00:00"


def test_every_log_line_of_a_fire_with_answers_and_leaders_is_in_plain_words() -> None:
    game = new_game(
        "mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=1, name="t"
    )
    leader = game.state.leaders[0]
    game.set_gap("fire_dice.infantry.1", 3, at=AT)
    game.set_gap("fire_hit_numbers.infantry.1", "9-12", at=AT)
    game.set_gap("fire_cover_dice", 1, at=AT)
    game.edit_leader(leader.id, "value", 2, at=AT)
    game.attach_leader(leader.id, "va4", at=AT)
    inputs = {"target_type": "infantry", "target_formation": "line", "range_band": 1}
    inputs |= {"moved": False, "on_bridge": False}
    event, result = game.resolve("fire", "va4", inputs, at=AT)
    game.apply_effects(
        "va4", list(result.effects), at=AT, resolution=event.seq, roles={"target": "minn1"}
    )
    game.remove_leader(leader.id, at=AT)
    pairs = input_values(game.ruleset)
    lines = [describe_event(game, e) for e in game.log]
    lines += plan_changes(game.state, game.start, game.ruleset)
    lines += export_markdown(game).splitlines()
    bad = [f"{problem}: {line}" for line in lines for problem in leftovers(line, pairs)]
    assert bad == [], "\n".join(bad)
    said = "\n".join(lines)
    assert "Fire dice (Who fires: infantry; Range band on your firing table" in said
    assert f"Removed leader {leader.name}" in said
