"""MWAN #116, Henry Hill, played as a new player plays it (issue 35): each result worked by hand
from the article (shared/seeds/002_a5828d3d965392ed.txt) and read back off the cards, with no
hand edit between. Each case is one the first play-through found the card did not say:

* Close Combat, flank/rear/artillery table, 1-4 Driven Back, when infantry take a battery from
  the front: "Defenders Skedaddle back per rules. 2 figures are captured". The battery's ladder
  had no skedaddle, so the whole result was refused and nothing reached the cards.
* Frontal table, Desperate Struggle: "Both sides retire 12\" and lose 2 figures": both cards
  lost the figures but neither said it was retiring.
* Charge to Combat is a unit's order to close and fight (Unit Status); once the close combat is
  fought the card kept saying Charge to Combat into the next turn (ruling mwan-charge-spent).
* Movement: a formation change (Formation Changes; 1/2 move) halved the move but left the card's
  old formation, so the next fire read the wrong one (No firing from column; Column +3 dice).
* Swept from Field / Charge Repulsed: "Quit the Field", which Unit Status defines as an
  immediate 20\" move to the rear, as the morale table's Quits Field already says.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
HOUSE = str(ROOT / "data" / "house-rules" / "mwan116-acw-sample-firing-table.toml")


@pytest.fixture
def henry_hill(saves: Path) -> Iterator[TableSession]:
    table = TableSession(str(saves), seed=1861)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("mwan116-acw", "henry", scenario="first-bull-run-henry-hill", house_rules=HOUSE)
    yield table
    table.close(force=True)


def fight(
    table: TableSession, check: str, attacker: str, defender: str, dice: list[int], **values: str
) -> str:
    """Both sides' effects applied in one event, as the resolve screen applies them."""
    form = table.form(check, attacker)
    assert form is not None
    form.set_role("defender", defender)
    for name, value in values.items():
        form.set_input(name, value)
    result = form.roll(dice)
    table.apply_effects(
        attacker, list(form.effects), {form.check.role_ids[0]: attacker, **form.picked_roles()}
    )
    return result.outcome


def card(table: TableSession, unit: str) -> tuple[int, str]:
    u = table.state.unit(unit)
    return u.strength_now, u.state


def test_infantry_driving_a_battery_back_leave_it_skedaddled_with_its_guns_taken(
    henry_hill: TableSession,
) -> None:
    """1st Minnesota (19) strike the Thomas Artillery (4 guns) from the front: the defender
    loses; a 2 on the flank/rear/artillery table is Driven Back. The battery skedaddles and 2
    of its figures (guns: ruling mwan-close-combat-battery-figures) are captured; the
    Minnesotans lose 2 figures and take the position, their charge spent. They strike only
    after a Charge to Combat result (ruling mwan-frontal-needs-charge)."""
    henry_hill.edit_unit("minn1", "state", "charge_to_combat")
    outcome = fight(
        henry_hill,
        "close_combat_flank",
        "minn1",
        "thomas_artillery",
        [2],
        attack="artillery_front",
    )
    assert outcome == "driven_back"
    assert card(henry_hill, "thomas_artillery") == (2, "skedaddle")
    assert card(henry_hill, "minn1") == (17, "good_order")


def test_a_desperate_struggle_sends_both_sides_back_retiring(henry_hill: TableSession) -> None:
    """The 38th New York (14) charge the 2nd Virginia (9) after a Charge to Combat result:
    7 against 6 is +1, Desperate Struggle: both retire 12\" and lose 2 figures."""
    henry_hill.edit_unit("ny38", "state", "charge_to_combat")  # the morale table's 6 or 12
    assert fight(henry_hill, "close_combat", "ny38", "va2", [7, 6]) == "desperate_struggle"
    assert card(henry_hill, "ny38") == (12, "retire")
    assert card(henry_hill, "va2") == (7, "retire")
    log = henry_hill.open_game_or_fail().log
    moved = {(e["unit"], e["amount"]) for e in log[-1].data["effects"] if e["kind"] == "distance"}
    assert moved == {("ny38", 12), ("va2", 12)}


def test_the_charge_is_spent_once_the_close_combat_is_fought(henry_hill: TableSession) -> None:
    """The 38th New York charge (Charge to Combat) and win: 9 against 4 is +5, Hard Pressed.
    The 2nd Virginia lose 2 figures and retire 20\"; the New Yorkers lose 2 and take the
    position, back in good order (ruling mwan-charge-spent), not still charging next turn."""
    henry_hill.edit_unit("ny38", "state", "charge_to_combat")
    assert fight(henry_hill, "close_combat", "ny38", "va2", [9, 4]) == "hard_pressed"
    assert card(henry_hill, "ny38") == (12, "good_order")
    assert card(henry_hill, "va2") == (7, "retire")


