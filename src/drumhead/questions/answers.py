"""Answers to the questions the rules leave open (gaps): their ids, their keys, their checks.

A gap is answered once for the game, or, when it declares ``keys`` (the inputs its answer
depends on, e.g. MWAN's fire dice by the firer and the range band), once per combination of
those inputs' values. An answer is named by its **answer id**: the gap id alone, or the gap id
and the key values joined by dots (``fire_dice.infantry.2``). An answer given under the bare id
of a keyed gap holds for every key (a save from before keys were declared keeps working).

Every value, whoever gives it (the players at the table, a house-rules file, a grid of cells),
is checked here against the gap: its kind, its choices, its outcome set (the ``pattern`` of the
gap table it is a cell of), and for a keyed answer each key value against its input.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from drumhead.errors import InputError
from drumhead.rules.model import GapSpec, InputSpec, InputValue, Ruleset, whole_number_words

PLAYERS_ANSWER = "your club's answer"
"""How a gap value the players gave is shown when nothing more is known of it."""

KIND_WORDS = {"int": "a whole number", "text": "text", "choice": "one of its choices"}
"""How each kind of gap value is described to the players."""


def split_answer_id(answer_id: str) -> tuple[str, tuple[str, ...]]:
    """``fire_dice.infantry.2`` -> ``("fire_dice", ("infantry", "2"))``."""
    gap_id, *key = answer_id.split(".")
    return gap_id, tuple(key)


def answer_id(gap_id: str, key: Sequence[str] = ()) -> str:
    """The id an answer is kept under: the gap id, then each key value, joined by dots."""
    return ".".join([gap_id, *key])


def key_value(value: InputValue) -> str:
    """An input's value as a key: a choice as it is, a number in digits, yes/no as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def key_of(spec: GapSpec, values: Mapping[str, InputValue]) -> tuple[str, ...]:
    """The key of the situation ``values`` (a check's inputs) for a keyed gap."""
    return tuple(key_value(values[name]) for name in spec.keys)


def key_label(spec: GapSpec, key: Sequence[str]) -> str:
    """``Who fires: infantry; Range band: 2`` (the inputs' labels and the key's values)."""
    parts = []
    for item, value in zip(spec.key_inputs or (), key, strict=False):
        parts.append(f"{item.label}: {value.replace('_', ' ')}")
    if not spec.key_inputs:
        parts = [f"{name}: {value}" for name, value in zip(spec.keys, key, strict=False)]
    return "; ".join(parts)


def question_text(ruleset: Ruleset, answer: str) -> str:
    """The question an answer id puts: the gap's question and, for a keyed answer, the
    situation it is asked for."""
    spec = _spec(ruleset, answer)
    _, key = split_answer_id(answer)
    if not key:
        return spec.question
    return f"{spec.question} [{key_label(spec, key)}]"


def answer_label(ruleset: Ruleset, answer: str) -> str:
    """An answer's value as the players name it: the gap's label and, for a keyed answer, the
    situation it holds for (``Fire dice (Who fires: infantry; Range band: 1)``); never the
    answer id. An answer id the ruleset does not know reads with spaces."""
    spec = ruleset.gap(split_answer_id(answer)[0])
    if spec is None:
        return answer.replace("_", " ").replace(".", " ")
    _, key = split_answer_id(answer)
    label = spec.shown_label
    return f"{label} ({key_label(spec, key)})" if key else label


def keys_shown(ruleset: Ruleset, gap_id: str) -> str:
    """What a keyed gap is asked per, by its inputs' labels (``Who fires, Range band``)."""
    spec = _spec(ruleset, gap_id)
    if spec.key_inputs:
        return ", ".join(item.label for item in spec.key_inputs)
    return ", ".join(name.replace("_", " ") for name in spec.keys)


def _spec(ruleset: Ruleset, answer: str) -> GapSpec:
    spec = ruleset.gap(answer)
    if spec is None:
        gap_id, _ = split_answer_id(answer)
        known = ", ".join(g.id for g in ruleset.gaps) or "none"
        raise InputError(f"{ruleset.id} has no gap '{gap_id}' (gaps: {known})")
    return spec


