"""Every text a player reads after a check speaks the players' words, never our keys (issue 35).

Each check of every shipped ruleset is rendered for a typical form (each input at its default,
or its first choice), with every optional rule on: its outcome texts and its effect texts (and,
for One If By Land and the ACW rules, its refusals, its modifiers' refusals and explanations).
A rendered text must not hold

- a ``{name}`` placeholder left unfilled;
- a key with an underscore (an input, choice, check, option or gap id such as
  ``one_stand_wide``, ``melee_result``): a choice rendered from ``{name}`` reads with spaces;
- in brackets, an input's id and one of its values (``(portion charged)``, ``(situation:
  charged)``): the players say the input's label and the value (``(figures that may fire:
  charged)``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from drumhead.checks.base import Context
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.rules.checks import CheckSpec, InputSpec
from drumhead.rules.model import Ruleset

KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
COUNTED = "hits|figures|stands|bases|steps|turns|inches|dice|casualties|points|gunners|rounds"
ONE_MANY = re.compile(rf"(?<![\d./])\b1 (?:[a-z]+ )?(?:{COUNTED})\b")
"""A count of one with a plural word: ``1 hits``, ``1 morale hits``."""
BRACKETS = re.compile(r"\(([^()]*)\)")


def typical(spec: InputSpec) -> object:
    if spec.default is not None:
        return spec.default
    if spec.type == "choice":
        return spec.choices[0]
    if spec.type == "bool":
        return False
    return spec.minimum if spec.minimum is not None else 1


def every_ruleset() -> list[Ruleset]:
    return [load_ruleset(rid, [o.id for o in load_ruleset(rid).options]) for rid in ruleset_ids()]


def player_texts(check: CheckSpec) -> Iterator[tuple[str, str]]:
    """Every text of a check a player reads: its title and summary, its inputs' labels and
    help, its modifiers' labels, explanations and refusals, its refusals, its outcomes' and
    their effects' texts."""
    yield "title", check.title
    yield "summary", check.summary
    for spec in check.inputs:
        yield f"inputs.{spec.name}.label", spec.label
        if spec.help:
            yield f"inputs.{spec.name}.help", spec.help
    for outcome in check.outcomes:
        yield f"outcomes.{outcome.id}.text", outcome.text
        for index, effect in enumerate(outcome.effects):
            yield f"outcomes.{outcome.id}.effects.{index}", effect.text
    for index, refusal in enumerate(check.refusals):
        yield f"refuse.{index}", refusal.text
    yield "source", check.source  # citations are shown beside what they cite
    for m in check.modifiers:
        yield f"modifiers.{m.id}.label", m.label
        yield f"modifiers.{m.id}.source", m.source
        if m.explain:
            yield f"modifiers.{m.id}.explain", m.explain
        for index, refusal in enumerate(m.refusals):
            yield f"modifiers.{m.id}.refuse.{index}", refusal.text


def ruleset_texts(ruleset: Ruleset) -> Iterator[tuple[str, str]]:
    """The texts of a ruleset a player reads outside its checks: the turn's steps, the
    questions it leaves open and their labels, its optional rules."""
    if ruleset.sequence is not None:
        for phase in ruleset.sequence.phases:
            yield f"sequence.{phase.id}.title", phase.title
            for step in phase.steps:
                yield f"sequence.{phase.id}.{step.id}", step.text
    for gap in ruleset.gaps:
        yield f"gaps.{gap.id}.question", gap.question
        yield f"gaps.{gap.id}.label", gap.label
    for option in ruleset.options:
        yield f"options.{option.id}.title", option.title
    for ladder in ruleset.ladders:
        for state, label in ladder.labels:
            yield f"ladders.{ladder.id}.labels.{state}", label
    for marker in ruleset.markers:
        yield f"markers.{marker.id}.label", marker.label
    for attribute in (*ruleset.unit_attributes, *ruleset.leader_attributes):
        yield f"attributes.{attribute.id}.label", attribute.label
    for fact in ruleset.quick_facts:
        yield f"quick_facts.{fact.id}.label", fact.label
        yield f"quick_facts.{fact.id}.text", re.sub(r"\{[^{}]*\}", "3", fact.text)
    for entry in ruleset.reference:
        yield f"reference.{entry.id}.title", entry.title
        yield f"reference.{entry.id}.text", entry.text


def input_values(ruleset: Ruleset) -> set[tuple[str, str]]:
    """Every (input id, one of its values) of the ruleset, in the words a text shows them."""
    return {
        (spec.name.replace("_", " "), choice.replace("_", " "))
        for check in ruleset.checks
        for spec in check.inputs
        for choice in spec.choices
    }


def leftovers(text: str, pairs: set[tuple[str, str]]) -> list[str]:
    found = []
    if "{" in text or "}" in text:
        found.append("an unfilled placeholder")
    found += [f"the key {key!r}" for key in KEY.findall(text)]
    if "(s)" in text:
        found.append("a count word with (s): say it for the number")
    found += [f"{many!r} for one" for many in ONE_MANY.findall(text)]
    for inside in BRACKETS.findall(text):
        for part in re.split(r"[,;]", inside.replace("_", " ")):
            # an id opening the part (or just after a colon), then its value: "(portion
            # charged)", "(fire: portion charged)", "(situation: charged)"; a label that ends
            # in the id's word ("(unit state: retreating)") is the players' words
            for name, choice in pairs:
                if re.search(rf"(?:^|:)\s*{name}\s*:?\s+{choice}\b", part.strip()):
                    found.append(f"({name} {choice}) in brackets")
    return found


