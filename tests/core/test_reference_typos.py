"""Issue 16, item 8: every reference in a ruleset is checked when it loads.

The mutation test makes one typo at a time in every reference of the shipped rulesets and
scenarios (tests/support/typos.py finds them in the text: effect state/marker/who, checks,
options, groups, sides, outcomes, gaps, unit types, names an expression reads, the text it
compares a choice input with, ``{name}`` in texts, ...) and asserts each is refused when the
file loads, at the typo's file and line, with the known names in the message. By default a
spread sample of every kind of reference runs: in the inner lane the first typo of each kind
in each file, the second of each kind in the slow lane (each case parses and validates a whole
ruleset: 25 ms, 4 s of the inner lane for both); DRUMHEAD_ALL_TYPOS=1 runs all of them
(about 1,850 in the rulesets and 220 in the scenarios).
"""

from __future__ import annotations

import os
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from drumhead.errors import RulesetError, RulesetErrors
from drumhead.game.scenario import read_scenario, scenario_ids
from drumhead.loading import loader
from drumhead.loading.loader import check_options, load_ruleset, ruleset_ids
from drumhead.loading.ruleset import build_ruleset
from tests.support.typos import Typo, typos

DATA = Path(__file__).resolve().parents[2] / "data"
PER_KIND = 2
"""Typos tried per kind of reference and file in the default (sampled) run: the first in the
inner lane, the others in the slow lane."""


