"""What the charge's own steps know fills the checks made at them (One If By Land, Cowpens):
the charged unit's test names its charger from the charge test in the log (p.9 steps 2 and 4),
the defender's fire at step 4 is at the charger, at 2 inches, point blank (p.9 step 4; p.8),
the charge move is a charge (p.9 step 3: +3"), a shaken card fires half by itself (p.11), and
a morale test asks only for the unit its reason names (p.9 steps 2 and 4).

Every expected value is worked by hand from the rule text, with the page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.session import TableSession

RULESET = "one-if-by-land"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[TableSession]:
    saves = tmp_path / "saves"
    saves.mkdir()
    session = TableSession(str(saves), ruleset=RULESET, seed=33)
    session.clock = lambda: "2026-01-17T07:00:00+00:00"
    session.new_game(RULESET, "cowpens", scenario="cowpens-1781")
    yield session
    session.close(force=True)


def _roll_and_apply(
    table: TableSession, check: str, unit: str, dice: list[int], step: str, **roles: str
) -> str:
    made = table.form(check, unit, step)
    assert made is not None
    for role, other in roles.items():
        made.set_role(role, other)
    result = made.roll(dice)
    first = made.check.role_ids[0]
    on_cards = [e for e in made.effects if e.who != "table"]
    table.apply_effects(unit, on_cards, roles={first: unit, **made.roles_in_play()})
    return result.outcome


def _dragoons_charge_the_militia(table: TableSession) -> None:
    # p.9 step 2: the Legion dragoons (Regular 7) test to charge the Spartan militia: d10 2 <= 7
    outcome = _roll_and_apply(
        table,
        "morale",
        "legion_dragoons",
        [2],
        "charge_declarations.attacker_test",
        charged="sc_militia_spartan",
    )
    assert outcome == "pass"


def test_the_charged_units_test_names_its_charger_from_the_charge_test(
    table: TableSession,
) -> None:
    _dragoons_charge_the_militia(table)
    made = table.form("morale", "sc_militia_spartan", "charge_moves.defender_test")
    assert made is not None
    assert made.values["situation"] == "charged"
    assert made.roles == {"charger": "legion_dragoons"}
    assert made.values["charger_type"] == "cavalry"
    view = made.odds()
    assert view.context is not None
    # p.11: Poor 6; Pickens (1) with them -1; open order infantry charged by cavalry +1
    auto = {m.id: m.value for m in view.automatic}
    assert auto == {"leader": -1, "open_order_charged_by_cavalry": 1}
    assert made.roll([7]).outcome == "fail_by_1"  # 7 - 1 + 1 = 7 > 6 by 1


def test_saying_the_unit_is_charged_fills_in_its_charger(table: TableSession) -> None:
    """Opened away from charge step 4 (the walk is at the draw), the test asks for no other
    unit until the players say why it tests: charged, the charge test's pair fills the
    charger, and only the cards of the roles in play are read out."""
    _dragoons_charge_the_militia(table)
    made = table.form("morale", "sc_militia_spartan", "draw.draw")
    assert made is not None
    assert made.roles == {}
    assert made.other_roles == []
    made.set_input("situation", "charged")
    assert made.roles == {"charger": "legion_dragoons"}
    assert [role for role, _ in made.other_roles] == ["charger"]
    assert [line.split(":")[0] for line in made.card_lines()] == [
        "South Carolina militia (Brandon, Thomas)",
        "British Legion dragoons",
    ]
    made.set_input("situation", "panic_trigger")
    assert made.other_roles == []
    assert len(made.card_lines()) == 1  # the charger's card is no longer read


def test_the_defenders_fire_at_step_4_is_at_the_charger_point_blank(table: TableSession) -> None:
    _dragoons_charge_the_militia(table)
    made = table.form("fire", "sc_militia_spartan", "charge_moves.defender_fire")
    assert made is not None
    assert made.values["portion"] == "charged"
    assert made.roles == {"target": "legion_dragoons"}
    view = made.odds()
    assert view.context is not None
    # p.9 step 4: at 2 inches, so point blank +2 (p.8); mounted cavalry +2; Poor -2 (p.8)
    auto = {m.id: m.value for m in view.automatic}
    assert auto == {"point_blank_measured": 2, "target_column_or_cavalry": 2, "firer_poor": -2}
    # 15 figures (row 13-15), d10 5 + 2 = 7: 2 casualties (p.7 combat chart)
    result = made.roll([5])
    assert (result.outcome, result.value) == ("casualties", 2)


def test_ordinary_fire_is_not_aimed_at_the_charger_by_the_log(table: TableSession) -> None:
    _dragoons_charge_the_militia(table)
    made = table.form("fire", "sc_militia_spartan", "firing.fire")
    assert made is not None
    assert made.values.get("portion", "all") == "all"
    assert made.roles == {}


def test_the_charge_move_is_a_charge(table: TableSession) -> None:
    made = table.form("movement", "legion_dragoons", "charge_moves.charge_move")
    assert made is not None
    assert made.values["charging"] is True
    made.set_input("condition", "cavalry")
    # p.5: cavalry 1d6+10, charge +3 (p.9 step 3): d6 3 -> 16
    result = made.roll([3])
    assert (result.outcome, result.value) == ("inches", 16)


def test_a_shaken_firer_fires_half_by_its_card(table: TableSession) -> None:
    # p.11: the 7th (Regular 7, Newmarsh 1 with it) tests: d10 9 - 1 = 8: fails by 1, shaken
    outcome = _roll_and_apply(table, "morale", "7th_fusiliers", [9], "firing.panic_from_fire")
    assert outcome == "fail_by_1"
    game = table.open_game_or_fail()
    assert game.state.unit("7th_fusiliers").state == "shaken"
    made = table.form("fire", "7th_fusiliers", "firing.fire")
    assert made is not None
    made.set_role("target", "sc_militia_spartan")
    made.set_input("range_inches", 7)
    view = made.odds()
    assert view.context is not None, view.blocked
    # p.11: half its 17 figures, rounded up: 9 (row 7-9); d10 9: 1 casualty (p.7)
    result = made.roll([9])
    assert (result.outcome, result.value) == ("casualties", 1)
    assert "half of them, rounded up: 9" in " ".join(result.steps)


@pytest.mark.parametrize(
    ("situation", "asked"),
    [
        ("panic_marker", []),
        ("panic_trigger", []),
        ("charging", ["charged"]),
        ("charged", ["charger"]),
        ("skirmishers_charged", ["charger"]),
        ("closing", []),
        ("melee_result", []),
    ],
)
def test_a_morale_test_asks_for_the_roles_its_reason_names(
    table: TableSession, situation: str, asked: list[str]
) -> None:
    made = table.form("morale", "light_infantry")
    assert made is not None
    made.set_input("situation", situation)
    assert [role for role, _ in made.other_roles] == asked


def test_a_cavalry_card_moves_at_the_cavalry_rate(table: TableSession) -> None:
    """OIBL p.5 Movement rates: cavalry and generals 1d6+10, whatever the formation (ruling
    oibl-movement-rate-by-card): the 3rd Continental Light Dragoons, close order on their
    card, move 11-16 inches, not close order infantry's 3-8."""
    made = table.form("movement", "3rd_dragoons", "movement.move")
    assert made is not None
    assert made.values.get("condition", "by_card") == "by_card"
    view = made.odds()
    assert view.context is not None, view.blocked
    assert {o.value for o in view.odds} == set(range(11, 17))
    result = made.roll([5])  # d6 5 + 10 = 15
    assert (result.outcome, result.value) == ("inches", 15)
    # at charge step 3 the card's rate takes the +3 (p.9 step 3): d6 5 + 10 + 3 = 18
    charge = table.form("movement", "3rd_dragoons", "charge_moves.charge_move")
    assert charge is not None
    charged = charge.roll([5])
    assert (charged.outcome, charged.value) == ("inches", 18)


