"""At the table: One If By Land's general killed (OIBL p.11 Risk to generals) reads beside its
effect whom it falls on, every unit of his command by name; applied as the resolve screen
applies it, the marker lands on each of their cards, which a save and reload, an undo and a
redo keep exactly; a general whose card names no command is asked about first (ruling
oibl-general-command)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.errors import CommandNeededError
from drumhead.session import TableSession
from drumhead.session.form import CheckForm

MILITIA = ["sc_militia_spartan", "sc_militia_little_river"]
SKIRMISHERS = ["nc_riflemen", "ga_riflemen"]


@pytest.fixture
def cowpens(saves: Path) -> Iterator[TableSession]:
    table = TableSession(str(saves), seed=1781)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("one-if-by-land", "cowpens", scenario="cowpens-1781")
    yield table
    table.close(force=True)


def killed(table: TableSession, unit: str) -> CheckForm:
    form = table.form("general_risk", unit)
    assert form is not None
    form.set_input("hits", "2")
    form.roll([1, 6])
    assert form.result is not None and form.result.outcome == "killed"
    return form


def apply(table: TableSession, form: CheckForm) -> None:
    """As the resolve screen's a: each group on its unit, the table's notes in the log."""
    for group in form.groups(list(form.effects)):
        if group.on_no_card:
            table.log_notes(group.effects)
        else:
            assert group.target is not None, group  # never a unit to pick: his card says
            table.apply_effects(group.target, list(group.effects))


def marked(table: TableSession) -> set[str]:
    return {u.id for u in table.state.units if "panic" in u.markers}


def test_the_command_is_named_beside_the_effect_and_marked_on_every_card(
    cowpens: TableSession, saves: Path
) -> None:
    form = killed(cowpens, "sc_militia_spartan")  # Col. Andrew Pickens is with it
    marker = next(e for e in form.effects if e.who == "command")
    assert form.falls_on(marker) == (
        "every unit of Col. Andrew Pickens's command: North Carolina riflemen (McDowell), "
        "Georgia riflemen (Cunningham), South Carolina militia (Brandon, Thomas), "
        "South Carolina militia (Hays, Roebuck)"
    )
    assert [e.who for e in form.effects] == ["leader", "command"]  # no note left to the table
    assert [g.who for g in form.groups(list(form.effects))] == ["self"]
    apply(cowpens, form)
    assert marked(cowpens) == {*SKIRMISHERS, *MILITIA}
    assert cowpens.state.leader("pickens").status == "killed"
    line = cowpens.describe(cowpens.open_game_or_fail().log[-1])
    assert "North Carolina riflemen (McDowell): Every unit under his command" in line
    # saved and opened again next week: the same cards
    before = cowpens.state
    cowpens.close()
    later = TableSession(str(saves))
    try:
        later.resume(saves / "cowpens.toml")
        assert later.state == before and marked(later) == {*SKIRMISHERS, *MILITIA}
        # undo takes every marker back with the general's death; redo puts them again
        assert later.undo() is not None
        assert marked(later) == set() and later.state.leader("pickens").status == "active"
        assert later.redo() is not None
        assert later.state == before
    finally:
        later.close(force=True)


def test_a_unit_routed_off_is_not_named_nor_marked(cowpens: TableSession) -> None:
    cowpens.edit_unit("ga_riflemen", "removed", True)
    form = killed(cowpens, "sc_militia_spartan")
    shown = form.falls_on(next(e for e in form.effects if e.who == "command"))
    assert shown is not None and "Georgia riflemen" not in shown
    apply(cowpens, form)
    assert marked(cowpens) == {"nc_riflemen", *MILITIA}


def test_a_general_with_no_command_on_his_card_is_asked_about(cowpens: TableSession) -> None:
    """His card names no command: the form says the players are asked; applying asks which
    brigades or units he commands (nothing applied yet); their answer, kept on his card,
    gives the units marked."""
    cowpens.edit_leader("pickens", "commands", [])
    form = killed(cowpens, "sc_militia_spartan")
    marker = next(e for e in form.effects if e.who == "command")
    assert form.falls_on(marker) == (
        "every unit of Col. Andrew Pickens's command (his card names none: you are asked)"
    )
    count = cowpens.open_game_or_fail().event_count
    with pytest.raises(CommandNeededError) as asked:
        apply(cowpens, form)
    assert asked.value.question == (
        "Which brigades or units does Col. Andrew Pickens command? (his card names none)"
    )
    assert cowpens.open_game_or_fail().event_count == count and marked(cowpens) == set()
    cowpens.edit_leader(asked.value.leader, "commands", ["militia_line"])
    assert form.falls_on(marker) == (
        "every unit of Col. Andrew Pickens's command: South Carolina militia (Brandon, "
        "Thomas), South Carolina militia (Hays, Roebuck)"
    )
    apply(cowpens, form)
    assert marked(cowpens) == set(MILITIA)


def test_a_command_naming_none_of_his_side_says_so_beside_the_effect(
    cowpens: TableSession,
) -> None:
    cowpens.edit_leader("pickens", "commands", ["militia_lin"])
    form = killed(cowpens, "sc_militia_spartan")
    marker = next(e for e in form.effects if e.who == "command")
    assert form.falls_on(marker) == (
        "every unit of Col. Andrew Pickens's command (his card's, militia_lin, names none of his "
        "side: you are asked)"
    )
    with pytest.raises(CommandNeededError, match=r"his card's command \(militia_lin\) names no"):
        apply(cowpens, form)
