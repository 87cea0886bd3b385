"""One If By Land at the table (issue 35): what both cards say fills every check, the measured
range works out its own modifiers, what the rules forbid is refused before the roll, and every
result lands on the card of the unit it is about (notes that only instruct go to the table).

Played through the table session (:class:`TableSession` and its check forms, as the app drives
them) on Cowpens, and through :func:`prepare` where no card is needed. Page numbers are the
rules' own (seed 004, "One If By Land" by Bob Bergman).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from drumhead.checks.resolve import available_modifiers, prepare
from drumhead.errors import InputError
from drumhead.loading.loader import load_ruleset
from drumhead.session import TableSession
from drumhead.session.form import CheckForm

from .table_truth import run_cli

RULESET = "one-if-by-land"


def rs() -> Any:
    return load_ruleset(RULESET)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[TableSession]:
    """A session with a new game of Cowpens open."""
    saves = tmp_path / "saves"
    saves.mkdir()
    session = TableSession(str(saves), ruleset=RULESET, seed=1781)
    session.clock = lambda: "2026-01-17T07:00:00+00:00"
    session.new_game(RULESET, "cowpens", scenario="cowpens-1781")
    yield session
    session.close(force=True)


AMERICAN_GUN = """
[[units]]
id = "continental_gun"
name = "Continental 3-pounder"
side = "american"
brigade = "artillery"
type = "artillery"
subtype = "light"
quality = "regular"
formation = "unlimbered"
strength = 3
"""
"""An American gun for Cowpens (the battle had none on that side): the enemy a British gun
fires on when a check needs enemy artillery. A gun on the Crown's side may not be the target."""


@pytest.fixture
def with_gun(tmp_path: Path) -> Iterator[TableSession]:
    """A session with Cowpens open, an American gun (:data:`AMERICAN_GUN`) added to its
    order of battle."""
    saves = tmp_path / "saves"
    saves.mkdir()
    scenario = Path(__file__).resolve().parents[2] / "data" / "scenarios" / "cowpens-1781.toml"
    text = scenario.read_text(encoding="utf-8") + AMERICAN_GUN
    session = TableSession(str(saves), ruleset=RULESET, seed=1781)
    session.clock = lambda: "2026-01-17T07:00:00+00:00"
    session.new_game(RULESET, "cowpens", scenario=str(scenario), scenario_text=text)
    yield session
    session.close(force=True)


def form(table: TableSession, check: str, unit: str, **roles: str) -> CheckForm:
    made = table.form(check, unit)
    assert made is not None and made.check_id == check
    for role, other in roles.items():
        made.set_role(role, other)
    return made


def auto(made: CheckForm) -> dict[str, int]:
    """The modifiers the form applies by itself (from the cards), id -> value."""
    view = made.odds()
    assert view.context is not None, view
    return {m.id: m.value for m in view.automatic}


def offered(made: CheckForm) -> set[str]:
    made.odds()
    return {m.id for m in made.offered}


def refused(made: CheckForm) -> str:
    view = made.odds()
    assert view.refused, view
    return str(view.blocked)


# -- 1. what the cards say fills the check ---------------------------------------------------------
def test_melee_reads_the_opponents_type_and_fights_cavalry_one_round(table: TableSession) -> None:
    """OIBL p.10 step 7: cavalry against infantry fight the first round only. The militia's
    second round against the Legion dragoons is refused: the dragoons' card says cavalry."""
    militia = form(table, "melee", "sc_militia_spartan", opponent="legion_dragoons")
    assert militia.values["opponent_type"] == "cavalry"
    militia.set_input("round", "second")
    assert "one round only" in refused(militia)
    # and the dragoons against the militia, the other way round
    dragoons = form(table, "melee", "legion_dragoons", opponent="sc_militia_spartan")
    assert dragoons.values["opponent_type"] == "militia"
    dragoons.set_input("round", "second")
    assert "one round only" in refused(dragoons)


def test_cavalry_against_non_cavalry_follows_from_both_cards(table: TableSession) -> None:
    """OIBL p.8 melee modifiers: cavalry vs. non-cavalry +2, from the two units' types."""
    dragoons = form(table, "melee", "legion_dragoons", opponent="sc_militia_spartan")
    dragoons.set_input("stands_in_contact", "4")
    assert auto(dragoons).get("cavalry_vs_non_cavalry") == 2
    assert "cavalry_vs_non_cavalry" not in offered(dragoons)  # never a tick
    horse = form(table, "melee", "legion_dragoons", opponent="3rd_dragoons")
    horse.set_input("stands_in_contact", "4")
    assert "cavalry_vs_non_cavalry" not in auto(horse)  # cavalry against cavalry
    militia = form(table, "melee", "sc_militia_spartan", opponent="legion_dragoons")
    militia.set_input("stands_in_contact", "3")
    assert "cavalry_vs_non_cavalry" not in auto(militia)


def test_an_opponent_with_a_panic_marker_is_read_from_its_card(table: TableSession) -> None:
    """OIBL p.8 melee modifiers: opponent has a panic marker +1."""
    dragoons = form(table, "melee", "legion_dragoons", opponent="sc_militia_spartan")
    dragoons.set_input("stands_in_contact", "4")
    assert "opponent_panic" not in auto(dragoons)
    table.edit_unit("sc_militia_spartan", "markers", ["panic"])
    again = form(table, "melee", "legion_dragoons", opponent="sc_militia_spartan")
    again.set_input("stands_in_contact", "4")
    assert auto(again).get("opponent_panic") == 1