def test_an_attacker_not_charging_keeps_its_state(henry_hill: TableSession) -> None:
    """Cavalry strike cavalry or a flank during movement, with no Charge to Combat result:
    their card's state is not touched by the charge being spent."""
    henry_hill.edit_unit("va1_cavalry", "state", "high_morale")
    outcome = fight(henry_hill, "close_combat_flank", "va1_cavalry", "ny11_zouaves", [2])
    assert outcome == "driven_back"
    assert card(henry_hill, "va1_cavalry") == (4, "high_morale")
    assert card(henry_hill, "ny11_zouaves") == (16, "skedaddle")


@pytest.mark.parametrize(
    ("dice", "outcome", "quitter"),
    [([12, 2], "swept_from_field", "va2"), ([1, 11], "charge_repulsed", "ny38")],
)
def test_quitting_the_field_from_a_close_combat_moves_20_inches_at_once(
    henry_hill: TableSession, dice: list[int], outcome: str, quitter: str
) -> None:
    henry_hill.edit_unit("va2", "figures_per_stand", 3)
    henry_hill.edit_unit("ny38", "state", "charge_to_combat")
    assert fight(henry_hill, "close_combat", "ny38", "va2", dice) == outcome
    assert henry_hill.state.unit(quitter).state == "quits_field"
    log = henry_hill.open_game_or_fail().log
    moved = [(e["unit"], e["amount"]) for e in log[-1].data["effects"] if e["kind"] == "distance"]
    assert moved == [(quitter, 20)]


@pytest.mark.parametrize(
    ("unit", "formation", "inches", "card_after"),
    [
        ("ny38", "line", 10, "line"),  # column into line: half of 20"
        ("minn1", "column", 10, "column"),
        ("minn1", "unchanged", 20, "line"),
    ],
)
def test_a_formation_change_lands_on_the_card(
    henry_hill: TableSession, unit: str, formation: str, inches: int, card_after: str
) -> None:
    form = henry_hill.form("movement", unit)
    assert form is not None
    form.set_input("new_formation", formation)
    result = form.roll([])
    assert result.value == inches
    henry_hill.apply_effects(unit, list(form.effects))
    assert henry_hill.state.unit(unit).formation == card_after


def test_the_38th_new_york_deployed_into_line_may_fire(henry_hill: TableSession) -> None:
    """No firing from column (Fire Rules 7): once its card says line, the 38th fires."""
    form = henry_hill.form("movement", "ny38")
    assert form is not None
    form.set_input("new_formation", "line")
    form.roll([])
    henry_hill.apply_effects("ny38", list(form.effects))
    fire = henry_hill.form("fire", "ny38")
    assert fire is not None
    fire.set_role("target", "va2")
    assert fire.values["firer_formation"] == "line"
    assert not fire.odds().refused
    assert fire.values["moved"] is True  # it moved to deploy: a die fewer
    assert fire.roll([8, 9, 1]).value == 2


def test_no_formation_change_within_12_inches_of_the_enemy(henry_hill: TableSession) -> None:
    form = henry_hill.form("movement", "ny38")
    assert form is not None
    form.set_input("enemy_within_12", True)
    form.set_input("new_formation", "line")
    view = form.odds()
    assert view.refused and "within 12" in (view.blocked or "")


def morale(table: TableSession, unit: str, face: int, leader: str | None = None) -> str:
    form = table.form("morale", unit)
    assert form is not None
    if leader is not None:
        assert [role for role, _, _ in form.leader_sides()] == ["self"]  # the app offers l
        assert form.leader_choices(unit)[0][0] in (leader, "jackson")  # with it or commanding
        form.set_leader("self", leader)
    result = form.roll([face])
    table.apply_effects(unit, list(form.effects))
    return result.outcome


def test_brigadier_killed_falls_on_the_brigadier_picked_for_the_roll(
    henry_hill: TableSession,
) -> None:
    """Morale Results Table, infantry 3: Brigadier Killed. The 27th Virginia's brigadier,
    Jackson, is with the 4th: picked for the 27th's roll (ruling mwan-brigadier-picked), his
    card is marked killed. Before, the result was refused ('no leader is with 27th Virginia')
    and reached no card: the players had to mark Jackson by hand."""
    assert morale(henry_hill, "va27", 3, leader="jackson") == "brigadier_killed"
    assert henry_hill.state.leader("jackson").status == "killed"


def test_brigadier_killed_with_the_brigadier_attached_needs_no_pick(
    henry_hill: TableSession,
) -> None:
    assert morale(henry_hill, "va4", 3) == "brigadier_killed"
    assert henry_hill.state.leader("jackson").status == "killed"


def test_brigadier_killed_with_no_brigadier_named_is_said_not_refused(
    henry_hill: TableSession,
) -> None:
    """No general commanding the 5th Virginia is with it or picked: the result is applied (no
    refusal) and says what the players must do; no leader's card is guessed."""
    assert morale(henry_hill, "va5", 3) == "brigadier_killed"
    assert {leader.status for leader in henry_hill.state.leaders} == {"active"}
    notes = [
        e["text"] for e in henry_hill.open_game_or_fail().log[-1].data["effects"] if "unit" not in e
    ]
    assert any("pick him next time" in text for text in notes)


