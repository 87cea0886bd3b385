"""Rule expressions: the small, safe language ruleset files use for conditions and values.

An expression is a Python-like formula over a check's inputs, its derived values, the ruleset's
gaps and lookup tables, e.g. ``"-leader"``, ``"figures_lost * 4 >= figures_start"``,
``"morale_number[quality]"``, ``"max(0, opponent_quality_rank - quality_rank)"``.

Allowed: integers, booleans, strings, names, ``+ - * //``, unary ``- not``, ``and or``,
comparisons (``== != < <= > >= in``), ``a if c else b``, tuples/lists as ``in`` operands,
``lookup[key]`` on a ruleset lookup table, and the functions in :data:`FUNCTIONS`.
Expressions are parsed once when the ruleset loads; unknown names are load errors.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from drumhead.errors import ExpressionError

Value = int | bool | str


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _half_up(a: int) -> int:
    return -(-a // 2)


def _half_down(a: int) -> int:
    return a // 2


FUNCTIONS: Mapping[str, Callable[..., Any]] = {
    "min": min,
    "max": max,
    "abs": abs,
    "ceil_div": _ceil_div,
    "half_up": _half_up,
    "half_down": _half_down,
}
"""Functions an expression may call: ``ceil_div(a, b)`` rounds up, ``half_up``/``half_down``
halve rounding up/down."""

_BINOPS: Mapping[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
}
_CMPOPS: Mapping[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


class Environment:
    """Names an expression can read, resolved lazily.

    ``values`` are plain names; ``resolver`` is asked for any name not in ``values`` (used for
    gaps, so a missing gap is only an error when an expression actually needs it); ``lookups``
    are the ruleset's lookup tables.
    """

    __slots__ = ("lookups", "resolver", "values")

    def __init__(
        self,
        values: Mapping[str, Value],
        lookups: Mapping[str, Mapping[str, Value]] | None = None,
        resolver: Callable[[str], Value] | None = None,
    ) -> None:
        self.values = values
        self.lookups = lookups or {}
        self.resolver = resolver

    def get(self, name: str) -> Value:
        if name in self.values:
            return self.values[name]
        if self.resolver is not None:
            return self.resolver(name)
        raise ExpressionError(f"unknown name '{name}'")


@dataclass(frozen=True, slots=True)
class Expr:
    """A parsed expression; ``names`` and ``lookups`` are what it reads (checked at load)."""

    text: str
    """The source text, as written in the ruleset."""
    names: frozenset[str]
    """Every plain name the expression reads."""
    lookups: frozenset[str]
    """Every lookup table the expression indexes."""
    tree: ast.expr
    """The checked syntax tree."""

    def evaluate(self, env: Environment) -> Value:
        """The expression's value in ``env``."""
        try:
            value: Value = _eval(self.tree, env)
            return value
        except ExpressionError:
            raise
        except (TypeError, ValueError, ZeroDivisionError, KeyError) as exc:
            if isinstance(exc, ValueError) and exc.__class__ is not ValueError:
                raise  # a domain error (e.g. a missing gap) passes through untouched
            raise ExpressionError(f"cannot evaluate '{self.text}': {exc}") from None

    def integer(self, env: Environment) -> int:
        """The value, which must be a whole number (booleans count as 0/1)."""
        value = self.evaluate(env)
        if isinstance(value, str):
            raise ExpressionError(f"'{self.text}' gave text '{value}', expected a number")
        return int(value)

    def truth(self, env: Environment) -> bool:
        """The value as a condition."""
        return bool(self.evaluate(env))


def compile_expr(source: str | int | bool) -> Expr:
    """Parse and check an expression; integers and booleans are accepted as constants."""
    if isinstance(source, bool | int):
        text = repr(source)
    elif isinstance(source, str):
        text = source
    else:
        raise ExpressionError(
            f"expected an expression (text or number), got {type(source).__name__}"
        )
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ExpressionError(f"'{text}' is not a valid expression: {exc.msg}") from None
    names: set[str] = set()
    lookups: set[str] = set()
    _check(tree, text, names, lookups)
    return Expr(text, frozenset(names), frozenset(lookups), tree)


