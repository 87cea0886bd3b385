"""JSON Schemas of ruleset and house-rules files, generated from the validator's own types, so
that editors (VS Code with Even Better TOML, taplo) check a file as the player types.

* :func:`~drumhead.loading.house_schema.house_rules_schema` — one per ruleset: its gap ids, each with its kind of value, its
  choices or outcome set, and for a gap kept per situation the key values its inputs take; its
  optional rules; the patch (as a ruleset's parts);
* :func:`ruleset_schema` — the shape every ruleset file shares: its top-level keys, gaps, gap
  tables, inputs, modifiers, outcomes and effects, from the same constants the validator uses.

The schemas are written to ``docs/schema/`` by ``drumhead schema --output docs/schema``;
``tests/house/test_schemas.py`` fails when those files are stale. The validator stays the
judge (it checks references, expressions and lines); the schema catches what an editor can:
unknown keys, wrong kinds, values outside an outcome set.
"""

from __future__ import annotations

from typing import Any

from drumhead.checks import MECHANICS
from drumhead.loading.ruleset import TABLE, TOP_LEVEL_KEYS
from drumhead.loading.ruleset.attributes import ATTRIBUTE_KEYS
from drumhead.loading.ruleset.effect_kinds import WORD_MEANINGS
from drumhead.loading.ruleset.gaps import GAP_TABLE_KEYS
from drumhead.rules.checks import ATTRIBUTE_BEYOND
from drumhead.rules.facts import FACT_KEYS
from drumhead.rules.model import (
    ATTRIBUTE_TYPES,
    ATTRIBUTE_USES,
    EFFECT_KINDS,
    UNIT_FIELDS,
)

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE_URL = "https://drumhead.invalid/schema/"
"""Where the schemas say they live (their ``$id``s); editors find them by file association."""

TEXT: dict[str, Any] = {"type": "string"}
TEXTS: dict[str, Any] = {"type": "array", "items": TEXT}
WHOLE: dict[str, Any] = {"type": "integer"}
FLAG: dict[str, Any] = {"type": "boolean"}
SCALAR: dict[str, Any] = {"type": ["integer", "string", "boolean"]}
EXPR: dict[str, Any] = {"type": ["string", "integer", "boolean"]}
"""An expression: a formula in text, or a constant."""
RANGE: dict[str, Any] = {
    "oneOf": [WHOLE, {"type": "array", "items": WHOLE, "minItems": 2, "maxItems": 2}]
}


