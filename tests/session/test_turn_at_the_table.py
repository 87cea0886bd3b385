"""The turn walked through the session (issue 17): the checklist's current step and who acts,
both sides of a check picked on the form and applied as one event, the initiative recorded
with its roll, the scenario's optional rules switched off."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import DrumheadError
from drumhead.game import unit_inputs
from drumhead.session import TableSession


def test_mwan_both_sides_initiative_and_the_walk(saves: Path) -> None:
    table = TableSession(str(saves), ruleset="mwan116-acw", seed=7)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    try:
        table.new_game("mwan116-acw", "bull", scenario="first-bull-run-henry-hill")
        game = table.open_game_or_fail()
        assert table.checklist().steps[0].current and table.checklist().acting
        union = next(u.id for u in game.state.units if u.side == "union")
        table.run_check("initiative", union, {}, {}, [12, 12, 1, 1], True)
        assert game.state.activation.initiative == "union"  # recorded with the roll
        assert game.state.activation.first == "union"
        table.next_phase()
        listed = table.checklist()
        assert listed.acting == "Moving: Union"  # as a line names the side
        assert next(s for s in listed.steps if s.current).key == "movement.move"
        table.edit_unit("va4", "state", "charge_to_combat")  # a frontal attack needs it
        form = table.form("close_combat", "va4")
        assert form is not None and form.other_roles == [("defender", "The defending unit")]
        assert form.role_choices("defender")[0][0] != "va4"
        form.set_role("defender", "ny11_zouaves")
        assert form.values["opponent_general"] is True  # from the Zouaves' card
        assert any(line.startswith("11th New York") or "New York" in line
                   for line in form.card_lines())  # fmt: skip
        form.roll([9, 3])
        before = {u: game.state.unit(u).strength_now for u in ("va4", "ny11_zouaves")}
        count = len(game.log)
        first = form.check.role_ids[0]
        table.apply_effects("va4", form.effects, roles={first: "va4", **form.roles})
        assert len(game.log) == count + 1  # one event for both sides
        after = {u: game.state.unit(u).strength_now for u in before}
        assert all(after[u] < before[u] for u in before)
        again = table.form("close_combat", "va4")
        assert again is not None and again.roles == {"defender": "ny11_zouaves"}  # last foe
    finally:
        table.close(force=True)


def test_the_scenario_options_can_be_switched_off_and_show_in_the_status(saves: Path) -> None:
    table = TableSession(str(saves), ruleset="rank-and-file", seed=7)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    try:
        assert set(table.scenario_options("rnf-wave-attack")) == {"wave_attacks", "rerolls"}
        table.new_game("rank-and-file", "w", scenario="rnf-wave-attack", without=["rerolls"])
        titles = table.options_text()
        assert titles and "with " + titles in table.status().what
        assert table.open_game_or_fail().state.options == {"wave_attacks"}
    finally:
        table.close(force=True)


def test_a_leader_picked_for_a_side_fills_its_inputs_and_is_rolled_with(saves: Path) -> None:
    """The check form's leader picking, without the app: MWAN's major general rally reads the
    leader who moves to the unit; a leader picked from the unit's side fills it, a side without
    leader inputs is refused, and the roll records the leader picked. Close combat's "general
    with the unit" reads the card alone (ruling mwan-close-combat-general): it offers no
    leader to pick."""
    table = TableSession(str(saves), ruleset="mwan116-acw", seed=7)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    try:
        table.new_game("mwan116-acw", "leaders", scenario="first-bull-run-henry-hill")
        game = table.game
        assert game is not None
        combat = table.form("close_combat", "va4")
        assert combat is not None
        combat.set_role("defender", "ny11_zouaves")
        assert combat.leader_sides() == []
        assert combat.values["general"] is True  # Jackson is with the 4th Virginia
        form = table.form("major_general_rally", "va4")
        assert form is not None
        sides = {role: unit for role, _, unit in form.leader_sides()}
        assert sides.get("self") == "va4"
        choices = [i for i, _ in form.leader_choices("va4")]
        assert choices == [x.id for x in game.leader_choices("va4")] and choices
        leader = "beauregard"
        assert leader in choices
        form.set_leader("self", leader)
        expected = unit_inputs(game.ruleset, "major_general_rally", game.state, "va4", None, leader)
        assert {k: form.values[k] for k in expected} == expected
        with pytest.raises(DrumheadError, match="no side 'nobody'"):
            form.set_leader("nobody", leader)
        form.roll([7])
        roll = next(e for e in reversed(game.log) if e.kind == "resolution")
        assert roll.data["leaders"] == {"self": leader}
    finally:
        table.close(force=True)
