"""Republique, part 4 (Assault): modifiers, cavalry restrictions, chart, Panic Index, injury, CLI.

Values the source lacks come from the sample house-rules file, whose numbers are the players'
own (data/house-rules/republique-sample-club-values.toml); tests that use them say so.
"""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from drumhead.checks.base import Context
from drumhead.checks.mechanics.republique import parse_panic_result, predominant
from drumhead.checks.resolve import odds, prepare, resolve
from drumhead.cli.main import main
from drumhead.dice.roller import HandDice
from drumhead.errors import DrumheadError, InputError, MissingGapError
from drumhead.loading.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
SCENARIO = ROOT / "data" / "scenarios" / "aspern-1809.toml"

RS = load_ruleset("republique")
HR = load_ruleset("republique", house_rules=HOUSE)
HOUSE_GAPS: dict[str, Any] = tomllib.loads(HOUSE.read_text(encoding="utf-8"))["gaps"]

EVEN = {"attacker_bases_primary": 4, "defender_bases_primary": 4}


def assault(ruleset: Any = HR, **values: Any) -> Context:
    return prepare(ruleset, "assault", {**EVEN, **values})


def mods(ctx: Context) -> dict[str, int]:
    return {m.id: m.value for m in ctx.modifiers}


def side_total(ctx: Context, side: str) -> int:
    return ctx.total(side)


# -- leader ---------------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["attacker", "defender"])
@pytest.mark.parametrize(
    ("in_command", "charismatic", "applies"),
    [(True, False, True), (False, False, False), (False, True, True), (True, True, True)],
)
def test_leader_value_needs_chain_of_command_unless_charismatic(
    side: str, in_command: bool, charismatic: bool, applies: bool
) -> None:
    ctx = assault(
        RS,
        **{
            f"{side}_leader": 3,
            f"{side}_leader_in_command": in_command,
            f"{side}_leader_charismatic": charismatic,
        },
    )
    assert mods(ctx).get(f"{side}_leader") == (3 if applies else None)


def test_no_leader_no_modifier() -> None:
    assert mods(assault(RS)) == {}


# -- grade, cavalry, morale: gap values ---------------------------------------------------------


@pytest.mark.parametrize("side", ["attacker", "defender"])
@pytest.mark.parametrize("grade", ["elite", "veteran", "green", "militia"])
def test_troop_grade_reads_its_gap(side: str, grade: str) -> None:
    ctx = assault(**{f"{side}_grade": grade})
    assert mods(ctx)[f"{side}_grade"] == HOUSE_GAPS[f"troop_grade_{grade}"]
    assert dict(ctx.gaps_used) == {f"troop_grade_{grade}": HOUSE_GAPS[f"troop_grade_{grade}"]}
    with pytest.raises(MissingGapError) as info:
        assault(RS, **{f"{side}_grade": grade})
    assert info.value.gap == f"troop_grade_{grade}"


def test_middle_grade_has_no_modifier_and_asks_nothing() -> None:
    ctx = assault(RS, attacker_grade="regular", defender_grade="regular")
    assert mods(ctx) == {} and ctx.gaps_used == {}


@pytest.mark.parametrize("side", ["attacker", "defender"])
@pytest.mark.parametrize("cavalry", ["light", "medium", "heavy", "armored"])
def test_cavalry_grade_adds_heaviest(side: str, cavalry: str) -> None:
    ctx = assault(**{f"{side}_cavalry": cavalry})
    assert mods(ctx)[f"{side}_cavalry"] == HOUSE_GAPS[f"cavalry_{cavalry}"]


@pytest.mark.parametrize("side", ["attacker", "defender"])
@pytest.mark.parametrize("state", ["disordered", "rattled", "shaken", "demoralized"])
def test_morale_state_subtracts_its_gap(side: str, state: str) -> None:
    ctx = assault(**{f"{side}_morale": state})
    assert mods(ctx)[f"{side}_morale"] == -HOUSE_GAPS[f"morale_{state}"]


def test_gap_supplied_with_set_values() -> None:
    ctx = prepare(RS, "assault", {**EVEN, "attacker_grade": "elite", "troop_grade_elite": 5})
    assert mods(ctx) == {"attacker_grade": 5}


# -- fixed modifiers ----------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_in_line_bases_lost_and_skirmishers(side: str) -> None:
    ctx = assault(
        RS, **{f"{side}_formation": "line", f"{side}_bases_lost": 2, f"{side}_skirmishers": 3}
    )
    assert mods(ctx) == {f"{side}_in_line": 1, f"{side}_bases_lost": -2, f"{side}_skirmishers": -3}
    assert side_total(ctx, side) == 1 - 2 - 3


@pytest.mark.parametrize(
    ("hit_in", "square", "buildings", "rear_only", "expected"),
    [
        ("front", "no", False, False, {}),
        ("flank", "no", False, False, {"flank": -2}),
        ("rear", "no", False, False, {"rear": -4}),
        ("flank_and_rear", "no", False, False, {"rear": -4}),  # only the worse, once
        ("flank", "solo", False, False, {}),  # squares have no flank
        ("rear", "solo", False, False, {}),  # ... and no rear
        ("flank_and_rear", "with_infantry", False, False, {}),
        ("flank", "no", True, False, {}),  # buildings have no flank
        ("rear", "no", True, False, {"rear": -4}),  # but they have a rear
        ("flank_and_rear", "no", True, False, {"rear": -4}),
        ("front", "no", False, True, {"rear": -4}),  # assaulted only in the rear
    ],
)
def test_flank_and_rear(
    hit_in: str, square: str, buildings: bool, rear_only: bool, expected: dict[str, int]
) -> None:
    ctx = assault(
        RS,
        hit_in=hit_in,
        vs_square=square,
        defender_formation="square" if square != "no" else "column",
        defender_in_buildings=buildings,
        rear_only=rear_only,
    )
    assert mods(ctx) == expected
    assert side_total(ctx, "defender") == sum(expected.values())


