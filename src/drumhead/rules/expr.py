"""Rule expressions: the small, safe language ruleset files use for conditions and values.

An expression is a Python-like formula over a check's inputs, its derived values, the ruleset's
gaps and lookup tables, e.g. ``"-leader"``, ``"figures_lost * 4 >= figures_start"``,
``"morale_number[quality]"``, ``"max(0, opponent_quality_rank - quality_rank)"``.

Allowed: integers, booleans, strings, names, ``+ - * //``, unary ``- not``, ``and or``,
comparisons (``== != < <= > >= in``), ``a if c else b``, tuples/lists as ``in`` operands,
``lookup[key]`` on a ruleset lookup table, the functions in :data:`FUNCTIONS`, and conditions
and totals over every unit of a role (:data:`GROUP_FUNCTIONS`: ``any(attacker.type ==
'cavalry')``, ``sum(attacker.strength_now)``, ``most(attacker.quality, attacker.strength_now)``).
Expressions are parsed once when the ruleset loads; unknown names are load errors.

Limits, checked when the ruleset loads (``drumhead check``) and again as values are computed:
an expression is at most :data:`MAX_LENGTH` characters, nests at most :data:`MAX_DEPTH` deep
and has at most :data:`MAX_NODES` parts; ``+ - * //`` take whole numbers only (no ``'a' * 9``
or ``(1, 2) * 9``), and every whole number stays within :data:`MAX_VALUE` either way.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from drumhead.errors import ExpressionError

if TYPE_CHECKING:
    from typing import Any

Value = int | bool | str

MAX_LENGTH = 1000
"""The most characters an expression may have (the longest shipped one has under 300)."""
MAX_DEPTH = 32
"""How deep an expression may nest (the deepest shipped one nests 9 deep)."""
MAX_NODES = 400
"""The most parts (names, numbers, operators) an expression may have (shipped: under 60)."""
MAX_VALUE = 10**12
"""The largest whole number, either way, an expression may hold or compute."""


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

GROUP_FUNCTIONS: Mapping[str, str] = {
    "any": "whether it holds for any unit of the role",
    "all": "whether it holds for every unit of the role",
    "count": "how many units of the role it holds for",
    "sum": "the total of a whole number over the units of the role",
    "most": "the value held by the greatest total weight over the units",
}
"""Conditions and totals over every unit picked for one of a check's roles: ``any(attacker.type
== 'cavalry')``, ``all(defender.formation == 'line')``, ``count(defender.type ==
'artillery')``, ``sum(attacker.strength_now)``. Inside, ``ROLE.FIELD`` is the field of each
unit's card in turn (one role a call); an empty role (none picked where it may be empty) holds
for none (``any``: false, ``count`` and ``sum``: 0) and for all (``all``: true).

