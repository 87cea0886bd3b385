"""A quick fact that says in words what a modifier or value of the rules is (Republique's "In
line: +1 in an assault" is the assault's in-line modifier) names it (``restates``): a
house-rules file that changes that modifier marks the fact HOUSE on the printed card and on
the quick-reference sheet, as it marks the modifier itself. It once printed the rules' "+1"
unmarked beside a house "+2". A fact the house rules leave alone stays unmarked; a ``restates``
naming nothing the ruleset has is refused when the file loads."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest

from drumhead.errors import RulesetError, RulesetErrors
from drumhead.game import Side, Unit, new_game
from drumhead.game.rulesets import game_ruleset
from drumhead.loading.loader import load_ruleset
from drumhead.loading.ruleset import build_ruleset
from drumhead.paper import reference_html
from drumhead.paper.cards import card
from drumhead.rules.facts import changed_by_house
from tests.core.minirules import document

AT = "2026-11-22T14:00:00Z"


def _house(tmp_path: Path, ruleset: str, patch: str) -> str:
    path = tmp_path / "club.toml"
    path.write_text(f'ruleset = "{ruleset}"\ntitle = "Club"\n{patch}\n')
    return str(path)


def _facts(html: str) -> dict[str, str]:
    """Each fact of a card as text, by its label."""
    out = {}
    for label, rest in re.findall(r'<div class="fact"><b>(.*?):</b>(.*?)</div>', html):
        out[unescape(label)] = unescape(re.sub(r"<[^>]+>", " ", rest))
    return out


def _foot_card(house: str) -> dict[str, str]:
    game = new_game("republique", house_rules=house, name="house")
    game.add_side(Side("a", "Army A"), at=AT)
    foot = Unit(
        id="foot",
        name="The foot",
        side="a",
        brigade="first",
        type="infantry",
        strength_start=6,
        strength_now=6,
        state="",
        quality="veteran",
        formation="line",
    )
    game.add_unit(foot, at=AT)
    return _facts(card(game.ruleset, game.state, game.state.unit("foot")))


def test_a_fact_restating_a_modifier_the_house_rules_change_is_marked_house(
    tmp_path: Path,
) -> None:
    house = _house(
        tmp_path, "republique", "[patch.checks.assault.modifiers.attacker_in_line]\nvalue = 2"
    )
    facts = _foot_card(house)
    assert "+1 in an assault" in facts["In line"] and "HOUSE" in facts["In line"]
    assert "HOUSE" not in facts["Losses"] and "HOUSE" not in facts["Hit in flank / rear"]
    sheet = unescape(re.sub(r"<[^>]+>", " ", reference_html(load_ruleset("republique", (), house))))
    row = re.search(r"In line\s+\S.*?Republique 4\.3 In Line\s+HOUSE", sheet)
    assert row is not None


def test_the_flank_and_rear_facts_follow_their_modifiers(tmp_path: Path) -> None:
    house = _house(tmp_path, "republique", "[patch.checks.assault.modifiers.rear]\nvalue = -5")
    facts = _foot_card(house)
    assert "HOUSE" in facts["Hit in flank / rear"] and "HOUSE" not in facts["In line"]


def test_without_house_rules_no_fact_is_marked(tmp_path: Path) -> None:
    assert not any("HOUSE" in text for text in _foot_card(None).values())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "ruleset_id", ["mwan116-acw", "one-if-by-land", "rank-and-file", "republique"]
)
def test_a_house_change_to_anything_a_fact_restates_marks_it(ruleset_id: str) -> None:
    ruleset = game_ruleset(ruleset_id)
    restating = [f for f in ruleset.quick_facts if f.restates]
    assert restating  # each shipped ruleset has facts that say its values in words
    for fact in restating:
        for path in fact.restates:
            changed = replace(ruleset, house_changes=(f"{path}.value",))
            assert changed_by_house(changed, fact), (fact.id, path)
        elsewhere = replace(ruleset, house_changes=("checks.nothing_restated.value",))
        assert not changed_by_house(elsewhere, fact)


def test_a_restates_naming_nothing_is_refused() -> None:
    fact = {"label": "Supported", "text": "+1", "source": "T 3"}
    good = document(
        quick_facts={"supported": {**fact, "restates": ["checks.test.modifiers.supported"]}}
    )
    built = build_ruleset(good, file="mini.toml")
    assert built.quick_facts[0].restates == ("checks.test.modifiers.supported",)
    bad = document(
        quick_facts={"supported": {**fact, "restates": ["checks.test.modifiers.suported"]}}
    )
    with pytest.raises(RulesetError) as info:
        build_ruleset(bad, file="bad.toml")
    error = info.value.errors[0] if isinstance(info.value, RulesetErrors) else info.value
    assert error.key == "quick_facts.supported.restates"
    assert "checks.test.modifiers.suported" in error.message