@pytest.mark.parametrize(
    ("cls", "cover", "attacker", "defender"),
    [
        ("a", True, 3, 3),
        ("b", True, 2, 2),
        ("c", True, 1, 1),
        ("c", False, None, 1),  # non-cover class C: defenders only
        ("none", True, None, None),
    ],
)
def test_tactical_bonus(cls: str, cover: bool, attacker: int | None, defender: int | None) -> None:
    ctx = assault(RS, attacker_tactical=cls, attacker_tactical_cover=cover, defender_tactical=cls)
    assert mods(ctx).get("attacker_tactical") == attacker
    assert mods(ctx).get("defender_tactical") == defender


def test_tactical_class_is_case_insensitive() -> None:
    assert mods(assault(RS, defender_tactical="A")) == {"defender_tactical": 3}


# -- outnumbering -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bigger", "smaller", "step", "gap"),
    [
        (4, 4, 0, None),
        (5, 4, 0, None),  # 1.25:1
        (6, 4, 1, "outnumbered_3_2"),  # exactly 3:2
        (7, 4, 1, "outnumbered_3_2"),
        (3, 2, 1, "outnumbered_3_2"),
        (8, 4, 2, "outnumbered_2_1"),  # exactly 2:1
        (11, 4, 2, "outnumbered_2_1"),
        (12, 4, 3, "outnumbered_3_1"),
        (15, 4, 3, "outnumbered_3_1"),
        (16, 4, 4, "outnumbered_4_1"),
        (40, 4, 4, "outnumbered_4_1"),
    ],
)
def test_outnumbering_thresholds(bigger: int, smaller: int, step: int, gap: str | None) -> None:
    for big, small in (("attacker", "defender"), ("defender", "attacker")):
        ctx = prepare(
            HR,
            "assault",
            {f"{big}_bases_primary": bigger, f"{small}_bases_primary": smaller},
        )
        assert ctx.env.get(f"{small}_outnumbered") == step
        expected = -HOUSE_GAPS[gap] if gap else None
        assert mods(ctx).get(f"{small}_outnumbered") == expected
        assert f"{big}_outnumbered" not in mods(ctx)


def test_outnumbering_explained() -> None:
    ctx = prepare(HR, "assault", {"attacker_bases_primary": 8, "defender_bases_primary": 4})
    (mod,) = ctx.modifiers
    assert mod.explain == "4 bases against 8: outnumbered 2:1 or more"


@pytest.mark.parametrize(
    ("primary", "incidental", "counted"),
    [(4, 0, 4), (4, 1, 4), (4, 2, 5), (4, 3, 5), (4, 5, 6), (1, 7, 4)],
)
def test_incidental_bases_count_half_rounded_down(
    primary: int, incidental: int, counted: int
) -> None:
    ctx = prepare(
        HR,
        "assault",
        {
            "attacker_bases_primary": primary,
            "attacker_bases_incidental": incidental,
            "defender_bases_primary": 4,
            "defender_bases_incidental": incidental,
        },
    )
    assert ctx.env.get("attacker_bases") == counted
    assert ctx.env.get("defender_bases") == 4 + incidental // 2


def test_incidental_halving_decides_the_ratio() -> None:
    # 4 primary + 5 incidental = 6 counted: exactly 3:2 against 4 (5 incidental at full or
    # rounded up would not change that; 3 incidental gives 5, which is under 3:2).
    six = prepare(HR, "assault", {**EVEN, "attacker_bases_incidental": 5})
    assert mods(six) == {"defender_outnumbered": -HOUSE_GAPS["outnumbered_3_2"]}
    five = prepare(HR, "assault", {**EVEN, "attacker_bases_incidental": 3})
    assert mods(five) == {}


@pytest.mark.parametrize(
    ("odd", "counted", "step", "gap"),
    [
        (2, 7, 1, "outnumbered_3_2"),  # two units of 3 bases: 5 + 1 + 1 = 7 against 4
        (0, 8, 2, "outnumbered_2_1"),  # one unit of 6 (or 2 and 4): 5 + 3 = 8 against 4
    ],
)
def test_each_incidental_unit_halves_its_own_bases(
    odd: int, counted: int, step: int, gap: str
) -> None:
    """4.1: "a unit ... must apply half of its strength (rounding down)": 6 incidental bases
    in two units of 3 apply 1 + 1 = 2, not half of 6 = 3 (ruling rep-counted-bases). With 5
    in primary contact against 4 that is 7 (3:2, not 2:1: the sample club's -1, not -2)."""
    ctx = prepare(
        HR,
        "assault",
        {
            **EVEN,
            "attacker_bases_primary": 5,
            "attacker_bases_incidental": 6,
            "attacker_incidental_odd": odd,
        },
    )
    assert ctx.env.get("attacker_bases") == counted
    assert ctx.env.get("defender_outnumbered") == step
    assert mods(ctx) == {"defender_outnumbered": -HOUSE_GAPS[gap]}
    assert HOUSE_GAPS[gap] == step  # the club's -1 at 3:2, -2 at 2:1


