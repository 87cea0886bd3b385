"""The effects that change a card beyond its morale, strength and markers (issue 35): a unit
put in a formation, a whole number on its card counted up or down, a leader's status read from
a chart's words. Each is data, checked when the file loads: every mistake is reported at its
file, line and key with the values it may take."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.checks.chart_words import first_word, read_chart_words
from drumhead.checks.results import Effect
from drumhead.errors import RulesetError
from drumhead.loading.loader import load_ruleset_file

BASE = (Path(__file__).resolve().parents[1] / "ui" / "rulesets" / "cards-test.toml").read_text()
ROUT = '    { kind = "state", state = "rout", text = "Routs away from the enemy" },\n'
ATTRIBUTES = """[unit_attributes.gunners]
type = "int"
min = 0
max = 12
label = "Gunner figures"
source = "Test rules p.3"

[unit_attributes.veteran]
type = "bool"
default = false
label = "Veteran"
source = "Test rules p.3"

"""


def _load(tmp_path: Path, effect: str) -> tuple[str, int]:
    """The first error of the test ruleset with ``effect`` added after its rout (and two
    attributes declared), and the line the effect is on."""
    assert ROUT in BASE and "[markers.panic]" in BASE
    text = BASE.replace(ROUT, ROUT + effect + "\n", 1)
    text = text.replace("[markers.panic]", ATTRIBUTES + "[markers.panic]", 1)
    path = tmp_path / "cards-test.toml"
    path.write_text(text)
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    line = text.splitlines().index(effect.rstrip("\n")) + 1
    error = info.value
    assert error.line == line, (error.line, line, str(error))
    return f"{error.key}: {error}", line


def test_the_new_kinds_load(tmp_path: Path) -> None:
    effects = [
        '    { kind = "formation", formation = "open_order", text = "Routs in open order" },',
        '    { kind = "attribute", attribute = "gunners", amount = -1, beyond = "clamp", '
        'text = "A gunner falls" },',
    ]
    text = BASE.replace(ROUT, ROUT + "\n".join(effects) + "\n", 1)
    text = text.replace("[markers.panic]", ATTRIBUTES + "[markers.panic]", 1)
    path = tmp_path / "cards-test.toml"
    path.write_text(text)
    rs = load_ruleset_file(path)
    specs = rs.check("morale").outcome("rout").effects
    formation, gunners = specs[1], specs[2]
    assert (formation.kind, formation.formation) == ("formation", "open_order")
    assert (gunners.kind, gunners.attribute, gunners.beyond) == ("attribute", "gunners", "clamp")


@pytest.mark.parametrize(
    ("effect", "key", "message"),
    [
        (
            '    { kind = "formation", formation = "square", text = "Forms square" },',
            "formation",
            "no formation 'square' (formations: column, line, open_order)",
        ),
        (
            '    { kind = "formation", text = "Forms up" },',
            "formation",
            "a 'formation' effect needs the formation",
        ),
        (
            '    { kind = "formation", formation = "line", who = "leader", text = "Forms up" },',
            "who",
            "a 'formation' effect changes a unit's card, not a leader's",
        ),
        (
            '    { kind = "marker", marker = "panic", formation = "line", text = "Panics" },',
            "formation",
            "a 'marker' effect takes no formation (only formation do)",
        ),
        (
            '    { kind = "attribute", attribute = "crew", amount = -1, text = "A gunner falls" },',
            "attribute",
            "no 'crew': an 'attribute' effect changes a whole-number unit attribute "
            '([unit_attributes] with type = "int": gunners, hits_per_stand)',
        ),
        (
            '    { kind = "attribute", attribute = "veteran", amount = 1, text = "Blooded" },',
            "attribute",
            "'veteran' is a bool: an 'attribute' effect changes a whole-number unit attribute",
        ),
        (
            '    { kind = "attribute", attribute = "gunners", text = "A gunner falls" },',
            "amount",
            "an 'attribute' effect needs an amount",
        ),
        (
            '    { kind = "attribute", attribute = "gunners", amount = -1, beyond = "wrap", '
            'text = "A gunner falls" },',
            "beyond",
            "clamp",
        ),
        (
            '    { kind = "attribute", attribute = "gunners", amount = -1, who = "table", '
            'text = "A gunner falls" },',
            "who",
            "only a note is for the table",
        ),
        (
            '    { kind = "lose", amount = 1, beyond = "clamp", text = "Loses one" },',
            "beyond",
            "a 'lose' effect takes no beyond (only attribute do)",
        ),
        (
            '    { kind = "leader", who = "leader", from_text = { wounded = "hurt" }, '
            'text = "As the chart says" },',
            "from_text.wounded",
            "'hurt' is not one of: active, wounded, killed, unchanged",
        ),
        (
            '    { kind = "leader", who = "leader", state = "killed", from_text = { killed = '
            '"killed" }, text = "As the chart says" },',
            "from_text",
            "no state or amount beside from_text",
        ),
        (
            '    { kind = "note", from_text = { killed = "killed" }, text = "As the chart says" },',
            "from_text",
            "a 'note' effect takes no from_text (only leader do)",
        ),
    ],
)
def test_mistakes_are_named_at_their_line_and_key(
    tmp_path: Path, effect: str, key: str, message: str
) -> None:
    said, _ = _load(tmp_path, effect)
    assert said.startswith(f"checks.morale.outcomes.rout.effects.1.{key}: "), said
    assert message in said, said


def test_the_first_word_of_the_chart_wins() -> None:
    words = ("unhurt", "wounded", "killed")
    assert first_word("Wounded; killed on a second 1", words) == "wounded"
    assert first_word("KILLED outright", words) == "killed"
    assert first_word("Lightly wounded (2 turns)", words) == "wounded"
    assert first_word("Woundedly", words) is None  # whole words only
    assert first_word("Captured", words) is None


def test_a_chart_cell_becomes_the_leader_s_status_or_a_note() -> None:
    words = (("unhurt", "unchanged"), ("wounded", "wounded"), ("killed", "killed"))
    effect = Effect(kind="leader", text="The leader's injury", who="leader")
    wounded = read_chart_words(effect, words, "Wounded")
    assert wounded is not None
    assert (wounded.kind, wounded.state, wounded.text) == (
        "leader",
        "wounded",
        "The leader's injury: Wounded",
    )
    assert read_chart_words(effect, words, "Unhurt") is None  # nothing to mark
    captured = read_chart_words(effect, words, "Captured")
    assert captured is not None
    assert (captured.kind, captured.who, captured.state) == ("note", "table", None)
    assert captured.text == (
        "The leader's injury: the chart reads 'Captured', naming none of unhurt, wounded, "
        "killed: apply it by hand"
    )
