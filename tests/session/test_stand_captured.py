"""MWAN116 Close Combat, Combat Tables: "Swept from field ... 1 stand captured". The stand's
figures come off the defender's card: a card that does not say how many figures a stand holds
asks the players once (as the resolve screen asks: the answer kept on the card, an undoable
edit), and the next stand captured reads it. Before (issue 35) a card without a stand size got
a note to remove them by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.errors import MissingCardValueError
from drumhead.session import TableSession


@pytest.fixture
def henry_hill(saves: Path) -> Iterator[TableSession]:
    table = TableSession(str(saves), seed=1861)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("mwan116-acw", "henry", scenario="first-bull-run-henry-hill")
    yield table
    table.close(force=True)


def swept(table: TableSession) -> bool:
    """The 33rd Virginia sweeps the 1st Minnesota from the field from the flank (a 6 on the
    flank table), both sides' effects applied in one event as the resolve screen does, its
    questions answered as the players would (4 figures a stand); whether one was asked."""
    form = table.form("close_combat_flank", "va33")
    assert form is not None
    form.set_role("defender", "minn1")
    result = form.roll([6])
    assert result.outcome == "swept_from_field"
    assert not [e for e in form.effects if e.kind == "note" and e.who == "defender"]
    roles = {form.check.role_ids[0]: "va33", **form.picked_roles()}
    asked = False
    while True:
        try:
            table.apply_effects("va33", list(form.effects), roles)
            return asked
        except MissingCardValueError as missing:
            assert not asked, "asked twice"
            assert (missing.unit, missing.attribute) == ("minn1", "figures_per_stand")
            assert missing.question == "Figures per stand of 1st Minnesota? (its card gives none)"
            assert missing.minimum == 1
            table.edit_unit(missing.unit, missing.attribute, 4)
            asked = True


def test_the_stand_size_is_asked_once_kept_on_the_card_and_the_stand_lost(
    henry_hill: TableSession, saves: Path
) -> None:
    start = henry_hill.state.unit("minn1").strength_now
    notes = henry_hill.state.unit("minn1").notes
    assert henry_hill.state.unit("minn1").attribute("figures_per_stand") is None
    assert swept(henry_hill) is True
    minnesota = henry_hill.state.unit("minn1")
    assert minnesota.attribute("figures_per_stand") == 4  # kept on its card
    assert (minnesota.strength_now, minnesota.state) == (start - 4, "quits_field")
    assert minnesota.notes == notes  # nothing left to remove by hand
    log = henry_hill.open_game_or_fail().log
    lost = next(
        e for e in log[-1].data["effects"] if e.get("unit") == "minn1" and e["kind"] == "lose"
    )
    assert (lost["stands"], lost["per_stand"], lost["amount"]) == (1, 4, 4)
    assert "(1 x 4 figures per stand = 4)" in henry_hill.describe(log[-1])
    # the next stand captured reads the card: nobody is asked again
    assert swept(henry_hill) is False
    assert henry_hill.state.unit("minn1").strength_now == start - 8
    # saved and opened again; undo gives the stand back, redo takes it again
    before = henry_hill.state
    henry_hill.close()
    later = TableSession(str(saves))
    try:
        later.resume(saves / "henry.toml")
        assert later.state == before
        later.undo()
        assert later.state.unit("minn1").strength_now == start - 4
        later.redo()
        assert later.state == before
    finally:
        later.close(force=True)


def test_reverting_the_answer_conflicts_with_the_stand_it_counted(
    henry_hill: TableSession,
) -> None:
    swept(henry_hill)
    game = henry_hill.open_game_or_fail()
    answer = next(e for e in game.log if e.kind == "edit")
    applied = game.log[-1]
    plan = game.revert(answer.seq)
    assert [(c.seq, c.rule) for c in plan.conflicts] == [(applied.seq, "card")]
    assert "counted a stand of 1st Minnesota as 4" in plan.conflicts[0].reason
