"""Missing charts as gap tables: declared in the ruleset, each cell checked against the table's
outcome set, a whole column typed at once as one undoable event, the chart shown with whose
each value is, and the questions grouped by the check that needs them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from phases import to_phase

from drumhead.checks.mechanics.republique import parse_panic_result
from drumhead.errors import AnswersError, DrumheadError, InputError, RulesetError
from drumhead.game import new_game
from drumhead.loading.loader import load_ruleset
from drumhead.questions.asked import SUMMARY, open_questions
from drumhead.questions.tables import cells_to_answers, check_cell, reference_view, table_view

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
AT = "2026-11-22T14:00:00Z"
RS = load_ruleset("republique")


def test_the_republique_charts_are_declared_as_gap_tables() -> None:
    tables = {t.id: t for t in RS.gap_tables}
    assert set(tables) == {"combat_chart", "panic_index", "leader_injury_chart"}
    chart = tables["combat_chart"]
    assert (len(chart.rows), len(chart.columns)) == (23, 3)
    assert chart.cell("m3", "infantry") == "chart_infantry_m3"
    assert chart.cell("p11_up", "artillery") == "chart_artillery_p11_up"
    assert chart.where("chart_cavalry_0") == ("0", "cavalry")
    assert tables["panic_index"].cell("2", "veteran") == "panic_veteran_2"
    assert tables["leader_injury_chart"].gap_ids()[-1] == "injury_roll_14"
    # every cell of the chart the assault reads is a cell of the table, and no other
    rows = RS.check("assault").mechanic.rows  # type: ignore[attr-defined]
    read = {cell.gap for row in rows for _, cell in row.cells}
    assert read == set(chart.gap_ids())


@pytest.mark.parametrize(
    "text",
    [
        "Defender 2M 1P",
        "Both 1M; fight another round",
        "Attacker 4M 4P",
        "Defender 3M 2P; defending artillery is captured instead",
        "Defender 1P",
    ],
)
def test_combat_chart_cells_in_the_outcome_set(text: str) -> None:
    assert check_cell(RS, "combat_chart", "m3", "infantry", text) == text


@pytest.mark.parametrize("text", ["2M 1P", "defender 2M", "Defender 2M1P", "Defender 2 M", "x"])
def test_combat_chart_cells_outside_the_outcome_set_are_refused(text: str) -> None:
    with pytest.raises(InputError, match="a Combat Chart result"):
        check_cell(RS, "combat_chart", "m3", "infantry", text)


@pytest.mark.parametrize(
    "text", ["W", "F", "Re", "Rt", "Rt-1", "Re - 2", "W-3", "R", "rout", "Rt+1", "X-1", "F-", "Rt1"]
)
def test_the_panic_index_outcome_set_is_the_mechanics_own(text: str) -> None:
    """A cell is taken exactly when the Panic Index mechanic can read it."""
    try:
        parse_panic_result(text)
        readable = True
    except DrumheadError:
        readable = False
    pattern = RS.gap_table("panic_index").pattern  # type: ignore[union-attr]
    assert (re.fullmatch(pattern, text) is not None) == readable


def test_every_shipped_and_sample_value_is_in_its_outcome_set() -> None:
    sample = tomllib.loads(SAMPLE.read_text())["gaps"]
    for table in RS.gap_tables:
        for gap_id in table.gap_ids():
            if gap_id in sample:
                check_cell(RS, table.id, *table.where(gap_id), str(sample[gap_id]))  # type: ignore[misc]


def test_a_whole_column_typed_at_once_then_an_assault_uses_a_typed_cell() -> None:
    game = to_phase(new_game("republique", seed=4))
    chart = RS.gap_table("combat_chart")
    assert chart is not None
    typed = {(row, "infantry"): f"Attacker {n % 4 + 1}M" for n, (row, _) in enumerate(chart.rows)}
    typed[("p2", "infantry")] = "Defender 2M 1P"  # as the text gives it
    answers = cells_to_answers(RS, "combat_chart", typed)
    event = game.set_gaps(answers, table="combat_chart", at=AT)
    assert event is not None and event.data["table"] == "combat_chart"
    # 23 answers: the cell the text gives is kept as the players' too (they typed it)
    assert len(event.data["answers"]) == 23
    values = {"attacker_bases_primary": 4, "defender_bases_primary": 4}
    _, res = game.resolve("assault", None, values, hand_dice=[3, 6], at=AT)
    assert res.value == -3
    assert res.text.endswith("Attacker 1M (your club's answer, asked on 2026-11-22)")
    assert [(g.id, g.kind) for g in res.gaps] == [("chart_infantry_m3", "players")]
    game.undo()
    game.undo()
    assert game.state.gap_values() == {}


def test_a_bad_cell_refuses_the_whole_grid_and_names_it() -> None:
    with pytest.raises(AnswersError) as err:
        cells_to_answers(
            RS,
            "panic_index",
            {("1", "elite"): "W", ("2", "elite"): "Rout", ("3", "elite"): "Rt-2"},
        )
    assert list(err.value.problems) == ["panic_elite_2"]
    with pytest.raises(InputError, match="has no row '9'"):
        cells_to_answers(RS, "panic_index", {("9", "elite"): "W"})


def test_the_chart_is_shown_with_whose_each_cell_is() -> None:
    house = load_ruleset("republique", house_rules=SAMPLE)
    view = table_view(house, "combat_chart", {"chart_cavalry_m3": "Both 1M"})
    assert view.columns == (
        "Difference (attacker minus defender)",
        "Infantry",
        "Cavalry",
        "Artillery",
    )
    minus_three = {c.gap: c for c in view.rows[8][1:]}
    assert minus_three["chart_infantry_m3"].kind == "house_rule"
    assert (
        minus_three["chart_infantry_m3"].source == "house rule, republique-sample-club-values.toml"
    )
    assert minus_three["chart_cavalry_m3"].kind == "players"
    assert minus_three["chart_cavalry_m3"].marked
    plus_two = {c.gap: c for c in view.rows[13][1:]}
    assert plus_two["chart_infantry_p2"].kind == "rules"  # the text's own example
    assert not plus_two["chart_infantry_p2"].marked
    bare = table_view(RS, "panic_index")
    assert [c.kind for c in bare.rows[1][1:]] == ["open", "rules", "open", "rules", "open"]
    entries = {e.id: e for e in reference_view(house)}
    assert "gap_table:combat_chart" in entries and "assault_modifiers" in entries
    assert not entries["assault_modifiers"].marked
    assert len(entries["gap_table:panic_index"].marked) == 28


def test_questions_summary_and_groups() -> None:
    questions = open_questions(RS)
    assert questions.summary == SUMMARY.format(n=126)
    assert questions.summary.startswith("126 questions the rules leave open; they are asked only")
    groups = {g.check: g for g in questions.groups}
    assert groups["assault"].tables == ("combat_chart",)
    assert "troop_grade_elite" in [q.gap for q in groups["assault"].questions]
    assert groups["panic"].tables == ("panic_index",) and groups["panic"].questions == ()
    house = open_questions(load_ruleset("republique", house_rules=SAMPLE))
    assert house.unanswered == ()
    assert house.summary == (
        "The answers cover all 126 questions the rules leave open (126 answered by house rules)"
    )
    played = open_questions(RS, {"troop_grade_elite": 2}, {"troop_grade_elite": "yours"})
    assert "(1 answered by your club; 125 still open)" in played.summary
    elite = next(q for q in played.questions if q.gap == "troop_grade_elite")
    assert [(a.value, a.kind, a.source) for a in elite.answers] == [(2, "players", "yours")]


def test_keyed_questions_list_their_keys_and_answers() -> None:
    mwan = load_ruleset("mwan116-acw")
    questions = open_questions(mwan, {"fire_dice.infantry.2": 3})
    fire = next(g for g in questions.groups if g.check == "fire")
    dice = next(q for q in fire.questions if q.gap == "fire_dice")
    assert dice.keys == ("firer", "range_band") and dice.expects == "a whole number, 0 or more"
    assert [(a.id, a.situation) for a in dice.answers] == [
        (
            "fire_dice.infantry.2",
            "Who fires: infantry; Range band on your firing table (1 = the closest): 2",
        )
    ]


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ('cells = "chart_{column}_{row}_x"', "names gap 'chart_infantry_m11_down_x'"),
        ("format = '('", "not a regular expression"),
        ('cells = "chart_{colour}"', "names {row} and {column} only"),
        ('check = "asault"', "no check 'asault'"),
    ],
)
def test_a_broken_gap_table_is_reported_at_its_line(
    tmp_path: Path, patch: str, message: str
) -> None:
    house = tmp_path / "broken.toml"
    house.write_text(f'ruleset = "republique"\n[patch.gap_tables.combat_chart]\n{patch}\n')
    with pytest.raises(RulesetError) as err:
        load_ruleset("republique", house_rules=house)
    shown = str(err.value)
    assert message in shown
    assert f"{house}:3: gap_tables.combat_chart." in shown


def test_a_missing_cell_names_its_chart() -> None:
    """The question for a chart cell says which chart it is in: the whole chart can be
    entered there and then."""
    from drumhead.checks.resolve import prepare, resolve
    from drumhead.dice.roller import HandDice
    from drumhead.errors import MissingGapError

    values = {"attacker_bases_primary": 4, "defender_bases_primary": 4}
    with pytest.raises(MissingGapError) as err:
        resolve(prepare(RS, "assault", values), HandDice([3, 6]))
    assert (err.value.gap, err.value.table) == ("chart_infantry_m3", "combat_chart")
    from drumhead.checks.resolve import odds

    with pytest.raises(MissingGapError) as err:
        odds(prepare(RS, "emergency_rally", {"leader_value": 2}))
    assert (err.value.gap, err.value.table) == ("emergency_rally_target", None)
