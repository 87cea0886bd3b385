"""Issue 35: what the rules forbid is refused before the roll. A unit on the wrong side of a
role (one of the tested unit's own side as the enemy, the unit itself as its own opponent, an
enemy as a second wave) is refused by the form's pick and by the game's roll alike, in the
words the picker leaves it out with (:func:`drumhead.game.sides.wrong_side`); nothing is
logged and no die is rolled. A side of several units (added to a role, a side beside the
unit's own): tests/session/test_group_sides.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.errors import InputError
from drumhead.session import TableSession

ALLY_AS_DEFENDER = "5th Virginia is on the side of 4th Virginia: the defending unit is the enemy's"


@pytest.fixture
def table(saves: Path) -> Iterator[TableSession]:
    """First Bull Run (MWAN #116): the 4th and 5th Virginia are Confederates, the 11th New
    York Zouaves Union."""
    session = TableSession(str(saves), ruleset="mwan116-acw", seed=7)
    session.new_game("mwan116-acw", "sides", scenario="first-bull-run-henry-hill")
    yield session
    session.close(force=True)


def test_the_form_refuses_an_ally_as_the_enemy(table: TableSession) -> None:
    form = table.form("close_combat", "va4")
    assert form is not None
    with pytest.raises(InputError) as refused:
        form.set_role("defender", "va5")
    assert str(refused.value) == ALLY_AS_DEFENDER
    assert "defender" not in form.roles  # nothing picked, no card read
    with pytest.raises(InputError, match="4th Virginia is already in this check"):
        form.set_role("defender", "va4")  # the unit itself
    form.set_role("defender", "ny11_zouaves")
    assert form.roles == {"defender": "ny11_zouaves"}


def test_the_games_roll_refuses_an_ally_as_the_enemy(table: TableSession) -> None:
    """``drumhead play``, the host and the form all roll through :meth:`Game.resolve`: it
    refuses the pick itself, before a die is rolled or a line logged."""
    game = table.open_game_or_fail()
    logged = game.event_count
    with pytest.raises(InputError) as refused:
        game.resolve("close_combat", "va4", {}, at="t", roles={"defender": "va5"}, hand_dice=[6])
    assert str(refused.value) == ALLY_AS_DEFENDER
    with pytest.raises(InputError, match="4th Virginia is already in this check"):
        game.resolve("close_combat", "va4", {}, at="t", roles={"defender": "va4"})
    assert game.event_count == logged
