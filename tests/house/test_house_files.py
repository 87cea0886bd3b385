"""House-rules files: the template round trip (template -> fill -> check -> play), the files
offered for a ruleset with their previews, and the CLI commands."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.game import new_game
from drumhead.house.library import NONE_LABEL, house_choices, players_folder, shipped_folder
from drumhead.house.template import template_text
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.questions.asked import open_questions
from drumhead.rules.model import Ruleset

ANSWER_LINE = re.compile(r"^# ([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*) =(.*)$")
SAMPLE_TEXT = {
    "combat_chart": '"Both 1M"',
    "panic_index": '"Rt-1"',
    "fire_hit_numbers": '"9-12"',
}


def _value(ruleset: Ruleset, answer: str) -> str:
    spec = ruleset.gap(answer)
    assert spec is not None
    if spec.type == "int":
        return "2"
    if spec.type == "choice":
        return f'"{spec.choices[0]}"'
    table = next((t.id for t in ruleset.gap_tables if spec.id in t.gap_ids()), None)
    return SAMPLE_TEXT.get(table or spec.id, '"our own reading"')


def _fill(ruleset: Ruleset, text: str, bad: str | None = None) -> str:
    """Every answer line of a template uncommented and given a value (``bad`` gets 'x')."""
    out = []
    for line in text.splitlines():
        found = ANSWER_LINE.match(line)
        if found is None:
            out.append(line)
            continue
        answer, rest = found.groups()
        value = '"x"' if answer == bad else _value(ruleset, answer)
        out.append(f"{answer} = {value}{rest}")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_template_fill_check_round_trip(tmp_path: Path, ruleset_id: str, capsys) -> None:  # type: ignore[no-untyped-def]
    ruleset = load_ruleset(ruleset_id)
    text = template_text(ruleset)
    tomllib.loads(text)  # as written, a valid file that answers nothing
    template = tmp_path / "template.toml"
    template.write_text(text)
    assert main(["check", str(template)]) == 0
    filled = tmp_path / "filled.toml"
    filled.write_text(_fill(ruleset, text))
    assert main(["check", str(filled)]) == 0, capsys.readouterr()
    house = load_ruleset(ruleset_id, house_rules=filled)
    questions = open_questions(house)
    # every question is answered, for every situation the template lists
    assert [q.gap for q in questions.unanswered] == []
    assert all(
        a.kind in ("house_rule", "rules", "ruling") for q in questions.open for a in q.answers
    )


def test_every_open_question_is_in_the_template() -> None:
    for ruleset_id in ruleset_ids():
        ruleset = load_ruleset(ruleset_id)
        text = template_text(ruleset)
        flat = text.replace("\n#   ", " ")
        cells = {g for t in ruleset.gap_tables for g in t.gap_ids()}
        for spec in ruleset.gaps:
            if spec.value is None:
                assert f"# {spec.id}" in text, (ruleset_id, spec.id)
                assert spec.id in cells or spec.source in flat, (ruleset_id, spec.id)
        for table in ruleset.gap_tables:
            assert table.source in flat


def test_a_bad_filled_value_is_reported_at_its_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    ruleset = load_ruleset("republique")
    filled = tmp_path / "filled.toml"
    filled.write_text(_fill(ruleset, template_text(ruleset), bad="panic_green_3"))
    assert main(["check", "--json", str(filled)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False
    [error] = report["errors"]
    line = next(
        n
        for n, text in enumerate(filled.read_text().splitlines(), 1)
        if text.startswith("panic_green_3 =")
    )
    assert (error["file"], error["line"], error["key"]) == (
        str(filled),
        line,
        "gaps.panic_green_3.value",
    )
    assert "a Panic Index result" in error["message"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[gaps]\nfire_dice.infantry.1 = 4\ncolour = 1\n", "no gap 'colour'"),
        ('[gaps]\nfire_dice.infantry.1 = "four"\n', "takes a whole number"),
        ("[gaps]\nfire_dice.infantry.0 = 4\n", "range_band is at least 1"),
        ("[gaps]\nfire_cover_dice = 1.5\n", "a number, text or boolean"),
        ('titel = "x"\n', "unknown key 'titel'"),
    ],
)
def test_check_refuses_bad_house_rules_with_file_and_line(
    tmp_path: Path, capsys, body: str, message: str
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "club.toml"
    path.write_text('ruleset = "mwan116-acw"\n' + body)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:" in out and message in out


def test_the_choices_offered_for_a_ruleset(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    mine = players_folder(saves)
    assert mine == tmp_path / "house-rules"
    mine.mkdir()
    (mine / "club.toml").write_text(
        'ruleset = "republique"\ntitle = "Our club"\nauthor = "Vienna wargamers"\n'
        "[gaps]\ntroop_grade_elite = 2\ntroop_grade_green = -1\n"
        "[patch.checks.assault.modifiers.attacker_in_line]\nvalue = 2\n"
    )
    (mine / "other.toml").write_text('ruleset = "mwan116-acw"\n')  # another ruleset's
    (mine / "broken.toml").write_text('ruleset = "republique"\n[gaps]\ntroop_grade_elite = "two"\n')
    choices = house_choices("republique", saves)
    assert choices[0].path is None and choices[0].title == NONE_LABEL
    assert "126 open questions is asked when a check needs it" in choices[0].preview
    by_title = {c.title: c for c in choices}
    sample = next(c for c in choices if c.origin == "shipped")
    assert Path(sample.path or "").parent == shipped_folder()
    assert "players' own" in sample.title and len(sample.questions) == 126
    club = by_title["Our club"]
    assert (club.origin, club.author) == ("yours", "Vienna wargamers")
    assert club.questions == ("troop_grade_elite", "troop_grade_green")
    assert club.preview == "answers 2 of 126 open questions; changes 1 rule value"
    broken = next(c for c in choices if c.path and c.path.endswith("broken.toml"))
    assert not broken.usable and "takes a whole number" in (broken.problem or "")
    assert not any(c.path and c.path.endswith("other.toml") for c in choices)
    # --house-rules DIR replaces the folder beside the saves
    assert len(house_choices("republique", saves, tmp_path / "nowhere")) == 2


@pytest.mark.parametrize("path", sorted(shipped_folder().glob("*.toml")), ids=lambda p: p.name)
def test_shipped_samples_are_marked_as_the_players_own(path: Path) -> None:
    text = path.read_text()
    data = tomllib.loads(text)
    assert "players' own" in data["title"]
    assert "THE PLAYERS' OWN" in text  # the header says so in capitals
    game = new_game(data["ruleset"], house_rules=str(path), seed=1)
    assert game.state.house is not None and game.ruleset.house_label.endswith(path.name)
    for spec in game.ruleset.gaps:  # every value it gives is cited as the house's
        if spec.id in data.get("gaps", {}):
            assert spec.value_source == f"house rule, {path.name}"


def test_cli_template_list_and_questions(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "mine.toml"
    assert main(["house-rules", "template", "mwan116-acw", "-o", str(out)]) == 0
    assert "# fire_dice.infantry.1 =" in out.read_text()
    assert main(["house-rules", "template", "mwan116-acw", "-o", str(out)]) == 1  # never over
    capsys.readouterr()
    assert (
        main(["--saves", str(tmp_path / "saves"), "house-rules", "list", "mwan116-acw", "--json"])
        == 0
    )
    listed = json.loads(capsys.readouterr().out)
    assert listed[0]["title"] == NONE_LABEL and listed[1]["origin"] == "shipped"
    assert main(["questions", "mwan116-acw", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["open"] == 4 and data["groups"][0]["check"] == "fire"
    assert main(["questions", "nope"]) == 1


def test_a_games_answers_saved_as_a_file_answer_the_next_game(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from drumhead.house.template import answers_text

    sample = shipped_folder() / "mwan116-acw-sample-firing-table.toml"
    game = new_game("mwan116-acw", house_rules=str(sample), seed=3)
    game.set_gap("fire_dice.infantry.4", 1, at="2026-11-22T14:00:00Z")  # a band the sample lacks
    game.set_gap("fire_hit_numbers.infantry.4", "12", at="2026-11-22T14:00:00Z")
    game.set_gap("infantry_morale_casualties", 4, at="2026-11-22T14:00:00Z")  # overrides 3
    path = tmp_path / "ours.toml"
    path.write_text(answers_text(game.ruleset, game.state.gap_values(), title="Ours (our own)"))
    assert main(["check", str(path)]) == 0, capsys.readouterr()
    again = new_game("mwan116-acw", house_rules=str(path), seed=3)
    values = {"range_band": 4}
    _, res = again.resolve("fire", None, values, hand_dice=[12], at="2026-11-22T15:00:00Z")
    assert res.value == 1 and {g.kind for g in res.gaps} == {"house_rule"}
    assert again.ruleset.gap("infantry_morale_casualties").value == 4  # type: ignore[union-attr]
    questions = open_questions(again.ruleset)
    assert questions.unanswered == ()


def test_cli_checks_shows_whose_each_missing_value_is(capsys) -> None:  # type: ignore[no-untyped-def]
    sample = shipped_folder() / "republique-sample-club-values.toml"
    argv = ["checks", "republique", "leader_injury", "--house-rules", str(sample)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "chart Leader injury chart: 14 of 14 cells known; house rule, " in out
    assert (
        "Leader injury modifier, leading a unit = 1 (house rule, republique-sample-club-values.toml)"
        in out
    )
    assert main(["checks", "mwan116-acw", "fire"]) == 0
    out = capsys.readouterr().out
    assert (
        "Fire dice [per Who fires, Range band on your firing table (1 = the closest)]: open: "
        "asked when a check needs it (--set fire_dice.FIRER.RANGE_BAND=VALUE)"
    ) in out
