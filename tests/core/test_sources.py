"""Where every value of an answer comes from: citations, rulings, gaps, house rules.

The engine's side of issue 19 items 10-12, on the small in-code rulesets: a modifier the rules
forbid is refused with its rule cited; the rulings an answer rests on travel with it (the
ruling's reading, or the other reading when the players chose it); a value the sources lack is
marked as the players', the house's or a ruling's, never as the rules'.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from drumhead.checks.resolve import available_modifiers, odds, prepare, resolve
from drumhead.checks.sources import odds_rulings
from drumhead.dice.roller import HandDice
from drumhead.errors import InputError, RulesetError
from drumhead.loading.loader import mark_house_sources
from drumhead.loading.ruleset import build_ruleset
from tests.core.minirules import CHECKS, document

RULINGS = [
    {"id": "ends", "rule": "r", "reading": "r", "reason": "r", "source": "T"},
    {
        "id": "round-up",
        "rule": "half of the figures",
        "reading": "rounded up",
        "reason": "as the other half-fire rule",
        "source": "T 9",
        "alternative": "rounded down: tick other_way",
    },
    {
        "id": "from-example",
        "rule": "d",
        "reading": "12 from the example",
        "reason": "x",
        "source": "T 8",
    },
]


def ruleset(check: dict[str, Any], gaps: dict[str, Any] | None = None) -> Any:
    doc = document(checks={"test": check}, rulings=RULINGS, gaps=gaps or {})
    return build_ruleset(doc, file="mini.toml")


def target(**changes: Any) -> dict[str, Any]:
    check = copy.deepcopy(CHECKS["test"])
    check.update(changes)
    return check


def test_a_forbidden_modifier_is_refused_citing_its_rule_and_not_offered() -> None:
    check = target()
    check["modifiers"]["supported"]["refuse"] = [
        {"when": "single", "text": "a single stand has no support", "source": "T 3b"}
    ]
    rs = ruleset(check)
    with pytest.raises(InputError, match=r"no support \(T 3b\)"):
        prepare(rs, "test", {"single": True}, ["supported"])
    assert "supported" not in {
        m.id for m in available_modifiers(prepare(rs, "test", {"single": True}))
    }
    assert prepare(rs, "test", {}, ["supported"]).total() == 1


def test_a_ruling_ref_travels_with_the_answer_and_says_which_reading() -> None:
    check = target(
        rulings=[{"id": "round-up", "when": "stands_lost > 0", "alternative_when": "elite"}]
    )
    rs = ruleset(check)
    none = resolve(prepare(rs, "test", {}), HandDice([5]))
    assert none.rulings == ()
    ruled = resolve(prepare(rs, "test", {"stands_lost": 1}), HandDice([5]))
    assert [(r.id, r.used, r.reading) for r in ruled.rulings] == [
        ("round-up", "ruling", "rounded up")
    ]
    other = resolve(prepare(rs, "test", {"stands_lost": 1, "elite": True}), HandDice([5]))
    assert [(r.id, r.used) for r in other.rulings] == [("round-up", "alternative")]
    assert "rounded down" in other.rulings[0].describe()
    assert other.to_dict()["rulings"][0]["alternative"] == "rounded down: tick other_way"


def test_a_ruling_named_in_a_citation_or_an_effect_is_listed_once() -> None:
    check = target()
    check["modifiers"]["supported"]["source"] = "T 3 (ruling ends)"
    check["outcomes"]["fail"]["effects"].append(
        {"kind": "note", "text": "more", "ruling": "round-up"}
    )
    rs = ruleset(check)
    res = resolve(prepare(rs, "test", {}, ["supported"]), HandDice([1]))
    assert [r.id for r in res.rulings] == ["ends", "round-up"]
    assert [e["ruling"] for e in res.to_dict()["effects"] if "ruling" in e] == ["round-up"]
    assert [r.id for r in odds_rulings(prepare(rs, "test", {}, ["supported"]), [])] == ["ends"]


def test_unknown_ruling_references_are_load_errors() -> None:
    with pytest.raises(RulesetError, match="no ruling 'nope'"):
        ruleset(target(rulings=[{"id": "nope"}]))
    check = target()
    check["outcomes"]["fail"]["effects"][0]["ruling"] = "nope"
    with pytest.raises(RulesetError, match="no ruling 'nope'"):
        ruleset(check)
    with pytest.raises(RulesetError, match="no ruling 'nope'"):
        ruleset(target(), {"g": {"question": "q", "source": "s", "value": 1, "ruling": "nope"}})


GAPS = {
    "bonus": {"question": "How much?", "source": "T 5 (not given)"},
    "given": {"question": "Given?", "source": "T 6", "value": 2},
    "example": {"question": "Far?", "source": "T 7", "value": 12, "ruling": "from-example"},
}


def gap_check() -> dict[str, Any]:
    check = target()
    check["modifiers"]["bonus"] = {"label": "bonus", "value": "bonus", "source": "T 5"}
    check["modifiers"]["given"] = {"label": "given", "value": "given", "source": "T 6"}
    check["modifiers"]["example"] = {"label": "far", "value": "example // 6", "source": "T 7"}
    return check


def test_every_gap_value_says_where_it_came_from() -> None:
    rs = ruleset(gap_check(), GAPS)
    ctx = prepare(
        rs,
        "test",
        {},
        ["bonus", "given", "example"],
        {"bonus": 1},
        gap_sources={"bonus": "your club's answer, asked on 2024-05-01"},
    )
    res = resolve(ctx, HandDice([3]))
    kinds = {g.id: (g.kind, g.source) for g in res.gaps}
    assert kinds == {
        "bonus": ("players", "your club's answer, asked on 2024-05-01"),
        "given": ("rules", "T 6"),
        "example": ("ruling", "ruling from-example (T 8)"),
    }
    sources = {m.id: m.source for m in res.modifiers}
    # the players' number is never shown beside the rules' citation as if the rules gave it
    assert sources["bonus"] == "value bonus: your club's answer, asked on 2024-05-01; rule: T 5"
    assert sources["given"] == "value given: T 6; rule: T 6"
    assert sources["example"].startswith("value example: ruling from-example")
    assert "from-example" in [r.id for r in res.rulings]


def test_an_answer_without_a_date_is_still_the_players() -> None:
    rs = ruleset(gap_check(), GAPS)
    res = resolve(prepare(rs, "test", {"bonus": 3}, ["bonus"]), HandDice([3]))
    assert [(g.id, g.kind, g.source) for g in res.gaps] == [
        ("bonus", "players", "your club's answer")
    ]


def test_house_patch_cites_the_house_not_the_rules() -> None:
    doc = document(rulings=RULINGS, gaps=GAPS)
    patch = {
        "checks": {
            "test": {"modifiers": {"supported": {"value": 2}}, "target": "start[quality] + 1"}
        },
        "gaps": {"bonus": {"value": 4}},
        "lookups": {"start": {"green": 6}},
    }
    from drumhead.rules.reader import deep_merge

    merged, changes = mark_house_sources(deep_merge(doc, patch), patch, "house rule, club.toml")
    rs = build_ruleset(merged, file="mini.toml")
    check = rs.check("test")
    assert check.modifier("supported").source == "house rule, club.toml"
    assert check.modifier("lost").source == "T 2"
    assert check.source == "house rule, club.toml changes target; the rest: T 1"
    assert rs.gap("bonus").value_source == "house rule, club.toml"
    assert set(changes) == {
        "checks.test.modifiers.supported.value",
        "checks.test.target",
        "gaps.bonus.value",
        "lookups.start.green",
    }


def test_house_rules_file_is_cited_in_resolutions(tmp_path: Path) -> None:
    from drumhead.loading.loader import load_ruleset

    house = tmp_path / "club.toml"
    house.write_text(
        'ruleset = "one-if-by-land"\ntitle = "club"\n'
        "[patch.checks.fire.modifiers.marksmen]\nvalue = 3\n"
        "[patch.lookups.morale_number]\nregular = 6\n",
        encoding="utf-8",
    )
    rs = load_ruleset("one-if-by-land", house_rules=house)
    res = resolve(prepare(rs, "fire", {"figures": 12}, ["marksmen"]), HandDice([4]))
    assert [(m.id, m.value, m.source) for m in res.modifiers] == [
        ("marksmen", 3, "house rule, club.toml")
    ]
    morale = resolve(prepare(rs, "morale", {}), HandDice([4]))
    assert morale.house_rules == ("house rule, club.toml: changes lookups.morale_number.regular",)
    # fire's own change is listed; the morale numbers, which fire never reads, are not
    assert res.house_rules == (
        "house rule, club.toml: changes checks.fire.modifiers.marksmen.value",
    )
    assert sum(o.p for o in odds(prepare(rs, "morale", {}))) == 1


def test_an_offered_modifier_cites_the_players_value_as_theirs() -> None:
    """Before it is ticked, a modifier whose value the players gave is cited as theirs first;
    asking for the citation reads nothing into the answer's gaps."""
    from drumhead.checks.sources import offered_source

    rs = ruleset(gap_check(), GAPS)
    ctx = prepare(rs, "test", {}, (), {"bonus": 2}, gap_sources={"bonus": "your club's answer"})
    spec = rs.check("test").modifier("bonus")
    assert spec is not None
    assert offered_source(ctx, spec) == "value bonus: your club's answer; rule: T 5"
    assert ctx.gaps_used == {}
    unanswered = prepare(rs, "test", {})
    assert offered_source(unanswered, spec) == "T 5"  # asked when ticked