def test_a_routing_unit_fights_at_minus_four_from_its_card(table: TableSession) -> None:
    """OIBL p.8 melee modifiers: unit is routing -4 (the card's state)."""
    table.edit_unit("sc_militia_spartan", "state", "rout")
    militia = form(table, "melee", "sc_militia_spartan", opponent="legion_dragoons")
    militia.set_input("stands_in_contact", "3")
    assert auto(militia).get("routing") == -4


def test_a_skirmishing_opponent_has_no_flank_to_attack(table: TableSession) -> None:
    """OIBL p.6 skirmish order troops 1: no flanks or rear for melee; the light infantry's
    card says skirmish order, so attacking its flank is refused (never offered)."""
    made = form(table, "melee", "3rd_dragoons", opponent="light_infantry")
    made.set_input("stands_in_contact", "2")
    assert "attacking_flank_or_rear" not in offered(made)
    made.ticked = {"attacking_flank_or_rear": 1}
    with pytest.raises(InputError, match="no flanks or rear for melee"):
        made.context(made.ticked)
    formed = form(table, "melee", "3rd_dragoons", opponent="legion_infantry")
    formed.set_input("stands_in_contact", "2")
    assert "attacking_flank_or_rear" in offered(formed)


def test_fire_reads_the_targets_card(table: TableSession) -> None:
    """OIBL p.8 firing modifiers: target in column or mounted cavalry +2; skirmishers (p.6,
    rule 1) have no flank or rear to fire on; p.9: a cannon hitting guns rolls counter-battery."""
    at_horse = form(table, "fire", "nc_riflemen", target="legion_dragoons")
    assert auto(at_horse).get("target_column_or_cavalry") == 2
    at_line = form(table, "fire", "nc_riflemen", target="legion_infantry")
    assert "target_column_or_cavalry" not in auto(at_line)
    assert "flank_or_rear" in offered(at_line)
    at_skirmishers = form(table, "fire", "md_de_continentals", target="light_infantry")
    assert "flank_or_rear" not in offered(at_skirmishers)


def test_a_cannon_fires_as_its_cards_weight(table: TableSession) -> None:
    """OIBL p.9 artillery firepower: a light gun fires as 5 figures whatever its crew."""
    gun = form(table, "fire", "grasshopper_1", target="md_de_continentals")
    assert gun.values["cannon"] == "light"
    result = gun.roll([9])
    assert result.steps[0].startswith("5 figures: a light cannon fires as 5 figures")


def test_counter_battery_follows_from_the_targets_card(with_gun: TableSession) -> None:
    """OIBL p.9 artillery note: a cannon's casualty on enemy artillery calls for counter-battery;
    the target's card says it is artillery (an American gun added to Cowpens)."""
    gun = form(with_gun, "fire", "grasshopper_1", target="continental_gun")
    result = gun.roll([9])
    assert result.value and any("Counter-battery" in e.text for e in result.effects)


@pytest.mark.parametrize(
    ("unit", "charger", "modifier", "value"),
    [
        ("sc_militia_spartan", "legion_dragoons", "open_order_charged_by_cavalry", 1),
        ("grasshopper_1", "3rd_dragoons", "artillery_charged_by_cavalry", 1),
    ],
)
def test_charged_by_cavalry_follows_from_both_cards(
    table: TableSession, unit: str, charger: str, modifier: str, value: int
) -> None:
    """OIBL p.11 morale modifiers: open order infantry charged by cavalry +1, artillery
    charged by cavalry +1: the unit's card and the charger's say so."""
    made = form(table, "morale", unit, charger=charger)
    made.set_input("situation", "charged")
    assert auto(made).get(modifier) == value
    assert modifier not in offered(made)


@pytest.mark.parametrize(
    ("unit", "charger"),
    [
        ("md_de_continentals", "legion_dragoons"),  # a close order line is not open order
        ("va_militia", "legion_infantry"),  # charged by infantry, not cavalry
        ("legion_infantry", "md_de_continentals"),
    ],
)
def test_no_charged_by_cavalry_modifier_where_the_cards_say_otherwise(
    table: TableSession, unit: str, charger: str
) -> None:
    made = form(table, "morale", unit, charger=charger)
    made.set_input("situation", "charged")
    assert not {
        "open_order_charged_by_cavalry",
        "artillery_charged_by_cavalry",
        "skirmishers_charged_by_cavalry",
        "skirmishers_charged_by_infantry",
    } & (set(auto(made)) | offered(made))


@pytest.mark.parametrize(
    ("charger", "modifier", "value"),
    [
        ("3rd_dragoons", "skirmishers_charged_by_cavalry", 2),
        ("va_militia", "skirmishers_charged_by_infantry", 1),  # open order infantry
        ("md_de_continentals", "skirmishers_charged_by_infantry", 1),  # close order
    ],
)
def test_skirmishers_charged_read_the_chargers_card(
    table: TableSession, charger: str, modifier: str, value: int
) -> None:
    """OIBL p.11: skirmish order infantry charged by cavalry +2, by close or open order
    infantry +1 (the British light infantry, in skirmish order on its card)."""
    made = form(table, "morale", "light_infantry", charger=charger)
    made.set_input("situation", "skirmishers_charged")
    got = auto(made)
    assert got.get(modifier) == value
    other = {"skirmishers_charged_by_cavalry", "skirmishers_charged_by_infantry"} - {modifier}
    assert not other & set(got)


