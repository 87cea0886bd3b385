"""A full turn of Cowpens played through the table session (issue 35): the deck drawn card by
card and every step walked; each check filled from the cards (only what no card holds typed
in: stands in contact, ranges, why a unit tests), rolled with the dice the players threw, and
its results applied as the resolve screen applies them. The cards at the end are the cards the
rules give, worked by hand from the rules' text below (seed 004, "One If By Land").

The rules used (OIBL pages):
- p.4 quality -> morale number: Elite 9, Veteran 8, Regular 7, Poor 6, Wretched 5; a morale
  test passes on a d10 (0-9) modified to at most that number (p.11), minuses good.
- p.11 morale modifiers: commanding officer with the unit -X (his rating: ruling
  oibl-leader-rating), 25% figures lost +1 (50% +2, 75% +3), open order infantry charged by
  cavalry +1, skirmish order infantry charged by cavalry +2 / by close or open order infantry
  +1. Failed by 1: shaken (may not advance; Elite/Veteran/Regular fire half rounded up, Poor and
  Wretched none); by 2 or more: routs with a panic marker.
- p.7 combat chart, rows 4-6, 7-9, 10-12, 13-15, 16-18, 28-30 (columns 0..12):
      4-6:   0 0 0 0 0 1 1 1 1 1 1 1 2
      7-9:   0 0 0 1 1 1 1 1 1 1 2 2 2
      10-12: 0 0 1 1 1 1 2 2 2 2 2 2 3
      13-15: 0 1 1 1 1 2 2 2 2 3 3 3 3
      16-18: 0 1 1 1 2 2 2 3 3 3 3 4 4
      28-30: 2 2 2 2 3 3 3 4 4 4 5 5 6
- p.8 firing modifiers: point blank (2") +2 small arms, target mounted cavalry +2, firer Poor
  -2, cannon over 25" -4; weapon ranges: muskets 7", long rifles 12", artillery 40"; close
  order lines fire both ranks; p.9: a light cannon fires as 5 figures.
- p.8 melee modifiers: each quality higher +1, opponent has a panic marker +1, cavalry vs.
  non-cavalry +2; p.9 step 6: front-rank stands in contact plus one stand a flank, none for
  Poor units; p.10 step 7: cavalry against infantry fight one round; step 9: more casualties
  routs (with a panic marker), the winner tests if it lost figures.
- p.10 panic markers: casualties, attempting a charge, being charged, skirmishers evading;
  p.11 risk to generals: a d10 per two hits (rounded up), on a 1 a d6: 1-2 light wound.
- p.6-7 skirmishers charged test and evade: passing, having fired, half a retreat move;
  failing, rout away. p.5: no fire after a prolonge.

The turn (seed 33 deals the deck skirmish_line, militia_line, front_line, legion_cavalry,
cavalry_reserve, reserve, main_line, artillery); the dice and what they give:

1. skirmish_line. NC riflemen (8 figures, long rifles) fire at the Legion infantry 10" away:
   row 7-9, no modifier, d10 7 -> 1. Legion infantry 20 -> 19, panic; its test: Regular 7,
   1 of 20 lost (under 25%), d10 3: passes. GA riflemen (7) fire at the 7th Fusiliers at 12":
   d10 9 -> 1. The 7th 17 -> 16, panic; Newmarsh with it rolls 1 risk die (1 hit): 4, unhurt;
   its test: 7, Newmarsh -1, d10 8 -> 7: passes. Both riflemen marked as having fired.
2. militia_line. Spartan militia (15, Poor, Pickens) fire at the British light infantry 5"
   away: -2, d10 8 -> 6, row 13-15 -> 2. Light infantry 20 -> 18, panic; its test: Veteran 8,
   2 of 20, d10 8: passes. Little River militia (15, Poor) fire at 2": point blank +2, Poor -2,
   d10 3 -> 1. Light infantry 18 -> 17; its test: 3 of 20 (under 25%), d10 9: fails by 1,
   shaken.
3. front_line. Step 1 (panic markers): the light infantry, d10 5, passes: marker off, steady
   again. Legion infantry, d10 6: passes, marker off. The 7th, Newmarsh -1, d10 9 -> 8: fails
   by 1: shaken, keeps its marker. Step 2: the light infantry (skirmish order) and the shaken
   7th may not charge (refused); the Legion infantry charges the GA riflemen: d10 4, passes;
   panic markers on both. Step 3: its charge move, open order 1d6+3 +3: d6 4 -> 10". The GA
   riflemen, skirmishers charged by open order infantry (+1): d10 5 -> 6: pass, evade (they
   fired this turn: half a retreat move), panic marker (kept). The charge falls on evaders: no
   marker. Step 5: the light infantry (17, Veteran) fire at the NC riflemen 6" away: row 16-18,
   d10 6 -> 2. NC riflemen 8 -> 6, panic; their test: 2 of 8 is 25% (+1), d10 6 -> 7: passes.
   The shaken 7th fires half its figures by its card (p.11), rounded up: 16 -> 8, at the
   Spartan militia 7" away: row 7-9, d10 9 -> 1. Militia 15 -> 14, panic; Pickens rolls 1 risk
   die: 1, then d6 2: light wound (marked on the militia's card); its test: Poor 6, Pickens -1,
   d10 4 -> 3: passes.
4. legion_cavalry. The Legion dragoons charge the Spartan militia: d10 2, pass; panic
   marker on the dragoons (the militia has one). Charge move: cavalry 1d6+10 +3: d6 3 -> 16".
   The militia, open order infantry charged by cavalry (+1), Pickens -1: d10 6 -> 6: passes,
   and fires at the charger at 2" with every figure: 14, row 13-15, point blank +2, Poor -2,
   mounted cavalry +2: d10 5 -> 7 -> 2. Dragoons 20 -> 18 (marker kept); their test to close:
   2 of 20, d10 4: passes. Melee round 1: the dragoons, 4 stands in contact + 2 overlapping, 2
   figures a stand = 12 (row 10-12), Regular against Poor +1, the militia's panic marker +1,
   cavalry vs. non-cavalry +2: d10 6 -> 10 -> 2. Militia 14 -> 12; Pickens, 2 hits, 1 die: 7,
   unhurt. The militia, 3 stands in contact x 4 = 12 figures, no overlap (Poor), the dragoons'
   marker +1: d10 4 -> 5 -> 1. Dragoons 18 -> 17. No second round (cavalry against foot:
   refused). Winner: the militia lost 2, the dragoons 1: the militia routs (panic marker);
   the dragoons test (melee_result): 3 of 20, d10 2: pass.
5. cavalry_reserve. The 3rd Dragoons (Veteran, Washington -1) charge the light infantry:
   d10 6 -> 5, pass; panic markers on both. Charge move 1d6+13: d6 5 -> 18". The light
   infantry, skirmishers charged by cavalry (+2): d10 7 -> 9: fails by 1: evades by routing,
   panic marker.
6. reserve. The 71st (open order) may not take the road as a column (refused: its card says
   open order); it moves 1d6+3: d6 2 -> 5".
7. main_line. The Continentals (29, Elite, close order: both ranks) fire at the Legion
   infantry 5" away: row 28-30, d10 5 -> 3. Legion infantry 19 -> 16 (marker kept); its test:
   4 of 20 (under 25%), d10 9: fails by 2: routs, panic marker. The Virginia militia (16,
   Regular) fire at the 7th 7" away: row 16-18, d10 2 -> 1. The 7th 16 -> 15; Newmarsh's risk
   die: 5, unhurt; its test: Newmarsh -1, 2 of 17, d10 3 -> 2: passes: steady again.
8. artillery. Grasshopper 2 prolongs 1.5" (its card marked for the turn) and may not fire
   (refused). Grasshopper 1 (light: 5 figures) fires at the Continentals 30" away: -4, d10 9
   -> 5, row 4-6 -> 1. Continentals 29 -> 28, panic; Howard's risk die: 0, unhurt; their test:
   Elite 9, Howard -2, d10 9 -> 7: passes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from drumhead.checks.results import Resolution
from drumhead.errors import DrumheadError
from drumhead.session import TableSession
from drumhead.session.form import CheckForm

RULESET = "one-if-by-land"
DECK = (
    "skirmish_line",
    "militia_line",
    "front_line",
    "legion_cavalry",
    "cavalry_reserve",
    "reserve",
    "main_line",
    "artillery",
)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[TableSession]:
    saves = tmp_path / "saves"
    saves.mkdir()
    session = TableSession(str(saves), ruleset=RULESET, seed=33)
    session.clock = lambda: "2026-01-17T07:00:00+00:00"
    session.new_game(RULESET, "cowpens", scenario="cowpens-1781")
    yield session
    session.close(force=True)


class Table:
    """The players at the table: each check opened on a unit's card, the other sides picked,
    what no card holds typed in, the dice they threw, and every effect applied."""

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.refusals: list[str] = []

    def form(
        self, check: str, unit: str, inputs: dict[str, Any], roles: dict[str, str]
    ) -> CheckForm:
        made = self.session.form(check, unit)
        assert made is not None and made.check_id == check
        for role, other in roles.items():
            made.set_role(role, other)
        for name, value in inputs.items():
            made.set_input(name, value)
        assert not made.bad_inputs, made.bad_inputs
        return made

    def roll(
        self,
        check: str,
        unit: str,
        dice: list[int],
        outcome: str,
        value: int | None = None,
        inputs: dict[str, Any] | None = None,
        **roles: str,
    ) -> Resolution:
        made = self.form(check, unit, inputs or {}, roles)
        view = made.odds()
        assert view.context is not None, view.blocked
        result = made.roll(dice)
        assert (result.outcome, result.value if value is not None else None) == (outcome, value), (
            check,
            unit,
            result.text,
            result.steps,
        )
        on_cards = [e for e in made.effects if e.who != "table"]
        for_the_table = [e for e in made.effects if e.who == "table"]
        if on_cards:
            first = made.check.role_ids[0] if made.check.role_ids else None
            picked = {first: unit, **made.roles} if first else None
            self.session.apply_effects(unit, on_cards, roles=picked)
        self.session.log_notes(for_the_table)
        return result

    def picked(self, check: str, unit: str, roles: dict[str, str], **inputs: Any) -> None:
        """The form opened at this step already names the other sides the log knows."""
        made = self.form(check, unit, inputs, {})
        assert made.roles_in_play() == roles, (check, unit, made.roles)

    def refused(
        self,
        check: str,
        unit: str,
        why: str,
        inputs: dict[str, Any] | None = None,
        tick: str | None = None,
        **roles: str,
    ) -> None:
        """The rules refuse the check (or the modifier ticked) before any die is thrown."""
        made = self.form(check, unit, inputs or {}, roles)
        view = made.odds()
        if tick is None:
            assert view.refused and why in str(view.blocked), (check, unit, view.blocked)
        else:
            assert tick not in {m.id for m in made.offered}
            with pytest.raises(DrumheadError, match=why):
                made.context({tick: 1})
        self.refusals.append(f"{unit}: {why}")


def script(t: Table) -> dict[tuple[str, str], list[Callable[[], object]]]:
    """What the players do at each step of each card (the module's docstring works it)."""
    morale, fire, melee = "morale", "fire", "melee"
    return {
        # 1. skirmish line
        ("skirmish_line", "firing.fire"): [
            lambda: t.roll(fire, "nc_riflemen", [7], "casualties", 1,
                           {"range_inches": 10}, target="legion_infantry"),
            lambda: t.roll(morale, "legion_infantry", [3], "pass"),
            lambda: t.roll(fire, "ga_riflemen", [9], "casualties", 1,
                           {"range_inches": 12}, target="7th_fusiliers"),
            lambda: t.roll("general_risk", "7th_fusiliers", [4], "unhurt", None, {"hits": 1}),
            lambda: t.roll(morale, "7th_fusiliers", [8], "pass"),
        ],
        # 2. militia line
        ("militia_line", "firing.fire"): [
            lambda: t.roll(fire, "sc_militia_spartan", [8], "casualties", 2,
                           {"range_inches": 5}, target="light_infantry"),
            lambda: t.roll(morale, "light_infantry", [8], "pass"),
            lambda: t.roll(fire, "sc_militia_little_river", [3], "casualties", 1,
                           {"range_inches": 2}, target="light_infantry"),
            lambda: t.roll(morale, "light_infantry", [9], "fail_by_1"),
        ],
        # 3. front line
        ("front_line", "morale.panic_tests"): [
            lambda: t.roll(morale, "light_infantry", [5], "pass", None, {"situation": "panic_marker"}),
            lambda: t.roll(morale, "legion_infantry", [6], "pass", None, {"situation": "panic_marker"}),
            lambda: t.roll(morale, "7th_fusiliers", [9], "fail_by_1", None, {"situation": "panic_marker"}),
        ],
        ("front_line", "charge_declarations.attacker_test"): [
            lambda: t.refused(morale, "light_infantry", "infantry in skirmish order may not charge",
                              {"situation": "charging"}),
            lambda: t.refused(morale, "7th_fusiliers", "may not advance", {"situation": "charging"}),
            lambda: t.roll(morale, "legion_infantry", [4], "pass", None, {"situation": "charging"},
                           charged="ga_riflemen"),
        ],
        ("front_line", "charge_moves.charge_move"): [
            # the step makes it a charge (+3) and the card its rate: open order 1d6+3
            lambda: t.roll("movement", "legion_infantry", [4], "inches", 10, {}),
        ],
        ("front_line", "charge_moves.defender_test"): [
            # the charger is the unit whose charge test named them (the log)
            lambda: t.picked(morale, "ga_riflemen", {"charger": "legion_infantry"}),
            lambda: t.roll(morale, "ga_riflemen", [5], "pass", None,
                           {"situation": "skirmishers_charged"}),
        ],
        ("front_line", "firing.fire"): [
            lambda: t.roll(fire, "light_infantry", [6], "casualties", 2,
                           {"range_inches": 6}, target="nc_riflemen"),
            lambda: t.roll(morale, "nc_riflemen", [6], "pass"),
            # shaken on its card (failed by 1): it fires half, rounded up, without being told
            lambda: t.roll(fire, "7th_fusiliers", [9], "casualties", 1,
                           {"range_inches": 7}, target="sc_militia_spartan"),
            lambda: t.roll("general_risk", "sc_militia_spartan", [1, 2], "light_wound", None, {"hits": 1}),
            lambda: t.roll(morale, "sc_militia_spartan", [4], "pass"),
        ],
        # 4. Legion cavalry
        ("legion_cavalry", "charge_declarations.attacker_test"): [
            lambda: t.roll(morale, "legion_dragoons", [2], "pass", None, {"situation": "charging"},
                           charged="sc_militia_spartan"),
        ],
        ("legion_cavalry", "charge_moves.charge_move"): [
            lambda: t.roll("movement", "legion_dragoons", [3], "inches", 16, {}),
        ],
        ("legion_cavalry", "charge_moves.defender_test"): [
            lambda: t.picked(morale, "sc_militia_spartan", {"charger": "legion_dragoons"}),
            lambda: t.roll(morale, "sc_militia_spartan", [6], "pass", None),
        ],
        ("legion_cavalry", "charge_moves.defender_fire"): [
            # at the charger, at 2 inches: point blank (the step and the log say it all)
            lambda: t.picked(fire, "sc_militia_spartan", {"target": "legion_dragoons"}),
            lambda: t.roll(fire, "sc_militia_spartan", [5], "casualties", 2, {}),
        ],
        ("legion_cavalry", "charge_moves.attacker_close"): [
            lambda: t.roll(morale, "legion_dragoons", [4], "pass", None, {"situation": "closing"}),
        ],
        ("legion_cavalry", "melee.round_1"): [
            lambda: t.roll(melee, "legion_dragoons", [6], "casualties", 2,
                           {"stands_in_contact": 4, "overlap_flanks": 2}, opponent="sc_militia_spartan"),
            lambda: t.roll("general_risk", "sc_militia_spartan", [7], "unhurt", None, {"hits": 2}),
            lambda: t.roll(melee, "sc_militia_spartan", [4], "casualties", 1,
                           {"stands_in_contact": 3, "overlap_flanks": 2}, opponent="legion_dragoons"),
        ],
        ("legion_cavalry", "melee.round_2"): [
            lambda: t.refused(melee, "sc_militia_spartan", "one round only",
                              {"round": "second"}, opponent="legion_dragoons"),
        ],
        ("legion_cavalry", "melee.winner"): [
            lambda: t.roll("melee_winner", "legion_dragoons", [], "defenders_rout", None,
                           {"attacker_lost": 1, "defender_lost": 2}, defender="sc_militia_spartan"),
        ],
        ("legion_cavalry", "melee.winner_tests"): [
            lambda: t.roll(morale, "legion_dragoons", [2], "pass", None, {"situation": "melee_result"}),
        ],
        # 5. cavalry reserve
        ("cavalry_reserve", "charge_declarations.attacker_test"): [
            lambda: t.roll(morale, "3rd_dragoons", [6], "pass", None, {"situation": "charging"},
                           charged="light_infantry"),
        ],
        ("cavalry_reserve", "charge_moves.charge_move"): [
            lambda: t.roll("movement", "3rd_dragoons", [5], "inches", 18, {}),
        ],
        ("cavalry_reserve", "charge_moves.defender_test"): [
            lambda: t.roll(morale, "light_infantry", [7], "fail_by_1", None,
                           {"situation": "skirmishers_charged"}),
        ],
        # 6. reserve
        ("reserve", "movement.move"): [
            lambda: t.refused("movement", "71st_highlanders", "formation is open order moves at that",
                              {"condition": "column"}, "road"),
            lambda: t.roll("movement", "71st_highlanders", [2], "inches", 5, {"condition": "open_order"}),
        ],
        # 7. main line
        ("main_line", "firing.fire"): [
            lambda: t.roll(fire, "md_de_continentals", [5], "casualties", 3,
                           {"range_inches": 5}, target="legion_infantry"),
            lambda: t.roll(morale, "legion_infantry", [9], "fail_by_2"),
            lambda: t.roll(fire, "va_militia", [2], "casualties", 1,
                           {"range_inches": 7}, target="7th_fusiliers"),
            lambda: t.roll("general_risk", "7th_fusiliers", [5], "unhurt", None, {"hits": 1}),
            lambda: t.roll(morale, "7th_fusiliers", [3], "pass"),
        ],
        # 8. artillery
        ("artillery", "movement.move"): [
            lambda: t.roll("movement", "grasshopper_2", [], "inches_half", 1, {"condition": "prolong"}),
        ],
        ("artillery", "firing.fire"): [
            lambda: t.refused(fire, "grasshopper_2", "may not fire at the end of a prolonge",
                              {"range_inches": 20}, target="md_de_continentals"),  # its marker
            lambda: t.roll(fire, "grasshopper_1", [9], "casualties", 1,
                           {"range_inches": 30}, target="md_de_continentals"),
            lambda: t.roll("general_risk", "md_de_continentals", [0], "unhurt", None, {"hits": 1}),
            lambda: t.roll(morale, "md_de_continentals", [9], "pass"),
        ],
    }  # fmt: skip


# The cards at the end of the turn, worked by hand (the module's docstring):
# unit -> (figures now, state, markers); notes besides the scenario's own below. "Fired this
# turn" (p.6-7) marks a unit for the rest of its turn only: the turn's end takes it off every
# card (lasts = "turn").
EXPECTED: dict[str, tuple[int, str, set[str]]] = {
    "nc_riflemen": (6, "good_order", {"panic"}),
    "ga_riflemen": (7, "good_order", {"panic"}),
    "sc_militia_spartan": (12, "rout", {"panic", "light_wound"}),
    "sc_militia_little_river": (15, "good_order", set()),
    "md_de_continentals": (28, "good_order", {"panic"}),
    "va_militia": (16, "good_order", set()),
    "3rd_dragoons": (8, "good_order", {"panic"}),
    "mccall_horse": (5, "good_order", set()),
    "light_infantry": (17, "rout", {"panic"}),
    "legion_infantry": (16, "rout", {"panic"}),
    "7th_fusiliers": (15, "good_order", {"panic"}),
    "71st_highlanders": (25, "good_order", set()),
    "legion_dragoons": (17, "good_order", {"panic"}),
    "17th_dragoons": (5, "good_order", set()),
    "grasshopper_1": (3, "good_order", set()),
    "grasshopper_2": (3, "good_order", set()),
}
# p.11: a routing unit ends "in no formation at all" (ruling oibl-rout-no-formation): the
# militia that lost the melee (p.10 step 9), the light infantry that evaded by routing and the
# Legion infantry that failed by 2; every other card keeps the formation it started in.
ROUTED = {"sc_militia_spartan", "light_infantry", "legion_infantry"}

NOTES: dict[str, list[str]] = {}
"""What no state or marker holds, noted on a card: nothing this turn (a prolonge, p.5, is the
guns' 'prolonged' marker for the turn, which bars their fire by itself)."""


def test_a_turn_of_cowpens_leaves_the_cards_as_the_rules_say(table: TableSession) -> None:
    game = table.open_game_or_fail()
    assert game.state.activation.deck == DECK
    start = {u.id: u.notes for u in game.state.units}
    start_formations = {u.id: u.formation for u in game.state.units}
    players = Table(table)
    todo = script(players)
    walked: list[tuple[str, str]] = []
    while game.state.turn == 1:
        step = game.current_step()
        here = (game.active_card() or "", f"{game.state.phase}.{step.id if step else ''}")
        walked.append(here)
        for action in todo.pop(here, []):
            action()
        table.next_step()
    assert todo == {}, f"never reached: {sorted(todo)}"
    assert sum(1 for _, s in walked if s == "draw.draw") == len(DECK)
    assert len(players.refusals) == 5
    cards = {
        u.id: (u.strength_now, u.state, set(u.markers) - {"activated"}) for u in game.state.units
    }
    assert cards == EXPECTED
    formations = {u.id: u.formation for u in game.state.units}
    assert formations == {
        u: "no_formation" if u in ROUTED else f for u, f in start_formations.items()
    }
    assert "no_formation" not in start_formations.values()
    for unit in game.state.units:
        added = unit.notes.removeprefix(start[unit.id]).strip().splitlines()
        assert added == NOTES.get(unit.id, []), unit.id
    leaders = {x.id: x.status for x in game.state.leaders}
    assert leaders == {
        "morgan": "active",
        "pickens": "wounded",  # light wound (p.11): the d10 showed 1, the d6 2
        "howard": "active",
        "washington": "active",
        "tarleton": "active",
        "mcarthur": "active",
        "newmarsh": "active",
    }