def test_more_odd_incidental_units_than_bases_is_refused() -> None:
    with pytest.raises(InputError, match=r"3 attacking incidental units .* the 2 incidental"):
        prepare(
            HR,
            "assault",
            {**EVEN, "attacker_bases_incidental": 2, "attacker_incidental_odd": 3},
        )


def test_assault_ranges_example_village_defenders_not_outnumbered() -> None:
    """4.1 example: Y in buildings with half of Z makes 4 defending bases, so Y is not
    outnumbered; alone it could never be outnumbered beyond 3:2. (The split of the four bases
    between Y and Z and the attacker's size are ours; the text gives only the total.)"""
    supported = prepare(
        RS,
        "assault",
        {
            "attacker_bases_primary": 4,
            "defender_bases_primary": 2,
            "defender_bases_incidental": 4,
            "defender_in_buildings": True,
            "hit_in": "flank",  # A is past Y's flank line, but buildings have no flank
        },
    )
    assert supported.env.get("defender_bases") == 4
    assert mods(supported) == {}
    alone = prepare(
        HR,
        "assault",
        {"attacker_bases_primary": 8, "defender_bases_primary": 2, "defender_in_buildings": True},
    )
    assert alone.env.get("defender_outnumbered_raw") == 4
    assert alone.env.get("defender_outnumbered") == 1
    assert mods(alone) == {"defender_outnumbered": -HOUSE_GAPS["outnumbered_3_2"]}
    assert alone.modifiers[0].explain.endswith("(held at 3:2: in buildings against infantry)")


@pytest.mark.parametrize(
    ("attacker", "bases", "level"),
    [("infantry", 6, 1), ("infantry", 12, 1), ("infantry", 5, 0), ("artillery", 12, 3)],
)
def test_buildings_cap_applies_against_infantry(attacker: str, bases: int, level: int) -> None:
    ctx = prepare(
        HR,
        "assault",
        {
            "attacker_type": attacker,
            "attacker_bases_primary": bases,
            "defender_bases_primary": 4,
            "defender_in_buildings": True,
        },
    )
    assert ctx.env.get("defender_outnumbered") == level


def test_rear_only_assault_inflicts_no_outnumbering() -> None:
    values = {"attacker_bases_primary": 4, "defender_bases_primary": 8}
    normal = prepare(HR, "assault", values)
    assert mods(normal) == {"attacker_outnumbered": -HOUSE_GAPS["outnumbered_2_1"]}
    rear = prepare(HR, "assault", {**values, "rear_only": True})
    assert mods(rear) == {"rear": -4}


def test_purely_incidental_contact_cannot_start_an_assault() -> None:
    with pytest.raises(InputError, match="attacker_bases_primary must be at least 1"):
        prepare(RS, "assault", {"attacker_bases_primary": 0, "defender_bases_primary": 4})


def test_defender_with_no_bases_counted_is_outnumbered_at_the_top_step() -> None:
    ctx = prepare(HR, "assault", {"attacker_bases_primary": 1, "defender_bases_primary": 0})
    assert ctx.env.get("defender_outnumbered") == 4


# -- cavalry restrictions (4.2) -----------------------------------------------------------------

# The 4.2 table as printed: modifier -> condition -> kept (Yes) or lost (No).
CAVALRY_TABLE = {
    "cavalry": {"rough": False, "buildings": False, "solo": False, "with_infantry": True},
    "in_line": {"rough": False, "buildings": False, "solo": False, "with_infantry": False},
    "outnumbered": {"rough": True, "buildings": False, "solo": False, "with_infantry": True},
}
CONDITIONS: dict[str, dict[str, Any]] = {
    "rough": {"terrain": "rough"},
    "buildings": {"defender_in_buildings": True},
    "solo": {"vs_square": "solo", "defender_formation": "square"},
    "with_infantry": {"vs_square": "with_infantry", "defender_formation": "square"},
}
CAVALRY_ATTACK = {
    "attacker_type": "cavalry",
    "attacker_cavalry": "heavy",
    "attacker_formation": "line",
    "attacker_bases_primary": 8,
    "defender_bases_primary": 4,
}


@pytest.mark.parametrize("condition", list(CONDITIONS))
@pytest.mark.parametrize("modifier", list(CAVALRY_TABLE))
def test_cavalry_restrictions_table_cell(modifier: str, condition: str) -> None:
    ctx = prepare(HR, "assault", {**CAVALRY_ATTACK, **CONDITIONS[condition]})
    mod_id = {
        "cavalry": "attacker_cavalry",
        "in_line": "attacker_in_line",
        "outnumbered": "defender_outnumbered",
    }[modifier]
    assert (mod_id in mods(ctx)) is CAVALRY_TABLE[modifier][condition]


def test_cavalry_in_the_open_keeps_every_modifier() -> None:
    ctx = prepare(HR, "assault", CAVALRY_ATTACK)
    assert mods(ctx) == {
        "attacker_cavalry": HOUSE_GAPS["cavalry_heavy"],
        "attacker_in_line": 1,
        "defender_outnumbered": -HOUSE_GAPS["outnumbered_2_1"],
    }


