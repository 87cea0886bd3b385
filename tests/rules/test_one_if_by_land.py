"""One If By Land: every chart cell, every modifier, the band edges and the worked numbers.

The combat chart is checked cell by cell against the rules' own text (the transcription below
is the chart as it appears in the source, page 7 and the charts page).
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from drumhead.checks.mechanics.oibl import FRACTION_OUTCOMES
from drumhead.checks.resolve import available_modifiers, odds, prepare, resolve
from drumhead.checks.results import Resolution
from drumhead.cli.main import main
from drumhead.dice.roller import HandDice
from drumhead.errors import DiceError, InputError
from drumhead.loading.loader import load_ruleset

RULESET = "one-if-by-land"
ROOT = Path(__file__).resolve().parents[2]
# The rule sources sit beside the checkout (shared/seeds), never at an absolute path.
SEED = ROOT.parent / "shared" / "seeds" / "004_524828208fa59482.txt"

# The combat chart as the source prints it (OIBL p.7 and the charts page).
CHART_TEXT = (
    "# of figures Modified Die Roll 0 1 2 3 4 5 6 7 8 9 10 11 12 "
    "2-3 0 0 0 0 0 0 0 1 1 1 1 1 1 "
    "4-6 0 0 0 0 0 1 1 1 1 1 1 1 2 "
    "7-9 0 0 0 1 1 1 1 1 1 1 2 2 2 "
    "10-12 0 0 1 1 1 1 2 2 2 2 2 2 3 "
    "13-15 0 1 1 1 1 2 2 2 2 3 3 3 3 "
    "16-18 0 1 1 1 2 2 2 3 3 3 3 4 4 "
    "19-21 1 1 1 2 2 2 2 3 3 3 4 4 4 "
    "22-24 1 1 2 2 2 2 3 3 3 4 4 4 5 "
    "25-27 2 2 2 2 2 3 3 4 4 4 4 5 5 "
    "28-30 2 2 2 2 3 3 3 4 4 4 5 5 6"
)


def _parse_chart(text: str) -> dict[tuple[int, int], list[int]]:
    body = text.split("12 ", 1)[1]
    rows: dict[tuple[int, int], list[int]] = {}
    for match in re.finditer(r"(\d+)-(\d+)((?: \d+){13})", body):
        rows[(int(match[1]), int(match[2]))] = [int(v) for v in match[3].split()]
    return rows


CHART = _parse_chart(CHART_TEXT)

EVERY_SURVIVOR = {"round": "second"}
"""OIBL p.10 step 8: in the second melee round every surviving figure of a formed unit fights,
so ``figures`` is the strength read on the chart (round 1 counts stands in contact)."""
CELLS = [(lo, hi, col, vals[col]) for (lo, hi), vals in CHART.items() for col in range(13)]


def rs(*options: str) -> Any:
    return load_ruleset(RULESET, options)


def run(
    check: str, values: dict[str, object], dice: list[int], mods: Any = (), *opts: str
) -> Resolution:
    return resolve(prepare(rs(*opts), check, values, mods), HandDice(dice))


def p_of(check: str, values: dict[str, object], mods: Any = (), *opts: str) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for o in odds(prepare(rs(*opts), check, values, mods)):
        key = o.outcome if o.value is None else (o.outcome, o.value)
        out[key] = out.get(key, Fraction(0)) + o.p
    return out


def texts(res: Resolution) -> list[str]:
    return [e.text for e in res.effects]


# -- the chart against the source ----------------------------------------------------------------
def test_chart_transcription_is_the_source_text() -> None:
    if not SEED.exists():
        pytest.skip(f"the seed document {SEED.name} is not beside this checkout (../shared/seeds)")
    source = " ".join(SEED.read_text(encoding="utf-8").split())
    # the chart appears twice: on page 7 and on the charts page
    assert source.count(CHART_TEXT.split("Die Roll ", 1)[1]) == 2
    assert len(CHART) == 10 and all(len(v) == 13 for v in CHART.values())


def test_the_ruleset_chart_and_reference_table_hold_the_source_rows() -> None:
    ruleset = rs()
    for check in ("fire", "melee"):
        rows = {(r.low, r.high): list(r.values) for r in ruleset.check(check).mechanic.rows}
        assert rows == CHART
    ref = next(r for r in ruleset.reference if r.id == "combat_chart")
    assert {
        tuple(map(int, row[0].split("-"))): [int(c) for c in row[1:]] for row in ref.rows
    } == CHART


def _face_and_mods(check: str, column: int) -> tuple[int, list[str]]:
    """A d10 face and ticked +2 modifiers that make the modified roll equal ``column``."""
    if column <= 9:
        return column, []
    if check == "fire":
        return column - 4, ["point_blank", "marksmen"]
    return column - 4, ["attacking_flank_or_rear", "defending_heavy_cover"]


@pytest.mark.parametrize("check", ["fire", "melee"])
@pytest.mark.parametrize(("low", "high", "column", "value"), CELLS)
def test_every_chart_cell(check: str, low: int, high: int, column: int, value: int) -> None:
    face, mods = _face_and_mods(check, column)
    for figures in {low, high}:
        values = {"figures": figures, **(EVERY_SURVIVOR if check == "melee" else {})}
        res = run(check, values, [face], mods)
        assert res.modified == column
        assert res.value == value, f"{figures} figures, column {column}"


@pytest.mark.parametrize(("low", "high"), list(CHART))
def test_chart_row_odds_unmodified(low: int, high: int) -> None:
    expected: dict[Any, Fraction] = {}
    for face in range(10):
        key = ("casualties", CHART[(low, high)][face])
        expected[key] = expected.get(key, Fraction(0)) + Fraction(1, 10)
    assert p_of("fire", {"figures": high}) == expected


def test_modified_zero_reads_column_zero() -> None:
    res = run("fire", {"figures": 30}, [0])
    assert (res.modified, res.value) == (0, 2)


def test_modified_twelve_reads_column_twelve() -> None:
    res = run("fire", {"figures": 30}, [8], ["point_blank", "marksmen"])
    assert (res.modified, res.value) == (12, 6)


def test_thirteen_counts_as_twelve() -> None:
    res = run("fire", {"figures": 30}, [9], ["point_blank", "marksmen"])
    assert (res.modified, res.value) == (13, 6)
    assert any("13 counts as 12" in s for s in res.steps)


def test_below_zero_misses_even_on_the_top_row() -> None:
    miss = run("fire", {"figures": 30, "firer_quality": "poor"}, [1])
    assert (miss.modified, miss.value) == (-1, 0)
    assert any("a miss" in s for s in miss.steps)
    hit = run("fire", {"figures": 30, "firer_quality": "poor"}, [2])
    assert (hit.modified, hit.value) == (0, 2)


def test_31_figures_roll_again_for_the_one_figure_excess() -> None:
    res = run("fire", {"figures": 31}, [9, 9])
    assert [r.label for r in res.rolls] == ["chart", "excess 1 figure"]
    assert res.value == 4  # 30 figures at 9 -> 4; one figure is under the chart (ruling)
    assert any("oibl-chart-small" in s for s in res.steps)


def test_33_figures_roll_the_excess_on_the_2_3_row() -> None:
    res = run("fire", {"figures": 33}, [9, 7])
    assert [r.label for r in res.rolls] == ["chart", "excess 3 figures"]
    assert res.value == 4 + 1


def test_60_figures_are_two_visible_rolls_of_30() -> None:
    res = run("fire", {"figures": 60}, [3, 9])
    assert len(res.rolls) == 2 and res.rolls[1].label == "excess 30 figures"
    assert res.value == 2 + 4
    row = CHART[(28, 30)]
    expected: dict[Any, Fraction] = {}
    for a, b in itertools.product(range(10), repeat=2):
        key = ("casualties", row[a] + row[b])
        expected[key] = expected.get(key, Fraction(0)) + Fraction(1, 100)
    assert p_of("fire", {"figures": 60}) == expected


def test_61_figures_need_three_dice() -> None:
    with pytest.raises(DiceError):
        run("fire", {"figures": 61}, [3, 9])
    assert len(run("fire", {"figures": 61}, [3, 9, 0]).rolls) == 3


# -- fire ---------------------------------------------------------------------------------------------
FIRE_MODS = [
    ("point_blank", 2),
    ("marksmen", 2),
    ("flank_or_rear", 2),
    ("light_cover", -2),
    ("heavy_cover", -4),
]


@pytest.mark.parametrize(("mod", "value"), FIRE_MODS)
def test_firing_modifier(mod: str, value: int) -> None:
    res = run("fire", {"figures": 12}, [5], [mod])
    assert res.total_modifier == value
    assert res.value == CHART[(10, 12)][min(12, 5 + value)]


@pytest.mark.parametrize(
    "target",
    [
        {"target_formation": "column"},
        {"target_type": "cavalry"},
        {"target_type": "cavalry", "target_formation": "column"},  # +2 once
    ],
)
def test_target_in_column_or_mounted_cavalry_follows_from_its_card(target: dict[str, str]) -> None:
    """OIBL p.8: target is in column or is mounted cavalry +2, read from the target's card
    (never a tick); dismounted cavalry is not mounted."""
    res = run("fire", {"figures": 12, **target}, [5])
    assert res.total_modifier == 2 and res.value == CHART[(10, 12)][7]
    assert prepare(rs(), "fire", {"figures": 12, "target_type": "dismounted_cavalry"}).total() == 0
    with pytest.raises(InputError, match="cannot be ticked"):
        prepare(rs(), "fire", {"figures": 12}, ["target_column_or_cavalry"])


@pytest.mark.parametrize(("mod", "value"), [("cannon_12_25", -2), ("cannon_over_25", -4)])
def test_cannon_range_modifiers(mod: str, value: int) -> None:
    res = run("fire", {"cannon": "medium"}, [6], [mod])
    assert res.total_modifier == value
    assert res.value == CHART[(10, 12)][6 + value]


@pytest.mark.parametrize(
    ("quality", "value"),
    [("elite", 0), ("veteran", 0), ("regular", 0), ("poor", -2), ("wretched", -4)],
)
def test_firer_quality_is_automatic(quality: str, value: int) -> None:
    ctx = prepare(rs(), "fire", {"figures": 10, "firer_quality": quality})
    assert ctx.total() == value
    with pytest.raises(InputError):
        prepare(rs(), "fire", {"figures": 10}, ["firer_poor"])


def test_point_blank_is_small_arms_only_and_range_is_cannon_only() -> None:
    with pytest.raises(InputError, match="does not apply"):
        prepare(rs(), "fire", {"cannon": "light"}, ["point_blank"])
    with pytest.raises(InputError, match="does not apply"):
        prepare(rs(), "fire", {"figures": 10}, ["cannon_12_25"])


def test_cover_and_cannon_range_are_one_choice_each() -> None:
    """Issue 35: ticking light and heavy cover counted only the heavier, silently; the two
    are one choice, and ticking both is refused naming both."""
    assert prepare(rs(), "fire", {"figures": 10}, ["heavy_cover"]).total() == -4
    with pytest.raises(InputError, match=r"'light_cover' .* and 'heavy_cover' .* one choice"):
        prepare(rs(), "fire", {"figures": 10}, ["light_cover", "heavy_cover"])
    with pytest.raises(InputError, match="one choice"):
        prepare(rs(), "fire", {"cannon": "heavy"}, ["cannon_12_25", "cannon_over_25"])


@pytest.mark.parametrize(
    ("cannon", "figures", "row"),
    [("light", 5, (4, 6)), ("medium", 10, (10, 12)), ("heavy", 15, (13, 15))],
)
def test_cannon_counts_as_figures(cannon: str, figures: int, row: tuple[int, int]) -> None:
    res = run("fire", {"cannon": cannon}, [9])
    assert res.value == CHART[row][9]
    assert any(f"{figures} figures" in s for s in res.steps)


def test_a_cannon_fires_as_its_weight_whatever_its_crew() -> None:
    res = run("fire", {"cannon": "light", "figures": 3}, [9])
    assert res.value == CHART[(4, 6)][9]
    assert res.steps[0].startswith("5 figures")
    with pytest.raises(InputError, match="nothing is firing"):
        prepare(rs(), "fire", {})


@pytest.mark.parametrize(
    ("portion", "firing"), [("all", 7), ("failed_by_1", 4), ("move_and_fire", 4), ("reforming", 3)]
)
def test_half_fire_rounding(portion: str, firing: int) -> None:
    res = run("fire", {"figures": 7, "portion": portion}, [9])
    assert any(s.startswith(f"{firing} figures") for s in res.steps)


def test_fire_effects_casualties_panic_and_counter_battery() -> None:
    res = run("fire", {"cannon": "heavy", "target_type": "artillery"}, [9])
    assert res.value == 3
    kinds = [(e.kind, e.who) for e in res.effects]
    assert ("lose", "target") in kinds and ("marker", "target") in kinds
    assert res.effects[0].amount == 3
    assert any("Counter-battery" in t for t in texts(res))


@pytest.mark.parametrize(
    ("portion", "panics"), [("all", True), ("failed_by_1", True), ("reforming", False)]
)
def test_six_figures_are_counted_after_halving(portion: str, panics: bool) -> None:
    res = run("fire", {"figures": 11, "portion": portion, "target_quality": "wretched"}, [0])
    assert res.value == 0
    assert any("6+ figures" in t for t in texts(res)) is panics


def test_poor_target_fired_on_by_six_figures_panics_without_casualties() -> None:
    res = run("fire", {"figures": 6, "target_quality": "poor"}, [0])
    assert res.value == 0
    assert any("6+ figures" in t for t in texts(res))
    calm = run("fire", {"figures": 5, "target_quality": "poor"}, [0])
    assert not any("6+ figures" in t for t in texts(calm))
    regular = run("fire", {"figures": 6, "target_quality": "regular"}, [0])
    assert not any("6+ figures" in t for t in texts(regular))


# -- melee --------------------------------------------------------------------------------------------
QUALITIES = ["elite", "veteran", "regular", "poor", "wretched"]


@pytest.mark.parametrize(("mine", "theirs"), list(itertools.product(QUALITIES, QUALITIES)))
def test_melee_each_higher_quality_is_plus_one(mine: str, theirs: str) -> None:
    diff = max(0, QUALITIES.index(theirs) - QUALITIES.index(mine))
    values = {"figures": 16, "quality": mine, "opponent_quality": theirs, **EVERY_SURVIVOR}
    res = run("melee", values, [4])
    assert res.total_modifier == diff
    assert res.value == CHART[(16, 18)][4 + diff]


MELEE_MODS = [
    ("attacking_flank_or_rear", 2),
    ("bayonets_vs_none", 1),
    ("defending_light_cover", 1),
    ("defending_heavy_cover", 2),
    ("attacked_in_flank_or_rear", -4),
]
MELEE_CARD_MODS = [
    # (modifier, value, what the cards say): OIBL p.8, filled from the two units' cards
    ("opponent_panic", 1, {"opponent_panicked": True}),
    ("cavalry_vs_non_cavalry", 2, {"unit_type": "cavalry", "opponent_type": "militia"}),
    ("cavalry_vs_non_cavalry", 2, {"unit_type": "cavalry", "opponent_type": "artillery"}),
    ("routing", -4, {"state": "rout"}),
]


@pytest.mark.parametrize(("mod", "value"), MELEE_MODS)
def test_melee_modifier(mod: str, value: int) -> None:
    res = run("melee", {"figures": 22, **EVERY_SURVIVOR}, [5], [mod])
    assert res.total_modifier == value
    assert res.value == CHART[(22, 24)][5 + value]


@pytest.mark.parametrize(("mod", "value", "cards"), MELEE_CARD_MODS)
def test_melee_modifier_from_the_cards(mod: str, value: int, cards: dict[str, Any]) -> None:
    values = {"figures": 22, **EVERY_SURVIVOR, **cards}
    if cards.get("unit_type") == "cavalry":
        values["round"] = "first"  # cavalry against foot fight one round (p.10 step 7)
        values["stands_in_contact"] = 11
    res = run("melee", values, [5])
    assert [(m.id, m.value) for m in res.modifiers] == [(mod, value)]
    assert res.value == CHART[(22, 24)][5 + value]
    with pytest.raises(InputError, match="cannot be ticked"):
        prepare(rs(), "melee", values, [mod])


def test_cavalry_against_cavalry_or_dismounted_cavalry() -> None:
    """Cavalry vs. non-cavalry +2 (p.8): not against cavalry; dismounted cavalry fight on foot
    (ruling oibl-dismounted-cavalry-foot)."""
    horse = {"unit_type": "cavalry", "stands_in_contact": 4}
    assert prepare(rs(), "melee", {**horse, "opponent_type": "cavalry"}).total() == 0
    assert prepare(rs(), "melee", {**horse, "opponent_type": "dismounted_cavalry"}).total() == 2


def test_melee_loser_effects() -> None:
    values = {"figures": 9, "quality": "elite", "opponent_quality": "poor", **EVERY_SURVIVOR}
    res = run("melee", values, [7])
    assert res.value == CHART[(7, 9)][10] == 2
    assert res.effects[0].kind == "lose" and res.effects[0].who == "opponent"


# -- morale -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("quality", "number"),
    [("elite", 9), ("veteran", 8), ("regular", 7), ("poor", 6), ("wretched", 5)],
)
def test_morale_numbers_and_exact_odds(quality: str, number: int) -> None:
    got = p_of("morale", {"quality": quality})
    assert got.get("pass") == Fraction(number + 1, 10)
    assert got.get("fail_by_1", Fraction(0)) == (Fraction(1, 10) if number <= 8 else 0)
    assert got.get("fail_by_2", Fraction(0)) == Fraction(max(0, 8 - number), 10)


@pytest.mark.parametrize(
    ("face", "outcome"), [(0, "pass"), (7, "pass"), (8, "fail_by_1"), (9, "fail_by_2")]
)
def test_morale_margins(face: int, outcome: str) -> None:
    assert run("morale", {"quality": "regular"}, [face]).outcome == outcome


MORALE_MODS = [
    ("light_cover", -1),
    ("heavy_cover", -2),
    ("outflanked", 2),
    ("equal_friend_routs", 1),
    ("higher_friend_routs", 2),
]
CHARGED_MODS = [
    # (modifier, value, the unit's and the charger's cards): OIBL p.11, never a tick
    (
        "open_order_charged_by_cavalry",
        1,
        {"situation": "charged", "formation": "open_order", "charger_type": "cavalry"},
    ),
    (
        "skirmishers_charged_by_cavalry",
        2,
        {"situation": "skirmishers_charged", "formation": "skirmish", "charger_type": "cavalry"},
    ),
    (
        "skirmishers_charged_by_infantry",
        1,
        {"situation": "skirmishers_charged", "unit_type": "rifles", "charger_type": "infantry"},
    ),
    (
        "skirmishers_charged_by_infantry",
        1,
        {
            "situation": "skirmishers_charged",
            "formation": "skirmish",
            "charger_type": "militia",
            "charger_formation": "open_order",
        },
    ),
    (
        "artillery_charged_by_cavalry",
        1,
        {"situation": "charged", "unit_type": "artillery", "charger_type": "cavalry"},
    ),
]


def _pass_p(number: int, mod: int) -> Fraction:
    return Fraction(sum(1 for f in range(10) if f + mod <= number), 10)


@pytest.mark.parametrize(("mod", "value"), MORALE_MODS)
def test_morale_modifier(mod: str, value: int) -> None:
    ctx = prepare(rs(), "morale", {"quality": "veteran"}, [mod])
    assert ctx.total() == value
    assert p_of("morale", {"quality": "veteran"}, [mod]).get("pass") == _pass_p(8, value)


@pytest.mark.parametrize(("mod", "value", "cards"), CHARGED_MODS)
def test_morale_charged_modifiers(mod: str, value: int, cards: dict[str, str]) -> None:
    ctx = prepare(rs(), "morale", cards)
    assert [(m.id, m.value) for m in ctx.modifiers] == [(mod, value)]
    assert prepare(rs(), "morale", {**cards, "situation": "panic_trigger"}).total() == 0
    with pytest.raises(InputError, match="cannot be ticked"):
        prepare(rs(), "morale", cards, [mod])


def test_skirmishers_charged_by_a_column_or_by_skirmishers_take_no_modifier() -> None:
    """OIBL p.11 names close or open order infantry and cavalry only."""
    for charger in ({"charger_formation": "column"}, {"charger_type": "indians"}):
        values = {"situation": "skirmishers_charged", "formation": "skirmish", **charger}
        assert prepare(rs(), "morale", values).total() == 0


@pytest.mark.parametrize("leader", [1, 2, 3])
def test_morale_leader_minus_x(leader: int) -> None:
    ctx = prepare(rs(), "morale", {"quality": "poor", "leader": leader})
    assert ctx.total() == -leader
    assert p_of("morale", {"quality": "poor", "leader": leader})["pass"] == _pass_p(6, -leader)


@pytest.mark.parametrize(
    ("start", "lost", "mod"),
    [
        (20, 0, 0),
        (20, 4, 0),
        (20, 5, 1),
        (20, 9, 1),
        (20, 10, 2),
        (20, 14, 2),
        (20, 15, 3),
        (20, 20, 3),
        (7, 1, 0),
        (7, 2, 1),
        (7, 3, 1),
        (7, 4, 2),
        (7, 5, 2),
        (7, 6, 3),
        (30, 7, 0),
        (30, 8, 1),
        (30, 22, 2),
        (30, 23, 3),
    ],
)
def test_casualty_bands(start: int, lost: int, mod: int) -> None:
    ctx = prepare(rs(), "morale", {"figures_start": start, "figures_lost": lost})
    assert ctx.total() == mod
    assert sum(1 for m in ctx.modifiers if m.id.startswith("casualties")) == (1 if mod else 0)


def test_more_lost_than_started_is_refused() -> None:
    with pytest.raises(InputError, match="cannot exceed"):
        prepare(rs(), "morale", {"figures_start": 10, "figures_lost": 11})


def test_exclusive_morale_groups_are_one_choice() -> None:
    """Issue 35: "friend routs +1" and "+2" counted only one, and nothing said which."""
    assert prepare(rs(), "morale", {}, ["higher_friend_routs"]).total() == 2
    for both in (["equal_friend_routs", "higher_friend_routs"], ["light_cover", "heavy_cover"]):
        with pytest.raises(InputError, match="one choice"):
            prepare(rs(), "morale", {}, both)


def test_every_morale_modifier_together() -> None:
    ctx = prepare(
        rs(),
        "morale",
        {
            "quality": "elite",
            "leader": 2,
            "figures_start": 20,
            "figures_lost": 10,
            "situation": "charged",
            "formation": "open_order",
            "charger_type": "cavalry",
        },
        ["heavy_cover", "outflanked", "higher_friend_routs"],
    )
    assert ctx.total() == -2 - 2 + 2 + 2 + 1 + 2


@pytest.mark.parametrize(
    ("quality", "situation", "woods", "target"),
    [
        ("regular", "charging", False, 8),
        ("regular", "closing", False, 8),
        ("regular", "melee_result", False, 8),
        ("regular", "panic_trigger", False, 7),
        ("regular", "panic_trigger", True, 8),
        ("regular", "charging", True, 9),
        ("poor", "charging", True, 8),
        ("veteran", "charging", True, 9),
        ("elite", "charging", True, 9),
    ],
)
def test_indians_test_higher(quality: str, situation: str, woods: bool, target: int) -> None:
    values = {"quality": quality, "situation": situation, "in_woods": woods, "unit_type": "indians"}
    res = run("morale", values, [0])
    assert res.target == target
    other = run("morale", {**values, "unit_type": "infantry"}, [0])
    assert other.target == {"elite": 9, "veteran": 8, "regular": 7, "poor": 6}[quality]


def test_fail_by_1_effects_by_quality() -> None:
    regular = run("morale", {"quality": "regular"}, [8])
    assert any("half its figures (rounded up)" in t for t in texts(regular))
    assert any(e.kind == "state" and e.state == "shaken" for e in regular.effects)
    poor = run("morale", {"quality": "poor"}, [7])
    assert poor.outcome == "fail_by_1"
    assert "May not fire" in texts(poor)


def test_charged_defender_fail_by_1_fires_half_rounded_down() -> None:
    res = run("morale", {"quality": "veteran", "situation": "charged"}, [9])
    assert res.outcome == "fail_by_1"
    assert any("rounded down" in t for t in texts(res))
    assert not any("rounded up" in t for t in texts(res))


def test_fail_by_2_routs_with_a_panic_marker() -> None:
    res = run("morale", {"quality": "wretched"}, [7])
    assert res.outcome == "fail_by_2"
    assert any(e.kind == "state" and e.state == "rout" for e in res.effects)
    assert any(e.kind == "marker" and e.marker == "panic" for e in res.effects)


@pytest.mark.parametrize("face", [8, 9])
def test_failed_charge_test_is_step_2_not_a_rout(face: int) -> None:
    res = run("morale", {"situation": "charging"}, [face])
    assert not any(e.kind == "state" for e in res.effects)
    assert any("Charge refused" in t for t in texts(res))
    assert any(e.kind == "marker" and e.marker == "panic" for e in res.effects)


def test_passed_charge_test_marks_the_defender() -> None:
    res = run("morale", {"situation": "charging"}, [3])
    assert any(e.kind == "marker" and e.who == "charged" for e in res.effects)


def test_routing_unit_rallies_to_reforming_or_keeps_routing() -> None:
    marked = {"state": "rout", "situation": "panic_marker", "has_panic": True}
    rally = run("morale", marked, [2])
    assert [e.state for e in rally.effects if e.kind == "state"] == ["reforming"]
    assert any(e.kind == "clear_marker" for e in rally.effects)
    for face in (8, 9):
        still = run("morale", marked, [face])
        assert not any(e.kind == "state" for e in still.effects)
        assert any("Keeps routing" in t for t in texts(still))


def test_skirmishers_charged() -> None:
    skirmishers = {"situation": "skirmishers_charged", "formation": "skirmish"}
    passed = run("morale", skirmishers, [0])
    assert [e.dice for e in passed.effects if e.kind == "distance"] == ["1d6+4"]
    assert any(e.marker == "panic" for e in passed.effects)
    failed = run("morale", skirmishers, [8])
    assert [e.dice for e in failed.effects if e.kind == "distance"] == ["1d6+10"]
    assert [e.state for e in failed.effects if e.kind == "state"] == ["rout"]


def test_militia_stop_retreat() -> None:
    stop = run(
        "morale", {"situation": "stop_retreat", "state": "retreating", "quality": "poor"}, [6]
    )
    assert [e.state for e in stop.effects if e.kind == "state"] == ["reforming"]
    with pytest.raises(InputError, match="deliberate retreat"):
        prepare(rs(), "morale", {"situation": "stop_retreat"})


# -- risk to generals ------------------------------------------------------------------------------
def _brute_general_risk(dice: int) -> dict[str, Fraction]:
    """Every sequence of risk dice and wound dice, the worst wound standing."""
    order = ["unhurt", "light_wound", "serious_wound", "killed"]
    out: dict[str, Fraction] = {}
    for faces in itertools.product(range(10), repeat=dice):
        ones = faces.count(1)
        for wounds in itertools.product(range(1, 7), repeat=ones):
            worst = max([0] + [(w + 1) // 2 for w in wounds])
            p = Fraction(1, 10**dice) * Fraction(1, 6**ones)
            out[order[worst]] = out.get(order[worst], Fraction(0)) + p
    return out


@pytest.mark.parametrize(("hits", "dice"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_general_risk_odds_exact(hits: int, dice: int) -> None:
    got = p_of("general_risk", {"hits": hits})
    assert got == _brute_general_risk(dice)
    assert got["unhurt"] == Fraction(9, 10) ** dice
    assert got["killed"] == 1 - (1 - Fraction(1, 30)) ** dice


def test_one_die_odds() -> None:
    assert p_of("general_risk", {"hits": 2}) == {
        "unhurt": Fraction(9, 10),
        "light_wound": Fraction(1, 30),
        "serious_wound": Fraction(1, 30),
        "killed": Fraction(1, 30),
    }


@pytest.mark.parametrize(
    ("hits", "faces", "outcome"),
    [
        (1, [0], "unhurt"),
        (1, [1, 1], "light_wound"),
        (1, [1, 2], "light_wound"),
        (1, [1, 3], "serious_wound"),
        (1, [1, 4], "serious_wound"),
        (1, [1, 5], "killed"),
        (1, [1, 6], "killed"),
        (4, [3, 9], "unhurt"),
        (4, [3, 1, 4], "serious_wound"),
        (5, [1, 4, 1, 2, 6], "killed"),
        (5, [1, 1, 1, 2, 1, 3], "serious_wound"),
    ],
)
def test_general_risk_resolution(hits: int, faces: list[int], outcome: str) -> None:
    res = run("general_risk", {"hits": hits}, faces)
    assert res.outcome == outcome
    assert sum(1 for r in res.rolls if r.label.startswith("risk die")) == -(-hits // 2)


def test_general_risk_effects() -> None:
    killed = run("general_risk", {"hits": 2}, [1, 5])
    assert any(e.kind == "leader" and e.state == "killed" for e in killed.effects)
    assert any("under his command" in t for t in texts(killed))
    serious = run("general_risk", {"hits": 2}, [1, 3])
    assert not [e for e in serious.effects if e.kind == "distance"]  # rolled as he moves
    assert any("1d6 inches a turn" in t and "wound as serious" in t for t in texts(serious))
    light = run("general_risk", {"hits": 2}, [1, 2])
    assert any("10 inches" in t for t in texts(light))


def test_general_risk_d10_reads_zero_to_nine() -> None:
    with pytest.raises(DiceError):
        run("general_risk", {"hits": 1}, [10])


# -- counter-battery ----------------------------------------------------------------------------------
def test_counter_battery_odds() -> None:
    assert p_of("counter_battery", {}) == {"survives": Fraction(4, 5), "destroyed": Fraction(1, 5)}


@pytest.mark.parametrize(
    ("face", "outcome"),
    [(0, "survives"), (1, "survives"), (7, "survives"), (8, "destroyed"), (9, "destroyed")],
)
def test_counter_battery_faces(face: int, outcome: str) -> None:
    res = run("counter_battery", {}, [face])
    assert res.outcome == outcome
    assert [e.kind for e in res.effects] == (["remove"] if outcome == "destroyed" else [])


def test_counter_battery_refuses_a_ten() -> None:
    with pytest.raises(DiceError):
        run("counter_battery", {}, [10])


# -- movement ---------------------------------------------------------------------------------------
RATES = {
    "close_order": (2, 5),
    "open_order": (3, 6),
    "column": (4, 7),
    "skirmish": (5, 8),
    "cavalry": (10, 14),
    "infantry_retreat": (4, 7),
    "infantry_rout": (10, 12),
    "cavalry_retreat": (10, 14),
    "cavalry_rout": (16, 20),
}


CARD = {
    "open_order": {"formation": "open_order"},
    "column": {"formation": "column"},
    "cavalry": {"unit_type": "cavalry"},
    "cavalry_retreat": {"unit_type": "cavalry"},
    "cavalry_rout": {"unit_type": "cavalry"},
    "prolong": {"unit_type": "artillery", "formation": "unlimbered"},
}
"""The card a rate belongs to (OIBL p.4-5): infantry moves at its formation's rate, only
cavalry and generals at the cavalry rates, only unlimbered guns prolonge (any other card on them
is refused, ruling oibl-movement-rate-by-card); the rest take the default card (close order
infantry: skirmish is going into skirmish order, retreat and rout from any formation)."""


def moving(condition: str, **more: object) -> dict[str, object]:
    """The movement inputs of a unit whose card fits ``condition``."""
    return {"condition": condition, **CARD.get(condition, {}), **more}


def inches(res: Resolution) -> Fraction:
    return Fraction(dict(res.values)["quarters"], 4)


@pytest.mark.parametrize(("condition", "rates"), list(RATES.items()))
def test_movement_rates(condition: str, rates: tuple[int, int]) -> None:
    plus, fixed = rates
    for face in (1, 6):
        res = run("movement", moving(condition), [face])
        assert (res.outcome, res.value) == ("inches", face + plus)
    got = p_of("movement", moving(condition))
    assert got == {("inches", plus + f): Fraction(1, 6) for f in range(1, 7)}
    fixed_res = run("movement", moving(condition), [], (), "fixed_movement")
    assert (fixed_res.outcome, fixed_res.value, fixed_res.rolls) == ("inches", fixed, ())


@pytest.mark.parametrize("opts", [(), ("fixed_movement",)])
def test_prolong_is_one_and_a_half_inches(opts: tuple[str, ...]) -> None:
    res = run("movement", moving("prolong"), [], (), *opts)
    assert (res.outcome, res.value, inches(res)) == ("inches_half", 1, Fraction(3, 2))
    assert res.text == "1 1/2 inches"
    assert any("may not fire" in t for t in texts(res))


@pytest.mark.parametrize(
    ("mod", "condition", "value", "card"),
    [
        ("road", "column", 3, {"formation": "column", "one_stand_wide": True}),
        ("road", "close_order", 3, {"formation": "limbered", "unit_type": "artillery"}),
        ("militia_retreat", "infantry_retreat", 3, {}),
    ],
)
def test_movement_bonuses(mod: str, condition: str, value: int, card: dict[str, Any]) -> None:
    res = run("movement", {"condition": condition, **card}, [4], [mod])
    assert res.value == 4 + RATES[condition][0] + value


@pytest.mark.parametrize(
    ("condition", "card"),
    [("cavalry", {"unit_type": "cavalry"}), ("open_order", {"formation": "open_order"})],
)
def test_a_charge_adds_three_inches(condition: str, card: dict[str, str]) -> None:
    """OIBL p.5 charge movement +3 inches: the move being a charge says so (not a tick)."""
    res = run("movement", {"condition": condition, "charging": True, **card}, [4])
    assert res.value == 4 + RATES[condition][0] + 3


@pytest.mark.parametrize(
    ("mod", "condition"),
    [
        ("road", "open_order"),
        ("road", "cavalry"),
        ("cavalry_face", "close_order"),
        ("linear_obstacle", "skirmish"),
        ("mount_dismount", "column"),
    ],
)
def test_movement_modifiers_only_where_they_apply(mod: str, condition: str) -> None:
    with pytest.raises(InputError, match="does not apply"):
        prepare(rs(), "movement", moving(condition), [mod])


@pytest.mark.parametrize("mod", ["linear_obstacle", "about_face", "cavalry_face"])
def test_movement_penalties_count(mod: str) -> None:
    res = run("movement", moving("cavalry"), [5], {mod: 2})
    assert res.value == 15 - 4  # faced at the start and end of the move: four inches


def test_movement_never_below_zero() -> None:
    res = run("movement", {"condition": "close_order"}, [1], {"linear_obstacle": 3})
    assert (res.outcome, res.value) == ("inches", 0)


@pytest.mark.parametrize(
    "slow", ["wheel", "oblique", "woods", "interpenetrating", "backstep", "sidestep"]
)
def test_half_speed(slow: str) -> None:
    res = run("movement", {"condition": "close_order", slow: True}, [3])
    assert inches(res) == Fraction(5, 2)
    assert (res.outcome, res.value) == ("inches_half", 2)


@pytest.mark.parametrize(
    ("a", "b"), list(itertools.combinations(["wheel", "oblique", "woods", "interpenetrating"], 2))
)
def test_quarter_speed_for_two_conditions(a: str, b: str) -> None:
    res = run("movement", moving("column", **{a: True, b: True}), [6])
    assert inches(res) == Fraction(10, 4)


def test_three_conditions_are_still_quarter_speed() -> None:
    res = run(
        "movement",
        {"condition": "close_order", "wheel": True, "woods": True, "interpenetrating": True},
        [6],
    )
    assert inches(res) == 2
    assert res.outcome == "inches"


def test_a_move_under_an_inch_reads_as_a_fraction_of_an_inch() -> None:
    # (1 + 2 - 2) / 2: half an inch, not "0 1/2 inches"
    res = run("movement", {"condition": "close_order", "woods": True}, [1], {"linear_obstacle": 1})
    assert (res.outcome, res.value, inches(res)) == ("half_inch", 0, Fraction(1, 2))
    assert res.text == "1/2 inch"
    # (1 + 2 - 2) / 4 and (2 + 2 - 2) / 4 and (3 + 2 - 2) / 4
    quarter = {"condition": "close_order", "woods": True, "wheel": True}
    for face, outcome, text in [
        (1, "quarter_inch", "1/4 inch"),
        (2, "half_inch", "1/2 inch"),
        (3, "three_quarters_inch", "3/4 inch"),
        (5, "inches_quarter", "1 1/4 inches"),
    ]:
        res = run("movement", quarter, [face], {"linear_obstacle": 1})
        assert (res.outcome, res.text) == (outcome, text)
    got = p_of("movement", quarter, {"linear_obstacle": 1})
    assert got[("quarter_inch", 0)] == Fraction(1, 6)
    assert sum(got.values()) == 1


def test_penalties_come_before_half_speed() -> None:
    res = run("movement", {"condition": "close_order", "woods": True}, [6], {"linear_obstacle": 1})
    assert inches(res) == 3  # (6 + 2 - 2) / 2


def test_change_of_order_while_advancing_is_half_the_close_order_move() -> None:
    # the rules' own example: 1d6+2 inches / 2
    got = p_of("movement", {"condition": "close_order"}, ["change_order_advancing"])
    expected: dict[Any, Fraction] = {}
    for face in range(1, 7):
        q = (face + 2) * 2  # quarters of (face + 2) / 2: never under an inch here
        expected[(FRACTION_OUTCOMES[q % 4], q // 4)] = Fraction(1, 6)
    assert got == expected


@pytest.mark.parametrize(("condition", "plus"), [("close_order", 2), ("open_order", 3)])
def test_rules_example_half_of_the_line_move(condition: str, plus: int) -> None:
    # "1d6+2 inches/2" (close to open order) and "1d6+3 inches/2" (open to close order)
    for face in range(1, 7):
        res = run("movement", moving(condition), [face], ["change_order_advancing"])
        assert inches(res) == Fraction(face + plus, 2)


def test_mounting_takes_half_the_move() -> None:
    res = run("movement", moving("cavalry"), [6], ["mount_dismount"])
    assert inches(res) == 8


def test_eighths_round_down_to_the_quarter_inch() -> None:
    res = run("movement", moving("cavalry", wheel=True, woods=True), [1], ["mount_dismount"])
    assert inches(res) == Fraction(5, 4)  # 11 / 8 = 1 3/8
    assert any("rounded down to the quarter inch" in s for s in res.steps)


def test_movement_refusals() -> None:
    with pytest.raises(InputError, match="cannot backstep"):
        prepare(rs(), "movement", moving("column", backstep=True))
    with pytest.raises(InputError, match="cannot backstep"):
        prepare(rs(), "movement", moving("cavalry", sidestep=True))
    with pytest.raises(InputError, match="skirmishers pay no"):
        prepare(rs(), "movement", {"condition": "skirmish", "woods": True})
    with pytest.raises(InputError, match="skirmishers pay no"):
        prepare(rs(), "movement", moving("prolong", woods=True))


# -- structure: sequence, references, units ----------------------------------------------------------
def test_sequence_is_a_card_deck_with_the_six_steps() -> None:
    seq = rs().sequence
    assert seq is not None and seq.activation == "cards"
    ids = [p.id for p in seq.phases]
    assert ids == [
        "draw",
        "division_card",
        "army_card",
        "morale",
        "charge_declarations",
        "charge_moves",
        "movement",
        "firing",
        "melee",
    ]
    options = {p.id: p.option for p in seq.phases}
    assert options["division_card"] == "division_cards" and options["army_card"] == "army_cards"


def test_charge_procedure_has_nine_steps() -> None:
    seq = rs().sequence
    assert seq is not None
    texts_ = " ".join(s.text for p in seq.phases for s in p.steps)
    for step in range(1, 10):
        assert f"Charge step {step}" in texts_
    ref = next(r for r in rs().reference if r.id == "charge_procedure")
    assert [row[0].split(".")[0] for row in ref.rows] == [str(n) for n in range(1, 10)]


def test_panic_triggers_are_offered() -> None:
    ref = next(r for r in rs().reference if r.id == "panic_triggers")
    assert "panic_triggers" in ref.tags
    assert [row[0] for row in ref.rows] == [
        "casualties",
        "friend_routs",
        "fired_on_by_six",
        "commander_killed",
        "charging",
        "charged",
        "casualty_while_charging",
        "charge_falls_short",
        "charge_test_failed",
        "skirmishers_evading",
        "routing",
    ]


def test_reference_entries() -> None:
    ids = {r.id for r in rs().reference}
    assert {
        "troop_quality",
        "weapon_ranges",
        "artillery_firepower",
        "mounting",
        "movement_rates",
        "movement_modifiers",
        "formations",
        "skirmishers",
        "interpenetration",
        "combat_chart",
        "firing_modifiers",
        "melee_modifiers",
        "risk_to_generals",
        "morale_modifiers",
        "morale_results",
        "charge_procedure",
        "panic_triggers",
    } <= ids


def test_reference_numbers_match_the_lookups() -> None:
    ruleset = rs()
    lookups = ruleset.lookup_tables()
    quality = next(r for r in ruleset.reference if r.id == "troop_quality")
    assert {row[0].lower(): int(row[1]) for row in quality.rows} == lookups["morale_number"]
    guns = next(r for r in ruleset.reference if r.id == "artillery_firepower")
    assert (
        [int(row[1]) for row in guns.rows]
        == [5, 10, 15]
        == list(lookups["cannon_figures"].values())
    )
    ranges = next(r for r in ruleset.reference if r.id == "weapon_ranges")
    assert [row[1] for row in ranges.rows] == ['5"', '7"', '10"', '12"', '40"']


def test_checks_belong_to_their_phases() -> None:
    """A check's phases are those it names, then those of the steps that open it."""
    phases = {c.id: c.phases for c in rs().checks}
    assert phases == {
        "morale": ("morale", "charge_declarations", "charge_moves", "firing", "melee"),
        "fire": ("firing", "charge_moves"),
        "melee": ("melee",),
        "melee_winner": ("melee",),
        "general_risk": ("firing", "melee"),  # melee casualties too: p.11 "each time"
        "counter_battery": ("firing",),
        "movement": ("movement", "morale", "charge_moves"),
    }
    assert {c.id: c.phase for c in rs().checks}["general_risk"] == "firing"