def test_a_general_killed_marks_his_command_not_a_note() -> None:
    """OIBL p.11 risk to generals: a general killed gives every unit under his command a
    panic marker. The result proposes one marker effect on his command (``who = "command"``:
    the units his card commands, worked out when it is applied, tests/game/test_command_panic.py)
    and leaves nothing to a note for the table."""
    from drumhead.checks.resolve import resolve
    from drumhead.dice.roller import HandDice

    killed = resolve(prepare(rs(), "general_risk", {"hits": 2}), HandDice([1, 6]))
    assert killed.outcome == "killed"
    assert [(e.kind, e.who, e.marker) for e in killed.effects] == [
        ("leader", "leader", None),
        ("marker", "command", "panic"),
    ]
    marker = killed.effects[1]
    assert (marker.source, marker.ruling) == ("OIBL p.11 Risk to generals", "oibl-general-command")
    assert "tests morale" in marker.text


def test_the_charger_role_fills_the_charged_inputs() -> None:
    """The charger's two inputs are filled from the card of the unit picked as the charger."""
    morale = rs().check("morale")
    assert {i.name: i.role for i in morale.inputs if i.role} == {
        "charger_type": "charger",
        "charger_formation": "charger",
    }
    assert available_modifiers(prepare(rs(), "morale", {}))


@pytest.mark.parametrize(
    ("unit", "target", "reach"),
    [
        ("nc_riflemen", "71st_highlanders", 12),  # long rifles, p.8
        ("sc_militia_spartan", "71st_highlanders", 7),  # muskets
        ("legion_dragoons", "md_de_continentals", 5),  # cavalry carbines
    ],
)
def test_the_weapons_range_is_read_from_the_card(
    table: TableSession, unit: str, target: str, reach: int
) -> None:
    """OIBL p.8 weapon ranges: the small arms a unit carries are on its card (Cowpens gives
    the riflemen long rifles and the horse carbines), so a shot past them is refused. Each
    fires on an enemy unit of foot."""
    made = form(table, "fire", unit, target=target)
    made.set_input("range_inches", str(reach))
    assert made.odds().context is not None
    made.set_input("range_inches", str(reach + 1))
    assert "beyond the range" in refused(made)


# -- 2. the measured range works out its own modifiers -----------------------------------------------
def fire_mods(values: dict[str, Any], ticks: tuple[str, ...] = ()) -> dict[str, int]:
    ctx = prepare(rs(), "fire", {"figures": 9, **values}, ticks)
    return {m.id: m.value for m in ctx.modifiers}


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        # OIBL p.8 firing modifiers: point blank (2 inch) range, small arms only, +2
        ({"range_inches": 1}, {"point_blank_measured": 2}),
        ({"range_inches": 2}, {"point_blank_measured": 2}),
        ({"range_inches": 3}, {}),
        ({"range_inches": 7}, {}),
        ({"range_inches": 2, "cannon": "light"}, {}),  # small arms only
        # cannon firing at 12-25 inch range -2, over 25 inch range -4 (nothing under 12)
        ({"range_inches": 2, "cannon": "medium"}, {}),
        ({"range_inches": 11, "cannon": "medium"}, {}),
        ({"range_inches": 12, "cannon": "medium"}, {"cannon_12_25_measured": -2}),
        ({"range_inches": 25, "cannon": "heavy"}, {"cannon_12_25_measured": -2}),
        ({"range_inches": 26, "cannon": "heavy"}, {"cannon_over_25_measured": -4}),
        ({"range_inches": 40, "cannon": "light"}, {"cannon_over_25_measured": -4}),
        # charge step 4 (p.9): a charged defender fires at the charger at 2 inches
        ({"portion": "charged"}, {"point_blank_measured": 2}),
        ({"portion": "charged_failed_by_1"}, {"point_blank_measured": 2}),
    ],
)
def test_the_range_works_out_its_modifiers(
    values: dict[str, Any], expected: dict[str, int]
) -> None:
    assert fire_mods(values) == expected


@pytest.mark.parametrize(
    ("values", "tick"),
    [
        ({"range_inches": 2}, "point_blank"),
        ({"range_inches": 5}, "point_blank"),
        ({"range_inches": 20, "cannon": "light"}, "cannon_12_25"),
        ({"range_inches": 30, "cannon": "light"}, "cannon_over_25"),
        ({"range_inches": 20, "cannon": "light"}, "cannon_over_25"),
        ({"portion": "charged"}, "point_blank"),
    ],
)
def test_a_measured_range_is_never_ticked_by_hand(values: dict[str, Any], tick: str) -> None:
    ctx = prepare(rs(), "fire", {"figures": 9, **values})
    assert tick not in {m.id for m in available_modifiers(ctx)}
    with pytest.raises(InputError, match="the range is measured"):
        prepare(rs(), "fire", {"figures": 9, **values}, [tick])


def test_an_unmeasured_range_leaves_the_bands_to_the_players() -> None:
    """Range 0 (not measured): point blank and the cannon's bands stay the players' ticks."""
    assert fire_mods({}, ("point_blank",)) == {"point_blank": 2}
    assert fire_mods({"cannon": "light"}, ("cannon_over_25",)) == {"cannon_over_25": -4}


def test_a_charged_defender_fires_at_two_inches() -> None:
    """OIBL p.9 step 4: the defender fires at the charger at two inches, no farther."""
    with pytest.raises(InputError, match="at 2 inches"):
        prepare(rs(), "fire", {"figures": 9, "portion": "charged", "range_inches": 4})