def test_cavalry_restrictions_combine_most_restrictively() -> None:
    ctx = prepare(
        HR,
        "assault",
        {**CAVALRY_ATTACK, **CONDITIONS["with_infantry"], "terrain": "rough"},
    )
    assert "attacker_cavalry" not in mods(ctx)  # lost in rough, kept with infantry vs square
    assert "attacker_in_line" not in mods(ctx)
    assert "defender_outnumbered" in mods(ctx)  # kept under both


def test_infantry_led_assault_keeps_its_line_but_not_its_cavalry_in_rough() -> None:
    ctx = prepare(
        HR, "assault", {**CAVALRY_ATTACK, "attacker_type": "infantry", "terrain": "rough"}
    )
    assert "attacker_in_line" in mods(ctx)
    assert "attacker_cavalry" not in mods(ctx)
    assert "defender_outnumbered" in mods(ctx)


def test_defending_cavalry_is_not_restricted() -> None:
    ctx = assault(defender_cavalry="light", terrain="rough", defender_in_buildings=True)
    assert mods(ctx) == {"defender_cavalry": HOUSE_GAPS["cavalry_light"]}


def test_cavalry_table_reference_matches_the_lookups_the_rules_use() -> None:
    ref = next(r for r in RS.reference if r.id == "cavalry_restrictions")
    assert ref.columns == (
        "Modifier",
        "Rough terrain",
        "In buildings",
        "Solo vs square",
        "With infantry vs square",
    )
    lookups = RS.lookup_tables()
    keys = ("rough", "buildings", "solo_vs_square", "with_infantry_vs_square")
    for row, table in zip(
        ref.rows, ("cav_keeps_cavalry", "cav_keeps_in_line", "cav_keeps_outnumbered"), strict=True
    ):
        assert list(row[1:]) == ["Yes" if lookups[table][k] else "No" for k in keys]
    assert [r[0] for r in ref.rows] == ["Cavalry", "In Line", "Outnumbered"]
    for row, modifier in zip(ref.rows, CAVALRY_TABLE, strict=True):
        assert list(row[1:]) == ["Yes" if v else "No" for v in CAVALRY_TABLE[modifier].values()]


# -- odds of the difference ---------------------------------------------------------------------


def enumerate_difference(attacker_mod: int, defender_mod: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a in range(1, 11):
        for d in range(1, 11):
            diff = (a + attacker_mod) - (d + defender_mod)
            out[diff] = out.get(diff, Fraction(0)) + Fraction(1, 100)
    return out


@pytest.mark.parametrize(
    "values",
    [
        {},
        {"attacker_formation": "line", "hit_in": "flank_and_rear"},
        {"attacker_leader": 2, "defender_tactical": "a", "defender_bases_lost": 1},
        {"attacker_grade": "elite", "defender_morale": "shaken", "attacker_bases_primary": 9},
    ],
)
def test_odds_of_the_difference_are_exact(values: dict[str, Any]) -> None:
    ctx = assault(**values)
    expected = enumerate_difference(ctx.total("attacker"), ctx.total("defender"))
    result = odds(ctx)
    assert {o.value: o.p for o in result} == expected
    for o in result:
        assert o.value is not None
        want = "attacker_higher" if o.value > 0 else "defender_higher" if o.value < 0 else "level"
        assert o.outcome == want


def test_flank_and_rear_odds_shift_by_four_once() -> None:
    ctx = assault(RS, hit_in="flank_and_rear", attacker_formation="line")
    assert ctx.total("attacker") == 1 and ctx.total("defender") == -4
    result = {o.value: o.p for o in odds(ctx)}
    assert min(result) == -9 + 5 and max(result) == 9 + 5
    assert result[5] == Fraction(1, 10)
    assert sum(p for v, p in result.items() if v > 0) == Fraction(85, 100)


def test_odds_need_no_chart_values() -> None:
    assert len(odds(assault(RS))) == 19


# -- the chart ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "text"),
    [
        ((5, 3), "Defender 2M 1P"),
        ((6, 3), "Defender 2M 1P"),
        ((9, 2), "Defender 3M 2P; defending artillery is captured instead"),
    ],
)
def test_prefilled_chart_cells_from_the_text(faces: tuple[int, int], text: str) -> None:
    res = resolve(assault(RS), HandDice(list(faces)))
    assert res.outcome == "attacker_higher"
    assert res.text == f"Attacker higher by {res.value}: {text}"


def test_missing_chart_cell_names_the_gap() -> None:
    with pytest.raises(MissingGapError) as info:
        resolve(assault(RS), HandDice([8, 3]))
    assert info.value.gap == "chart_infantry_p5"
    assert "Combat Chart, assault section, infantry attacker, difference +5" in str(info.value)


def test_chart_cell_can_be_set_by_hand() -> None:
    ctx = prepare(RS, "assault", {**EVEN, "chart_infantry_m4": "Attacker 2M 1P"})
    res = resolve(ctx, HandDice([2, 6]))
    assert (res.outcome, res.value) == ("defender_higher", -4)
    # the players' words, marked as theirs (never as the rules' own chart)
    assert res.text == "Defender higher (difference -4): Attacker 2M 1P (your club's answer)"
    assert dict(res.gaps_used) == {"chart_infantry_m4": "Attacker 2M 1P"}