def closed_table(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """A TOML table with exactly these keys (the validator refuses any other)."""
    out: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if required:
        out["required"] = list(required)
    return out


def _tables_of(item: dict[str, Any]) -> dict[str, Any]:
    """A table of tables by id (``[checks.ID]``)."""
    return {"type": "object", "additionalProperties": item}


def _refusals() -> dict[str, Any]:
    return {
        "type": "array",
        "items": closed_table(
            {
                "when": EXPR,
                "text": TEXT,
                "source": TEXT,
                "phase": {"anyOf": [TEXT, {"type": "array", "items": TEXT}]},
            },
            ("when", "text"),
        ),
    }


def _input() -> dict[str, Any]:
    from_unit = {
        "anyOf": [
            {"enum": sorted(UNIT_FIELDS)},
            {"type": "string", "pattern": "^marker:[a-z][a-z0-9_]*$"},
            # an attribute the ruleset declares (leader_NAME for a leader's)
            {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"},
        ]
    }
    return closed_table(
        {
            "type": {"enum": ["int", "bool", "choice"]},
            "label": TEXT,
            "choices": TEXTS,
            "default": SCALAR,
            "min": WHOLE,
            "max": WHOLE,
            "from_unit": from_unit,
            "role": TEXT,
            "asked": TEXT,
            "from_card": {
                "type": "string",
                "description": "an expression over the inputs the card fills giving this one",
            },
            "when": {
                "type": "string",
                "description": "when the input applies, over the check's other inputs: "
                "otherwise the form does not offer it (it holds its default)",
            },
            "from_log": {
                "type": "string",
                "pattern": "^((rolled|led)_this_turn(:[a-z][a-z0-9_]*)?|losses_this_turn|"
                "losses_(unanswered|since):[a-z][a-z0-9_]*|"
                "(last_value|turn_total):[a-z][a-z0-9_]*(@[a-z][a-z0-9_]*)?)$",
                "description": "what the game's log fills it with: whether this check was "
                "rolled this turn for the unit (or by its leader, for any unit), or the value of another check's latest roll "
                "this turn, or the losses effects applied to the unit this turn (or since its own "
                "latest roll of a check: losses_unanswered:CHECK, losses_since:CHECK)",
            },
            "from_units": {
                **EXPR,
                "description": "what the cards of every unit picked for the check's roles fill "
                "it with: any(ROLE.FIELD == ...), all(...), count(...)",
            },
            "help": TEXT,
        },
        ("type", "label"),
    )


def _modifier() -> dict[str, Any]:
    return closed_table(
        {
            "label": TEXT,
            "value": EXPR,
            "source": TEXT,
            "auto": FLAG,
            "when": EXPR,
            "group": TEXT,
            "side": TEXT,
            "applies": {"enum": ["roll", "dice", "scale", "target"]},
            "scale_by": WHOLE,
            "countable": FLAG,
            "option": TEXT,
            "explain": TEXT,
            "refuse": _refusals(),
        },
        ("label", "value", "source"),
    )


def _effect() -> dict[str, Any]:
    return closed_table(
        {
            "kind": {"enum": sorted(EFFECT_KINDS)},
            "text": TEXT,
            "amount": EXPR,
            "dice": TEXT,
            "state": TEXT,
            "marker": TEXT,
            "who": {
                "type": "string",
                "description": "the role the effect lands on (one of the check's roles), "
                "'self', 'leader' or 'leader:ROLE', 'command' or 'command:ROLE' (every unit "
                "under that leader's command), 'pick:ROLE' (one unit of the role's group, "
                "picked by the players), a side, or 'table' (a note for the table)",
                "examples": ["self", "opponent", "leader", "command", "pick:defender", TABLE],
            },
            "when": EXPR,
            "ruling": TEXT,
            "source": TEXT,
            "each": {
                **FLAG,
                "description": "with who = 'pick:ROLE': each point of the amount picked apart",
            },
            "at_random": {
                **TEXT,
                "description": "with who = 'pick:ROLE': the rule saying the unit is chosen at "
                "random (the game's dice may then pick it)",
            },
            "types": {
                "type": "array",
                "items": TEXT,
                "description": "only the units of its role whose card's type is one of these "
                "unit types take it",
            },
            "instead": {
                **FLAG,
                "description": "the units it falls on take none of the outcome's other effects",
            },
            "formation": TEXT,
            "attribute": TEXT,
            "beyond": {"enum": list(ATTRIBUTE_BEYOND)},
            "from_text": {
                "type": "object",
                "description": "a leader effect read from the chart's words: word = the "
                "status it gives",
                "additionalProperties": {"enum": list(WORD_MEANINGS)},
            },
        },
        ("kind", "text"),
    )


def _outcome() -> dict[str, Any]:
    return closed_table(
        {
            "text": TEXT,
            "effects": {"type": "array", "items": _effect()},
            "result": {"enum": ["pass", "fail"]},
            "by": RANGE,
            "when": EXPR,
            "numeric": FLAG,
            "source": TEXT,
            "winner": TEXT,
        },
        ("text",),
    )


CHECK_KEYS = (
    "title",
    "source",
    "summary",
    "kind",
    "uses",
    "inputs",
    "derived",
    "modifiers",
    "groups",
    "outcomes",
    "option",
    "applies_to",
    "phase",
    "refuse",
    "rulings",
    "roles",
    "scope",
    "luck",
    "cell_parts",
)
"""The keys every check shares; each kind reads more of its own (its mechanic's keys)."""


def _check() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "title": TEXT,
            "source": TEXT,
            "summary": TEXT,
            "kind": {"enum": sorted(MECHANICS)},
            "uses": TEXTS,
            "inputs": _tables_of(_input()),
            "derived": {"type": "object", "additionalProperties": EXPR},
            "modifiers": _tables_of(_modifier()),
            "groups": {"type": "object", "additionalProperties": {"enum": ["max", "min"]}},
            "outcomes": _tables_of(_outcome()),
            "cell_parts": {
                **_tables_of(_input()),
                "description": "the parts of the chart cell a roll reads (named groups of the "
                "format of the gap table of its cells), which its effects read by name",
            },
            "option": TEXT,
            "applies_to": TEXTS,
            "phase": {"oneOf": [TEXT, {**TEXTS, "minItems": 1}]},
            "refuse": _refusals(),
            "rulings": {
                "type": "array",
                "items": closed_table(
                    {"id": TEXT, "when": EXPR, "alternative_when": EXPR}, ("id",)
                ),
            },
            "roles": {
                "type": "object",
                "description": "the check's sides, the unit it is made for first",
                "additionalProperties": {
                    "oneOf": [
                        TEXT,
                        closed_table(
                            {
                                "title": TEXT,
                                "min": WHOLE,
                                "max": WHOLE,
                                "side": {"enum": ["own", "other"]},
                                "when": EXPR,
                                "from_log": {
                                    **TEXT,
                                    "pattern": "^(picked_as|its_pick|paired_by|with_pick):[A-Za-z0-9_]+[.][A-Za-z0-9_]+$",
                                },
                                "from_log_when": EXPR,
                            },
                            ("title",),
                        ),
                    ]
                },
            },
            "scope": {"enum": ["unit", "army"]},
            "luck": {
                "description": "which results are better for the unit rolled for: "
                "'higher', 'lower', 'none', outcomes best first, or {value, then}",
                "oneOf": [
                    {"enum": ["higher", "lower", "none"]},
                    {
                        "type": "array",
                        "items": {
                            "oneOf": [
                                TEXT,
                                closed_table(
                                    {"outcome": TEXT, "value": {"enum": ["higher", "lower"]}},
                                    ("outcome",),
                                ),
                            ]
                        },
                    },
                    closed_table(
                        {"value": {"enum": ["higher", "lower"]}, "then": TEXTS}, ("value",)
                    ),
                ],
            },
        },
        "required": ["title", "source", "summary", "kind"],
        # the mechanic of each kind reads keys of its own (dice, rows, bands, ...)
        "additionalProperties": True,
    }


