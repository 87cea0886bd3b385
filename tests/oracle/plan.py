"""What the oracle tries, generated from the shipped ruleset data alone (no Textual here).

For every check of every shipped ruleset the plan lists *probes*: one input set to another
value, one modifier ticked, the re-roll box cleared, the check opened for a unit (its card
fills the inputs), and dice typed by hand. A new check, input, choice or modifier in a ruleset
file is a new probe, with no test written for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Literal

from drumhead.checks.resolve import available_modifiers, odds, prepare
from drumhead.errors import DrumheadError
from drumhead.game import Game, new_game
from drumhead.game.scenario import Scenario, load_scenario, scenario_ids
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.rules.checks import applies
from drumhead.rules.model import CheckSpec, InputSpec, InputValue, Ruleset

SEED = 1805
"""The seed of every oracle game."""

TYPICAL_COUNT = 6
"""A required whole number with no default starts here (inside its bounds): a count of
stands, figures, bases or hits that every ruleset accepts."""

GAP_ANSWERS: Mapping[str, InputValue] = {
    # values the players would give; the oracle only needs them to be well-formed
    "fire_hit_numbers": "9-12",
}
"""Answers to the rules' open questions where any well-formed value will not do."""

ProbeKind = Literal["input", "modifier", "reroll", "unit", "hand"]


@dataclass(frozen=True, slots=True)
class Probe:
    """One thing a player does on the resolve screen, and everything the app must then show
    as the rules core says."""

    ruleset: str
    check: str
    kind: ProbeKind
    name: str
    """The input, the modifier, the unit (``unit``), or ``dice`` / ``re-roll``."""
    value: InputValue | None = None
    """The value set (an input), the count (a modifier)."""
    needs: tuple[tuple[str, InputValue], ...] = ()
    """For a modifier the base values do not offer: the input values that offer it."""

    @property
    def key(self) -> str:
        """The probe's test id: ruleset/check/what=value."""
        shown = "" if self.value is None else f"={self.value}"
        via = "".join(f",{k}={v}" for k, v in self.needs)
        return f"{self.ruleset}/{self.check}/{self.kind}:{self.name}{shown}{via}"