@pytest.mark.parametrize("attacker_type", ["infantry", "cavalry", "artillery"])
@pytest.mark.parametrize(
    ("faces", "values", "diff", "gap_suffix"),
    [
        ((10, 1), {"attacker_leader": 3}, 12, "p11_up"),
        ((1, 10), {"defender_tactical": "a", "hit_in": "front"}, -12, "m11_down"),
        ((4, 4), {}, 0, "0"),
        ((10, 1), {"defender_tactical": "a"}, 6, "p6"),
    ],
)
def test_house_rules_fill_the_chart(
    attacker_type: str,
    faces: tuple[int, int],
    values: dict[str, Any],
    diff: int,
    gap_suffix: str,
) -> None:
    ctx = assault(attacker_type=attacker_type, **values)
    res = resolve(ctx, HandDice(list(faces)))
    assert res.value == diff == res.modified
    gap = f"chart_{attacker_type}_{gap_suffix}"
    assert dict(res.gaps_used)[gap] == HOUSE_GAPS[gap]
    assert res.text.endswith(f": {HOUSE_GAPS[gap]} (house rule, {HOUSE.name})")
    assert any(gap in step for step in res.steps)


def test_resolution_shows_the_arithmetic() -> None:
    ctx = assault(attacker_formation="line", attacker_bases_primary=6, hit_in="flank")
    res = resolve(ctx, HandDice([7, 4]))
    assert dict(res.values) == {"attacker": 7 + 1, "defender": 4 - 1 - 2}
    assert res.value == 7
    assert "difference 8 - 1 = +7" in res.steps
    assert "assault chart: row +7, infantry attacker (chart_infantry_p7)" in res.steps
    assert res.steps[0].startswith("modifiers: ")


def test_every_chart_cell_is_a_declared_gap() -> None:
    rows = ["m11_down", *(f"m{n}" for n in range(10, 0, -1)), "0"]
    rows += [*(f"p{n}" for n in range(1, 11)), "p11_up"]
    for column in ("infantry", "cavalry", "artillery"):
        for row in rows:
            gap = RS.gap(f"chart_{column}_{row}")
            assert gap is not None and gap.type == "text"
    prefilled = {g.id: g.value for g in RS.gaps if g.id.startswith("chart_") and g.value}
    assert prefilled == {
        "chart_infantry_p2": "Defender 2M 1P",
        "chart_infantry_p3": "Defender 2M 1P",
        "chart_infantry_p7": "Defender 3M 2P; defending artillery is captured instead",
    }


# -- Panic Index --------------------------------------------------------------------------------


def test_panic_index_example_veteran_falls_back() -> None:
    res = resolve(prepare(RS, "panic", {"grade": "veteran", "panic_hits": 2}), HandDice([]))
    assert (res.outcome, res.value) == ("fall_back", 0)
    assert res.text == "Fall back: F"
    assert [e.kind for e in res.effects] == ["attribute", "note"]  # no bases lost
    # the response answers the 2 panic hits: they come off the card (ruling
    # rep-panic-hits-on-the-card)
    answered = res.effects[0]
    assert (answered.attribute, answered.amount, answered.beyond) == ("panic_hits", -2, "clamp")


def test_panic_index_example_green_routs_losing_a_base() -> None:
    res = resolve(prepare(RS, "panic", {"grade": "green", "panic_hits": 2}), HandDice([]))
    assert (res.outcome, res.value) == ("rout", 1)
    assert res.text == "Rout: Rt-1"
    lose = [e for e in res.effects if e.kind == "lose"]
    assert len(lose) == 1 and lose[0].amount == 1
    assert odds(prepare(RS, "panic", {"grade": "green", "panic_hits": 2}))[0].p == 1


def test_panic_index_missing_cell_names_the_gap() -> None:
    with pytest.raises(MissingGapError) as info:
        prepare_and_resolve_panic("militia", 2)
    assert info.value.gap == "panic_militia_2"


def prepare_and_resolve_panic(grade: str, hits: int, ruleset: Any = RS) -> Any:
    return resolve(prepare(ruleset, "panic", {"grade": grade, "panic_hits": hits}), HandDice([]))


@pytest.mark.parametrize("grade", ["elite", "veteran", "regular", "green", "militia"])
@pytest.mark.parametrize("hits", [1, 2, 3, 4, 5, 6, 9])
def test_house_rules_fill_the_panic_index(grade: str, hits: int) -> None:
    res = prepare_and_resolve_panic(grade, hits, HR)
    gap = f"panic_{grade}_{min(hits, 6)}"
    text = HOUSE_GAPS.get(gap) or RS.gap(gap).value  # type: ignore[union-attr]
    code, surrender = parse_panic_result(text)
    assert res.value == surrender
    assert res.outcome == {"W": "withdrawal", "F": "fall_back", "Re": "retreat", "Rt": "rout"}[code]
    if hits > 6:
        assert "read on the index's last line" in res.steps[0]


@pytest.mark.parametrize(
    ("text", "code", "surrender"),
    [
        ("W", "W", 0),
        ("F", "F", 0),
        ("Re", "Re", 0),
        ("Rt", "Rt", 0),
        ("Rt-1", "Rt", 1),
        ("Re - 2", "Re", 2),
        (" W-3 ", "W", 3),
    ],
)
def test_panic_result_codes(text: str, code: str, surrender: int) -> None:
    assert parse_panic_result(text) == (code, surrender)