def test_units_ladder_and_markers() -> None:
    ruleset = rs()
    assert {u.id for u in ruleset.unit_types} >= {
        "infantry",
        "militia",
        "rifles",
        "indians",
        "cavalry",
        "artillery",
        "officer",
    }
    assert all(u.strength == "figures" for u in ruleset.unit_types)
    ladder = ruleset.ladder("default")
    assert ladder is not None and ladder.states[0] == "good_order" and ladder.states[-1] == "rout"
    assert {m.id for m in ruleset.markers} >= {"panic", "charging", "fired", "moved"}
    assert ruleset.qualities == tuple(QUALITIES)
    morale_state = ruleset.check("morale").input("state")
    assert morale_state is not None and morale_state.choices == ladder.states
    unit_type = ruleset.check("morale").input("unit_type")
    assert unit_type is not None and set(unit_type.choices) == {u.id for u in ruleset.unit_types}


def test_every_ruling_is_named_once_and_cites_the_rules() -> None:
    rulings = rs().rulings
    assert len({r.id for r in rulings}) == len(rulings)
    assert all(r.source.startswith("OIBL") for r in rulings)


# -- scenario -----------------------------------------------------------------------------------------
def test_cowpens_scenario_fits_the_ruleset() -> None:
    data = tomllib.loads((ROOT / "data" / "scenarios" / "cowpens-1781.toml").read_text("utf-8"))
    ruleset = rs()
    assert data["ruleset"] == RULESET and "approximate" in data["source"]
    sides = {s["id"] for s in data["sides"]}
    assert sides == {"american", "british"}
    units = {u["id"]: u for u in data["units"]}
    types = {u.id for u in ruleset.unit_types}
    ladder = ruleset.ladder("default")
    assert ladder is not None
    for unit in units.values():
        assert unit["side"] in sides
        assert unit["type"] in types
        assert unit["quality"] in ruleset.qualities
        assert unit.get("formation", "close_order") in ruleset.formations
        assert unit.get("state", "good_order") in ladder.states
        assert isinstance(unit["strength"], int) and unit["strength"] > 0
        if unit["type"] == "artillery":
            assert unit["subtype"] in ("light", "medium", "heavy")
    brigades = {u["brigade"] for u in units.values()}
    for leader in data["leaders"]:
        assert leader["side"] in sides
        assert leader.get("attached_to") is None or leader["attached_to"] in units
        assert all(c in brigades or c in units for c in leader.get("commands", []))