def _sample(found: list[Typo]) -> list[tuple[Typo, bool]]:
    """The typos tried, each with whether it is the first of its kind (the inner lane's)."""
    if os.environ.get("DRUMHEAD_ALL_TYPOS"):
        return [(t, True) for t in found]
    by_kind: dict[str, list[Typo]] = defaultdict(list)
    for typo in found:
        by_kind[typo.what].append(typo)
    out = []
    for items in by_kind.values():
        step = max(1, len(items) // PER_KIND)
        out += [(t, i == 0) for i, t in enumerate(items[::step][:PER_KIND])]
    return out


def _cases(folder: str, ids: list[str]) -> list[tuple[str, Typo, bool]]:
    cases = []
    for ident in ids:
        text = (DATA / folder / f"{ident}.toml").read_text(encoding="utf-8")
        cases += [(ident, t, first) for t, first in _sample(typos(text))]
    return cases


def _params(cases: list[tuple[str, Typo, bool]]) -> list[Any]:
    """The cases as parameters: all but the first typo of each kind in each file are slow."""
    return [
        pytest.param(
            ident,
            t,
            id=f"{ident}:{t.line}:{t.what}:{t.original}",
            marks=() if first else pytest.mark.slow,
        )
        for ident, t, first in cases
    ]


RULESET_CASES = _cases("rulesets", ruleset_ids())
SCENARIO_CASES = [c for c in _cases("scenarios", scenario_ids()) if c[1].what != "brigade"]


def _problems(error: RulesetError) -> tuple[RulesetError, ...]:
    return error.errors if isinstance(error, RulesetErrors) else (error,)


def _assert_named(error: RulesetError, name: str, typo: Typo) -> None:
    quoted = (f"'{typo.typo}'", f"{{{typo.typo}}}")
    here = [
        e
        for e in _problems(error)
        if e.path == name and e.line == typo.line and any(q in e.message for q in quoted)
    ]
    assert here, (
        f"line {typo.line}: {typo.original} -> {typo.typo} refused elsewhere: "
        + "; ".join(f"{e.line}: {e.message[:120]}" for e in _problems(error))
    )
    # the message names what is known there, the right name among them
    assert any(typo.original in e.message.replace(typo.typo, "") for e in here), here[0].message


def _ruleset_refusal(text: str, name: str) -> RulesetError:
    """What loading ``text`` refuses it with: the file itself, then each optional rule on (a
    load does both and reports every problem; the optional rules are tried only when the
    file alone does not already name the typo, to keep the sweep fast)."""
    data = tomllib.loads(text)
    try:
        build_ruleset(data, file=name, text=text)
    except RulesetError as exc:
        return exc
    try:
        check_options(data, text, name)
    except RulesetError as exc:
        return exc
    raise AssertionError("accepted")


@pytest.mark.parametrize(("ruleset", "typo"), _params(RULESET_CASES))
def test_a_typo_in_a_ruleset_reference_is_refused_where_it_is(ruleset: str, typo: Typo) -> None:
    name = f"data/rulesets/{ruleset}.toml"
    try:
        error = _ruleset_refusal(typo.text, name)
    except AssertionError:
        pytest.fail(f"line {typo.line}: {typo.original} -> {typo.typo} was accepted")
    _assert_named(error, name, typo)


@pytest.mark.parametrize(("scenario", "typo"), _params(SCENARIO_CASES))
def test_a_typo_in_a_scenario_reference_is_refused_where_it_is(scenario: str, typo: Typo) -> None:
    name = f"data/scenarios/{scenario}.toml"
    with pytest.raises(RulesetError) as caught:
        read_scenario(tomllib.loads(typo.text), text=typo.text, file=name, scenario_id=scenario)
    _assert_named(caught.value, name, typo)


def test_every_kind_of_reference_is_swept() -> None:
    """The sweep reaches the references of item 8 and the others found unchecked."""
    kinds = {t.what for _, t, first in RULESET_CASES if first}
    assert {
        "state",
        "marker",
        "who",
        "check",
        "outcome",
        "gap",
        "group",
        "side",
        "expression name",
        "expression text",
        "placeholder",
        "uses",
        "applies_to",
        "from_unit",
        "from_unit marker",
        "ruling",
        "check ruling",
    } <= kinds


# -- through the real loader -----------------------------------------------------------------
@pytest.fixture
def shipped(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Shipped ruleset texts the loader reads, to be edited by a test."""
    texts = {
        rid: (DATA / "rulesets" / f"{rid}.toml").read_text(encoding="utf-8")
        for rid in ruleset_ids()
    }

    def fake(ruleset_id: str) -> tuple[dict[str, object], str, str]:
        name = f"data/rulesets/{ruleset_id}.toml"
        data, text = loader.read_toml(name, texts[ruleset_id])
        return data, text, name

    monkeypatch.setattr(loader, "_shipped", fake)
    monkeypatch.setattr(loader, "_CACHE", {})
    monkeypatch.setattr(loader, "_OPTIONS_CHECKED", set())
    return texts


def _edit(texts: dict[str, str], ruleset: str, old: str, new: str) -> int:
    """Make one edit; the 1-based line it is on."""
    text = texts[ruleset]
    at = text.index(old)
    texts[ruleset] = text[:at] + new + text[at + len(old) :]
    return text[:at].count("\n") + 1


def test_load_refuses_effect_typos_with_file_line_and_known_names(
    shipped: dict[str, str],
) -> None:
    """The three typos of the issue, in one file: all reported by one load."""
    who = _edit(
        shipped,
        "rank-and-file",
        'who = "attacker", text = "The attacker becomes',
        'who = "atacker", text = "The attacker becomes',
    )
    state = _edit(
        shipped,
        "rank-and-file",
        'state = "unsteady", who = "atacker"',
        'state = "unstedy", who = "atacker"',
    )
    with pytest.raises(RulesetErrors) as caught:
        load_ruleset("rank-and-file")
    found = {(e.line, e.key.rsplit(".", 1)[-1]): e.message for e in caught.value.errors}
    assert who == state
    assert "'atacker'" in found[(who, "who")] and "attacker, defender" in found[(who, "who")]
    assert "'unstedy'" in found[(state, "state")] and "unsteady" in found[(state, "state")]
    assert all(e.path == "data/rulesets/rank-and-file.toml" for e in caught.value.errors)


def test_load_refuses_a_typo_in_an_optional_rule_that_is_off(shipped: dict[str, str]) -> None:
    """A typo in a rule nobody switched on is found by the first load, at its patch line."""
    header = "[options.initiative_flat_catch_up.patch.checks.initiative.modifiers.turns_without]"
    line = _edit(shipped, "mwan116-acw", f"{header}\nvalue = 2", f'{header}\nvalue = "nosuchname"')
    with pytest.raises(RulesetError) as caught:
        load_ruleset("mwan116-acw")  # the optional rule is off
    problems = _problems(caught.value)
    assert any(e.line == line + 1 and "'nosuchname'" in e.message for e in problems), problems
    assert ".patch." not in problems[0].key  # the key is the ruleset's, the line the patch's


def test_house_rules_typos_are_refused_at_their_line(tmp_path: Path) -> None:
    house = tmp_path / "ours.toml"
    house.write_text(
        'ruleset = "rank-and-file"\n'
        "[gaps]\n"
        "no_such_gap = 2\n"
        "[patch.checks.melee_result.outcomes.lost]\n"
        "effects = [\n"
        '    { kind = "state", state = "unsteddy", text = "x" },\n'
        '    { kind = "marker", marker = "chargde", who = "atacker", text = "y" },\n'
        "]\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as caught:
        load_ruleset("rank-and-file", house_rules=house)
    problems = _problems(caught.value)
    where = {(e.path, e.line) for e in problems}
    assert (str(house), 3) in where  # the unknown gap
    loaded = [e for e in problems if e.path == str(house) and e.line in (6, 7)]
    messages = " ".join(e.message for e in loaded)
    for typo in ("unsteddy", "chargde", "atacker"):
        assert f"'{typo}'" in messages


def test_a_file_with_several_problems_reports_every_one(tmp_path: Path) -> None:
    text = (DATA / "rulesets" / "one-if-by-land.toml").read_text(encoding="utf-8")
    bad = text.replace('marker = "panic"', 'marker = "panik"').replace(
        'state = "shaken"', 'state = "shakn"'
    )
    path = tmp_path / "oibl.toml"
    path.write_text(bad, encoding="utf-8")
    expected = text.count('marker = "panic"') + text.count('state = "shaken"')
    with pytest.raises(RulesetErrors) as caught:
        loader.load_ruleset_file(path)
    errors = caught.value.errors
    assert len(errors) == expected >= 4
    assert [e.line for e in errors] == sorted(e.line for e in errors if e.line is not None)
    assert len(str(caught.value).splitlines()) == expected  # one a line
    assert caught.value.line == errors[0].line