@pytest.mark.parametrize("text", ["R", "rout", "Rt+1", "X-1", ""])
def test_bad_panic_result_is_a_clear_error(text: str) -> None:
    with pytest.raises(DrumheadError, match="not a Panic Index result"):
        parse_panic_result(text)
    # refused as the answer is given, against the Panic Index's outcome set
    expected = "not empty text" if not text else "a Panic Index result"
    with pytest.raises(DrumheadError, match=expected):
        resolve(
            prepare(RS, "panic", {"grade": "regular", "panic_hits": 1, "panic_regular_1": text}),
            HandDice([]),
        )


# -- leader injury ------------------------------------------------------------------------------


def injury(ruleset: Any = HR, **values: Any) -> Context:
    return prepare(ruleset, "leader_injury", values)


def test_emergency_rally_adds_four() -> None:
    ctx = injury(emergency_rally=True)
    assert mods(ctx) == {"emergency_rally": 4}
    res = resolve(ctx, HandDice([5]))
    assert res.modified == 9
    assert dict(res.gaps_used) == {"injury_roll_9": HOUSE_GAPS["injury_roll_9"]}
    assert res.text == (
        f"Leader injury chart: {HOUSE_GAPS['injury_roll_9']} (house rule, {HOUSE.name})"
    )


def test_leading_and_emergency_rally_never_combine() -> None:
    with pytest.raises(InputError, match="never used together"):
        injury(emergency_rally=True, leading=True)  # refused, never one of them dropped
    assert mods(injury(emergency_rally=True)) == {"emergency_rally": 4}
    assert mods(injury(leading=True)) == {"leading": HOUSE_GAPS["injury_leading"]}
    with pytest.raises(MissingGapError) as info:
        injury(RS, leading=True)
    assert info.value.gap == "injury_leading"


def test_injury_chart_ends_and_missing_chart() -> None:
    high = resolve(injury(emergency_rally=True, other_modifiers=5), HandDice([10]))
    assert high.modified == 19 and dict(high.gaps_used)["injury_roll_14"]
    low = resolve(injury(other_modifiers=-5), HandDice([1]))
    assert low.modified == -4 and "injury_roll_1" in dict(low.gaps_used)
    with pytest.raises(MissingGapError) as info:
        resolve(injury(RS), HandDice([3]))
    assert info.value.gap == "injury_roll_3"


def test_injury_odds_by_row() -> None:
    result = odds(injury(RS, emergency_rally=True))
    assert [(o.outcome, o.p) for o in result] == [("injury_result", Fraction(1))]


# -- the ruleset as a whole ---------------------------------------------------------------------


def test_house_rules_file_fills_every_gap_and_keeps_the_texts_cells() -> None:
    missing = [g.id for g in HR.gaps if g.value is None]
    assert missing == []
    given = {g.id: g.value for g in RS.gaps if g.value is not None}
    assert given == {
        "chart_infantry_p2": "Defender 2M 1P",
        "chart_infantry_p3": "Defender 2M 1P",
        "chart_infantry_p7": "Defender 3M 2P; defending artillery is captured instead",
        "panic_veteran_2": "F",
        "panic_green_2": "Rt-1",
    }
    assert not set(given) & set(HOUSE_GAPS)  # the sample does not overwrite the text's cells
    assert "players' own" in HOUSE.read_text(encoding="utf-8")


def test_grades_states_formations_and_types() -> None:
    assert RS.qualities == ("elite", "veteran", "regular", "green", "militia")
    ladder = RS.ladder("default")
    assert ladder is not None
    assert ladder.states == ("fresh", "disordered", "rattled", "shaken", "demoralized")
    assert {"line", "square"} <= set(RS.formations)
    assert {u.id for u in RS.unit_types} == {"infantry", "cavalry", "artillery"}
    check = RS.check("assault")
    for side in ("attacker", "defender"):
        spec = check.input(f"{side}_grade")
        assert spec is not None and spec.choices == RS.qualities
        morale = check.input(f"{side}_morale")
        assert morale is not None and morale.choices == ladder.states


def test_sequence_of_play() -> None:
    assert RS.sequence is not None
    phases = {p.id: p for p in RS.sequence.phases}
    assert list(phases) == [
        "command",
        "maneuver",
        "artillery_skirmish",
        "assault",
        "panic_test",
        "turn_end",
    ]
    for pid in ("command", "maneuver", "artillery_skirmish", "panic_test"):
        assert "not in our source" in phases[pid].note
    steps = [s.id for s in phases["assault"].steps]
    for n in range(1, 7):
        assert any(s.startswith(f"step{n}_") for s in steps)
    assert steps.index("step4_results") < steps.index("step6_moves")
    assert [s.id for s in phases["turn_end"].steps] == ["charge_disorder"]
    for phase in RS.sequence.phases:
        for step in phase.steps:
            assert step.source.startswith("Republique 4.")


def test_every_rule_cites_part_four() -> None:
    for check in RS.checks:
        assert check.source.startswith("Republique 4.")
        for m in check.modifiers:
            assert m.source.startswith("Republique 4.")
    for ref in RS.reference:
        assert ref.source.startswith("Republique 4.")
    for ruling in RS.rulings:
        assert "Republique" in ruling.source


@pytest.mark.parametrize(
    ("bases", "expected"),
    [
        ({"veteran": 4, "green": 2}, "veteran"),
        ({"veteran": 3, "green": 3}, None),
        ({"veteran": 0, "green": 1}, "green"),
        ({}, None),
    ],
)
def test_predominant_share(bases: dict[str, int], expected: str | None) -> None:
    assert predominant(bases) == expected