def test_the_rifles_range_at_the_table(table: TableSession) -> None:
    """Through the form: the riflemen at 2 inches from the Legion infantry fire at point
    blank; a grasshopper at 30 inches fires at -4; at 41 inches it is out of range (p.8)."""
    rifles = form(table, "fire", "nc_riflemen", target="legion_infantry")
    rifles.set_input("range_inches", "2")
    assert auto(rifles) == {"point_blank_measured": 2}
    rifles.set_input("range_inches", "12")
    assert auto(rifles) == {}
    gun = form(table, "fire", "grasshopper_1", target="md_de_continentals")
    gun.set_input("range_inches", "30")
    assert auto(gun) == {"cannon_over_25_measured": -4}
    gun.set_input("range_inches", "41")
    assert "beyond the range" in refused(gun)


# -- 3. what the rules forbid is refused before the roll ------------------------------------------------
def charge_test(table: TableSession, unit: str) -> CheckForm:
    made = form(table, "morale", unit)
    made.set_input("situation", "charging")
    return made


@pytest.mark.parametrize(
    ("unit", "why"),
    [
        ("nc_riflemen", "rifles may not charge"),  # p.3: skirmish order, not Indians or cavalry
        ("grasshopper_1", "artillery may not charge"),  # p.6: not in the list
        ("light_infantry", "infantry in skirmish order may not charge"),  # p.3
    ],
)
def test_who_may_not_charge_by_the_card(table: TableSession, unit: str, why: str) -> None:
    """OIBL p.3 (only Indians and cavalry charge in skirmish order) and p.6 (charge movement:
    close or open order infantry, cavalry in any formation, Indians)."""
    assert why in refused(charge_test(table, unit))
    move = form(table, "movement", unit)
    move.set_input("charging", "yes")
    assert why in refused(move)


@pytest.mark.parametrize(
    ("state", "why"),
    [
        ("reforming", "reforming may not advance or charge"),  # p.10 step 9; p.11
        ("rout", "routing"),  # p.11: in no formation at all
        ("shaken", "may not advance"),  # p.11: failed by 1
        ("retreating", "deliberate retreat"),  # p.6
    ],
)
def test_a_unit_whose_card_says_it_cannot_advance_may_not_charge(
    table: TableSession, state: str, why: str
) -> None:
    """OIBL p.10 step 9 (reforming), p.11 (routing: no formation; failed by 1: no advance),
    p.6 (a deliberate retreat ends with a test and a turn reforming): refused from the card's
    state at the charge test and at the charge move alike."""
    table.edit_unit("legion_infantry", "state", state)
    assert why in refused(charge_test(table, "legion_infantry"))
    move = form(table, "movement", "legion_infantry")
    move.set_input("charging", "yes")
    assert why in refused(move)


def test_those_the_rules_let_charge_may(table: TableSession) -> None:
    """Close or open order infantry (the Continentals, the Legion infantry), cavalry in any
    formation (the 3rd Dragoons skirmishing too), p.6."""
    for unit in ("md_de_continentals", "legion_infantry", "legion_dragoons", "sc_militia_spartan"):
        assert charge_test(table, unit).odds().context is not None, unit
    table.edit_unit("3rd_dragoons", "formation", "skirmish")
    assert charge_test(table, "3rd_dragoons").odds().context is not None


def test_indians_charge_in_skirmish_order() -> None:
    """OIBL p.2: Indian warbands may charge in skirmish formation."""
    card = {"unit_type": "indians", "formation": "skirmish"}
    assert prepare(rs(), "morale", {"situation": "charging", **card})
    move = prepare(rs(), "movement", {"condition": "skirmish", "charging": True, **card})
    assert move.total() == 3


def test_changing_order_is_no_part_of_a_charge(table: TableSession) -> None:
    """OIBL p.5: closing or opening the line while advancing 'may not be performed as part of
    a charge'; the charge's +3 inches follow from the move being a charge."""
    move = form(table, "movement", "md_de_continentals")
    move.set_input("charging", "yes")
    assert auto(move).get("charge") == 3
    assert "change_order_advancing" not in offered(move)
    with pytest.raises(InputError, match="not as part of a charge"):
        move.context({"change_order_advancing": 1})
    with pytest.raises(InputError, match="cannot be ticked"):
        move.context({"charge": 1})


def test_a_charge_moves_at_a_formations_rate() -> None:
    with pytest.raises(InputError, match="charge move"):
        prepare(rs(), "movement", {"condition": "infantry_rout", "charging": True})


