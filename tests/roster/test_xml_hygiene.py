"""XML is read through defusedxml alone: no module of drumhead imports a standard-library XML
parser (whose parsers expand entities), except the element type for the type checker."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARSERS = ("xml.etree", "xml.dom", "xml.sax", "xml.parsers", "lxml", "expat")


def _imports(tree: ast.Module) -> list[tuple[int, str, bool]]:
    """(line, module, under ``if TYPE_CHECKING:``) of every import."""
    found: list[tuple[int, str, bool]] = []
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            typing_only.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, a.name, id(node) in typing_only) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module, id(node) in typing_only))
    return found


def test_no_module_imports_a_plain_xml_parser() -> None:
    offenders = []
    for folder in (ROOT / "src" / "drumhead", ROOT / "screens"):
        for path in folder.rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "xml" not in text and "expat" not in text:
                continue  # (parsing every module took 3 s)
            tree = ast.parse(text)
            for line, module, typing_only in _imports(tree):
                if module.startswith(PARSERS) and not typing_only:
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: {module}")
    assert offenders == []
