"""Both sides of a fight: roles declared in the rules data, inputs filled from each side's
card, and one event applying every effect to the unit of the role it names."""

from __future__ import annotations

import textwrap

import pytest

from drumhead.errors import InputError, RulesetError
from drumhead.game import load_scenario, new_game, replay, unit_inputs
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.loading.ruleset import TABLE, build_ruleset

AT = "2026-11-23T20:00:00Z"


def mwan_game():  # type: ignore[no-untyped-def]
    return new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_effect_falls_on_a_role_of_its_check(ruleset_id: str) -> None:
    """In every shipped check an effect names one of the check's roles (or ``self``, the
    first), a role's leader, every unit of his command, one unit picked from a role's group,
    an army-level check's side, or the table; a check whose effects
    fall on more than the unit it is made for declares its roles."""
    ruleset = load_ruleset(ruleset_id, [o.id for o in load_ruleset(ruleset_id).options])
    for check in ruleset.checks:
        roles = check.role_ids
        sides = check.sides or () if check.scope == "army" else ()
        allowed = {
            "self",
            "leader",
            "command",
            TABLE,
            *roles,
            *(f"leader:{r}" for r in roles),
            *(f"command:{r}" for r in roles),
            *(f"pick:{r}" for r in roles),
            *sides,
        }
        whos = {e.who for o in check.outcomes for e in o.effects}
        assert whos <= allowed, (check.id, whos - allowed)
        others = whos - {"self", "leader", "command", TABLE, roles[0] if roles else "self"}
        if others and check.scope == "unit":
            assert len(roles) > 1, (check.id, others)


def test_two_sided_checks_of_the_rules_declare_their_sides() -> None:
    expected = {
        ("mwan116-acw", "fire"): ("firer", "target"),
        ("mwan116-acw", "close_combat"): ("attacker", "defender"),
        ("one-if-by-land", "fire"): ("firer", "target"),
        ("one-if-by-land", "melee_winner"): ("attacker", "defender"),
        ("rank-and-file", "fire"): ("firer", "target"),
        ("rank-and-file", "melee_result"): ("attacker", "defender", "second"),
        ("republique", "assault"): (
            "attacker",
            "defender",
            "attacker_incidental",
            "defender_incidental",
        ),
    }
    for (ruleset_id, check_id), roles in expected.items():
        assert load_ruleset(ruleset_id).check(check_id).role_ids == roles
    initiative = load_ruleset("mwan116-acw").check("initiative")
    assert initiative.scope == "army" and initiative.role_ids == ()


def mini(extra: str) -> str:
    return textwrap.dedent(
        """
        id = "mini"
        title = "Mini"
        version = "1"
        [[sources]]
        id = "s"
        title = "S"
        document = "s.txt"
        [checks.fire]
        title = "Fire"
        kind = "roll"
        source = "s p.1"
        summary = "Roll."
        dice = "1d6"
        """
    ) + textwrap.dedent(extra)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            """
            [checks.fire.outcomes.hit]
            text = "Hit"
            effects = [{ kind = "lose", amount = 1, who = "target", text = "loses 1" }]
            """,
            "no one called 'target' in this check",
        ),
        (
            """
            roles = { firer = "Firer", target = "Target" }
            [checks.fire.outcomes.hit]
            text = "Hit"
            effects = [{ kind = "lose", amount = 1, who = "table", text = "loses 1" }]
            """,
            "only a note is for the table",
        ),
        (
            """
            roles = { firer = "Firer", target = { title = "Target", min = 2, max = 1 } }
            [checks.fire.outcomes.hit]
            text = "Hit"
            """,
            "a role holds min..max units",
        ),
        (
            """
            roles = { firer = "Firer" }
            [checks.fire.inputs.q]
            type = "int"
            label = "Q"
            default = 0
            from_unit = "strength_now"
            role = "target"
            [checks.fire.outcomes.hit]
            text = "Hit"
            """,
            "no role 'target' in this check",
        ),
    ],
)
def test_roles_are_validated(extra: str, message: str) -> None:
    import tomllib

    text = mini(extra)
    with pytest.raises(RulesetError, match=message):
        build_ruleset(tomllib.loads(text), file="mini.toml", text=text)


def test_the_target_role_fills_its_inputs_from_its_card_and_both_cards_change() -> None:
    """MWAN close combat, 4th Virginia (with Jackson) against the 11th New York (with
    Willcox): both generals' boxes are filled from the cards; a 'driven back' result changes
    both units in one event, which replays to the same state and undoes as one."""
    game = mwan_game()
    check = game.ruleset.check("close_combat")
    assert unit_inputs(game.ruleset, check, game.state, "ny11_zouaves", "defender") == {
        "opponent_general": True,
        "defender_type": "infantry",
        "defender_formation": "line",
    }
    event, result = game.resolve(
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        [],
        hand_dice=[9, 3],
        at=AT,
        roles={"defender": "ny11_zouaves"},
    )
    inputs = dict(result.inputs)
    assert inputs["general"] is True and inputs["opponent_general"] is True
    assert event.data["roles"] == {"defender": ["ny11_zouaves"]}
    before = {u: game.state.unit(u).strength_now for u in ("va4", "ny11_zouaves")}
    applied = game.apply_effects(
        "va4",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles={"attacker": "va4", "defender": "ny11_zouaves"},
    )
    units = {e.get("unit") for e in applied.data["effects"]}
    assert units == {"va4", "ny11_zouaves", None}  # None: the table's note (position taken)
    lost = {u: before[u] - game.state.unit(u).strength_now for u in before}
    expected = {
        u: sum(
            e["amount"]
            for e in applied.data["effects"]
            if e["kind"] == "lose" and e.get("unit") == u
        )
        for u in before
    }
    assert lost == expected and all(v > 0 for v in lost.values())
    assert replay(game.start, game.log) == game.state
    game.undo()
    assert {u: game.state.unit(u).strength_now for u in before} == before


def test_an_effect_on_a_role_nobody_picked_is_refused() -> None:
    game = mwan_game()
    event, result = game.resolve(
        "close_combat",
        "va4",
        {"attacker_state": "charge_to_combat"},
        [],
        hand_dice=[9, 3],
        at=AT,
        roles={},
    )
    with pytest.raises(InputError, match="falls on the defender: pick it"):
        game.apply_effects(
            "va4", list(result.effects), at=AT, resolution=event.seq, roles={"attacker": "va4"}
        )
    assert game.log[-1].seq == event.seq  # nothing applied


def test_an_army_level_result_goes_on_no_card() -> None:
    """MWAN's initiative is rolled for a side: its notes are logged, never pinned on a card."""
    game = mwan_game()
    event, result = game.resolve("initiative", None, {}, [], hand_dice=[6, 2, 1, 1], at=AT)
    cards = {u.id: u.notes for u in game.state.units}
    applied = game.apply_effects(None, list(result.effects), at=AT, resolution=event.seq)
    assert all("unit" not in e for e in applied.data["effects"])
    assert {u.id: u.notes for u in game.state.units} == cards
    assert replay(game.start, game.log) == game.state
