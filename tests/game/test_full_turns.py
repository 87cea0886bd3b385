"""A full turn of each shipped scenario, walked step by step as its ruleset lays it out, with
one two-sided check on the way whose effects land on both units' cards (the Game API; the
app's checklist walks the same steps)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from drumhead.game import Game, load_scenario, new_game, replay

AT = "2026-11-23T20:00:00Z"
ROOT = Path(__file__).resolve().parents[2]


def play_turn(game: Game, at_step: str, fight: Callable[[Game], None]) -> list[str]:
    """Walk turn 1 to turn 2 by next_step alone; at ``phase.step`` (the first time) run
    ``fight``. Returns every ``phase.step`` walked, in order."""
    walked: list[str] = []
    fought = False
    while game.state.turn == 1:
        step = game.current_step()
        here = f"{game.state.phase}.{step.id if step else ''}"
        walked.append(here)
        if here == at_step and not fought:
            fight(game)
            fought = True
        game.next_step(at=AT)
    assert fought, f"the walk never reached {at_step}"
    assert replay(game.start, game.log) == game.state
    return walked


def test_one_if_by_land_cowpens_melee_routs_the_defender_and_marks_the_attacker() -> None:
    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    seen: dict[str, Any] = {}

    def fight(g: Game) -> None:
        card = g.active_card()
        attacker = next(u for u in g.state.units if u.brigade == card)
        defender = next(u for u in g.state.units if u.side != attacker.side)
        check = g.step_check(attacker.id)
        assert check is not None and check.id == "melee_winner"
        event, result = g.resolve(
            check.id,
            attacker.id,
            {"attacker_lost": 1, "defender_lost": 4},
            at=AT,
            roles={"defender": defender.id},
        )
        assert result.outcome == "defenders_rout"
        g.apply_effects(
            attacker.id,
            list(result.effects),
            at=AT,
            resolution=event.seq,
            roles={"attacker": attacker.id, "defender": defender.id},
        )
        seen.update(attacker=attacker.id, defender=defender.id)

    walked = play_turn(game, "melee.winner", fight)
    cards = game.state.activation.cards
    assert walked.count("draw.draw") == len(cards)  # a draw for each card, then turn 2
    assert walked.count("melee.compulsory_routs") == len(cards)
    defender = game.state.unit(seen["defender"])
    assert defender.state == "rout" and "panic" in defender.markers
    applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
    # the defender's rout lands on its card; the attacker's morale test (it lost a figure) is
    # an instruction for the table, on no card (OIBL p.10 step 9)
    assert {e.get("unit") for e in applied.data["effects"]} == {seen["defender"], None}


def test_mwan_henry_hill_close_combat_costs_both_units_figures() -> None:
    game = new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)
    game.set_initiative("confederate", "confederate", at=AT)
    before = {u: game.state.unit(u).strength_now for u in ("va4", "ny11_zouaves")}

    def fight(g: Game) -> None:
        check = g.step_check("va4")
        assert check is not None and check.id == "close_combat"
        event, result = g.resolve(
            "close_combat",
            "va4",
            {"attacker_state": "charge_to_combat"},
            hand_dice=[9, 3],
            at=AT,
            roles={"defender": "ny11_zouaves"},
        )
        g.apply_effects(
            "va4",
            list(result.effects),
            at=AT,
            resolution=event.seq,
            roles={"attacker": "va4", "defender": "ny11_zouaves"},
        )

    walked = play_turn(game, "close_combat.frontal", fight)
    assert walked.count("movement.move") == 2  # once for each side
    after = {u: game.state.unit(u).strength_now for u in before}
    assert all(after[u] < before[u] for u in before), (before, after)


def test_rank_and_file_wave_attack_melee_sends_the_loser_back_unsteady() -> None:
    game = new_game("rank-and-file", scenario=load_scenario("rnf-wave-attack"), seed=4)

    def fight(g: Game) -> None:
        check = g.step_check("csa_first_wave")
        assert check is not None and check.id == "melee"
        check = g.ruleset.check("melee_result")
        event, result = g.resolve(
            "melee_result",
            "csa_first_wave",
            {"attacker_hits": 3, "defender_hits": 1},
            at=AT,
            roles={"defender": "union_regiment", "second": "csa_second_wave"},
        )
        assert result.outcome == "attacker_wins"
        g.apply_effects(
            "csa_first_wave",
            list(result.effects),
            at=AT,
            resolution=event.seq,
            roles={
                "attacker": "csa_first_wave",
                "defender": "union_regiment",
                "second": "csa_second_wave",
            },
        )

    play_turn(game, "melee.melee_dice", fight)
    assert game.state.unit("union_regiment").state == "unsteady"
    applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
    # 'the attackers may occupy the ground' is the table's (None: on no card)
    assert {e.get("unit") for e in applied.data["effects"]} == {
        "union_regiment",
        None,
    }


def test_republique_aspern_assault_picks_both_sides_and_their_leaders() -> None:
    """The assault's results are the Combat Chart's, which our source lacks: its outcome
    notes go to the table (no card); the defender's panic test then lands on its card."""
    game = new_game(
        "republique",
        scenario=load_scenario("aspern-1809"),
        seed=5,
        house_rules=str(ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"),
    )

    def fight(g: Game) -> None:
        check = g.step_check("hiller_line")
        assert check is not None and check.id == "assault"
        event, result = g.resolve(
            "assault",
            "hiller_line",
            {},
            hand_dice=[8, 2],
            at=AT,
            roles={"defender": "ligne_16"},
            leaders={"attacker": "hiller"},
        )
        assert dict(result.inputs)["attacker_leader"] == 1
        applied = g.apply_effects(
            "hiller_line",
            list(result.effects),
            at=AT,
            resolution=event.seq,
            roles={"attacker": "hiller_line", "defender": "ligne_16"},
        )
        # +7: the text's own cell 'Defender 3M 2P; ...' (4.4): the 16e takes the 3 morale hits
        assert {e.get("unit") for e in applied.data["effects"]} == {None, "ligne_16"}

    walked = play_turn(game, "assault.step1_roll", fight)
    assert walked[-1] == "turn_end.charge_disorder"
    assert game.state.unit("hiller_line").strength_now == 6
    assert game.state.unit("ligne_16").state == "shaken"