def _gap_decl() -> dict[str, Any]:
    return closed_table(
        {
            "question": TEXT,
            "label": TEXT,
            "source": TEXT,
            "type": {"enum": ["int", "text", "choice"]},
            "choices": TEXTS,
            "value": SCALAR,
            "ruling": TEXT,
            "value_source": TEXT,
            "keys": TEXTS,
            "values": {"type": "object"},
            "min": WHOLE,
            "max": WHOLE,
        },
        ("question", "source"),
    )


def _gap_table_decl() -> dict[str, Any]:
    axis = {"type": "array", "items": closed_table({"key": TEXT, "label": TEXT}, ("key",))}
    props: dict[str, Any] = {
        "title": TEXT,
        "source": TEXT,
        "check": TEXT,
        "row_title": TEXT,
        "column_title": TEXT,
        "rows": axis,
        "columns": axis,
        "cells": TEXT,
        "format": TEXT,
        "format_help": TEXT,
        "ruling": TEXT,
        "tags": TEXTS,
    }
    assert set(props) == set(GAP_TABLE_KEYS)
    return closed_table(props, ("title", "source", "rows", "columns", "cells"))


def _attribute_decl() -> dict[str, Any]:
    props: dict[str, Any] = {
        "label": TEXT,
        "type": {"enum": list(ATTRIBUTE_TYPES)},
        "default": SCALAR,
        "min": {"type": "integer"},
        "max": {"type": "integer"},
        "choices": TEXTS,
        "card": FLAG,
        "used_by": {"enum": list(ATTRIBUTE_USES)},
        "source": TEXT,
    }
    assert set(props) == set(ATTRIBUTE_KEYS)
    return closed_table(props, ("label", "type", "source"))


def _quick_fact() -> dict[str, Any]:
    props: dict[str, Any] = {
        "label": {**TEXT, "description": "as players say it: 'Morale number', 'Move'"},
        "source": TEXT,
        "value": {
            **EXPR,
            "description": "an expression over the card's fields, unit attributes, lookup "
            "tables and optional rules: 'morale_number[quality]'",
        },
        "text": {**TEXT, "description": "how it reads: '{value} or less on 1d10'"},
        "derived": {"type": "object", "additionalProperties": EXPR},
        "applies_to": TEXTS,
        "when": EXPR,
        "each": {**TEXT, "description": "a field worked out value by value: 'formation'"},
        "restates": {
            **TEXTS,
            "description": "the key paths of what the fact says in words "
            "('checks.assault.modifiers.attacker_in_line'): a house rule changing one marks "
            "the fact HOUSE",
        },
    }
    assert set(props) == set(FACT_KEYS)
    return closed_table(props, ("label", "source"))