def test_scenario_fits_the_ruleset() -> None:
    data = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    assert data["ruleset"] == "republique"
    assert "illustrative" in data["source"]
    sides = {s["id"] for s in data["sides"]}
    units = {u["id"]: u for u in data["units"]}
    assert len(units) == len(data["units"])
    for unit in units.values():
        assert unit["side"] in sides
        assert RS.unit_type(unit["type"]) is not None
        assert unit["quality"] in RS.qualities
        assert unit["formation"] in RS.formations
        assert unit["strength"] >= 1
    brigades = {u["brigade"] for u in units.values()}
    for leader in data["leaders"]:
        assert leader["side"] in sides
        if "attached_to" in leader:
            assert units[leader["attached_to"]]["side"] == leader["side"]
        assert set(leader.get("commands", [])) <= brigades


# -- CLI ----------------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_checks_lists_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "checks", "republique", "assault", "--json")
    assert code == 0
    (check,) = json.loads(out)["checks"]
    names = {i["name"] for i in check["inputs"]}
    for side in ("attacker", "defender"):
        for field in (
            "bases_primary",
            "bases_incidental",
            "grade",
            "cavalry",
            "morale",
            "leader",
            "formation",
            "bases_lost",
            "skirmishers",
            "tactical",
        ):
            assert f"{side}_{field}" in names
    assert {"hit_in", "defender_in_buildings", "terrain", "vs_square", "rear_only"} <= names
    assert check["sides"] == ["attacker", "defender"]
    code, out, _ = run(capsys, "checks", "republique")
    assert code == 0 and "leader_injury" in out and "panic" in out


def test_cli_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "odds",
        "republique",
        "assault",
        "--set",
        "attacker_bases_primary=4",
        "--set",
        "defender_bases_primary=4",
        "--set",
        "hit_in=flank_and_rear",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["total_modifier"] == -4
    assert [m["id"] for m in data["modifiers"]] == ["rear"]
    assert data["odds"][0] == {
        "outcome": "defender_higher",
        "value": -5,
        "p": "1/100",
        "percent": 1.0,
        "source": "Republique 4.1 steps 2-4",
    }
    assert data["mean"] == "4"


def test_cli_missing_gap_exits_1_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["odds", "republique", "assault", "--set", "attacker_bases_primary=4"]
    args += ["--set", "defender_bases_primary=4", "--set", "attacker_grade=militia"]
    code, _, err = run(capsys, *args)
    assert code == 1
    assert "troop_grade_militia" in err and "Traceback" not in err
    code, out, _ = run(capsys, *args, "--set", "troop_grade_militia=-2", "--json")
    assert code == 0 and json.loads(out)["total_modifier"] == -2


def test_cli_resolve_with_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "resolve",
        "republique",
        "assault",
        "--house-rules",
        str(HOUSE),
        "--set",
        "attacker_type=cavalry",
        "--set",
        "attacker_bases_primary=4",
        "--set",
        "defender_bases_primary=4",
        "--set",
        "attacker_cavalry=heavy",
        "--dice",
        "6",
        "--dice",
        "2",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    diff = 6 + HOUSE_GAPS["cavalry_heavy"] - 2
    assert data["value"] == diff and data["outcome"] == "attacker_higher"
    gap = f"chart_cavalry_p{diff}"
    assert data["gaps_used"][gap] == HOUSE_GAPS[gap]
    assert data["values"] == {"attacker": 6 + HOUSE_GAPS["cavalry_heavy"], "defender": 2}


def test_cli_resolve_missing_chart_cell(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys,
        "resolve",
        "republique",
        "assault",
        "--set",
        "attacker_bases_primary=4",
        "--set",
        "defender_bases_primary=4",
        "--dice",
        "1",
        "--dice",
        "9",
    )
    assert code == 1
    assert "chart_infantry_m8" in err and "--set chart_infantry_m8=VALUE" in err