def test_cavalry_on_an_infantry_rate_is_refused_with_the_rule(table: TableSession) -> None:
    made = table.form("movement", "3rd_dragoons", "movement.move")
    assert made is not None
    made.set_input("condition", "close_order")
    view = made.odds()
    assert view.refused
    assert "cavalry moves at the cavalry rates" in str(view.blocked)
    assert "(OIBL p.5 Movement rates" in str(view.blocked)  # refused with its citation


def test_a_single_casualty_reads_in_the_singular(table: TableSession) -> None:
    """OIBL p.7: the Spartan militia (15, Poor -2) fire at the light infantry 5" away: d10 3 - 2
    = 1, row 13-15: 1 casualty. The texts say one figure, one hit, and name the risk to
    generals by its name, not its id."""
    made = table.form("fire", "sc_militia_spartan", "firing.fire")
    assert made is not None
    made.set_role("target", "light_infantry")
    made.set_input("range_inches", 5)
    result = made.roll([3])
    assert (result.outcome, result.value) == ("casualties", 1)
    assert result.text == "1 figure casualty on the target"
    texts = [e.text for e in result.effects]
    assert "The target loses 1 figure" in texts
    assert (
        "The target lost 1 figure: a general with it rolls the risk to generals for 1 hit"
    ) in texts
    # two casualties, the plural (d10 8 - 2 = 6, row 13-15: 2)
    again = table.form("fire", "sc_militia_spartan", "firing.fire")
    assert again is not None
    again.set_role("target", "light_infantry")
    again.set_input("range_inches", 5)
    assert again.roll([8]).text == "2 figure casualties on the target"