# -- CLI ------------------------------------------------------------------------------------------------
def test_cli_checks_lists_every_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["checks", RULESET, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["id"] for c in data["checks"]] == [
        "morale",
        "fire",
        "melee",
        "melee_winner",
        "general_risk",
        "counter_battery",
        "movement",
    ]
    fire = next(c for c in data["checks"] if c["id"] == "fire")
    assert [i["name"] for i in fire["inputs"]][:3] == ["figures", "cannon", "weapon"]
    assert main(["checks", RULESET, "movement"]) == 0
    assert "prolong" in capsys.readouterr().out


def test_cli_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", RULESET, "counter_battery", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["outcome"]: o["p"] for o in data["odds"]} == {"survives": "4/5", "destroyed": "1/5"}
    assert (
        main(
            [
                "odds",
                RULESET,
                "morale",
                "--set",
                "quality=elite",
                "--set",
                "figures_lost=5",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert {o["outcome"]: o["p"] for o in data["odds"]} == {"pass": "9/10", "fail_by_1": "1/10"}


def test_cli_resolve_json_with_hand_dice(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["resolve", RULESET, "fire", "--set", "figures=45", "--mod", "point_blank", "--json"]
    assert main([*args, "--dice", "5", "--dice", "9"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == CHART[(28, 30)][7] + CHART[(13, 15)][11]
    assert [r["label"] for r in data["rolls"]] == ["chart", "excess 15 figures"]
    assert data["hand_dice"] is True


def test_cli_resolve_every_check(capsys: pytest.CaptureFixture[str]) -> None:
    cases = [
        ("morale", ["--set", "quality=veteran"], ["8"], "pass"),
        ("melee", ["--set", "stands_in_contact=4"], ["9"], "casualties"),
        (
            "melee_winner",
            ["--set", "attacker_lost=3", "--set", "defender_lost=2"],
            [],
            "attacker_routs",
        ),
        ("general_risk", ["--set", "hits=3"], ["1", "0", "6"], "killed"),
        ("counter_battery", [], ["8"], "destroyed"),
        ("movement", ["--set", "condition=skirmish"], ["2"], "inches"),
    ]
    for check, sets, faces, outcome in cases:
        dice = [x for f in faces for x in ("--dice", f)]
        assert main(["resolve", RULESET, check, *sets, *dice, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["outcome"] == outcome


def test_cli_bad_input_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", RULESET, "fire", "--set", "figures=0"]) == 1
    assert "nothing is firing" in capsys.readouterr().err
    prolonge = ["--set", "condition=prolong", "--set", "unit_type=artillery"]
    prolonge += ["--set", "formation=unlimbered"]
    assert main(["odds", RULESET, "movement", *prolonge, "--mod", "road"]) == 1
    assert "does not apply" in capsys.readouterr().err
    assert main(["resolve", RULESET, "counter_battery", "--dice", "10"]) == 1
    assert "not a face" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("check", "sets"),
    [
        ("morale", ["--set", "quality=poor", "--set", "figures_lost=10"]),
        ("fire", ["--set", "cannon=medium"]),
        ("melee", ["--set", "figures=40", "--set", "round=second"]),
        ("general_risk", ["--set", "hits=9"]),
        ("counter_battery", []),
        ("movement", ["--set", "condition=infantry_rout"]),
    ],
)
def test_cli_odds_answer_every_check(
    check: str, sets: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", RULESET, check, *sets, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sum(Fraction(o["p"]) for o in data["odds"]) == 1
    ctx = prepare(rs(), check, dict(s.split("=", 1) for s in sets[1::2]))
    assert [{k: v for k, v in o.items() if k != "source"} for o in data["odds"]] == [
        o.to_dict() for o in odds(ctx)
    ]
    assert all(o["source"] for o in data["odds"]) and data["source"] == ctx.check.source


# -- issue 19: skirmishers' flanks, the rulings on half fire, who fires, who fights, who wins ----
def ruling_uses(res: Resolution) -> dict[str, str]:
    return {r.id: r.used for r in res.rulings}


@pytest.mark.parametrize(
    ("values", "refused"),
    [
        ({"formation": "skirmish"}, True),
        ({"unit_type": "rifles", "formation": "close_order"}, True),  # skirmish only (p.1)
        ({"unit_type": "indians"}, True),
        ({"formation": "close_order"}, False),
        ({"formation": "open_order", "unit_type": "militia"}, False),
    ],
)
def test_skirmishers_cannot_be_outflanked(values: dict[str, Any], refused: bool) -> None:
    """OIBL p.6, skirmish order troops 1: no flanks or rears for melee, fire or morale tests."""
    offered = {m.id for m in available_modifiers(prepare(rs(), "morale", values))}
    assert ("outflanked" not in offered) is refused
    if refused:
        with pytest.raises(InputError, match=r"no flanks.*\(OIBL p\.6 Skirmish order troops 1\)"):
            prepare(rs(), "morale", values, ["outflanked"])
    else:
        assert prepare(rs(), "morale", values, ["outflanked"]).total() == 2


def test_skirmishers_have_no_flank_or_rear_for_fire_or_melee() -> None:
    """OIBL p.6, skirmish order troops 1 (fire and melee modifiers of p.8)."""
    with pytest.raises(InputError, match="no flanks or rear for fire"):
        prepare(rs(), "fire", {"figures": 9, "target_formation": "skirmish"}, ["flank_or_rear"])
    with pytest.raises(InputError, match="no flanks or rear for fire"):
        prepare(rs(), "fire", {"figures": 9, "target_type": "rifles"}, ["flank_or_rear"])
    assert prepare(rs(), "fire", {"figures": 9}, ["flank_or_rear"]).total() == 2
    melee = {"stands_in_contact": 3}
    with pytest.raises(InputError, match="no flanks or rear for melee"):
        prepare(
            rs(), "melee", {**melee, "opponent_formation": "skirmish"}, ["attacking_flank_or_rear"]
        )
    with pytest.raises(InputError, match="no flanks or rear for melee"):
        prepare(rs(), "melee", {**melee, "formation": "skirmish"}, ["attacked_in_flank_or_rear"])
    assert prepare(rs(), "melee", melee, ["attacked_in_flank_or_rear"]).total() == -4


@pytest.mark.parametrize(
    ("firer_type", "other_way", "firing", "used"),
    [
        ("infantry", False, 4, None),  # step 4 says: rounded down
        ("militia", False, 4, None),
        ("cavalry", False, 4, "ruling"),  # step 4 says nothing of cavalry: ruled down
        ("cavalry", True, 5, "alternative"),  # the other reading, one key away
        ("artillery", False, 4, "ruling"),
    ],
)
def test_charged_defender_failing_by_one_fires_half(
    firer_type: str, other_way: bool, firing: int, used: str | None
) -> None:
    """OIBL p.9, charge step 4: Elite/Veteran/Regular infantry failing by 1 fire half, rounded
    down; for cavalry (and guns) the rules are silent: ruling oibl-charged-half-not-infantry,
    shown with the result, its alternative (round up, as p.11's failed-by-1 result) an input."""
    values = {
        "figures": 9,
        "firer_type": firer_type,
        "portion": "charged_failed_by_1",
        "round_other_way": other_way,
    }
    res = run("fire", values, [9])
    assert res.steps[0] == "modifiers: +2: 2 inches: point blank"  # step 4: at 2 inches
    assert res.steps[1].startswith(f"{firing} figures: ")
    assert ruling_uses(res).get("oibl-charged-half-not-infantry") == used
    if used == "alternative":
        assert "rounds up" not in res.rulings[0].reading
        assert "Round up" in res.rulings[0].alternative


def test_rounding_the_other_way_only_where_the_rules_are_silent() -> None:
    with pytest.raises(InputError, match="the rules themselves say how this half is rounded"):
        prepare(rs(), "fire", {"figures": 9, "portion": "failed_by_1", "round_other_way": True})
    with pytest.raises(InputError, match=r"may not fire at all \(OIBL p\.11 Morale results\)"):
        prepare(rs(), "fire", {"figures": 9, "portion": "failed_by_1", "firer_quality": "poor"})
    with pytest.raises(InputError, match="skirmishers charged do not fire as defenders"):
        prepare(
            rs(), "fire", {"figures": 9, "portion": "charged_failed_by_1", "firer_type": "rifles"}
        )


def test_the_morale_result_of_a_charged_cavalry_defender_names_the_ruling() -> None:
    """OIBL p.9 step 4 and p.11: the half-fire note of a cavalry defender failing by 1 says it
    is a ruling; an infantry defender's cites step 4."""
    values = {"situation": "charged", "quality": "regular"}
    cavalry = run("morale", {**values, "unit_type": "cavalry"}, [8])
    assert cavalry.outcome == "fail_by_1"
    assert "oibl-charged-half-not-infantry" in ruling_uses(cavalry)
    assert any("ruling oibl-charged-half-not-infantry" in t for t in texts(cavalry))
    infantry = run("morale", {**values, "unit_type": "infantry"}, [8])
    assert "oibl-charged-half-not-infantry" not in ruling_uses(infantry)
    assert any("(charge step 4)" in t for t in texts(infantry))


@pytest.mark.parametrize(
    ("other_way", "firing", "used"), [(False, 4, "ruling"), (True, 3, "alternative")]
)
def test_evading_skirmishers_fire_half_rounded_up_by_ruling(
    other_way: bool, firing: int, used: str
) -> None:
    """OIBL p.7, skirmish order troops 3a: 'one-half figures', no rounding given; ruling
    oibl-evading-half rounds up as the move/fire rule of p.6 does, round down one key away."""
    values = {
        "figures": 7,
        "firer_type": "rifles",
        "portion": "evading",
        "round_other_way": other_way,
    }
    res = run("fire", values, [9])
    assert res.steps[0].startswith(f"{firing} figures: ")
    assert ruling_uses(res) == {"oibl-evading-half": used}
    morale = run("morale", {"situation": "skirmishers_charged", "unit_type": "rifles"}, [1])
    assert "oibl-evading-half" in ruling_uses(morale)


@pytest.mark.parametrize(
    ("values", "firing"),
    [
        ({"figures": 18}, 18),  # close order line: both ranks (p.8)
        ({"figures": 12, "firer_formation": "open_order", "firer_type": "militia"}, 12),
        ({"figures": 18, "firer_formation": "column", "column_front_stands": 2}, 6),  # p.2
        (
            {
                "figures": 24,
                "firer_formation": "column",
                "column_front_stands": 3,
                "firer_type": "militia",
            },
            12,
        ),
        ({"figures": 4, "firer_formation": "column", "column_front_stands": 3}, 4),
        ({"figures": 6, "firer_formation": "skirmish", "firer_type": "rifles"}, 6),
        ({"cannon": "medium", "firer_type": "artillery"}, 10),  # p.9 artillery firepower
    ],
)
def test_figures_firing_by_formation(values: dict[str, Any], firing: int) -> None:
    """OIBL p.8 fire combat (close order two ranks, open order one), p.2 (a column fires its
    front rank only), p.9 (a cannon fires as 5, 10 or 15 figures)."""
    res = run("fire", values, [5])
    assert res.steps[0].startswith(f"{firing} figure")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"in_arc": False}, "outside the firer's arc"),
        ({"back_edge_in_reach": False}, "more than half of the back edge"),
        ({"firer_formation": "skirmish", "clear_of_troops": False}, "not fire through"),
        ({"firer_formation": "column"}, "only a column's front rank fires"),
    ],
)
def test_who_may_fire_is_asked_before_the_roll(values: dict[str, Any], message: str) -> None:
    """OIBL p.8 fire combat: the arc, the back edge of a target stand, skirmishers not firing
    through troops (and p.6 rule 1); p.2: a column's front rank."""
    with pytest.raises(InputError, match=message):
        prepare(rs(), "fire", {"figures": 12, **values})
    # a formed unit's line of fire past other troops is not the skirmisher rule
    assert prepare(rs(), "fire", {"figures": 12, "clear_of_troops": False})


MELEE_CASES = [
    # (values, option, fighting): OIBL p.9 step 6 (round 1) and p.10 step 8 (round 2)
    ({"stands_in_contact": 4, "overlap_flanks": 2}, None, 18),  # 4x3 + 2 overlap stands x3
    ({"stands_in_contact": 4, "overlap_flanks": 1}, None, 15),
    (
        {
            "stands_in_contact": 3,
            "overlap_flanks": 2,
            "unit_type": "militia",
            "formation": "open_order",
        },
        None,
        20,
    ),
    ({"stands_in_contact": 4, "overlap_flanks": 2, "quality": "poor"}, None, 12),  # 6a
    ({"stands_in_contact": 4, "overlap_flanks": 2, "quality": "wretched"}, None, 12),
    ({"stands_in_contact": 4, "overlap_flanks": 2, "formation": "skirmish"}, None, 12),  # 6b
    (
        {
            "stands_in_contact": 3,
            "overlap_flanks": 2,
            "unit_type": "cavalry",
            "opponent_type": "cavalry",
        },
        None,
        10,
    ),
    (
        {"stands_in_contact": 5, "overlap_flanks": 2, "unit_type": "indians"},
        None,
        9,
    ),  # 6c: 2 a flank
    (
        {"stands_in_contact": 5, "overlap_flanks": 2, "unit_type": "indians"},
        "indian_overlap_one_figure",
        7,
    ),
    (
        {"stands_in_contact": 5, "overlap_flanks": 2, "unit_type": "indians", "quality": "poor"},
        None,
        5,
    ),
    ({"round": "second", "figures": 17}, None, 17),  # 8: every survivor
    (
        {
            "round": "second",
            "figures": 17,
            "formation": "skirmish",
            "stands_in_contact": 2,
            "overlap_flanks": 2,
        },
        None,
        12,
    ),  # 8a
    (
        {"round": "second", "figures": 23, "unit_type": "indians", "stands_in_contact": 2},
        None,
        23,
    ),  # 8b
    ({"stands_in_contact": 2, "overlap_flanks": 2, "combined_figures": 9}, None, 21),  # p.7
]


@pytest.mark.parametrize(("values", "option", "fighting"), MELEE_CASES)
def test_melee_figures_are_counted_from_the_stands(
    values: dict[str, Any], option: str | None, fighting: int
) -> None:
    """OIBL p.9 step 6 and p.10 step 8: round 1, front-rank stands in contact plus one stand
    overlapping each flank (none for Poor/Wretched, none for skirmishers but Indians, who
    count two figures a flank); round 2, every survivor (skirmishers: one stand a flank,
    Indians: the whole warband); p.7: units of one quality combine."""
    res = run("melee", values, [5], (), *([option] if option else []))
    assert res.steps[0].startswith(f"{fighting} figure")


@pytest.mark.parametrize(
    ("check", "values", "shown"),
    [
        (
            "fire",
            {"figures": 18, "firer_formation": "column", "column_front_stands": 2},
            "6 figures: a column fires its front rank only: 2 stands, 6 figures",
        ),
        (
            "fire",
            {
                "figures": 18,
                "firer_formation": "column",
                "column_front_stands": 2,
                "portion": "failed_by_1",
            },
            "3 figures: a column fires its front rank only: 2 stands, 6 figures; "
            "half of them, rounded up: 3",
        ),
        (
            "fire",
            {"figures": 7, "cannon": "medium", "firer_type": "artillery"},
            "10 figures: a medium cannon fires as 10 figures",
        ),
        (
            "melee",
            {"stands_in_contact": 2, "overlap_flanks": 2},
            "12 figures: round 1: 2 stands in contact x 3 = 6; overlaps 2 flanks x 3 = 6",
        ),
        (
            "melee",
            {
                "stands_in_contact": 5,
                "overlap_flanks": 2,
                "unit_type": "indians",
                "combined_figures": 4,
            },
            "13 figures: round 1: 5 stands in contact x 1 = 5; overlaps 2 flanks x 2 Indian "
            "figures = 4; with 4 figures of other units of the same quality",
        ),
        (
            "melee",
            {
                "round": "second",
                "figures": 12,
                "unit_type": "rifles",
                "formation": "skirmish",
                "stands_in_contact": 2,
                "overlap_flanks": 1,
            },
            "6 figures: round 2: skirmishers: the 2 stands in contact and 1 overlapping, 6 figures",
        ),
    ],
)
def test_how_the_figures_were_counted_is_shown_word_for_word(
    check: str, values: dict[str, Any], shown: str
) -> None:
    """The chart's first step says how the strength was counted (OIBL p.2, p.9 steps 6 and 8,
    p.7): its text is built of parts (a list), since expressions add numbers only."""
    assert run(check, values, [5]).steps[0] == shown


def test_a_part_of_the_counting_text_adding_text_is_refused_at_its_line(tmp_path: Path) -> None:
    """Expressions add numbers only (issue 16, item 9): a part that adds texts is refused when
    the ruleset loads, at the line of that part, not when a unit fires."""
    from drumhead.errors import RulesetErrors
    from drumhead.loading.loader import load_ruleset_file

    text = (ROOT / "data/rulesets/one-if-by-land.toml").read_text(encoding="utf-8")
    old = "\"'' if fired in ('all', 'charged') else '; half of them, {rounding}: {firing}'\","
    assert text.count(old) == 1
    bad = "\"'' if fired in ('all', 'charged') else '; half of them, ' + '{rounding}: {firing}'\","
    path = tmp_path / "one-if-by-land.toml"
    path.write_text(text.replace(old, bad), encoding="utf-8")
    with pytest.raises(RulesetErrors) as refused:
        load_ruleset_file(path)
    (error,) = refused.value.errors
    assert error.key == "checks.fire.strength_explain.1"
    assert error.line == text[: text.index(old)].count("\n") + 1
    assert "only numbers can be added" in error.message


def test_the_indian_overlap_is_a_ruling_with_its_alternative_an_option() -> None:
    """OIBL p.2 ('one stand (figure) overlap') against p.9 step 6c ('an additional Two (2)
    figures'): ruling oibl-indian-overlap, shown with the result."""
    values = {"stands_in_contact": 5, "overlap_flanks": 2, "unit_type": "indians"}
    assert ruling_uses(run("melee", values, [5])) == {"oibl-indian-overlap": "ruling"}
    other = run("melee", values, [5], (), "indian_overlap_one_figure")
    assert ruling_uses(other) == {"oibl-indian-overlap": "alternative"}
    assert ruling_uses(run("melee", {**values, "overlap_flanks": 0}, [5])) == {}


def test_melee_rounds_and_limits() -> None:
    """OIBL p.10 step 7 (cavalry against infantry fight one round), p.9 step 6 (stands in
    contact), p.7 (over 30 figures roll again for the excess)."""
    for values in (
        {"round": "second", "figures": 8, "unit_type": "cavalry"},
        {"round": "second", "figures": 12, "opponent_type": "cavalry"},
    ):
        with pytest.raises(InputError, match=r"one round only.*\(OIBL p\.10 step 7\)"):
            prepare(rs(), "melee", values)
    assert prepare(
        rs(),
        "melee",
        {"round": "second", "figures": 8, "unit_type": "cavalry", "opponent_type": "cavalry"},
    )
    with pytest.raises(InputError, match=r"no stand in contact.*step 6"):
        prepare(rs(), "melee", {})
    with pytest.raises(InputError, match="has only 5"):
        prepare(rs(), "melee", {"stands_in_contact": 4, "figures": 5})
    big = run("melee", {"round": "second", "figures": 40}, [5, 9])
    assert len(big.rolls) == 2 and big.value == CHART[(28, 30)][5] + CHART[(10, 12)][9]


@pytest.mark.parametrize(
    ("attacker", "defender", "outcome", "who_routs"),
    [
        (5, 3, "attacker_routs", "attacker"),
        (2, 4, "defenders_rout", "defender"),
        (3, 3, "both_test", None),
    ],
)
def test_the_winner_of_a_melee(
    attacker: int, defender: int, outcome: str, who_routs: str | None
) -> None:
    """OIBL p.10 step 9: more casualties routs, the other side tests if it lost any; equal,
    both test; an attacker neither winning nor routing retreats a full column move."""
    res = run("melee_winner", {"attacker_lost": attacker, "defender_lost": defender}, [])
    assert res.outcome == outcome and res.dice == ()
    routs = [e.who for e in res.effects if e.kind == "state" and e.state == "rout"]
    assert routs == ([who_routs] if who_routs else [])
    if outcome == "both_test":
        assert [e.dice for e in res.effects if e.kind == "distance"] == ["1d6+4"]  # column move
    assert (
        sum(
            o.p
            for o in odds(
                prepare(
                    rs(), "melee_winner", {"attacker_lost": attacker, "defender_lost": defender}
                )
            )
        )
        == 1
    )


def test_the_attached_misprint_is_shown_corrected() -> None:
    """OIBL p.8 (and the charts page) print 'Attached in flank or rear -4': ruling
    oibl-attacked-typo reads 'Attacked', and an answer using it names the ruling."""
    if SEED.exists():
        assert SEED.read_text(encoding="utf-8").count("Attached in flank or rear -4") == 2
    mod = rs().check("melee").modifier("attacked_in_flank_or_rear")
    assert mod is not None and mod.label.startswith("Attacked in flank or rear")
    assert "misprint" in mod.label
    res = run("melee", {"stands_in_contact": 3}, [5], ["attacked_in_flank_or_rear"])
    assert "oibl-attacked-typo" in ruling_uses(res)
    ref = next(r for r in rs().reference if r.id == "melee_modifiers")
    assert any(row[0].startswith("Attacked") and "misprint" in row[0] for row in ref.rows)


@pytest.mark.parametrize(
    ("values", "allowed"),
    [
        ({"weapon": "musket", "range_inches": 7}, True),
        ({"weapon": "musket", "range_inches": 8}, False),
        ({"weapon": "carbine", "range_inches": 6}, False),
        ({"weapon": "jaeger_rifle", "range_inches": 10}, True),
        ({"weapon": "long_rifle", "range_inches": 12}, True),
        ({"weapon": "long_rifle", "range_inches": 13}, False),
        ({"cannon": "light", "range_inches": 40}, True),
        ({"cannon": "light", "range_inches": 41}, False),
    ],
)
def test_weapon_ranges(values: dict[str, Any], allowed: bool) -> None:
    """OIBL p.8 Weapon ranges: carbines 5\", muskets 7\", Jaeger rifles 10\", Ferguson's and long
    rifles 12\", all artillery 40\"."""
    values = {"figures": 9, **values}
    if allowed:
        assert prepare(rs(), "fire", values)
    else:
        with pytest.raises(InputError, match=r"beyond the range.*\(OIBL p\.8 Weapon ranges\)"):
            prepare(rs(), "fire", values)


def test_range_bands_of_the_firing_modifiers() -> None:
    """OIBL p.8: point blank is 2\"; cannon -2 at 12-25\", -4 over 25\"; a measured range
    works them out (tests/rules/test_oibl_table_truth.py has every band edge)."""
    with pytest.raises(InputError, match="the range is measured"):
        prepare(rs(), "fire", {"figures": 9, "range_inches": 3}, ["point_blank"])
    assert prepare(rs(), "fire", {"figures": 9, "range_inches": 3}).total() == 0
    assert prepare(rs(), "fire", {"figures": 9, "range_inches": 2}).total() == 2
    gun = {"cannon": "heavy", "range_inches": 30}
    with pytest.raises(InputError, match="the range is measured"):
        prepare(rs(), "fire", gun, ["cannon_12_25"])
    assert prepare(rs(), "fire", gun).total() == -4
