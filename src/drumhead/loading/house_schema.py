"""The JSON Schema of a house-rules file for one ruleset: its gap ids, each with its kind of
value, its choices or outcome set, and for a gap kept per situation the key values its inputs
take; its optional rules; the patch (as a ruleset's parts, from
:mod:`drumhead.loading.json_schemas`)."""

from __future__ import annotations

from typing import Any

from drumhead.loading.json_schemas import BASE_URL, DRAFT, TEXT, WHOLE, closed_table, ruleset_parts
from drumhead.rules.model import GapSpec, InputSpec, Ruleset


def _value(spec: GapSpec) -> dict[str, Any]:
    """The values one answer of a gap can be."""
    out: dict[str, Any]
    if spec.type == "int":
        out = dict(WHOLE)
        if spec.minimum is not None:
            out["minimum"] = spec.minimum
        if spec.maximum is not None:
            out["maximum"] = spec.maximum
    elif spec.type == "choice":
        out = {"enum": list(spec.choices)}
    elif spec.pattern:
        out = {"type": "string", "pattern": f"^\\s*(?:{spec.pattern.strip('^$')})\\s*$"}
    else:
        out = {"type": "string", "pattern": "\\S"}
    out["description"] = f"{spec.question} (rule: {spec.source})"
    if spec.pattern_help:
        out["description"] += f" Expects {spec.pattern_help}."
    return out


def _key_names(item: InputSpec) -> dict[str, Any]:
    if item.type == "choice":
        return {"enum": list(item.choices)}
    if item.type == "bool":
        return {"enum": ["true", "false"]}
    return {"pattern": "^-?[0-9]+$"}


def _keyed(spec: GapSpec) -> dict[str, Any]:
    """A keyed gap: one value for every situation, or tables by key (``fire_dice.infantry.1``)."""
    inner: dict[str, Any] = _value(spec)
    for item in reversed(spec.key_inputs):
        inner = {
            "type": "object",
            "propertyNames": _key_names(item),
            "additionalProperties": inner,
            "description": f"by {item.name} ({item.label})",
        }
    return {"oneOf": [_value(spec), inner], "description": _value(spec)["description"]}


def house_rules_schema(ruleset: Ruleset) -> dict[str, Any]:
    """The schema of a house-rules file for ``ruleset``."""
    gaps = {g.id: (_keyed(g) if g.keys else _value(g)) for g in ruleset.gaps}
    return {
        "$schema": DRAFT,
        "$id": BASE_URL + f"house-rules-{ruleset.id}.json",
        "title": f"drumhead house rules for {ruleset.title}",
        "description": "Values the players give for the questions the rules leave open, and "
        "changes to the rules, all cited as the house's (see docs/ruleset-format.md).",
        **closed_table(
            {
                "ruleset": {"const": ruleset.id},
                "title": TEXT,
                "author": TEXT,
                "description": TEXT,
                "options": {"type": "array", "items": {"enum": [o.id for o in ruleset.options]}},
                "gaps": closed_table(gaps),
                "patch": ruleset_parts(partial=True),
            },
            ("ruleset",),
        ),
    }