def test_every_text_a_player_reads_is_in_plain_words() -> None:
    bad = []
    for ruleset in every_ruleset():
        pairs = input_values(ruleset)
        for check in ruleset.checks:
            inputs = {spec.name: typical(spec) for spec in check.inputs}
            ctx = Context(ruleset, check, inputs, {})  # type: ignore[arg-type]
            for where, template in player_texts(check):
                for amount in (0, 1, 2):
                    text = ctx.fmt(template, value=amount, amount=amount)
                    for problem in leftovers(text, pairs):
                        bad.append(f"{ruleset.id} {check.id}.{where}: {problem}: {text}")
        for where, text in ruleset_texts(ruleset):
            for problem in leftovers(text, pairs):
                bad.append(f"{ruleset.id} {where}: {problem}: {text}")
    bad = list(dict.fromkeys(bad))
    assert bad == [], "\n".join(bad)


def test_every_value_the_rules_lack_has_a_label() -> None:
    """An agreed value is shown by its label where it is used (the answers a roll used, the
    log, the report), never by its id: every gap that is no chart's cell declares one, a
    cell's is its chart's title, row and column."""
    unlabelled = [f"{r.id} gaps.{g.id}" for r in every_ruleset() for g in r.gaps if not g.label]
    assert unlabelled == []
    combat = load_ruleset("republique").gap("chart_infantry_p3")
    assert combat is not None and combat.label == "Combat Chart, assault section: +3, Infantry"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("May fire at the charger (fire: portion charged)", "(portion charged) in brackets"),
        ("takes a morale test (situation melee_result)", "the key 'melee_result'"),
        ("the defender's test (situation: charged)", "(situation charged) in brackets"),
        ("road movement (one_stand_wide)", "the key 'one_stand_wide'"),
        ("{rate} is a wounded general's move", "an unfilled placeholder"),
        ("The target takes 1 hits", "'1 hits' for one"),
        ("1 morale hit(s) from the chart", "a count word with (s): say it for the number"),
    ],
)
def test_the_leftovers_it_finds(text: str, problem: str) -> None:
    """What the test above refuses: each kind of leftover, as texts once read."""
    pairs = input_values(load_ruleset("one-if-by-land"))
    assert problem in leftovers(text, pairs)


def test_plain_words_pass() -> None:
    pairs = input_values(load_ruleset("one-if-by-land"))
    for text in (
        "May fire at the charger (its fire, figures that may fire: charged)",
        "Charge refused: a full move away (backstep, or about face for cavalry)",
        "infantry moves at its own rates, not the cavalry rout rate",
    ):
        assert leftovers(text, pairs) == [], text


@pytest.mark.parametrize(
    ("spec", "counts"),
    [
        ("hit|hits", ["0 hits", "1 hit", "2 hits"]),
        ("no hits|hit|hits", ["no hits", "1 hit", "2 hits"]),
        (
            "base surrenders|bases surrender",
            ["0 bases surrender", "1 base surrenders", "2 bases surrender"],
        ),
    ],
)
def test_a_count_agrees_with_its_number(spec: str, counts: list[str]) -> None:
    """``{amount:hit|hits}``: the word for one, else the plural; a phrase for none first
    (``{amount:no hits|hit|hits}``) reads for none (base.Count)."""
    ctx = Context(
        load_ruleset("rank-and-file"), load_ruleset("rank-and-file").check("fire"), {}, {}
    )  # type: ignore[arg-type]
    assert [ctx.fmt(f"{{amount:{spec}}}", amount=n) for n in (0, 1, 2)] == counts
    assert ctx.fmt(f"{{amount:{spec}}}", amount="?") == f"? {spec.rpartition('|')[2]}"


def test_no_code_writes_a_count_with_s_in_brackets() -> None:
    """A count the code formats agrees with its number too (``counted_text(n,
    "effect|effects")``): no string of the package or the screens says ``effect(s)``."""
    import io
    import tokenize
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for path in [*(root / "src").rglob("*.py"), *(root / "screens").rglob("*.py")]:
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
        for token in tokens:
            if token.type == tokenize.STRING and re.search(r"[a-z]\(s\)", token.string):
                found.append(f"{path.relative_to(root)}:{token.start[0]}: {token.string}")
    assert found == [], "\n".join(found)


def test_a_choice_shown_in_a_text_reads_with_spaces() -> None:
    """A ``{name}`` of a choice input renders its value as words (base.Context.fmt)."""
    ruleset = load_ruleset("one-if-by-land")
    check = ruleset.check("movement")
    values = {spec.name: typical(spec) for spec in check.inputs}
    ctx = Context(ruleset, check, {**values, "condition": "cavalry_rout"}, {})  # type: ignore[arg-type]
    assert ctx.fmt("not the {rate} rate") == "not the cavalry rout rate"
