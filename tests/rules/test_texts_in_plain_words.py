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


REFUSALS_TOO = {"one-if-by-land", "mwan116-acw"}
"""Rulesets whose refusals and explanations are held to it as well (issue 35 walked these two;
the others' refusals still name option and input ids for the command line)."""


def player_texts(check: CheckSpec, refusals: bool) -> Iterator[tuple[str, str]]:
    for outcome in check.outcomes:
        yield f"outcomes.{outcome.id}.text", outcome.text
        for index, effect in enumerate(outcome.effects):
            yield f"outcomes.{outcome.id}.effects.{index}", effect.text
    if not refusals:
        return
    for index, refusal in enumerate(check.refusals):
        yield f"refuse.{index}", refusal.text
    for m in check.modifiers:
        if m.explain:
            yield f"modifiers.{m.id}.explain", m.explain
        for index, refusal in enumerate(m.refusals):
            yield f"modifiers.{m.id}.refuse.{index}", refusal.text


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
            for where, template in player_texts(check, ruleset.id in REFUSALS_TOO):
                text = ctx.fmt(template, value=3, amount=2)
                for problem in leftovers(text, pairs):
                    bad.append(f"{ruleset.id} {check.id}.{where}: {problem}: {text}")
    assert bad == [], "\n".join(bad)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("May fire at the charger (fire: portion charged)", "(portion charged) in brackets"),
        ("takes a morale test (situation melee_result)", "the key 'melee_result'"),
        ("the defender's test (situation: charged)", "(situation charged) in brackets"),
        ("road movement (one_stand_wide)", "the key 'one_stand_wide'"),
        ("{rate} is a wounded general's move", "an unfilled placeholder"),
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


def test_a_choice_shown_in_a_text_reads_with_spaces() -> None:
    """A ``{name}`` of a choice input renders its value as words (base.Context.fmt)."""
    ruleset = load_ruleset("one-if-by-land")
    check = ruleset.check("movement")
    values = {spec.name: typical(spec) for spec in check.inputs}
    ctx = Context(ruleset, check, {**values, "condition": "cavalry_rout"}, {})  # type: ignore[arg-type]
    assert ctx.fmt("not the {rate} rate") == "not the cavalry rout rate"
