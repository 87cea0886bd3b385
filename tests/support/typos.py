"""Typo'd references in a TOML file: every place a ruleset (or scenario) names something
declared elsewhere, found from the text, each with one typo made in it on its own line.

Used by tests/core/test_reference_typos.py. A reference is:

* the value of a key that names something (``state``, ``marker``, ``who``, ``check``,
  ``option``, ``group``, ``side``, ``ladder``, ``column``, ``gap``, ``outcome``, ``ruling``,
  ...), the marker of ``from_unit = "marker:ID"``, the ``id`` of a check's ``[[rulings]]``,
  or an item of a list-valued one (``uses``, ``applies_to``, ``options``, ``markers``);
* a name an expression reads (an input, a derived value, a gap, a lookup table), and the text
  an expression compares a choice input with or looks a lookup table up by;
* a ``{name}`` a text shows.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from drumhead.rules.expr import FUNCTIONS

NAMING_KEYS = (
    "state",
    "marker",
    "who",
    "check",
    "option",
    "group",
    "side",
    "ladder",
    "column",
    "beyond_ruling",
    "small_ruling",
    "ruling",
    "gap",
    "outcome",
    "otherwise",
    "winner",
    "mechanic",
    "phase",
    "from_unit",
    "kind",
    "applies",
    "result",
    "type",
    "quality",
    "formation",
    "brigade",
    "attached_to",
    "ruleset",
)
"""Keys whose text value names something declared elsewhere (or one of a fixed set)."""

LIST_KEYS = ("uses", "applies_to", "options", "markers", "commands")
"""Keys whose list items each name something declared elsewhere."""

EXPRESSION_KEYS = (
    "when",
    "value",
    "amount",
    "target",
    "count",
    "hit_on",
    "strength",
    "total",
    "auto_fail",
    "reroll",
    "only_natural",
    "level",
    "base",
    "alternative_when",
)
"""Keys whose value is a rule expression."""

TEXT_KEYS = ("text", "explain", "reroll_text", "auto_fail_text", "otherwise_explain")
"""Keys whose value is a text that may show ``{name}`` placeholders."""

_PAIR = re.compile(r'(?<![\w.])([a-z_]+)\s*=\s*"((?:[^"\\]|\\.)*)"')
_LIST = re.compile(r"(?<![\w.])([a-z_]+)\s*=\s*\[([^\]]*)\]")
_HEADER = re.compile(r"^\s*\[+\s*([^\]]+?)\s*\]+")


@dataclass(frozen=True, eq=False)
class Typo:
    """One typo made in the text."""

    line: int
    """1-based line of the reference."""
    what: str
    """What the reference is (for the test's id): ``who``, ``expression name``..."""
    original: str
    typo: str
    new_line: str
    """The line with the typo made."""
    lines: tuple[str, ...]
    """The file's lines as they were (shared by all the typos of one file)."""

    @property
    def text(self) -> str:
        """The whole file with the typo made."""
        at = self.line - 1
        return "".join(self.lines[:at]) + self.new_line + "".join(self.lines[at + 1 :])


def misspell(word: str, taken: set[str]) -> str:
    """``word`` with two neighbouring letters swapped (or a letter doubled), never a word the
    file already uses."""
    candidates = []
    for i in range(len(word) - 2, 0, -1):
        if word[i] != word[i + 1] and word[i].isalpha() and word[i + 1].isalpha():
            candidates.append(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    candidates.append(word + word[-1])
    candidates.append(word + "q")
    for candidate in candidates:
        if candidate not in taken and candidate != word:
            return candidate
    raise AssertionError(f"no typo of {word!r} is new")


def typos(text: str, derived_tables: tuple[str, ...] = ("derived",)) -> list[Typo]:
    """Every reference in ``text``, each misspelled on its own."""
    taken = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    lines = tuple(text.splitlines(keepends=True))
    out: list[Typo] = []
    header = ""
    for index, line in enumerate(lines):
        found = _HEADER.match(line)
        if found and "=" not in line.split("]")[0]:
            header = found.group(1)
            continue
        stripped = line.lstrip()
        if stripped.startswith("#"):
            continue

        def make(
            start: int, end: int, what: str, original: str, line: str = line, index: int = index
        ) -> None:
            typo = misspell(original, taken)
            new_line = line[:start] + typo + line[end:]
            out.append(Typo(index + 1, what, original, typo, new_line, lines))

        in_derived = header.split(".")[-1] in derived_tables
        for match in _PAIR.finditer(line):
            key, value = match.group(1), match.group(2)
            start = match.start(2)
            if key in NAMING_KEYS and re.fullmatch(r"[a-z][a-z0-9_\-]*", value):
                make(start, start + len(value), key, value)
            elif key == "from_unit" and re.fullmatch(r"marker:[a-z][a-z0-9_]*", value):
                begin = start + len("marker:")
                make(begin, start + len(value), "from_unit marker", value[len("marker:") :])
            elif key == "id" and re.fullmatch(r"checks\.[a-z0-9_]+\.rulings", header):
                make(start, start + len(value), "check ruling", value)
            elif (
                key in EXPRESSION_KEYS and not header.startswith(("unit_types", "lookups", "gaps"))
            ) or in_derived:
                for offset, what, word in expression_references(value):
                    make(start + offset, start + offset + len(word), what, word)
            elif key in TEXT_KEYS:
                for ph in re.finditer(r"\{([a-z_][a-z0-9_]*)", value):
                    make(start + ph.start(1), start + ph.end(1), "placeholder", ph.group(1))
        for match in _LIST.finditer(line):
            if match.group(1) not in LIST_KEYS:
                continue
            for item in re.finditer(r'"([a-z][a-z0-9_\-]*)"', match.group(2)):
                begin = match.start(2) + item.start(1)
                make(begin, begin + len(item.group(1)), match.group(1), item.group(1))
    return out


def expression_references(source: str) -> list[tuple[int, str, str]]:
    """(offset in ``source``, kind, word) of each name an expression reads and each text it
    compares a name with or looks a table up by; empty when it is not an expression."""
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        return []
    found: list[tuple[int, str, str]] = []
    compared: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any(isinstance(p, ast.Name) for p in parts):
                for part in parts:
                    items = part.elts if isinstance(part, ast.Tuple | ast.List) else [part]
                    for item in items:
                        if isinstance(item, ast.Constant) and isinstance(item.value, str):
                            compared.add(id(item))
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            compared.add(id(node.slice))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in ("True", "False"):
            found.append((node.col_offset, "expression name", node.id))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id in FUNCTIONS
        elif (
            isinstance(node, ast.Constant)
            and id(node) in compared
            and re.fullmatch(r"[a-z][a-z0-9_]*", str(node.value))
        ):
            found.append((node.col_offset + 1, "expression text", str(node.value)))
    # names of called functions are not references to the ruleset
    calls = {
        (n.func.col_offset, n.func.id)
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    }
    return [f for f in found if (f[0], f[2]) not in calls]