@cache
def game_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with every optional rule on: every check and modifier can be offered."""
    return load_ruleset(ruleset_id, sorted(o.id for o in load_ruleset(ruleset_id).options))


@cache
def scenario_for(ruleset_id: str) -> Scenario | None:
    """The first shipped scenario for the ruleset (its units fill the unit probes); read once
    (the plan asked for it at every check, reading every scenario each time: a third of the
    plan's time, and the plan is made at every worker's collection)."""
    for scenario_id in scenario_ids():
        scenario = load_scenario(scenario_id)
        if scenario.ruleset == ruleset_id:
            return scenario
    return None


def gap_answer(ruleset: Ruleset, gap_id: str) -> InputValue:
    gap = ruleset.gap(gap_id)
    assert gap is not None
    if gap_id in GAP_ANSWERS:
        return GAP_ANSWERS[gap_id]
    if gap.type == "int":
        return 2
    if gap.type == "choice":
        return gap.choices[0]
    if gap.pattern:  # a chart cell: a value in its outcome set
        return next(c for c in PATTERN_SAMPLES if re.fullmatch(gap.pattern, c))
    return "as agreed at the table"


PATTERN_SAMPLES = ("F", "Both 1M")
"""Well-formed chart cells (a Panic Index result, a Combat Chart result)."""


def oracle_game(ruleset_id: str) -> Game:
    """A game of the ruleset (every option on, its scenario's units) whose open questions are
    all answered, so no check stops to ask."""
    ruleset = game_ruleset(ruleset_id)
    game = new_game(
        ruleset_id,
        options=ruleset.active_options,
        scenario=scenario_for(ruleset_id),
        seed=SEED,
        name="oracle",
    )
    for gap_id, value in gap_answers(game.ruleset).items():
        game.set_gap(gap_id, value, at="2026-01-01T00:00:00")
    return game


def base_value(spec: InputSpec) -> InputValue:
    """The value an input starts from: its default, else the first choice, no, or a count."""
    if spec.default is not None:
        return spec.default
    if spec.type == "choice":
        return spec.choices[0]
    if spec.type == "bool":
        return False
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else TYPICAL_COUNT
    return min(max(TYPICAL_COUNT, low), high)


def base_values(ruleset: Ruleset, check: CheckSpec) -> dict[str, InputValue]:
    """Every input's starting value; where the rules refuse those (nothing firing, say), the
    one input changed that makes the check one the rules allow (worked out once per check:
    the plan asks for them at every probe)."""
    key = (ruleset.id, ruleset.active_options, ruleset.house_rules_digest, check.id)
    if key not in _BASE_VALUES:
        _BASE_VALUES[key] = _base_values(ruleset, check)
    return dict(_BASE_VALUES[key])


_BASE_VALUES: dict[tuple[str, frozenset[str], str | None, str], dict[str, InputValue]] = {}


def _base_values(ruleset: Ruleset, check: CheckSpec) -> dict[str, InputValue]:
    base = {spec.name: base_value(spec) for spec in check.inputs}
    if _allowed(ruleset, check, base):
        return base
    for spec in check.inputs:
        tries = [TYPICAL_COUNT] if spec.type == "int" else []
        for value in [*tries, *input_values(spec)]:
            if _allowed(ruleset, check, {**base, spec.name: value}):
                return {**base, spec.name: value}
    return base


def gap_answers(ruleset: Ruleset) -> dict[str, InputValue]:
    """The oracle games' answer to every open question (worked out once per ruleset: the
    plan asks for them at every one of its thousand-odd preparations)."""
    key = (ruleset.id, ruleset.active_options, ruleset.house_rules_digest)
    if key not in _GAP_ANSWERS:
        _GAP_ANSWERS[key] = {
            g.id: gap_answer(ruleset, g.id) for g in ruleset.gaps if g.value is None
        }
    return dict(_GAP_ANSWERS[key])


_GAP_ANSWERS: dict[tuple[str, frozenset[str], str | None], dict[str, InputValue]] = {}


def _allowed(ruleset: Ruleset, check: CheckSpec, values: Mapping[str, InputValue]) -> bool:
    try:
        prepare(ruleset, check.id, values, {}, gap_answers(ruleset))
    except DrumheadError:
        return False
    return True


def input_values(spec: InputSpec, base: InputValue | None = None) -> list[InputValue]:
    """The other values an input can take in a probe: the other answer of a yes/no, every
    other choice, and for a number one step away plus (where it is bounded) one out of
    bounds."""
    base = base_value(spec) if base is None else base
    if spec.type == "bool":
        return [not base]
    if spec.type == "choice":
        return [c for c in spec.choices if c != base]
    assert isinstance(base, int)
    step = base + 1 if spec.maximum is None or base < spec.maximum else base - 1
    out: list[InputValue] = [step]
    if spec.maximum is not None:
        out.append(spec.maximum + 1)  # refused by the rules, and by the form
    elif spec.minimum is not None:
        out.append(spec.minimum - 1)
    return out


def answer(
    ruleset: Ruleset, check: CheckSpec, values: Mapping[str, InputValue], use_reroll: bool = True
) -> object:
    """The rules' answer for these values: every outcome's exact odds, or the refusal
    (worked out once for each set of values: the plan compares the same ones often)."""
    key = (ruleset.id, ruleset.active_options, check.id, tuple(sorted(values.items())), use_reroll)
    if key not in _ANSWERS:
        _ANSWERS[key] = _answer(ruleset, check, values, use_reroll)
    return _ANSWERS[key]


_ANSWERS: dict[
    tuple[str, frozenset[str], str, tuple[tuple[str, InputValue], ...], bool], object
] = {}


def _answer(
    ruleset: Ruleset, check: CheckSpec, values: Mapping[str, InputValue], use_reroll: bool
) -> object:
    try:
        ctx = prepare(ruleset, check.id, values, {}, gap_answers(ruleset), use_reroll=use_reroll)
        return (tuple(ctx.modifiers), tuple(odds(ctx)))
    except DrumheadError as exc:
        return str(exc)


def probe_values(ruleset: Ruleset, check: CheckSpec, spec: InputSpec) -> list[InputValue]:
    """What the probes set an input to: the other answer of a yes/no, a number one step away
    and one out of bounds, and of a choice's others the first that changes the rules' answer
    (the journal records every input, so a value that changes nothing is still checked)."""
    base = base_values(ruleset, check)
    values = input_values(spec, base[spec.name])
    if spec.type != "choice":
        return values
    before = answer(ruleset, check, base)
    telling = [v for v in values if answer(ruleset, check, {**base, spec.name: v}) != before]
    return [(telling or values)[-1 if not telling else 0]]


def reroll_matters(ruleset: Ruleset, check: CheckSpec) -> bool:
    """Whether the re-roll box changes the rules' answer, at the base values or with one
    yes/no or choice changed (an elite unit, a leader with re-rolls)."""
    base = base_values(ruleset, check)
    tries = [base] + [
        {**base, spec.name: value}
        for spec in check.inputs
        if spec.type != "int"
        for value in input_values(spec, base[spec.name])
    ]
    return any(answer(ruleset, check, v) != answer(ruleset, check, v, False) for v in tries)


def _offered(ruleset: Ruleset, check: CheckSpec, values: Mapping[str, InputValue]) -> set[str]:
    try:
        ctx = prepare(ruleset, check.id, values, {}, gap_answers(ruleset))
    except DrumheadError:
        return set()
    return {m.id for m in available_modifiers(ctx)}


def modifier_probes(ruleset: Ruleset, check: CheckSpec) -> Iterator[Probe]:
    """Every modifier a player may tick: at the base values, or with the one input value
    (a yes/no or a choice) that offers it."""
    base = base_values(ruleset, check)
    offered = _offered(ruleset, check, base)
    for mod in check.modifiers:
        if mod.auto or (mod.option is not None and mod.option not in ruleset.active_options):
            continue
        counts = [1, 2] if mod.countable else [1]
        needs: tuple[tuple[str, InputValue], ...] = ()
        if mod.id not in offered:
            found = next(
                (
                    ((spec.name, value),)
                    for spec in check.inputs
                    if spec.type != "int"
                    for value in input_values(spec, base[spec.name])
                    if mod.id in _offered(ruleset, check, {**base, spec.name: value})
                ),
                None,
            )
            if found is None:
                found = _pair_offering(ruleset, check, base, mod.id)
            if found is None:
                continue  # offered only by a wider combination: the list is still compared
            needs = found
        for count in counts:
            yield Probe(ruleset.id, check.id, "modifier", mod.id, count, needs)


def _pair_offering(
    ruleset: Ruleset, check: CheckSpec, base: Mapping[str, InputValue], mod_id: str
) -> tuple[tuple[str, InputValue], ...] | None:
    """Two input values (yes/no or choices) that together offer a modifier neither offers
    alone: One If By Land's evasion, half a retreat move (the condition) for skirmishers only
    (the unit's card)."""
    values = [
        (spec.name, value)
        for spec in check.inputs
        if spec.type != "int"
        for value in input_values(spec, base[spec.name])
    ]
    for i, (first, one) in enumerate(values):
        for second, other in values[i + 1 :]:
            if second != first and mod_id in _offered(
                ruleset, check, {**base, first: one, second: other}
            ):
                return ((first, one), (second, other))
    return None


def unit_probes(ruleset_id: str, check: CheckSpec) -> Iterator[Probe]:
    """The check opened for one unit of each type it fits (for any: the first unit)."""
    scenario = scenario_for(ruleset_id)
    if scenario is None or not any(spec.from_unit for spec in check.inputs):
        return
    seen: set[str] = set()
    for unit in scenario.units:
        fits = not check.applies_to or unit.type in check.applies_to
        if fits and unit.type not in seen and (check.applies_to or not seen):
            seen.add(unit.type)
            yield Probe(ruleset_id, check.id, "unit", unit.id)


def probes(ruleset_id: str) -> list[Probe]:
    """Every probe of one ruleset, check by check, in the order the form shows them."""
    ruleset = game_ruleset(ruleset_id)
    out: list[Probe] = []
    for check in ruleset.checks:
        out.append(Probe(ruleset_id, check.id, "hand", "dice"))
        out.extend(modifier_probes(ruleset, check))
        for spec in check.inputs:
            out.extend(
                Probe(ruleset_id, check.id, "input", spec.name, v)
                for v in probe_values(ruleset, check, spec)
            )
        if reroll_matters(ruleset, check):
            out.append(Probe(ruleset_id, check.id, "reroll", "re-roll", False))
        out.extend(unit_probes(ruleset_id, check))
    return out


def all_probes() -> list[Probe]:
    return [p for ruleset_id in ruleset_ids() for p in probes(ruleset_id)]


def screen_kind(probe: Probe) -> str:
    """What a probe exercises on the resolve screen: the widget its value goes through, or
    the place the answer is shown in (the odds, a refusal under a field or over the odds)."""
    ruleset = game_ruleset(probe.ruleset)
    check = ruleset.check(probe.check)
    if probe.kind == "modifier":
        if probe.needs:
            return "a modifier offered by an input's value"
        return "a modifier counted with +" if probe.value != 1 else "a modifier ticked"
    if probe.kind != "input":
        return {
            "reroll": "the re-roll box cleared",
            "unit": "the check opened for a unit (its card fills the form)",
            "hand": "dice typed by hand",
        }[probe.kind]
    spec = check.input(probe.name)
    assert spec is not None and probe.value is not None
    if spec.type == "int":
        value = int(probe.value)
        if (spec.maximum is not None and value > spec.maximum) or (
            spec.minimum is not None and value < spec.minimum
        ):
            return "a number refused under its field"
    refused = answer(ruleset, check, {**base_values(ruleset, check), probe.name: probe.value})
    if isinstance(refused, str):
        return "a value the rules refuse (said over the odds)"
    return {"int": "a number typed", "bool": "a yes/no ticked", "choice": "a choice picked"}[
        spec.type
    ]


def one_of_each_kind(ruleset_id: str) -> list[Probe]:
    """The first probe of each :func:`screen_kind` in the ruleset's plan that the screen can
    play by keys: not one of an input the form does not offer at the base values (a battery's
    horse artillery on infantry's move: :attr:`InputSpec.when`), which has no field to type in
    (the session's oracle plays those through the form)."""
    ruleset = game_ruleset(ruleset_id)
    seen: dict[str, Probe] = {}
    for probe in probes(ruleset_id):
        check = ruleset.check(probe.check)
        spec = check.input(probe.name) if probe.kind == "input" else None
        if spec is not None and not applies(spec, base_values(ruleset, check)):
            continue
        seen.setdefault(screen_kind(probe), probe)
    return list(seen.values())