``most(VALUE, WEIGHT, ...)`` takes pairs, each over one role: the value (``ROLE.FIELD``, or an
expression of it) whose units' weights (a whole number each, none below 0: their bases) add up
to more than any other value's, over every pair's units: ``most(attacker.quality,
attacker.strength_now, attacker_incidental.quality, half_down(attacker_incidental.strength_now))``.
On an exact tie at the top, or with no weight at all, it gives ``''``: the ruleset says what a
tie means (``most(...) or 'regular'``)."""

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

    __slots__ = ("lookups", "resolver", "row", "units", "values")

    def __init__(
        self,
        values: Mapping[str, Value],
        lookups: Mapping[str, Mapping[str, Value]] | None = None,
        resolver: Callable[[str], Value] | None = None,
        units: Mapping[str, Sequence[Mapping[str, Value]]] | None = None,
    ) -> None:
        self.values = values
        self.lookups = lookups or {}
        self.resolver = resolver
        self.units = units or {}
        """Role -> the cards (field -> value) of the units picked for it, which ``any``,
        ``all`` and ``count`` walk (:data:`GROUP_FUNCTIONS`)."""
        self.row: Mapping[str, Mapping[str, Value]] = {}
        """Role -> the card ``ROLE.FIELD`` reads now, inside one of those calls."""

    def with_row(self, role: str, card: Mapping[str, Value]) -> Environment:
        """This environment with ``ROLE.FIELD`` reading ``card``."""
        env = Environment(self.values, self.lookups, self.resolver, self.units)
        env.row = {**self.row, role: card}
        return env

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
    tree: ast.expr = field(compare=False)
    """The checked syntax tree (made from ``text``, so not compared: an expression read back
    from the compiled ruleset cache equals the one it was written from)."""
    arith: frozenset[str] = frozenset()
    """The names it uses as numbers (in ``+ - * //`` or negated): never a text input."""
    fields: frozenset[tuple[str, str]] = frozenset()
    """The (role, field) pairs it reads as ``ROLE.FIELD`` inside a group function."""

    def evaluate(self, env: Environment) -> Value:
        """The expression's value in ``env``."""
        try:
            value: Value = _eval(self.tree, env, self.text)
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
    """Parse and check an expression; integers and booleans are accepted as constants.

    Expressions are immutable: each text is compiled once per process (a ruleset validated
    again with an optional rule on reuses what it compiled)."""
    if isinstance(source, str) and len(source) > MAX_LENGTH:
        return _compile(source)  # refused: not worth a place in the cache
    return _compile_cached(source)


@lru_cache(maxsize=8192)
def _compile_cached(source: str | int | bool) -> Expr:
    return _compile(source)


def _compile(source: str | int | bool) -> Expr:
    if isinstance(source, bool | int):
        text = repr(source)
    elif isinstance(source, str):
        text = source
    else:
        raise ExpressionError(
            f"expected an expression (text or number), got {type(source).__name__}"
        )
    if len(text) > MAX_LENGTH:
        raise ExpressionError(
            f"'{_short(text)}' is {len(text):,} characters long; an expression may have at most "
            f"{MAX_LENGTH:,}"
        )
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ExpressionError(f"'{_short(text)}' is not a valid expression: {exc.msg}") from None
    except (RecursionError, MemoryError):  # nesting the parser itself cannot hold
        raise ExpressionError(
            f"'{_short(text)}' nests too deep (at most {MAX_DEPTH} levels)"
        ) from None
    checker = _Checker(text)
    checker.check(tree, 1)
    return Expr(
        text,
        frozenset(checker.names),
        frozenset(checker.lookups),
        tree,
        frozenset(checker.arith),
        frozenset(checker.fields),
    )


class _Checker:
    """Walks a parsed expression once: what it reads, and that it keeps to the language and
    to the limits (depth, size, numbers)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.names: set[str] = set()
        self.lookups: set[str] = set()
        self.arith: set[str] = set()
        """Names used as numbers (operands of ``+ - * //`` or unary minus)."""
        self.fields: set[tuple[str, str]] = set()
        """``ROLE.FIELD`` read inside a group function."""
        self.group: str | None = None
        """Inside a group function: the role it walks (None: not yet known); outside: None."""
        self.inside = False
        self.nodes = 0

    def fail(self, message: str) -> ExpressionError:
        return ExpressionError(f"'{_short(self.text)}': {message}")

    def number_operand(self, node: ast.expr) -> None:
        """``node`` is added, multiplied or negated: it must be able to be a whole number."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            raise self.fail("only numbers can be added, subtracted or multiplied, not text")
        if isinstance(node, ast.Tuple | ast.List):
            raise self.fail("only numbers can be added, subtracted or multiplied, not lists")
        if isinstance(node, ast.Name) and node.id not in ("True", "False"):
            self.arith.add(node.id)

    def check(self, node: ast.AST, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise self.fail(f"nests too deep (at most {MAX_DEPTH} levels)")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(f"has too many parts (at most {MAX_NODES})")
        inner = depth + 1
        if isinstance(node, ast.Constant):
            if not isinstance(node.value, int | str | bool):
                raise self.fail("constants must be whole numbers, text or booleans")
            if isinstance(node.value, int) and abs(node.value) > MAX_VALUE:
                raise self.fail(f"{node.value} is beyond the largest number (±{MAX_VALUE:,})")
            return
        if isinstance(node, ast.Name):
            if node.id in ("True", "False"):
                return
            self.names.add(node.id)
            return
        if isinstance(node, ast.BinOp):
            if type(node.op) not in _BINOPS:
                raise self.fail("only + - * // are allowed (use // for division)")
            for side in (node.left, node.right):
                self.number_operand(side)
                self.check(side, inner)
            return
        if isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, ast.USub | ast.UAdd | ast.Not):
                raise self.fail("unsupported unary operator")
            if not isinstance(node.op, ast.Not):
                self.number_operand(node.operand)
            self.check(node.operand, inner)
            return
        if isinstance(node, ast.BoolOp):
            for value in node.values:
                self.check(value, inner)
            return
        if isinstance(node, ast.Compare):
            for op in node.ops:
                if type(op) not in _CMPOPS:
                    raise self.fail("unsupported comparison")
            self.check(node.left, inner)
            for comparator in node.comparators:
                self.check(comparator, inner)
            return
        if isinstance(node, ast.IfExp):
            for part in (node.test, node.body, node.orelse):
                self.check(part, inner)
            return
        if isinstance(node, ast.Tuple | ast.List):
            for elt in node.elts:
                self.check(elt, inner)
            return
        if isinstance(node, ast.Subscript):
            if not isinstance(node.value, ast.Name):
                raise self.fail("only lookup tables can be indexed (table[key])")
            self.lookups.add(node.value.id)
            self.check(node.slice, inner)
            return
        if isinstance(node, ast.Attribute):
            if not self.inside:
                raise self.fail(
                    "ROLE.FIELD is read inside any(...), all(...), count(...), sum(...) or most(...): "
                    f"'{ast.unparse(node)}' is outside one"
                )
            if not isinstance(node.value, ast.Name):
                raise self.fail(f"'{ast.unparse(node)}' is not ROLE.FIELD")
            role = node.value.id
            if self.group not in (None, role):
                raise self.fail(
                    f"one role a group function: '{self.group}' and '{role}' in one call "
                    "(join two calls with and/or)"
                )
            self.group = role
            self.fields.add((role, node.attr))
            return
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in GROUP_FUNCTIONS
        ):
            if self.inside:
                raise self.fail(f"{node.func.id}(...) cannot be inside another group function")
            if node.func.id == "most":
                if not node.args or len(node.args) % 2 or node.keywords:
                    raise self.fail(
                        "most(...) takes pairs: a value and its weight over ROLE.FIELD "
                        "(most(attacker.quality, attacker.strength_now, ...))"
                    )
                pairs = [node.args[i : i + 2] for i in range(0, len(node.args), 2)]
            elif len(node.args) != 1 or node.keywords:
                what = "whole number" if node.func.id == "sum" else "condition"
                raise self.fail(f"{node.func.id}(...) takes one {what} over ROLE.FIELD")
            else:
                pairs = [node.args]
            for pair in pairs:
                self.inside, self.group = True, None
                for arg in pair:
                    if node.func.id in ("sum", "most") and arg is pair[-1]:
                        self.number_operand(arg)
                    self.check(arg, inner)
                if self.group is None:
                    raise self.fail(f"{node.func.id}(...) reads no ROLE.FIELD: nothing to walk")
                self.inside, self.group = False, None
            return
        if isinstance(node, ast.Call):
            known = sorted({*FUNCTIONS, *GROUP_FUNCTIONS})
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
                raise self.fail(f"unknown function; allowed: {', '.join(known)}")
            if node.keywords:
                raise self.fail("functions take positional arguments only")
            for arg in node.args:
                self.check(arg, inner)
            return
        raise self.fail(f"{type(node).__name__} is not allowed in a rule expression")


def _short(text: str) -> str:
    """An expression as an error quotes it: whole when short, else its start and end."""
    return text if len(text) <= 120 else f"{text[:70]} ... {text[-40:]}"


def _whole(value: Any, text: str) -> int:
    """``value`` as an operand of arithmetic: a whole number (or boolean) within the limit."""
    if not isinstance(value, int):
        raise ExpressionError(
            f"cannot evaluate '{_short(text)}': only numbers can be added, subtracted or "
            f"multiplied, not {_short(repr(value))}"
        )
    _bounded(value, text)
    return value


def _bounded(value: Any, text: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_VALUE:
        raise ExpressionError(
            f"cannot evaluate '{_short(text)}': a number beyond ±{MAX_VALUE:,} "
            f"(rule numbers are never that large)"
        )
    return value


def _eval(node: ast.expr, env: Environment, text: str) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id == "True":
            return True
        if node.id == "False":
            return False
        return _bounded(env.get(node.id), text)
    if isinstance(node, ast.BinOp):
        left = _whole(_eval(node.left, env, text), text)
        right = _whole(_eval(node.right, env, text), text)
        return _bounded(_BINOPS[type(node.op)](left, right), text)
    if isinstance(node, ast.UnaryOp):
        operand = _eval(node.operand, env, text)
        if isinstance(node.op, ast.Not):
            return not operand
        operand = _whole(operand, text)
        return -operand if isinstance(node.op, ast.USub) else +operand
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            result: Any = True
            for value in node.values:
                result = _eval(value, env, text)
                if not result:
                    return result
            return result
        result = False
        for value in node.values:
            result = _eval(value, env, text)
            if result:
                return result
        return result
    if isinstance(node, ast.Compare):
        left = _eval(node.left, env, text)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _eval(comparator, env, text)
            if not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.IfExp):
        if _eval(node.test, env, text):
            return _eval(node.body, env, text)
        return _eval(node.orelse, env, text)
    if isinstance(node, ast.Tuple | ast.List):
        return tuple(_eval(e, env, text) for e in node.elts)
    if isinstance(node, ast.Subscript):
        assert isinstance(node.value, ast.Name)
        table = env.lookups.get(node.value.id)
        if table is None:
            raise ExpressionError(f"unknown lookup table '{node.value.id}'")
        key = _eval(node.slice, env, text)
        if str(key) not in table:
            raise ExpressionError(f"lookup table '{node.value.id}' has no entry '{key}'")
        return _bounded(table[str(key)], text)
    if isinstance(node, ast.Attribute):
        assert isinstance(node.value, ast.Name)
        card = env.row.get(node.value.id)
        if card is None:
            raise ExpressionError(f"'{ast.unparse(node)}' is read outside a group function")
        if node.attr not in card:
            raise ExpressionError(
                f"cannot evaluate '{_short(text)}': a card of the {node.value.id} has no "
                f"'{node.attr}'"
            )
        return _bounded(card[node.attr], text)
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        if node.func.id == "most":
            return _most(node.args, env, text)
        if node.func.id in GROUP_FUNCTIONS:
            return _group(node.func.id, node.args[0], env, text)
        args = [_eval(a, env, text) for a in node.args]
        return _bounded(FUNCTIONS[node.func.id](*args), text)
    raise ExpressionError(f"cannot evaluate {type(node).__name__}")


def _cards(part: ast.expr, env: Environment, text: str) -> tuple[str, Sequence[Any]]:
    """The one role ``part`` reads as ``ROLE.FIELD``, and the cards of its units."""
    role = next(
        n.value.id
        for n in ast.walk(part)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
    )
    if role not in env.units:
        raise ExpressionError(
            f"cannot evaluate '{_short(text)}': no units are picked for the {role}"
        )
    return role, env.units[role]


def _group(name: str, part: ast.expr, env: Environment, text: str) -> Any:
    """``any``/``all``/``count`` of a condition, or ``sum`` of a whole number, over the cards
    of the units picked for the one role it reads."""
    role, cards = _cards(part, env, text)
    if name == "sum":
        total = sum(_whole(_eval(part, env.with_row(role, c), text), text) for c in cards)
        return _bounded(total, text)
    held = [bool(_eval(part, env.with_row(role, card), text)) for card in cards]
    if name == "any":
        return any(held)
    if name == "all":
        return all(held)
    return sum(held)


def _most(args: Sequence[ast.expr], env: Environment, text: str) -> Any:
    """The value of ``most(VALUE, WEIGHT, ...)``: the one whose units' weights, over every
    pair's units, add up to more than any other's; ``''`` on a tie at the top or with no
    weight at all."""
    totals: dict[Any, int] = {}
    for at in range(0, len(args), 2):
        value, weight = args[at], args[at + 1]
        role, cards = _cards(value, env, text)
        for card in cards:
            row = env.with_row(role, card)
            held = _whole(_eval(weight, row, text), text)
            if held < 0:
                raise ExpressionError(
                    f"cannot evaluate '{_short(text)}': a weight of {held}, below 0"
                )
            key = _eval(value, row, text)
            totals[key] = _bounded(totals.get(key, 0) + held, text)
    top = max(totals.values(), default=0)
    leaders = [k for k, v in totals.items() if v == top]
    return leaders[0] if top > 0 and len(leaders) == 1 else ""