@pytest.mark.parametrize(
    ("unit", "condition", "why"),
    [
        # p.5: cavalry and generals 1d6+10; infantry by its formation
        ("md_de_continentals", "cavalry", "not the cavalry rate"),
        ("sc_militia_spartan", "cavalry_retreat", "not the cavalry retreat rate"),
        ("nc_riflemen", "cavalry_rout", "not the cavalry rout rate"),
        ("grasshopper_1", "cavalry", "not the cavalry rate"),
        # p.5: the prolonge is unlimbered artillery's move
        ("md_de_continentals", "prolong", "prolonge is unlimbered artillery's move"),
        ("legion_dragoons", "prolong", "prolonge is unlimbered artillery's move"),
        # p.5: artillery limbered at close order's rate, unlimbered by prolonge
        ("grasshopper_1", "column", "artillery moves limbered"),
        ("grasshopper_1", "close_order", "limbering is a formation change"),
        # p.5: cavalry moves at the cavalry rates whatever its formation
        ("legion_dragoons", "column", "cavalry moves at the cavalry rates"),
        # p.4: infantry moves at the rate of the formation the move starts in
        ("md_de_continentals", "column", "formation is close order moves at that formation's rate"),
        ("71st_highlanders", "close_order", "formation is open order moves at that"),
        ("light_infantry", "open_order", "formation is skirmish moves at that"),
    ],
)
def test_a_rate_the_card_cannot_move_at_is_refused(
    table: TableSession, unit: str, condition: str, why: str
) -> None:
    """OIBL p.5 movement rates (issue 35): the card picks the rate (by card, the default);
    a rate of another kind of unit named by hand is refused before the roll, with its page."""
    move = form(table, "movement", unit)
    assert move.values.get("condition", "by_card") == "by_card"  # the input's default
    assert move.odds().context is not None  # the card's own rate
    move.set_input("condition", condition)
    message = refused(move)
    assert why in message and "p.5 Movement rates" in message


def test_the_card_fills_the_rate() -> None:
    """OIBL p.5: by card, each unit moves at its own rate and nothing is typed."""
    cases = [
        ({"unit_type": "infantry", "formation": "column"}, "column"),
        ({"unit_type": "cavalry", "formation": "skirmish"}, "cavalry"),
        ({"unit_type": "officer", "formation": "no_formation"}, "cavalry"),
        ({"unit_type": "artillery", "formation": "limbered"}, "close_order"),
        ({"unit_type": "artillery", "formation": "unlimbered"}, "prolong"),
        ({"unit_type": "cavalry", "state": "rout"}, "cavalry_rout"),
        ({"unit_type": "militia", "formation": "open_order", "state": "rout"}, "infantry_rout"),
    ]
    for card, rate in cases:
        assert prepare(rs(), "movement", card).env.get("rate") == rate, card


@pytest.mark.parametrize(
    ("card", "condition"),
    [
        ({"unit_type": "infantry"}, "skirmish"),  # p.4: entering skirmish order moves at its rate
        ({"unit_type": "militia", "formation": "open_order"}, "skirmish"),
        ({"unit_type": "infantry", "formation": "column"}, "infantry_retreat"),
        ({"unit_type": "cavalry"}, "cavalry_retreat"),
        ({"unit_type": "officer", "formation": "no_formation"}, "cavalry"),
        ({"unit_type": "dismounted_cavalry", "formation": "skirmish"}, "cavalry"),  # mounting
        ({"unit_type": "artillery", "formation": "limbered"}, "close_order"),
        ({"unit_type": "artillery", "formation": "unlimbered"}, "prolong"),
    ],
)
def test_the_rates_a_card_may_move_at(card: dict[str, str], condition: str) -> None:
    assert prepare(rs(), "movement", {"condition": condition, **card})


@pytest.mark.parametrize("condition", ["close_order", "column", "skirmish", "infantry_retreat"])
def test_a_routing_unit_moves_at_its_rout_rate(table: TableSession, condition: str) -> None:
    """OIBL p.6 rout movement: troops keep routing until behind cover or steady friends, then
    test to reform; until then the card's rout rate is the only one (p.5)."""
    table.edit_unit("legion_infantry", "state", "rout")
    move = form(table, "movement", "legion_infantry")
    assert move.odds().context is not None  # by card: the infantry rout rate
    move.set_input("condition", condition)
    message = refused(move)
    assert "keeps routing at its rout rate" in message and "(OIBL p.6 Rout movement" in message


def test_dismounted_cavalry_on_the_cavalry_rate_is_mounting() -> None:
    """OIBL p.5: mounting takes 50% of the move. Dismounted cavalry moves on foot (skirmish
    order), so on the cavalry rate it is mounting: the halving is applied by itself and the
    tick is not offered twice (ruling oibl-movement-rate-by-card)."""
    from drumhead.checks.resolve import resolve
    from drumhead.dice.roller import HandDice

    card = {"unit_type": "dismounted_cavalry", "formation": "skirmish"}
    mounting = prepare(rs(), "movement", {"condition": "cavalry", **card})
    assert [m.id for m in mounting.modifiers] == ["mounting"]
    assert "mount_dismount" not in {m.id for m in available_modifiers(mounting)}
    assert resolve(mounting, HandDice([6])).text == "8 inches"  # (6 + 10) / 2
    on_foot = prepare(rs(), "movement", card)  # by card: the skirmish rate, no halving
    assert on_foot.env.get("rate") == "skirmish" and on_foot.modifiers == ()
    dismounting = prepare(rs(), "movement", {"unit_type": "cavalry"}, ["mount_dismount"])
    assert resolve(dismounting, HandDice([6])).text == "8 inches"


def test_infantry_on_the_cavalry_rate_is_refused_from_the_command_line(tmp_path: Path) -> None:
    """The same refusal through ``drumhead play --json``: a JSON error with the citation, exit
    1, nothing rolled or logged; the card's own rate plays."""
    import json

    from drumhead.saves import load_save

    def drumhead(*args: str) -> tuple[int, str]:
        return run_cli(tmp_path, *args)

    assert drumhead("new", RULESET, "--scenario", "cowpens-1781", "--name", "c")[0] == 0
    before = len(load_save(tmp_path / "c.toml").game.events())
    move = ("play", "c", "movement", "--role", "self=md_de_continentals", "--json")
    code, out = drumhead(*move, "--set", "condition=cavalry", "--dice", "3")
    assert code == 1
    message = json.loads(out)["error"]["message"]
    assert "not the cavalry rate" in message
    assert "(OIBL p.5 Movement rates (ruling oibl-movement-rate-by-card))" in message
    assert len(load_save(tmp_path / "c.toml").game.events()) == before
    code, out = drumhead(*move, "--dice", "3")
    assert code == 0 and json.loads(out)["text"] == "5 inches"  # close order 1d6+2


