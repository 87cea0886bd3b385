"""The words shown for house rules, open questions, answers and charts (no app needed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from drumhead.screens.dialogs.answers import answer_options, listed_as
from drumhead.screens.widgets.chart_text import cell_text, chart_body, chart_table
from drumhead.screens.widgets.house_text import choice_detail, choice_prompt, questions_text

from drumhead.house.library import house_choices
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.questions.asked import open_questions
from drumhead.questions.tables import table_view

SAMPLE = "republique-sample-club-values.toml"


def test_open_questions_fold_to_a_line_per_check() -> None:
    """Republique's 126 open questions: the summary, that none is needed first, one line per
    check naming its charts; never the questions one by one."""
    ruleset = load_ruleset("republique")
    lines = questions_text(ruleset, open_questions(ruleset)).plain.splitlines()
    assert lines[0].startswith("126 questions the rules leave open; they are asked only when")
    assert lines[1].startswith("Nothing needs answering before the game starts")
    assert lines[2:] == [
        "▸ Assault: 16 questions; chart: Combat Chart, assault section (66 cells)",
        "▸ Panic Index (assault column): chart: Panic Index, assault column (28 cells)",
        "▸ Leader injury: 1 question; chart: Leader injury chart (14 cells)",
        "▸ Emergency rally: 1 question",
    ]


def test_with_the_sample_every_line_says_answered() -> None:
    ruleset = load_ruleset("republique", house_rules=Path("data/house-rules") / SAMPLE)
    text = questions_text(ruleset, open_questions(ruleset)).plain
    assert "The answers cover all 126 questions the rules leave open (126 answered by" in text
    assert "0 still open" not in text and "asked when a check" not in text
    assert "No check stops to ask" in text
    assert "Combat Chart, assault section (66 cells, all answered)" in text


def test_a_ruleset_with_nothing_open_says_so() -> None:
    ruleset = load_ruleset("one-if-by-land")
    assert questions_text(ruleset, open_questions(ruleset)).plain == (
        "The rules leave no question open.\n"
    )


def test_house_choices_preview(tmp_path: Path) -> None:
    """'none: ask me when needed' first; the sample with its title, author, how many open
    questions it answers, and that its values are the players' own."""
    none, sample, *_ = house_choices("republique", tmp_path / "saves")
    assert choice_prompt(none).plain == "none: ask me when needed"
    assert "Each of the 126 open questions is asked when a check needs it" in (
        choice_detail(none).plain
    )
    assert choice_prompt(sample).plain.endswith("\n  answers 126 of 126 open questions")
    detail = choice_detail(sample).plain
    assert detail.startswith("Sample club values for Republique's missing tables")
    assert "by drumhead's sample club" in detail
    assert "players' own, not the rules'" in detail
    assert "sample shipped with drumhead" in detail


def test_a_broken_file_is_listed_with_its_problem(tmp_path: Path) -> None:
    folder = tmp_path / "house-rules"
    folder.mkdir()
    (folder / "bad.toml").write_text(
        'ruleset = "republique"\ntitle = "Bad"\n[gaps]\nchart_infantry_m3 = "Nobody"\n',
        encoding="utf-8",
    )
    bad = [c for c in house_choices("republique", tmp_path / "saves") if c.title == "Bad"]
    assert len(bad) == 1 and not bad[0].usable
    assert "✗ cannot be used" in choice_prompt(bad[0]).plain
    assert "chart_infantry_m3" in choice_detail(bad[0]).plain


def test_answers_list_marks_whose_each_answer_is() -> None:
    """The answers list: a heading per check, each chart (cells filled), the players' answer
    marked P, a house-rules answer marked H, an unanswered question as open."""
    ruleset = load_ruleset("republique")
    oq = open_questions(
        ruleset, {"troop_grade_elite": 2}, {"troop_grade_elite": "your club's answer"}
    )
    options = answer_options(ruleset, oq)
    ids = [o.id for o in options]
    assert ids[:3] == [None, "table:combat_chart", "answer:troop_grade_elite"]
    assert str(options[2].prompt).startswith("P Troop grade modifier for a side whose bases")
    assert "= 2" in str(options[2].prompt)
    assert "open:troop_grade_green" in ids
    assert "3 of 69 cells filled" in str(options[1].prompt)
    house = load_ruleset("republique", house_rules=Path("data/house-rules") / SAMPLE)
    options = answer_options(house, open_questions(house))
    first = next(o for o in options if o.id == "answer:troop_grade_elite")
    assert str(first.prompt).startswith("H ")
    assert not any(str(o.id).startswith("open:") for o in options)


def test_the_reference_chart_marks_house_and_players_cells() -> None:
    """The Combat Chart in the reference: a house cell [H], a players' cell [P], the rules'
    own cells unmarked, open cells as ·, and counts of each."""
    ruleset = load_ruleset("republique", house_rules=Path("data/house-rules") / SAMPLE)
    shown = table_view(
        ruleset, "combat_chart", {"chart_cavalry_m3": "Both 1M"}, {"chart_cavalry_m3": "yours"}
    )
    cells = {c.gap: c for row in shown.rows for c in row[1:]}
    assert cell_text(cells["chart_cavalry_m3"]).plain == "Both 1M [P]"
    assert cell_text(cells["chart_infantry_m3"]).plain.endswith(" [H]")
    rules_cell = next(c for c in cells.values() if c.kind == "rules")
    assert "[" not in cell_text(rules_cell).plain
    assert chart_table(shown).row_count == 23
    body = chart_body(shown)
    assert body  # one group: help, table, counts and legend
    bare = load_ruleset("republique")
    open_cell = table_view(bare, "combat_chart").rows[0][1]
    assert cell_text(open_cell).plain == "·"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_entry_of_the_answers_list_has_its_own_id(ruleset_id: str) -> None:
    """Every shipped ruleset's answers list, none answered: no id twice (Textual refuses the
    list, and Rank and File's, whose morale and rally tests share their questions, closed
    the app), and each entry's id still names its own chart or question, under every check
    that reads it."""
    ruleset = load_ruleset(ruleset_id)
    oq = open_questions(ruleset)
    options = answer_options(ruleset, oq)
    ids = [o.id for o in options if o.id is not None]
    assert len(ids) == len(set(ids))
    gaps = {q.gap for q in oq.questions}
    tables = {g.id for g in ruleset.gap_tables}
    for ident in ids:
        kind, target = listed_as(ident)
        assert kind in ("open", "table"), ident
        if kind == "open":
            assert target in gaps, ident
        else:
            assert target in tables, ident
    listed = [listed_as(i)[1] for i in ids if listed_as(i)[0] == "open"]
    shared = {q.gap for g in oq.groups for q in g.questions if q.open}
    assert set(listed) == shared  # every open question listed, under each check reading it


def test_rank_and_file_lists_a_shared_question_under_both_its_checks() -> None:
    ruleset = load_ruleset("rank-and-file")
    ids = [o.id for o in answer_options(ruleset, open_questions(ruleset))]
    assert "open:rout_distance_artillery" in ids and "open:rout_distance_artillery~2" in ids