def test_no_player_text_names_a_check_by_its_id(table: TableSession) -> None:
    """What the players read says a check by its name ("the winner of the melee"), never its
    id ("melee_winner", "(general_risk)")."""
    ruleset = table.ruleset
    ids = [c.id for c in ruleset.checks if "_" in c.id]
    texts: list[tuple[str, str]] = []
    for check in ruleset.checks:
        texts.append((f"{check.id}.summary", check.summary))
        texts += [(f"{check.id}.refuse", r.text) for r in check.refusals]
        for outcome in check.outcomes:
            texts.append((f"{check.id}.{outcome.id}", outcome.text))
            texts += [(f"{check.id}.{outcome.id}.effect", e.text) for e in outcome.effects]
    named = [(where, i) for where, text in texts for i in ids if re.search(rf"\b{i}\b", text)]
    assert named == []


def test_a_defender_failing_by_1_fires_half_rounded_down_at_its_charger(
    table: TableSession,
) -> None:
    """OIBL p.9 step 4 NOTE: a Regular infantry defender failing its test by 1 fires half its
    eligible figures, rounded down, at the charger; the card's shaken state says so."""
    # p.9 step 2: the 3rd Continental Light Dragoons (Veteran 8) charge the 7th: d10 2, pass
    outcome = _roll_and_apply(
        table,
        "morale",
        "3rd_dragoons",
        [2],
        "charge_declarations.attacker_test",
        charged="7th_fusiliers",
    )
    assert outcome == "pass"
    # p.11: Regular 7, Newmarsh -1, open order charged by cavalry +1: d10 8 -> 8, fails by 1
    outcome = _roll_and_apply(table, "morale", "7th_fusiliers", [8], "charge_moves.defender_test")
    assert outcome == "fail_by_1"
    made = table.form("fire", "7th_fusiliers", "charge_moves.defender_fire")
    assert made is not None
    assert made.roles == {"target": "3rd_dragoons"}
    # half of 17, rounded down: 8 (row 7-9); point blank +2, mounted cavalry +2: d10 3 -> 7: 1
    result = made.roll([3])
    assert (result.outcome, result.value) == ("casualties", 1)
    assert "half of them, rounded down: 8" in " ".join(result.steps)