def _check(node: ast.AST, text: str, names: set[str], lookups: set[str]) -> None:
    if isinstance(node, ast.Constant):
        if not isinstance(node.value, int | str | bool):
            raise ExpressionError(f"'{text}': constants must be whole numbers, text or booleans")
        return
    if isinstance(node, ast.Name):
        if node.id in ("True", "False"):
            return
        names.add(node.id)
        return
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _BINOPS:
            raise ExpressionError(f"'{text}': only + - * // are allowed (use // for division)")
        _check(node.left, text, names, lookups)
        _check(node.right, text, names, lookups)
        return
    if isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, ast.USub | ast.UAdd | ast.Not):
            raise ExpressionError(f"'{text}': unsupported unary operator")
        _check(node.operand, text, names, lookups)
        return
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            _check(value, text, names, lookups)
        return
    if isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in _CMPOPS:
                raise ExpressionError(f"'{text}': unsupported comparison")
        _check(node.left, text, names, lookups)
        for comparator in node.comparators:
            _check(comparator, text, names, lookups)
        return
    if isinstance(node, ast.IfExp):
        for part in (node.test, node.body, node.orelse):
            _check(part, text, names, lookups)
        return
    if isinstance(node, ast.Tuple | ast.List):
        for elt in node.elts:
            _check(elt, text, names, lookups)
        return
    if isinstance(node, ast.Subscript):
        if not isinstance(node.value, ast.Name):
            raise ExpressionError(f"'{text}': only lookup tables can be indexed (table[key])")
        lookups.add(node.value.id)
        _check(node.slice, text, names, lookups)
        return
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            allowed = ", ".join(sorted(FUNCTIONS))
            raise ExpressionError(f"'{text}': unknown function; allowed: {allowed}")
        if node.keywords:
            raise ExpressionError(f"'{text}': functions take positional arguments only")
        for arg in node.args:
            _check(arg, text, names, lookups)
        return
    raise ExpressionError(f"'{text}': {type(node).__name__} is not allowed in a rule expression")


def _eval(node: ast.expr, env: Environment) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id == "True":
            return True
        if node.id == "False":
            return False
        return env.get(node.id)
    if isinstance(node, ast.BinOp):
        return _BINOPS[type(node.op)](_eval(node.left, env), _eval(node.right, env))
    if isinstance(node, ast.UnaryOp):
        operand = _eval(node.operand, env)
        if isinstance(node.op, ast.Not):
            return not operand
        return -operand if isinstance(node.op, ast.USub) else +operand
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            result: Any = True
            for value in node.values:
                result = _eval(value, env)
                if not result:
                    return result
            return result
        result = False
        for value in node.values:
            result = _eval(value, env)
            if result:
                return result
        return result
    if isinstance(node, ast.Compare):
        left = _eval(node.left, env)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _eval(comparator, env)
            if not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        return _eval(node.body, env) if _eval(node.test, env) else _eval(node.orelse, env)
    if isinstance(node, ast.Tuple | ast.List):
        return tuple(_eval(e, env) for e in node.elts)
    if isinstance(node, ast.Subscript):
        assert isinstance(node.value, ast.Name)
        table = env.lookups.get(node.value.id)
        if table is None:
            raise ExpressionError(f"unknown lookup table '{node.value.id}'")
        key = _eval(node.slice, env)
        if str(key) not in table:
            raise ExpressionError(f"lookup table '{node.value.id}' has no entry '{key}'")
        return table[str(key)]
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        return FUNCTIONS[node.func.id](*(_eval(a, env) for a in node.args))
    raise ExpressionError(f"cannot evaluate {type(node).__name__}")
