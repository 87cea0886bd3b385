"""Checking what an expression and a text of a check refer to.

An expression (a condition, a value) may read only the names the check knows, lookup tables
by their entries, and a choice input only as one of its choices; a text shows in braces only
names the check knows. Every problem is reported at its key.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Mapping

from drumhead.loading.ruleset.names import Names, listed
from drumhead.rules.expr import Expr
from drumhead.rules.reader import Reader


def check_expr(
    reader: Reader,
    key: str,
    expr: Expr,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
) -> None:
    """Every reference ``expr`` makes: names, lookup tables and their literal keys, the text
    it compares a choice input with, and no text input used as a number."""
    reader.check_names(key, expr, names, known.lookups)
    if expr.fields:
        reader.report(
            key,
            "any/all/count over a role's units fill an input (from_units), where the cards "
            "picked are known; a condition reads that input",
        )
    for name in sorted(expr.arith & texts):
        reader.report(
            key,
            f"expression '{expr.text}' uses '{name}' as a number, but it is one of "
            f"{', '.join(choices[name])} (use {name}_rank for its place in that list)",
        )
    for node in ast.walk(expr.tree):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            inputs = [p.id for p in parts if isinstance(p, ast.Name) and p.id in choices]
            for name in inputs:
                for literal in _literals(parts):
                    if literal not in choices[name]:
                        reader.report(
                            key,
                            f"expression '{expr.text}' compares {name} with '{literal}', which "
                            f"is not one of its choices ({', '.join(choices[name])})",
                        )
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and isinstance(node.slice, ast.Constant)
            and node.value.id in known.lookup_keys
        ):
            table_keys = known.lookup_keys[node.value.id]
            entry = str(node.slice.value)
            if entry not in table_keys:
                reader.report(
                    key,
                    f"expression '{expr.text}': lookup table '{node.value.id}' has no entry "
                    f"'{entry}' (entries: {listed(table_keys)})",
                )


def _literals(parts: list[ast.expr]) -> list[str]:
    """The text constants among a comparison's operands (and inside its tuples and lists)."""
    out: list[str] = []
    for part in parts:
        items = part.elts if isinstance(part, ast.Tuple | ast.List) else [part]
        out += [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]
    return out


def _placeholders(template: str) -> list[str]:
    """The names ``template`` shows in braces (``{name}``, ``{name:+d}``)."""
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]
    except ValueError:
        return ["{"]  # an unmatched brace: reported as a bad placeholder
    return [re.split(r"[.\[]", f, maxsplit=1)[0] for f in fields]


def check_placeholders(reader: Reader, key: str, template: str, known: set[str]) -> None:
    if "{" not in template and "}" not in template:
        return
    for name in _placeholders(template):
        if name not in known:
            shown = "an unmatched brace" if name == "{" else f"{{{name}}}"
            reader.report(
                key,
                f"the text shows {shown}, which this check does not know "
                f"(known here: {listed(known)})",
            )
