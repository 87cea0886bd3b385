"""Small rulesets built in code, one check per mechanic, for the engine's own tests."""

from __future__ import annotations

import copy
from typing import Any

from drumhead.loading.ruleset import build_ruleset
from drumhead.rules.model import Ruleset

SOURCE = [{"id": "t", "title": "test", "document": "test"}]

CHECKS: dict[str, dict[str, Any]] = {
    "test": {
        "title": "Target test",
        "kind": "target",
        "source": "T 1",
        "summary": "d6 >= quality number",
        "dice": "1d6",
        "compare": ">=",
        "target": "start[quality]",
        "natural_pass": [6],
        "natural_fail": [1],
        "auto_fail": "not single and stands_lost * 2 >= stands_start",
        "auto_fail_text": "the 50% rule",
        "reroll": "elite",
        "inputs": {
            "quality": {
                "type": "choice",
                "choices": ["veteran", "regular", "green"],
                "default": "regular",
                "label": "q",
            },
            "stands_start": {"type": "int", "min": 1, "default": 6, "label": "start"},
            "stands_lost": {"type": "int", "min": 0, "default": 0, "label": "lost"},
            "single": {"type": "bool", "default": False, "label": "single stand"},
            "elite": {"type": "bool", "default": False, "label": "elite"},
        },
        "modifiers": {
            "lost": {
                "label": "stands lost",
                "value": "-stands_lost",
                "auto": True,
                "when": "not single",
                "explain": "{stands_lost} stands lost",
                "source": "T 2",
            },
            "supported": {"label": "supported", "value": 1, "source": "T 3"},
            "obstacle": {"label": "per obstacle", "value": -1, "countable": True, "source": "T 4"},
        },
        "outcomes": {
            "pass": {"result": "pass", "text": "passes"},
            "fail": {
                "result": "fail",
                "text": "fails",
                "effects": [{"kind": "step", "amount": 1, "text": "one step down"}],
            },
        },
    },
    "morale_table": {
        "title": "Banded table",
        "kind": "table",
        "source": "T 5",
        "summary": "d12 by unit type",
        "dice": "1d12",
        "column": "unit_type",
        "inputs": {
            "unit_type": {
                "type": "choice",
                "choices": ["infantry", "cavalry"],
                "default": "infantry",
                "label": "type",
            }
        },
        "modifiers": {"shaken": {"label": "shaken", "value": -2, "source": "T 5"}},
        "rows": [
            {
                "roll": [1, 4],
                "cells": {"infantry": "retire", "cavalry": {"outcome": "lose", "value": 2}},
            },
            {"roll": [5, 10], "cells": {"infantry": "good", "cavalry": "good"}},
            {
                "roll": [11, 12],
                "cells": {"infantry": {"outcome": "lose", "value": 1}, "cavalry": "retire"},
            },
        ],
        "outcomes": {
            "retire": {
                "text": 'retires 20"',
                "effects": [{"kind": "distance", "amount": 20, "text": 'retire 20"'}],
            },
            "good": {"text": "good order"},
            "lose": {
                "text": "loses {value}",
                "numeric": True,
                "effects": [{"kind": "lose", "amount": "value", "text": "lose {value}"}],
            },
        },
    },
    "combat": {
        "title": "Opposed",
        "kind": "opposed",
        "source": "T 6",
        "summary": "d12 - d12",
        "dice": "1d12",
        "beyond": "clamp",
        "beyond_ruling": "ends",
        "inputs": {
            "general": {"type": "bool", "default": False, "label": "general"},
            "opponent_general": {"type": "bool", "default": False, "label": "general"},
        },
        "modifiers": {
            "general": {
                "label": "general",
                "value": 1,
                "auto": True,
                "when": "general",
                "side": "attacker",
                "source": "T 6",
            },
            "opponent_general": {
                "label": "general",
                "value": 1,
                "auto": True,
                "when": "opponent_general",
                "side": "defender",
                "source": "T 6",
            },
            "flank": {
                "label": "flank",
                "value": -2,
                "side": "defender",
                "group": "position",
                "source": "T 7",
            },
            "rear": {
                "label": "rear",
                "value": -4,
                "side": "defender",
                "group": "position",
                "source": "T 7",
            },
        },
        "groups": {"position": "min"},
        "bands": [
            {"diff": [3, 11], "outcome": "win"},
            {"diff": [-2, 2], "outcome": "draw"},
            {"diff": [-11, -3], "outcome": "lose"},
        ],
        "outcomes": {
            "win": {"text": "attacker wins"},
            "draw": {"text": "draw"},
            "lose": {"text": "attacker loses"},
        },
    },
    "fire": {
        "title": "Chart",
        "kind": "chart",
        "source": "T 8",
        "summary": "figures x d10",
        "dice": "1d10z",
        "strength": "figures",
        "columns": [0, 3],
        "rows": [
            {"strength": [2, 3], "values": [0, 0, 1, 1]},
            {"strength": [4, 6], "values": [0, 1, 1, 2]},
        ],
        "excess_over": 6,
        "small_ruling": "ends",
        "inputs": {
            "figures": {"type": "int", "min": 0, "max": 100, "default": 4, "label": "figures"}
        },
        "modifiers": {
            "close": {"label": "close", "value": 2, "source": "T 8"},
            "cover": {"label": "cover", "value": -2, "source": "T 8"},
        },
        "outcome": "casualties",
        "outcomes": {"casualties": {"text": "{value} casualties"}},
    },
    "shoot": {
        "title": "Pool",
        "kind": "pool",
        "source": "T 9",
        "summary": "d6 per stand",
        "count": "stands",
        "dice": "1d6",
        "hit_on": 4,
        "natural_hit": [6],
        "natural_miss": [1],
        "only_natural": "vs_elephants",
        "inputs": {
            "stands": {"type": "int", "min": 0, "max": 40, "default": 3, "label": "stands"},
            "vs_elephants": {"type": "bool", "default": False, "label": "elephants"},
        },
        "modifiers": {
            "long": {"label": "long range", "value": -1, "source": "T 9"},
            "deep": {"label": "deeper", "value": 1, "source": "T 9"},
            "column": {"label": "column", "value": 3, "applies": "dice", "source": "T 9"},
            "sharp": {
                "label": "sharpshooters",
                "value": 3,
                "scale_by": 2,
                "applies": "dice",
                "source": "T 9",
            },
        },
        "outcome": "hits",
        "outcomes": {"hits": {"text": "{value} hits"}},
    },
    "split": {
        "title": "Split",
        "kind": "split",
        "source": "T 10",
        "summary": "2:1",
        "total": "hits",
        "pattern": ["first", "first", "second"],
        "inputs": {"hits": {"type": "int", "min": 0, "default": 5, "label": "hits"}},
        "outcome": "split",
        "outcomes": {
            "split": {
                "text": "{first} to the first unit, {second} to the second",
                "effects": [
                    {"kind": "lose", "amount": "first", "who": "first", "text": "{first} hits"},
                    {"kind": "lose", "amount": "second", "who": "second", "text": "{second} hits"},
                ],
            }
        },
    },
    "move": {
        "title": "Roll",
        "kind": "roll",
        "source": "T 11",
        "summary": "1d6+N",
        "dice": "rates[condition]",
        "inputs": {
            "condition": {
                "type": "choice",
                "choices": ["line", "column", "fixed"],
                "default": "line",
                "label": "c",
            }
        },
        "modifiers": {
            "road": {"label": "road", "value": 3, "source": "T 11"},
            "obstacle": {"label": "obstacle", "value": -2, "countable": True, "source": "T 11"},
            "half": {
                "label": "half speed",
                "value": 1,
                "scale_by": 2,
                "applies": "scale",
                "source": "T 11",
            },
        },
        "outcome": "inches",
        "outcomes": {"inches": {"text": "{value} inches"}},
    },
}


def document(**overrides: Any) -> dict[str, Any]:
    """A whole valid ruleset document (deep-copied so tests may mutate it)."""
    doc: dict[str, Any] = {
        "id": "mini",
        "title": "Mini",
        "version": "1.0",
        "description": "engine test ruleset",
        "sources": SOURCE,
        "lookups": {
            "start": {"veteran": 3, "regular": 4, "green": 5},
            "rates": {"line": "1d6+2", "column": "1d6+4", "fixed": "5"},
        },
        "rulings": [{"id": "ends", "rule": "r", "reading": "r", "reason": "r", "source": "T"}],
        "checks": CHECKS,
    }
    doc.update(overrides)
    return copy.deepcopy(doc)


def mini(**overrides: Any) -> Ruleset:
    return build_ruleset(document(**overrides), file="mini.toml")