def test_dice_and_halving_modifiers_are_said_beside_the_odds(henry_hill: TableSession) -> None:
    """Playing Henry Hill the odds' heading read "No modifiers apply" with Ricketts' rifled
    guns (+1 die) ticked and with the 38th's formation change halving its move."""
    move = henry_hill.form("movement", "ny38")
    assert move is not None
    assert move.odds().needed == "No modifiers apply"
    move.set_input("new_formation", "line")
    assert move.odds().needed == "Modifiers: x1/2"
    fire = henry_hill.form("fire", "ricketts")
    assert fire is not None
    fire.set_role("target", "va4")
    fire.tick({"rifled_shot_shell"})
    assert fire.odds().needed == "Modifiers: +1 dice"


@pytest.mark.parametrize(("lost", "after"), [(7, "charge_to_combat"), (8, "good_order")])
def test_charge_to_combat_reads_half_strength_off_the_card(
    henry_hill: TableSession, lost: int, after: str
) -> None:
    """Additional Rules: 'Units need at least 1/2 strength to advance to close combat'. The
    38th New York (14) rolls 12, Charge to Combat: with 7 left it charges; with 6 it cannot
    advance and stays in good order (ruling mwan-charge-out-of-reach). The morale result had
    left it charging with a note to check the card, and the close combat then refused it."""
    henry_hill.edit_unit("ny38", "strength_now", 14 - lost)
    henry_hill.edit_unit("ny38", "state", "retire")
    assert morale(henry_hill, "ny38", 12) == "charge_to_combat"
    assert henry_hill.state.unit("ny38").state == after


@pytest.mark.parametrize(("figures", "fought_out"), [(6, False), (5, True)])
def test_stragglers_that_bring_a_unit_to_a_quarter_leave_it_fought_out(
    henry_hill: TableSession, figures: int, fought_out: bool
) -> None:
    """Fought Out: 'When a unit reaches 25% strength, it is fought out and should be
    removed' (ruling mwan-fought-out: a quarter or less). The 4th Virginia (12 figures) checks
    morale and rolls 10, Lose 2 Stragglers: from 6 it keeps 4 (more than 12 / 4 = 3), from 5
    it keeps 3 and is fought out and removed. The morale phase's fought-out check had already
    run for it, so the card stayed in play until next turn's."""
    henry_hill.edit_unit("va4", "strength_now", figures)
    assert morale(henry_hill, "va4", 10) == "lose_2_stragglers"
    unit = henry_hill.state.unit("va4")
    assert unit.strength_now == figures - 2
    assert (unit.state == "fought_out", unit.removed) == (fought_out, fought_out)


@pytest.mark.parametrize("check", ["fire", "movement"])
def test_a_silenced_battery_is_refused_fire_and_movement(
    henry_hill: TableSession, check: str
) -> None:
    """Battery Silenced: 'it may not fire or move for one turn'. Griffin's battery rolls 1 on
    the artillery column; its card is marked silenced, and the fire and the move its card
    would make are refused, citing the rule (before, both were rolled as if nothing held it)."""
    assert morale(henry_hill, "griffin", 1) == "battery_silenced"
    assert henry_hill.state.unit("griffin").markers == frozenset({"silenced"})
    form = henry_hill.form(check, "griffin")
    assert form is not None
    if check == "fire":
        form.set_role("target", "va4")
    view = form.odds()
    assert view.refused and "Battery Silenced" in (view.blocked or "")


def test_a_unit_that_moved_fires_as_its_card_says(henry_hill: TableSession) -> None:
    """Fire Modifiers 'Inf moved -1 die'; Fire Rules 10 'Batteries that move ... may not fire
    during turn they moved'. The fire asked the players whether the firer had moved; the
    movement check now marks its card (ruling mwan-moved-on-the-card) and the fire reads it:
    the 1st Minnesota moves and fires 4 - 1 = 3 dice; Ricketts' battery moves and is refused."""
    for unit in ("minn1", "ricketts"):
        move = henry_hill.form("movement", unit)
        assert move is not None
        move.roll([])
        henry_hill.apply_effects(unit, list(move.effects))
        assert "moved" in henry_hill.state.unit(unit).markers
    volley = henry_hill.form("fire", "minn1")
    assert volley is not None
    volley.set_role("target", "va2")
    assert volley.values["moved"] is True
    assert volley.roll([8, 9, 1]).value == 2  # three dice, not four
    battery = henry_hill.form("fire", "ricketts")
    assert battery is not None
    battery.set_role("target", "va4")
    view = battery.odds()
    assert view.refused and "may not fire" in (view.blocked or "")