def ruleset_parts(partial: bool) -> dict[str, Any]:
    """The top-level parts of a ruleset (``partial``: as a patch lays them over one)."""
    props: dict[str, Any] = {
        "id": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        "title": TEXT,
        "version": TEXT,
        "description": TEXT,
        "sources": {
            "type": "array",
            "items": closed_table(
                {"id": TEXT, "title": TEXT, "document": TEXT}, ("id", "title", "document")
            ),
        },
        "lookups": _tables_of({"type": "object", "additionalProperties": SCALAR}),
        "inputs": _tables_of(_input()),
        "gaps": _tables_of(_gap_decl()),
        "rulings": {
            "type": "array",
            "items": closed_table(
                {
                    "id": TEXT,
                    "rule": TEXT,
                    "reading": TEXT,
                    "reason": TEXT,
                    "source": TEXT,
                    "alternative": TEXT,
                },
                ("id", "rule", "reading", "reason", "source"),
            ),
        },
        "options": _tables_of(
            closed_table(
                {
                    "title": TEXT,
                    "description": TEXT,
                    "source": TEXT,
                    "default": FLAG,
                    "patch": {"type": "object"},
                },
                ("title", "description", "source"),
            )
        ),
        "ladders": _tables_of(
            closed_table(
                {
                    "states": TEXTS,
                    "labels": {"type": "object", "additionalProperties": TEXT},
                    "source": TEXT,
                    "start": {
                        "type": "string",
                        "description": "where a fresh unit starts (one of the states; absent: "
                        "the first)",
                    },
                    "lasting": _tables_of(
                        closed_table(
                            {
                                "lasts": {"enum": ["turn", "next_turn", "general"]},
                                "then": TEXT,
                                "source": TEXT,
                            },
                            ("lasts", "then"),
                        )
                    ),
                },
                ("states",),
            )
        ),
        "unit_types": _tables_of(
            closed_table(
                {
                    "label": TEXT,
                    "strength": TEXT,
                    "ladder": TEXT,
                    "single_stand": FLAG,
                    "morale_check": TEXT,
                },
                ("label", "strength"),
            )
        ),
        "markers": _tables_of(
            closed_table(
                {
                    "label": TEXT,
                    "source": TEXT,
                    "lasts": {"enum": ["turn", "next_turn", "phase"]},
                    "short": {
                        **TEXT,
                        "description": "the label as players say it, printed on the cards",
                    },
                },
                ("label",),
            )
        ),
        "qualities": TEXTS,
        "default_quality": closed_table({"quality": TEXT, "source": TEXT}, ("quality", "source")),
        "formations": TEXTS,
        "checks": _tables_of(_check()),
        "sequence": {"type": "object"},
        "reference": {"type": "array", "items": {"type": "object"}},
        "gap_tables": _tables_of(_gap_table_decl()),
        "unit_attributes": _tables_of(_attribute_decl()),
        "leader_attributes": _tables_of(_attribute_decl()),
        "quick_facts": _tables_of(_quick_fact()),
    }
    assert set(props) == set(TOP_LEVEL_KEYS), "the schema lags the validator's top-level keys"
    if partial:  # a patch gives only the keys it changes: nothing is required in it
        patch: dict[str, Any] = _optional(
            {"type": "object", "properties": props, "additionalProperties": False}
        )
        return patch
    out = closed_table(props, ("id", "title", "version", "description", "sources", "checks"))
    return out


def _optional(schema: Any) -> Any:
    """``schema`` with no key required anywhere in it."""
    if isinstance(schema, dict):
        return {k: _optional(v) for k, v in schema.items() if k != "required"}
    if isinstance(schema, list):
        return [_optional(v) for v in schema]
    return schema


def ruleset_schema() -> dict[str, Any]:
    """The schema every ruleset file follows."""
    schema = ruleset_parts(partial=False)
    return {
        "$schema": DRAFT,
        "$id": BASE_URL + "ruleset.json",
        "title": "drumhead ruleset",
        "description": "A drumhead ruleset file (see docs/ruleset-format.md). The validator "
        "(drumhead check) also checks references, expressions and each mechanic's own keys.",
        **schema,
    }


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema by its file name, as ``docs/schema/`` holds them."""
    from drumhead.loading.house_schema import house_rules_schema
    from drumhead.loading.loader import load_ruleset, ruleset_ids

    out = {"ruleset.json": ruleset_schema()}
    for ruleset_id in ruleset_ids():
        out[f"house-rules-{ruleset_id}.json"] = house_rules_schema(load_ruleset(ruleset_id))
    return out
