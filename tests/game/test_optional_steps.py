"""A step of an optional rule is walked, and listed in the checklist, only when the rule is on:
Rank and File's wave-attack steps with the scenario's options on and with them off."""

from __future__ import annotations

import pytest

from drumhead.errors import DrumheadError
from drumhead.game import Game, load_scenario, new_game
from drumhead.loading.loader import load_ruleset_file

AT = "2026-11-23T20:00:00Z"
WAVE_STEPS = {"charge.declare_waves", "charge.move_second_wave", "charge.wave_split",
              "melee.second_wave"}  # fmt: skip


def walked(game: Game) -> list[str]:
    out = []
    while game.state.turn == 1:
        step = game.current_step()
        out.append(f"{game.state.phase}.{step.id if step else ''}")
        game.next_step(at=AT)
    return out


def wave_game(*, without: tuple[str, ...] = ()) -> Game:
    scenario = load_scenario("rnf-wave-attack")
    return new_game("rank-and-file", scenario=scenario, seed=4, without=without)


def test_the_wave_attack_steps_are_walked_with_the_option_on() -> None:
    game = wave_game()
    assert "wave_attacks" in game.ruleset.active_options
    assert set(walked(game)) >= WAVE_STEPS


def test_with_the_option_off_no_wave_attack_step_is_walked_or_listed() -> None:
    game = wave_game(without=("wave_attacks",))
    assert "wave_attacks" not in game.ruleset.active_options
    steps = walked(game)
    assert not WAVE_STEPS & set(steps)
    assert {"charge.declare", "charge.move_chargers", "charge.defensive_fire",
            "charge.charge_home", "melee.melee_result"} <= set(steps)  # fmt: skip
    listed = {f"{p.id}.{s.id}" for p in game.phases() for s in p.steps}
    assert not WAVE_STEPS & listed
    assert not any("wave" in s.text.lower() for p in game.phases() for s in p.steps)


BASE = """
id = "steps-test"
title = "Steps test"
version = "0.0.1"
description = "x"
source = "x"

[options.extra]
title = "Extra"
description = "x"
source = "x"

[sequence]
activation = "none"

[[sequence.phases]]
id = "only"
title = "Only"
steps = [
    { id = "a", text = "A"{a} },
    { id = "b", text = "B"{b} },
]
"""


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        (', option = "nope"', "", "no optional rule 'nope'"),
        (', option = "extra"', ', again = "a"', "a step of the optional rule 'extra'"),
    ],
)
def test_an_optional_step_is_checked(tmp_path, a: str, b: str, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "steps-test.toml"
    path.write_text(BASE.replace("{a}", a).replace("{b}", b), encoding="utf-8")
    with pytest.raises(DrumheadError, match=message) as caught:
        load_ruleset_file(path)
    assert "steps-test.toml" in str(caught.value)
