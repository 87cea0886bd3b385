"""Issue 18 item 5: what a ruleset is and what its checks are called is the ruleset's data.

The game layer (``src/drumhead/game/``), the table session (``src/drumhead/session/``) and the
app (``screens/``) name no shipped ruleset and
no check: the standard morale test, the markers an input reads and the values a card keeps are
declared in the ruleset files (``morale_check``, ``from_unit = "marker:ID"``,
``[unit_attributes]``), so a new ruleset needs no code there.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path
from typing import Literal, get_args, get_type_hints

import pytest

from drumhead.game.events import EVENT_KINDS
from drumhead.rules.model import EFFECT_KINDS, Sequence

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "data" / "rulesets").glob("*.toml"))
CODE = sorted(
    path
    for folder in (
        ROOT / "src" / "drumhead" / "game",
        ROOT / "src" / "drumhead" / "session",
        ROOT / "src" / "drumhead" / "host",
    )
    for path in folder.rglob("*.py")
) + sorted((ROOT / "screens").rglob("*.py"))
"""The game layer, the table session the app drives (issue 18 item 1), the host that shares it
(issue 39) and the app."""


def _names() -> tuple[set[str], set[str]]:
    rulesets: set[str] = set()
    checks: set[str] = set()
    for path in RULESETS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        rulesets.add(data["id"])
        checks |= set(data.get("checks", {}))
    return rulesets, checks


RULESET_IDS, CHECK_IDS = _names()

# the model names Literal for the type checker alone (drumhead's commands never import typing)
ACTIVATIONS = get_args(get_type_hints(Sequence, localns={"Literal": Literal})["activation"])
ENGINE_WORDS: frozenset[str] = frozenset({*EVENT_KINDS, *EFFECT_KINDS, *ACTIVATIONS})
"""The engine's own vocabulary: kinds of event and effect, kinds of activation. A check may
share a name with one (MWAN's ``initiative`` check and the ``initiative`` event that records
who won it): such a literal names the engine's kind, not the check."""


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (prose, not names the code uses)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def named_ids(source: str) -> list[tuple[int, str]]:
    """(line, id) of every shipped ruleset id anywhere in ``source`` (comments and prose too:
    they are never words), and every string literal that is a shipped check id (or names one
    as ``check:ID``) outside docstrings."""
    found = [
        (number, ruleset)
        for number, line in enumerate(source.splitlines(), 1)
        for ruleset in sorted(RULESET_IDS)
        if ruleset in line
    ]
    tree = ast.parse(source)
    prose = _docstrings(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in prose:
            continue
        value = node.value.removeprefix("check:")
        if value in CHECK_IDS and value not in ENGINE_WORDS:
            found.append((node.lineno, value))
    return sorted(found)


def test_the_shipped_names_are_known() -> None:
    """The test reads what it guards against: four rulesets and their checks."""
    assert {"one-if-by-land", "rank-and-file", "mwan116-acw", "republique"} <= RULESET_IDS
    assert {"morale", "fire", "assault", "hits_per_stand", "panic"} <= CHECK_IDS
    assert {"initiative"} == CHECK_IDS & ENGINE_WORDS, "a new clash: rename the check"
    assert len(CODE) > 20


def test_the_grep_finds_what_it_looks_for() -> None:
    """A literal naming a check or a ruleset is found, wherever it is; prose is not."""
    source = (
        'def f(check):\n    """The morale test."""\n    return check.id == "morale"\n'
        'X = "one-if-by-land"  # the default\nY = "check:fire"\nZ = "the fire phase"\n'
    )
    assert named_ids(source) == [(3, "morale"), (4, "one-if-by-land"), (5, "fire")]


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_ruleset_or_check_is_named_in_the_game_layer_or_the_app(path: Path) -> None:
    found = named_ids(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(ROOT)} names " + ", ".join(
        f"'{name}' (line {line})" for line, name in found
    )