@pytest.mark.parametrize(
    ("unit", "charger", "situation", "why"),
    [
        # p.7 item 3: only skirmish order troops evade a charge
        ("md_de_continentals", "legion_dragoons", "skirmishers_charged", "only skirmish-order"),
        # and skirmish order troops charged always take the skirmishers' test
        ("light_infantry", "3rd_dragoons", "charged", "take the skirmishers' test"),
        ("nc_riflemen", "legion_dragoons", "charged", "take the skirmishers' test"),
    ],
)
def test_evasion_is_for_skirmishers_only(
    table: TableSession, unit: str, charger: str, situation: str, why: str
) -> None:
    """OIBL p.7: each unit charged by the enemy's horse (the Legion's, or Washington's)."""
    made = form(table, "morale", unit, charger=charger)
    made.set_input("situation", situation)
    assert why in refused(made)


def test_skirmishing_cavalry_evade_infantry_without_a_test(table: TableSession) -> None:
    """OIBL p.7 item 4: skirmishing cavalry evade attacking infantry automatically, but test
    (as skirmishers) when charged by cavalry."""
    table.edit_unit("3rd_dragoons", "formation", "skirmish")
    by_foot = form(table, "morale", "3rd_dragoons", charger="legion_infantry")
    by_foot.set_input("situation", "skirmishers_charged")
    assert "evade infantry without a test" in refused(by_foot)
    by_horse = form(table, "morale", "3rd_dragoons", charger="legion_dragoons")
    by_horse.set_input("situation", "skirmishers_charged")
    assert by_horse.odds().context is not None


def test_only_skirmishers_fire_and_move_as_evaders(table: TableSession) -> None:
    """OIBL p.7 item 3: the half fire before evading and the half retreat move are the
    skirmishers' (the Continentals' close order line may neither)."""
    fire = form(table, "fire", "md_de_continentals", target="legion_dragoons")
    fire.set_input("portion", "evading")
    assert "only skirmish-order troops evade" in refused(fire)
    move = form(table, "movement", "md_de_continentals")
    move.set_input("condition", "infantry_retreat")
    assert "evading" not in offered(move)
    skirmishers = form(table, "movement", "light_infantry")
    skirmishers.set_input("condition", "infantry_retreat")
    assert "evading" in offered(skirmishers)


@pytest.mark.parametrize(
    ("wound", "condition", "allowed"),
    [
        ("none", "cavalry", True),
        ("light", "cavalry", False),  # p.11: only 10 inches a turn
        ("light", "general_light_wound", True),
        ("serious", "cavalry", False),  # p.11: only 1d6 inches a turn
        ("serious", "general_light_wound", False),
        ("serious", "general_serious_wound", True),
        ("none", "general_serious_wound", False),
    ],
)
def test_a_wounded_general_moves_at_his_wounds_rate(
    wound: str, condition: str, allowed: bool
) -> None:
    values = {"condition": condition, "general_wound": wound, "unit_type": "officer"}
    if allowed:
        assert prepare(rs(), "movement", values)
    else:
        with pytest.raises(InputError, match=r"\(OIBL p\.11 Risk to generals"):
            prepare(rs(), "movement", values)


def test_a_wounded_generals_rates() -> None:
    """OIBL p.11: a light wound, 10 inches a turn; a serious wound, 1d6 inches."""
    from drumhead.checks.resolve import resolve
    from drumhead.dice.roller import HandDice

    light = {"condition": "general_light_wound", "general_wound": "light"}
    assert resolve(prepare(rs(), "movement", light), HandDice([])).value == 10
    serious = {"condition": "general_serious_wound", "general_wound": "serious"}
    assert resolve(prepare(rs(), "movement", serious), HandDice([4])).value == 4


@pytest.mark.parametrize(
    ("values", "allowed"),
    [
        ({"formation": "column", "one_stand_wide": True, "condition": "column"}, True),
        ({"formation": "column", "condition": "column"}, False),  # wider than one stand
        ({"formation": "limbered", "unit_type": "artillery", "condition": "close_order"}, True),
        ({"formation": "close_order", "condition": "close_order"}, False),  # a line
    ],
)
def test_road_movement_is_for_a_one_stand_column_or_limbered_guns(
    values: dict[str, Any], allowed: bool
) -> None:
    """OIBL p.5 road movement: one stand wide column or limbered artillery only."""
    if allowed:
        assert prepare(rs(), "movement", values, ["road"]).total() == 3
    else:
        with pytest.raises(InputError, match=r"road.*\(OIBL p\.5 Road movement\)"):
            prepare(rs(), "movement", values, ["road"])


@pytest.mark.parametrize(
    ("barred", "portion", "source"),
    [
        ("prolonged", "all", "OIBL p.5"),  # no fire at the end of a prolonge
        ("prolonged", "charged", "OIBL p.5"),
        ("failed_charge_test", "all", "OIBL p.9 Melee combat step 2"),
        ("failed_charge_test", "charged_failed_by_1", "OIBL p.9 Melee combat step 2"),
        ("charge_failed", "all", "OIBL p.10 Melee combat step 9"),
    ],
)
def test_no_fire_when_the_turn_barred_it(barred: str, portion: str, source: str) -> None:
    values = {"figures": 9, "barred": barred, "portion": portion}
    with pytest.raises(InputError, match=re.escape(source)):
        prepare(rs(), "fire", values)