def check_key(spec: GapSpec, key: Sequence[str]) -> str | None:
    """Why ``key`` is not a key of the gap (wrong length, a value its input cannot take), or
    None. A bare id (no key) is always allowed: it answers every key."""
    if not key:
        return None
    if not spec.keys:
        return f"gap '{spec.id}' is asked once for the game: it takes no key ('{'.'.join(key)}')"
    if len(key) != len(spec.keys):
        return (
            f"gap '{spec.id}' is kept by {', '.join(spec.keys)}: give "
            f"{'1 key value' if len(spec.keys) == 1 else f'{len(spec.keys)} key values'} "
            f"({spec.id}.{'.'.join(k.upper() for k in spec.keys)}), not {len(key)}"
        )
    for item, value in zip(spec.key_inputs, key, strict=False):
        problem = _key_problem(item, value)
        if problem is not None:
            return f"gap '{spec.id}': {problem}"
    return None


def _key_problem(item: InputSpec, value: str) -> str | None:
    if item.type == "choice":
        if value not in item.choices:
            return f"{item.name} is one of {', '.join(item.choices)}, not '{value}'"
        return None
    if item.type == "bool":
        return None if value in ("true", "false") else f"{item.name} is true or false"
    if not re.fullmatch(r"-?[0-9]+", value):
        return f"{item.name} is a whole number, not '{value}'"
    number = int(value)
    if item.minimum is not None and number < item.minimum:
        return f"{item.name} is at least {item.minimum}, not {number}"
    if item.maximum is not None and number > item.maximum:
        return f"{item.name} is at most {item.maximum}, not {number}"
    return None


def value_problem(spec: GapSpec, value: object) -> str | None:
    """Why ``value`` (as typed: a whole number, text or a choice) cannot answer the gap, or
    None. Text must match the gap's outcome set (``pattern``) when it has one."""
    if spec.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"takes {expects_int(spec)}, not {_shown(value)}"
        low, high = spec.minimum, spec.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            return f"takes {expects_int(spec)}, not {value}"
        return None
    if not isinstance(value, str):
        return f"takes text, not {_shown(value)}"
    if spec.type == "choice" and value not in spec.choices:
        return f"takes one of {', '.join(spec.choices)}, not '{value}'"
    if not value.strip():
        return "takes a value, not empty text"
    if spec.pattern and re.fullmatch(spec.pattern, value.strip()) is None:
        expected = spec.pattern_help or f"text matching {spec.pattern}"
        return f"takes {expected}, not '{value}'"
    return None


def expects_int(spec: GapSpec) -> str:
    """What an int gap takes, in words: a whole number, within its bounds if it has them."""
    return whole_number_words(spec.minimum, spec.maximum)


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return repr(value) if isinstance(value, str) else str(value)


def coerce_answer(ruleset: Ruleset, answer: str, raw: object) -> InputValue:
    """A value typed by the players (text from the CLI or a form, or already typed) for the
    answer id ``answer``, checked; :class:`InputError` names the answer and what it takes."""
    spec = _spec(ruleset, answer)
    _, key = split_answer_id(answer)
    problem = check_key(spec, key)
    if problem is not None:
        raise InputError(problem)
    value: object = raw
    if spec.type == "int" and isinstance(raw, str):
        try:
            value = int(raw.strip())
        except ValueError:
            raise InputError(f"{answer} takes a whole number, not '{raw}'") from None
    elif spec.type != "int" and not isinstance(raw, str) and not isinstance(raw, bool):
        value = str(raw)
    if isinstance(value, str):
        value = value.strip()
    problem = value_problem(spec, value)
    if problem is not None:
        raise InputError(f"{answer} {problem}")
    assert isinstance(value, int | str)
    return value


def check_answers(
    ruleset: Ruleset, raw: Mapping[str, object]
) -> tuple[dict[str, InputValue], dict[str, str]]:
    """Many answers at once (a grid of cells): the checked values, and for each answer id that
    was refused, why (every problem, not only the first)."""
    good: dict[str, InputValue] = {}
    bad: dict[str, str] = {}
    for answer, value in raw.items():
        try:
            good[answer] = coerce_answer(ruleset, answer, value)
        except InputError as exc:
            bad[answer] = str(exc)
    return good, bad
