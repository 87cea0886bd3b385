"""Issue 18 item 5: Python under ``checks/mechanics/`` keeps only what data cannot say, and
each piece of it cites the rule it implements (``Rule:`` and the citation, in the ruleset's own
words for its sources), so a reader checks it against the book as a ruleset's ``source``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MECHANICS = ROOT / "src" / "drumhead" / "checks" / "mechanics"
GENERIC = {"__init__.py", "decide.py"}
"""Modules of no ruleset's: ``decide`` reads its rules from the data."""
CITED_AS = ("MWAN116 ", "OIBL p.", "R&F core: ", "R&F Supplement 2", "Republique 4.")
"""How the rulesets cite their sources (their ``source`` keys)."""


def _pieces(path: Path) -> list[tuple[str, str]]:
    """(name, docstring) of each public class and public non-parser function of a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef | ast.FunctionDef) or node.name.startswith("_"):
            continue
        if isinstance(node, ast.FunctionDef) and node.name.startswith("parse_"):
            continue  # reads the ruleset's keys: data, not a rule
        out.append((node.name, ast.get_docstring(node) or ""))
    return out


MODULES = sorted(p for p in MECHANICS.glob("*.py") if p.name not in GENERIC)


def test_every_ruleset_has_its_module() -> None:
    assert [p.stem for p in MODULES] == ["mwan116", "oibl", "rank_and_file", "republique"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_each_mechanic_cites_the_rule_it_implements(path: Path) -> None:
    pieces = _pieces(path)
    assert pieces
    for name, doc in pieces:
        if name in {"WoundBand", "GapRow"}:  # plain value types of a mechanic above
            continue
        rule = doc.partition("Rule: ")[2]
        assert rule.startswith(CITED_AS), f"{path.name}: {name} cites no rule ({doc[:60]!r})"