@pytest.mark.parametrize("barred", ["failed_charge_test", "charge_failed"])
def test_a_barred_unit_still_fires_when_charged_and_passing(barred: str) -> None:
    """OIBL p.9 step 2 and p.10 step 9: it may fire if charged and it passes its test."""
    assert prepare(rs(), "fire", {"figures": 9, "barred": barred, "portion": "charged"})


def test_a_shaken_unit_fires_as_its_card_says(table: TableSession) -> None:
    """OIBL p.11 failed by 1: Elite, Veteran and Regular units fire half their figures;
    Poor and Wretched units may not fire at all. The card's state says so: nothing is typed
    (ruling oibl-shaken-fire-from-the-card)."""
    table.edit_unit("legion_infantry", "state", "shaken")
    legion = form(table, "fire", "legion_infantry", target="sc_militia_spartan")
    legion.set_input("range_inches", 5)
    ctx = legion.odds().context
    assert ctx is not None
    figures = table.open_game_or_fail().state.unit("legion_infantry").strength_now
    assert ctx.env.get("firing") == (figures + 1) // 2  # half, rounded up (p.11)
    table.edit_unit("sc_militia_spartan", "state", "shaken")
    militia = form(table, "fire", "sc_militia_spartan", target="legion_infantry")
    assert "may not fire at all" in refused(militia)


def test_only_a_unit_with_a_panic_marker_tests_at_step_1(table: TableSession) -> None:
    """OIBL p.4 sequence of play step 1: all units with panic markers take a morale test."""
    made = form(table, "morale", "legion_infantry")
    made.set_input("situation", "panic_marker")
    assert "panic marker" in refused(made)
    table.edit_unit("legion_infantry", "markers", ["panic"])
    again = form(table, "morale", "legion_infantry")
    again.set_input("situation", "panic_marker")
    assert again.odds().context is not None


# -- 4. every result lands on the unit it is about; instructions go to the table ---------------------
def test_every_effect_names_the_role_it_falls_on() -> None:
    """Each effect of every One If By Land check says whom it is for (``who``): one of the
    check's roles, the leader, or the table (a note read in the result, on no card)."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    data = tomllib.loads((root / "data/rulesets/one-if-by-land.toml").read_text("utf-8"))
    unnamed = [
        f"{check_id}.{outcome_id}: {effect['text']}"
        for check_id, check in data["checks"].items()
        for outcome_id, outcome in check.get("outcomes", {}).items()
        for effect in outcome.get("effects", [])
        if "who" not in effect
    ]
    assert unnamed == []


def card_notes(table: TableSession, unit: str) -> list[str]:
    notes = table.open_game_or_fail().state.unit(unit).notes
    return [line for line in notes.splitlines() if line.startswith("T")]


def apply_all(table: TableSession, made: CheckForm) -> None:
    """Apply every effect: each on its role's unit (one event), the table's notes in the log
    on no card (:meth:`TableSession.log_notes`). The table's notes go apart: applied in the
    same event as the cards' effects, the game puts them on the first unit's card (an engine
    bug, below)."""
    first = made.check.role_ids[0]
    assert made.unit_id is not None
    on_cards = [e for e in made.effects if e.who != "table"]
    for_the_table = [e for e in made.effects if e.who == "table"]
    roles = {first: made.unit_id, **made.roles}
    if on_cards:
        table.apply_effects(made.unit_id, on_cards, roles=roles)
    table.log_notes(for_the_table)


def test_the_risk_to_generals_note_lands_on_no_card(table: TableSession) -> None:
    """The reported bug: the Legion dragoons' melee roll against the militia (Pickens with
    them) put "A general with the opponent rolls..." on the militia's card, where 'the
    opponent' reads as the dragoons. It instructs the players (p.11 risk to generals): it is
    shown with the result, for the table, and no instruction lands on either card."""
    dragoons = form(table, "melee", "legion_dragoons", opponent="sc_militia_spartan")
    dragoons.set_input("stands_in_contact", "4")
    dragoons.roll([9])  # 8 figures, +2 cavalry, +1 regular against poor: 12 -> 2 casualties
    groups = {g.who: [e.text for e in g.effects] for g in dragoons.groups(dragoons.effects)}
    assert any("risk to generals" in t for t in groups["table"])
    assert not any("risk to generals" in t for t in groups.get("opponent", []))
    apply_all(table, dragoons)
    militia = table.open_game_or_fail().state.unit("sc_militia_spartan")
    assert militia.strength_now == 13 and "panic" in militia.markers
    assert card_notes(table, "sc_militia_spartan") == []
    assert card_notes(table, "legion_dragoons") == []


def test_fire_instructions_go_to_the_table(with_gun: TableSession) -> None:
    """OIBL p.9 counter-battery and p.11 risk to generals, after a gun's hit on an enemy gun
    (an American gun added to Cowpens): the players roll them; neither gun's card is written
    on."""
    gun = form(with_gun, "fire", "grasshopper_1", target="continental_gun")
    gun.roll([9])
    table_notes = [e.text for g in gun.groups(gun.effects) if g.who == "table" for e in g.effects]
    assert any("Counter-battery" in t for t in table_notes)
    apply_all(with_gun, gun)
    assert card_notes(with_gun, "grasshopper_1") == card_notes(with_gun, "continental_gun") == []


def test_a_charge_declared_marks_the_charger_and_its_target(table: TableSession) -> None:
    """OIBL p.10: a unit attempting a charge receives a panic marker (kept after its test,
    ruling oibl-panic-marker-life), and so does the unit charged once the attacker passes;
    the charge's instructions go to the table."""
    made = form(table, "morale", "legion_dragoons", charged="sc_militia_spartan")
    made.set_input("situation", "charging")
    made.roll([3])
    apply_all(table, made)
    state = table.open_game_or_fail().state
    assert "panic" in state.unit("legion_dragoons").markers
    assert "panic" in state.unit("sc_militia_spartan").markers
    assert card_notes(table, "legion_dragoons") == card_notes(table, "sc_militia_spartan") == []


