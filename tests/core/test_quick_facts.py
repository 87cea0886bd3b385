"""Issue 37: a ruleset declares the quick facts its printed cards carry (``[quick_facts.ID]``),
and a fact that names what the ruleset does not have, reads a gap, or cannot be worked out for
a card it can be on is refused when the file loads, at its file, line and key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from drumhead.errors import RulesetError, RulesetErrors
from drumhead.loading.loader import load_ruleset, load_ruleset_file
from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.facts import card_values, fact_text

from .minirules import document

RULESETS = ("one-if-by-land", "mwan116-acw", "rank-and-file", "republique")
SHIPPED = Path(__file__).resolve().parents[2] / "data" / "rulesets"


def _doc(**facts: dict[str, Any]) -> dict[str, Any]:
    """The mini ruleset with unit types, qualities, formations, a weapon, a gap and these
    facts."""
    return document(
        unit_types={
            "infantry": {"label": "Infantry (3 a stand)", "strength": "figures"},
            "guns": {"label": "Guns", "strength": "guns"},
        },
        qualities=["veteran", "regular", "green"],
        formations=["line", "column", "limbered"],
        unit_attributes={
            "weapon": {
                "type": "choice",
                "choices": ["musket", "rifle"],
                "default": "musket",
                "label": "Weapon",
                "source": "T 9",
            }
        },
        gaps={"range": {"question": "How far?", "source": "T 8"}},
        quick_facts=facts,
    )


def _refused(doc: dict[str, Any]) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        build_ruleset(doc, file="bad.toml")
    error = info.value
    return error.errors[0] if isinstance(error, RulesetErrors) else error


MORALE = {"label": "Morale number", "value": "start[quality]", "source": "T 1"}
MOVE = {
    "label": "Move",
    "applies_to": ["infantry"],
    "each": "formation",
    "when": "formation in ('line', 'column')",
    "value": "rates[formation]",
    "text": '{value}"',
    "source": "T 2",
}


def test_a_fact_reads_the_cards_fields_through_the_rulesets_tables() -> None:
    rs = build_ruleset(_doc(morale=MORALE, move=MOVE), file="mini.toml")
    assert [f.id for f in rs.quick_facts] == ["morale", "move"]
    card = card_values(rs, {"type": "infantry", "quality": "green", "formation": "line"})
    assert fact_text(rs, rs.quick_facts[0], card) == "5"  # start = {veteran 3, regular 4, green 5}
    assert fact_text(rs, rs.quick_facts[1], card) == 'line 1d6+2" · column 1d6+4"'
    guns = card_values(rs, {"type": "guns", "quality": "veteran", "formation": "limbered"})
    assert fact_text(rs, rs.quick_facts[0], guns) == "3"
    assert fact_text(rs, rs.quick_facts[1], guns) is None  # infantry only
    nothing = card_values(rs, {"type": "infantry", "quality": ""})
    assert fact_text(rs, rs.quick_facts[0], nothing) is None  # no quality, no morale number


@pytest.mark.parametrize(
    ("fact", "key", "message"),
    [
        (
            {**MORALE, "value": "start[qualty]"},
            "quick_facts.bad.value",
            "names unknown 'qualty'",
        ),
        (
            {**MORALE, "value": "range"},
            "quick_facts.bad.value",
            "'range' is a value the sources do not give (a gap)",
        ),
        (
            {**MORALE, "value": "start[quality]", "when": "quality == 'elite'"},
            "quick_facts.bad.when",
            "compares quality with 'elite', which is not one of its choices",
        ),
        (
            {**MOVE, "when": "formation != 'line'"},
            "quick_facts.bad.value",
            "cannot be worked out for a card with formation limbered: lookup table 'rates' "
            "has no entry 'limbered'",
        ),
        ({**MORALE, "applies_to": ["cavalry"]}, "quick_facts.bad.applies_to", "no unit type"),
        ({**MORALE, "text": "{valeu} or less"}, "quick_facts.bad.text", "shows {valeu}"),
        ({**MORALE, "text": "{value or less"}, "quick_facts.bad.text", "a brace"),
        ({**MOVE, "each": "strength_start"}, "quick_facts.bad.each", "whose values the ruleset"),
        ({"label": "Empty", "source": "T"}, "quick_facts.bad", "needs a value, a text, or both"),
        ({**MORALE, "colour": "red"}, "quick_facts.bad.colour", "unknown key 'colour'"),
        (
            {**MORALE, "when": "quality == 'veteran' and weapon == 'rifle' and False"},
            "quick_facts.bad",
            "is on no card",
        ),
        ({**MORALE, "value": "weapon + 1"}, "quick_facts.bad.value", "uses 'weapon' as a number"),
    ],
)
def test_a_bad_fact_is_refused_at_its_key(fact: dict[str, Any], key: str, message: str) -> None:
    error = _refused(_doc(bad=fact))
    assert error.key == key
    assert message in error.message


def test_a_bad_fact_in_a_shipped_file_is_refused_at_its_line(tmp_path: Path) -> None:
    text = (SHIPPED / "one-if-by-land.toml").read_text(encoding="utf-8")
    path = tmp_path / "one-if-by-land.toml"
    path.write_text(
        text + '\n[quick_facts.reach]\nlabel = "Reach"\nvalue = "weapon_range[wepon]"\n'
        'source = "OIBL p.8"\n',
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    error = info.value
    assert error.key == "quick_facts.reach.value" and "unknown 'wepon'" in error.message
    assert error.line is not None
    assert path.read_text(encoding="utf-8").splitlines()[error.line - 1].startswith("value =")
    assert error.format().startswith(f"{path}:{error.line}: quick_facts.reach.value:")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_shipped_ruleset_declares_cited_facts_that_load(ruleset_id: str) -> None:
    rs = load_ruleset(ruleset_id)
    assert len(rs.quick_facts) >= 5
    types = {t.id for t in rs.unit_types}
    for fact in rs.quick_facts:
        assert fact.label and fact.source and set(fact.applies_to) <= types
    # every unit type carries at least one fact
    assert all(any(not f.applies_to or t in f.applies_to for f in rs.quick_facts) for t in types)