def test_cli_panic_and_injury(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "resolve",
        "republique",
        "panic",
        "--set",
        "grade=green",
        "--set",
        "panic_hits=2",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert (data["outcome"], data["value"], data["text"]) == ("rout", 1, "Rout: Rt-1")
    code, _, err = run(
        capsys,
        "resolve",
        "republique",
        "panic",
        "--set",
        "grade=regular",
        "--set",
        "panic_hits=1",
        "--set",
        "panic_regular_1=Q",
    )
    assert code == 1 and "a Panic Index result" in err
    code, out, _ = run(
        capsys,
        "resolve",
        "republique",
        "leader_injury",
        "--house-rules",
        str(HOUSE),
        "--set",
        "emergency_rally=true",
        "--dice",
        "7",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["modified"] == 11 and data["gaps_used"] == {
        "injury_roll_11": HOUSE_GAPS["injury_roll_11"]
    }


# -- the mechanics' own checks on the file ------------------------------------------------------

RULESET_TEXT = (ROOT / "data" / "rulesets" / "republique.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"chart_infantry_m9"', '"chart_nowhere"', "gap 'chart_nowhere', which is not declared"),
        ("diff = [-9, -9]", "diff = [-9, -8]", "overlap"),
        ("diff = [11, 1000]", "diff = [12, 1000]", "no row covers 11..11"),
        ('cavalry = "chart_cavalry_m9", ', "", "has different columns"),
        ('codes = { W = "withdrawal", ', "codes = { ", "codes"),
        ('mechanic = "republique_assault"', 'mechanic = "republique_nothing"', "unknown custom"),
    ],
)
def test_broken_charts_are_load_errors(tmp_path: Path, old: str, new: str, message: str) -> None:
    from drumhead.loading.loader import load_ruleset_file

    assert old in RULESET_TEXT
    path = tmp_path / "republique.toml"
    path.write_text(RULESET_TEXT.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DrumheadError, match=message):
        load_ruleset_file(path)


def test_chart_column_must_match_the_input(tmp_path: Path) -> None:
    from drumhead.loading.loader import load_ruleset_file

    text = RULESET_TEXT.replace(
        'choices = ["infantry", "cavalry", "artillery"]',
        'choices = ["infantry", "cavalry", "artillery", "guard"]',
        1,
    )
    path = tmp_path / "republique.toml"
    path.write_text(text, encoding="utf-8")
    # refused when the file loads, not mid-game when a guard unit attacks
    with pytest.raises(DrumheadError, match="the row has no cell for attacker_type = guard"):
        load_ruleset_file(path)


# -- issue 19: artillery has no line; the emergency rally at twice the leader's value ----------
@pytest.mark.parametrize(
    ("attacker_type", "refused"), [("artillery", True), ("infantry", False), ("cavalry", False)]
)
def test_in_line_is_for_infantry_and_cavalry_only(attacker_type: str, refused: bool) -> None:
    """Republique 4.3 In Line: +1 'if the greatest percentage of bases present are from
    infantry or cavalry units in line': an assault made mostly by guns gets none."""
    values = {"attacker_type": attacker_type, "attacker_formation": "line"}
    if refused:
        with pytest.raises(InputError, match=r"infantry or cavalry units in line.*4\.3 In Line"):
            assault(**values)
    else:
        assert mods(assault(**values)).get("attacker_in_line") == 1
    assert "attacker_in_line" not in mods(assault(attacker_type=attacker_type))


def rally(ruleset: Any = RS, **values: Any) -> Context:
    return prepare(ruleset, "emergency_rally", {"leader_value": 2, **values})


@pytest.mark.parametrize(("value", "doubled"), [(1, 2), (2, 4)])
def test_emergency_rally_doubles_the_leaders_value(value: int, doubled: int) -> None:
    """Republique 4.5 step 3: the leader rolls to rally 'applying double his normal value'."""
    ctx = rally(HR, leader_value=value)
    assert mods(ctx) == {"double_value": doubled}
    assert ctx.modifiers[0].source == "Republique 4.5 step 3"
    need = HOUSE_GAPS["emergency_rally_target"]
    res = resolve(ctx, HandDice([need - doubled]))
    assert res.outcome == "rallied" and res.modified == need
    assert resolve(ctx, HandDice([need - doubled - 1])).outcome == "not_rallied"
    # the number to reach is the club's, marked as the house's; the roll itself a ruling
    assert [(g.id, g.kind) for g in res.gaps] == [("emergency_rally_target", "house_rule")]
    assert "rep-emergency-rally-roll" in [r.id for r in res.rulings]


def test_a_great_leader_cannot_fail_the_clubs_number() -> None:
    ctx = rally(HR, leader_value=3, other_modifiers=-1)  # 1D10 + 6 - 1 against 6
    assert mods(ctx) == {"double_value": 6, "other": -1}
    assert {o.outcome: o.p for o in odds(ctx)} == {"rallied": 1}


def test_emergency_rally_asks_for_its_number() -> None:
    """The rally roll's number is in the Panic Test rules, not in our source: asked."""
    with pytest.raises(MissingGapError) as asked:
        odds(rally())
    assert asked.value.gap == "emergency_rally_target"


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"lost_assault": False}, "lost the assault"),
        ({"leader_attached": True}, r"already attached.*4\.5 step 2"),
        ({"within_8cm": False}, "within 8cm"),
        ({"survived_injury": False}, r"survive his injury roll.*4\.5 step 3"),
        ({"rallied_this_phase": True}, "one emergency rally per assault phase"),
    ],
)
def test_emergency_rally_refusals(values: dict[str, Any], message: str) -> None:
    """Republique 4.5: only units of the just-lost assault, within 8cm of an unattached leader
    who survived his injury roll, one emergency rally per leader per assault phase."""
    with pytest.raises(InputError, match=message):
        rally(HR, **values)


def test_charge_disorder_is_one_morale_hit_at_the_turns_end() -> None:
    """Republique 4.6 Charge Disorder (and 4.4 Continuing Movement): a unit that used any
    assault bonus movement takes one morale hit at the end of the turn."""
    hit = resolve(prepare(RS, "charge_disorder", {"used_assault_bonus": True}), HandDice([]))
    assert hit.outcome == "morale_hit" and hit.dice == ()
    assert [(e.kind, e.amount) for e in hit.effects] == [("step", 1), ("clear_marker", None)]
    calm = resolve(prepare(RS, "charge_disorder", {}), HandDice([]))
    assert calm.outcome == "no_hit" and calm.effects == ()
    # the card's 'charged' marker fills the input
    check = RS.check("charge_disorder")
    assert check.input("used_assault_bonus").from_unit == "marker:charged"