def test_a_failed_charge_test_stays_on_the_card_for_the_turn(table: TableSession) -> None:
    """OIBL p.9 step 2: failing its charge test, the unit may not move, fire or change
    formation for the rest of the turn: its card carries a marker for the turn, and its fire is
    refused from that marker (nothing typed) unless it is charged and passes; the move away
    is an instruction for the table."""
    made = form(table, "morale", "legion_infantry")
    made.set_input("situation", "charging")
    made.roll([9])
    apply_all(table, made)
    assert "charge_test_failed" in table.open_game_or_fail().state.unit("legion_infantry").markers
    assert card_notes(table, "legion_infantry") == []
    fire = form(table, "fire", "legion_infantry", target="sc_militia_spartan")
    assert fire.values["charge_test_failed"] is True
    message = refused(fire)
    assert "failed its charge test" in message and "(OIBL p.9 Melee combat step 2)" in message
    fire.set_input("portion", "charged")  # charged later and passing: it may fire
    assert fire.odds().context is not None


def test_a_prolonge_marks_the_guns_and_bars_their_fire(table: TableSession) -> None:
    """OIBL p.5: 'the artillery may not fire at the end of prolong movement': the prolonge
    marks the guns' card for the turn and their fire is refused from it."""
    move = form(table, "movement", "grasshopper_2")
    assert move.odds().context is not None  # unlimbered guns: the prolonge by their card
    move.roll([])
    apply_all(table, move)
    assert "prolonged" in table.open_game_or_fail().state.unit("grasshopper_2").markers
    fire = form(table, "fire", "grasshopper_2", target="md_de_continentals")
    fire.set_input("range_inches", 20)
    message = refused(fire)
    assert "prolonge" in message and "(OIBL p.5 Unlimbered artillery prolong)" in message
    other = form(table, "fire", "grasshopper_1", target="md_de_continentals")
    other.set_input("range_inches", 20)
    assert other.odds().context is not None  # the other gun did not prolonge


def test_table_notes_applied_with_both_sides_stay_off_the_cards(table: TableSession) -> None:
    dragoons = form(table, "melee", "legion_dragoons", opponent="sc_militia_spartan")
    dragoons.set_input("stands_in_contact", "4")
    dragoons.roll([9])
    roles = {"fighting": "legion_dragoons", **dragoons.roles}
    table.apply_effects("legion_dragoons", dragoons.effects, roles=roles)
    assert card_notes(table, "legion_dragoons") == []


@pytest.mark.parametrize(
    ("check", "values", "ruling"),
    [
        ("melee", {"unit_type": "cavalry", "opponent_type": "dismounted_cavalry",
                   "stands_in_contact": 2}, "oibl-dismounted-cavalry-foot"),
        ("morale", {"situation": "skirmishers_charged", "unit_type": "indians",
                    "formation": "skirmish"}, "oibl-skirmishers-always-evade"),
        ("morale", {"situation": "charging", "formation": "column"}, "oibl-column-charge"),
        ("movement", {"condition": "column", "formation": "column", "charging": True},
         "oibl-column-charge"),
        ("movement", {"condition": "general_light_wound", "general_wound": "light"},
         "oibl-wounded-general-rates"),
    ],
)  # fmt: skip
def test_an_answer_names_the_rulings_it_rests_on(
    check: str, values: dict[str, Any], ruling: str
) -> None:
    """The readings this issue adds are listed with the answers that rest on them, and only
    with those (a cavalry melee against militia rests on none)."""
    from drumhead.checks.resolve import resolve
    from drumhead.dice.roller import HandDice

    ctx = prepare(rs(), check, values)
    dice = [] if values.get("condition") == "general_light_wound" else [5]
    assert ruling in {r.id for r in resolve(ctx, HandDice(dice)).rulings}
    plain = {"unit_type": "cavalry", "opponent_type": "militia", "stands_in_contact": 2}
    melee = resolve(prepare(rs(), "melee", plain), HandDice([5]))
    assert "oibl-dismounted-cavalry-foot" not in {r.id for r in melee.rulings}


def test_a_table_note_applied_without_roles_stays_off_the_card(table: TableSession) -> None:
    """A note addressed to the table never lands on a card, with roles picked or not."""
    from drumhead.checks.results import Effect

    note = Effect(kind="note", text="Ground changes hands", who="table")
    step = Effect(kind="marker", text="Receives a panic marker", marker="panic")
    assert table.apply_effects("legion_dragoons", [note, step])
    assert card_notes(table, "legion_dragoons") == []
