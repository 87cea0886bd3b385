"""Picking the other side of a check: enemies first, the unit last fought first of all, and
the lines of both cards the check reads."""

from __future__ import annotations

import pytest

from drumhead.errors import InputError
from drumhead.game import load_scenario, new_game
from drumhead.game.sides import card_lines, effect_choices, last_fought, last_opponent, role_choices

AT = "2026-11-23T20:00:00Z"


def mwan():  # type: ignore[no-untyped-def]
    return new_game("mwan116-acw", scenario=load_scenario("first-bull-run-henry-hill"), seed=9)


def test_enemies_come_first_and_never_the_unit_itself() -> None:
    game = mwan()
    units = role_choices(game, "close_combat", "va4", "defender")
    sides = [u.side for u in units]
    assert "va4" not in {u.id for u in units}
    assert sides == sorted(sides, key=lambda s: 0 if s == "union" else 1)  # enemies, then own
    assert sides[0] == "union" and sides[-1] == "confederate"


def test_the_unit_last_fought_is_offered_first() -> None:
    game = mwan()
    assert last_opponent(game, "va4", "defender") is None
    game.resolve("close_combat", "va4", {}, hand_dice=[6, 6], at=AT, roles={"defender": "minn1"})
    game.resolve("morale", "va5", {}, hand_dice=[6], at=AT)  # another unit's check between
    assert last_opponent(game, "va4", "defender") == "minn1"
    assert role_choices(game, "close_combat", "va4", "defender")[0].id == "minn1"
    game.undo()
    game.undo()
    assert last_opponent(game, "va4", "defender") is None  # undone: forgotten


def test_the_defenders_card_lines_are_those_the_check_reads() -> None:
    game = mwan()
    lines = {line.input: line.value for line in card_lines(game, "close_combat", "ny11_zouaves",
                                                           "defender")}  # fmt: skip
    assert lines == {"opponent_general": True}  # Willcox is with the Zouaves
    mine = {line.input for line in card_lines(game, "close_combat", "va4", "attacker")}
    assert {"general", "attacker_strength_now"} <= mine


def test_a_role_the_check_lacks_is_refused() -> None:
    with pytest.raises(InputError, match="no other side called 'target'"):
        role_choices(mwan(), "close_combat", "va4", "target")


def test_an_effect_picked_after_the_roll_offers_the_unit_last_fought_first() -> None:
    """The picker for effects no role names (after the roll) orders as the side picker does:
    the unit last fought, whatever the check, then the enemy's units, then friends."""
    game = mwan()
    plain = effect_choices(game, "va4")
    assert "va4" not in {u.id for u in plain}
    assert [u.side for u in plain] == sorted((u.side for u in plain), key=lambda s: s != "union")
    game.resolve("close_combat", "va4", {}, hand_dice=[6, 6], at=AT, roles={"defender": "minn1"})
    assert last_fought(game, "va4") == "minn1"
    assert effect_choices(game, "va4")[0].id == "minn1"
    game.undo()
    assert last_fought(game, "va4") is None
    assert [u.id for u in effect_choices(game, "va4")] == [u.id for u in plain]


def test_an_effect_with_no_unit_tested_lists_every_unit_in_play() -> None:
    game = mwan()
    assert [u.id for u in effect_choices(game, None)] == [u.id for u in game.state.units]
