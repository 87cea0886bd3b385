"""What a check's numbers can reach, worked out when the ruleset loads.

The format promises that no number an expression reads or computes goes beyond
±:data:`~drumhead.rules.expr.MAX_VALUE`, and every roll of a check has an outcome. Both were
only found out at the table: ``drumhead check`` passed a modifier multiplying an input by
itself five times (500 to the fifth: 31 trillion) and a morale test patched to ``100d500``
dice whose outcomes stop at a fail by 1,000, and ``odds`` then failed ("no outcome for a
fail by 1001").

Here each expression is evaluated over spans (the least and greatest value each name can
take, from what the file declares: an input's ``min``/``max``, a choice's rank, a lookup
table's numbers, a gap's bounds), and:

* a span past the limit, anywhere in an expression, is reported with the bound it reaches;
* for a target test, the greatest miss its dice and modifiers can reach, against the least
  number needed, must be covered by its fail outcomes' ``by`` (and a pass by a pass outcome).

A name whose bounds the file does not give (a gap without ``min``/``max``, an input without
them) has an unknown span, and nothing is claimed from it: this finds what is certain from
the file, never guesses.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from drumhead.checks.target import TargetTest
from drumhead.errors import excerpt
from drumhead.rules.expr import GROUP_FUNCTIONS, MAX_VALUE, Expr
from drumhead.rules.model import CheckSpec, Ruleset


@dataclass(frozen=True, slots=True)
class Span:
    """The least and greatest value a number can take (None: not known on that side)."""

    low: int | None
    high: int | None

    def negated(self) -> Span:
        return Span(_neg(self.high), _neg(self.low))

    def bound_past(self, limit: int) -> int | None:
        """A known bound beyond ±``limit``, if any."""
        for bound in (self.low, self.high):
            if bound is not None and abs(bound) > limit:
                return bound
        return None


UNKNOWN = Span(None, None)
TRUTH = Span(0, 1)

Problem = tuple[str, str]
"""A key path in the ruleset file and what is wrong there."""


def check_reach(ruleset: Ruleset) -> list[Problem]:
    """Every number of ``ruleset``'s checks that can pass the limit, and every target test
    whose rolls can miss by more than its outcomes cover."""
    problems: list[Problem] = []
    for check in ruleset.checks:
        if check.option is not None and check.option not in ruleset.active_options:
            continue
        names = _Names(ruleset, check)
        found = len(problems)
        for key, expr in _expressions(check):
            past = names.past_limit(expr)
            if past is not None:
                problems.append((f"checks.{check.id}.{key}", past))
        if isinstance(check.mechanic, TargetTest) and len(problems) == found:
            problems.extend(_target_cover(ruleset, check, check.mechanic, names))
    return problems


def _expressions(check: CheckSpec) -> Iterator[tuple[str, Expr]]:
    """Every expression of a check, with its key path under ``checks.ID``."""
    for name, expr in check.derived:
        yield f"derived.{name}", expr
    for spec in check.inputs:
        if spec.from_units is not None:
            yield f"inputs.{spec.name}.from_units", spec.from_units
    for m in check.modifiers:
        yield f"modifiers.{m.id}.value", m.value
        if m.when is not None:
            yield f"modifiers.{m.id}.when", m.when
        for index, refusal in enumerate(m.refusals):
            yield f"modifiers.{m.id}.refuse.{index}.when", refusal.when
    for index, refusal in enumerate(check.refusals):
        yield f"refuse.{index}.when", refusal.when
    for outcome in check.outcomes:
        if outcome.when is not None:
            yield f"outcomes.{outcome.id}.when", outcome.when
        for index, effect in enumerate(outcome.effects):
            for part in ("amount", "when"):
                expr = getattr(effect, part)
                if expr is not None:
                    yield f"outcomes.{outcome.id}.effects.{index}.{part}", expr
    yield from check.mechanic.expressions()


class _Names:
    """The span of every name a check's expressions read."""

    def __init__(self, ruleset: Ruleset, check: CheckSpec) -> None:
        self.spans: dict[str, Span | None] = {}
        """Known spans; None: not a number (a choice, a text)."""
        for spec in check.inputs:
            if spec.type == "int":
                self.spans[spec.name] = Span(spec.minimum, spec.maximum)
            elif spec.type == "bool":
                self.spans[spec.name] = TRUTH
            else:
                self.spans[spec.name] = None
                if spec.choices:
                    self.spans[f"{spec.name}_rank"] = Span(0, len(spec.choices) - 1)
        for part in check.cell_parts:  # what effects read of the chart's cell
            if part.type == "int":
                self.spans[part.name] = Span(part.minimum, part.maximum)
        for option in ruleset.options:
            self.spans[f"opt_{option.id}"] = TRUTH
        for gap in ruleset.gaps:
            if gap.type == "int" and gap.id not in self.spans:
                self.spans[gap.id] = Span(gap.minimum, gap.maximum)
        self.lookups: dict[str, Span | None] = {}
        for name, items in ruleset.lookups:
            numbers = [v for _, v in items if isinstance(v, int)]
            whole = numbers and len(numbers) == len(items)
            self.lookups[name] = Span(min(numbers), max(numbers)) if whole else None
        self.derived = dict(check.derived)
        self.working: set[str] = set()

    def span(self, name: str) -> Span | None:
        if name in self.spans:
            return self.spans[name]
        if name in self.derived and name not in self.working:
            self.working.add(name)  # a derived value read by itself is refused elsewhere
            self.spans[name] = _Evaluator(self).span(self.derived[name].tree)
            self.working.discard(name)
            return self.spans[name]
        return UNKNOWN  # a gap of text, a name only some expressions have (value, mod_ID)

    def of(self, expr: Expr) -> Span | None:
        return _Evaluator(self).span(expr.tree)

    def past_limit(self, expr: Expr) -> str | None:
        """Why ``expr`` can pass ±MAX_VALUE with the bounds the file gives (None: it cannot)."""
        evaluator = _Evaluator(self)
        evaluator.span(expr.tree)
        if evaluator.past is None:
            return None
        bounded = sorted(
            f"{name} {s.low}..{s.high}"
            for name in expr.names
            if isinstance(s := self.span(name), Span) and s.low is not None and s.high is not None
        )
        reading = f" (reading {', '.join(bounded[:4])})" if bounded else ""
        return (
            f"'{excerpt(expr.text, 80)}' can reach {evaluator.past:,}{reading}: beyond "
            f"±{MAX_VALUE:,}, the most a rule's number may be"
        )


def _add(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


def _neg(a: int | None) -> int | None:
    return None if a is None else -a


def _union(spans: list[Span | None]) -> Span | None:
    if any(s is None for s in spans):
        return None
    known = [s for s in spans if s is not None]
    lows = [s.low for s in known]
    highs = [s.high for s in known]
    low = None if any(v is None for v in lows) else min(v for v in lows if v is not None)
    high = None if any(v is None for v in highs) else max(v for v in highs if v is not None)
    return Span(low, high)


def _corners(a: Span, b: Span, op: Callable[[int, int], int]) -> Span:
    if None in (a.low, a.high, b.low, b.high):
        return UNKNOWN
    assert a.low is not None and a.high is not None and b.low is not None and b.high is not None
    values = [op(x, y) for x in (a.low, a.high) for y in (b.low, b.high)]
    return Span(min(values), max(values))


def _floordiv(a: Span, b: Span) -> Span:
    if b.low is None or b.high is None or b.low <= 0 <= b.high:
        return UNKNOWN  # a division by zero is refused as it is met
    return _corners(a, b, lambda x, y: x // y)


class _Evaluator:
    """One expression's span, and the first bound past the limit met on the way."""

    def __init__(self, names: _Names) -> None:
        self.names = names
        self.past: int | None = None

    def span(self, node: ast.expr) -> Span | None:
        out = self._span(node)
        if out is not None and self.past is None:
            self.past = out.bound_past(MAX_VALUE)
        return out

    def _span(self, node: ast.expr) -> Span | None:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool | int):
                return Span(int(node.value), int(node.value))
            return None
        if isinstance(node, ast.Name):
            if node.id in ("True", "False"):
                return Span(int(node.id == "True"), int(node.id == "True"))
            return self.names.span(node.id)
        if isinstance(node, ast.BinOp):
            left, right = self.span(node.left), self.span(node.right)
            if left is None or right is None:
                return UNKNOWN
            if isinstance(node.op, ast.Add):
                return Span(_add(left.low, right.low), _add(left.high, right.high))
            if isinstance(node.op, ast.Sub):
                return Span(_add(left.low, _neg(right.high)), _add(left.high, _neg(right.low)))
            if isinstance(node.op, ast.Mult):
                return _corners(left, right, lambda x, y: x * y)
            return _floordiv(left, right)
        if isinstance(node, ast.UnaryOp):
            operand = self.span(node.operand)
            if isinstance(node.op, ast.Not):
                return TRUTH
            if operand is None:
                return UNKNOWN
            return operand.negated() if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.Compare):
            self.span(node.left)
            for comparator in node.comparators:
                self.span(comparator)
            return TRUTH
        if isinstance(node, ast.BoolOp):  # the value of one of its operands
            return _union([self.span(v) for v in node.values])
        if isinstance(node, ast.IfExp):
            self.span(node.test)
            return _union([self.span(node.body), self.span(node.orelse)])
        if isinstance(node, ast.Subscript):
            self.span(node.slice)
            assert isinstance(node.value, ast.Name)
            return self.names.lookups.get(node.value.id, UNKNOWN)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.Tuple | ast.List):
            for element in node.elts:
                self.span(element)
        return None

    def _call(self, node: ast.Call) -> Span | None:
        assert isinstance(node.func, ast.Name)
        if node.func.id in GROUP_FUNCTIONS:  # over the units picked: a truth, count or total
            for arg in node.args:
                self.span(arg)
            if node.func.id in ("any", "all"):
                return TRUTH
            # a count is never below 0; a total or the value of most(...) is as many units as
            # are picked, which the file does not bound
            return Span(0, None) if node.func.id == "count" else UNKNOWN

        args = [self.span(a) for a in node.args]
        if any(a is None for a in args) or not args:
            return UNKNOWN
        spans = [a for a in args if a is not None]
        name = node.func.id
        if name in ("min", "max"):
            pick = min if name == "min" else max
            lows = [s.low for s in spans]
            highs = [s.high for s in spans]
            if name == "min":  # unbounded above only if every one is
                low = None if None in lows else pick(v for v in lows if v is not None)
                known = [v for v in highs if v is not None]
                high = pick(known) if known else None
            else:
                known = [v for v in lows if v is not None]
                low = pick(known) if known else None
                high = None if None in highs else pick(v for v in highs if v is not None)
            return Span(low, high)
        a = spans[0]
        if name == "abs":
            if a.low is not None and a.low >= 0:
                return a
            if a.high is not None and a.high <= 0:
                return a.negated()
            if a.low is None or a.high is None:
                return Span(0, None)
            return Span(0, max(-a.low, a.high))
        if name == "half_up":  # -(-a // 2)
            return _floordiv(a.negated(), Span(2, 2)).negated()
        if name == "half_down":
            return _floordiv(a, Span(2, 2))
        if name == "ceil_div" and len(spans) == 2:
            return _floordiv(a.negated(), spans[1]).negated()
        return UNKNOWN


# -- target tests: every miss the rolls can reach has an outcome ---------------------------------
def _target_cover(
    ruleset: Ruleset, check: CheckSpec, test: TargetTest, names: _Names
) -> list[Problem]:
    """A pass, and every miss from 1 to the greatest the dice and modifiers can reach (from
    what the file bounds), must have an outcome of its result."""
    die = test.dice.die
    if die is None:
        return []
    natural = Span(test.dice.count * die.low, test.dice.count * die.high)
    roll = _modifiers_total(ruleset, check, names, "roll")
    need = names.of(test.target)
    extra = _modifiers_total(ruleset, check, names, "target")
    if need is None or roll is None or extra is None:
        return []
    needed = Span(_add(need.low, extra.low), _add(need.high, extra.high))
    modified = Span(_add(natural.low, roll.low), _add(natural.high, roll.high))
    if test.compare == ">=":
        worst = _add(needed.high, _neg(modified.low))
    else:
        worst = _add(modified.high, _neg(needed.low))
    problems: list[Problem] = []
    fails = sorted((o.by or (1, MAX_VALUE), o.id) for o in check.outcomes if o.result == "fail")
    covered = [by for by, _ in fails]
    if worst is not None and worst >= 1:
        gap = _first_uncovered(covered, worst)
        if gap is not None:
            reach = ", ".join(_reach_words(covered))
            after = next((oid for (low, _), oid in fails if low > gap[1]), None)
            # a hole between the outcomes is theirs; misses past them all, the dice's
            key = f"outcomes.{after}.by" if after is not None else "dice"
            problems.append(
                (
                    f"checks.{check.id}.{key}",
                    f"with {test.dice} and the modifiers a test can fail by up to {worst:,}, "
                    f"but no outcome is for a fail by {_run(gap)} (the fail outcomes' by "
                    f"cover {reach or 'nothing'})",
                )
            )
    passes = [o for o in check.outcomes if o.result == "pass"]
    if not any(o.by is None or o.by[0] <= 0 <= o.by[1] for o in passes):
        problems.append(
            (f"checks.{check.id}.outcomes", 'no outcome is for a pass (result = "pass")')
        )
    return problems


def _modifiers_total(
    ruleset: Ruleset, check: CheckSpec, names: _Names, applies: str
) -> Span | None:
    """The span of the sum of the modifiers of one kind: each one that may be absent (ticked
    by the players, or applied when a condition holds) adds 0 as well."""
    low: int | None = 0
    high: int | None = 0
    for m in check.modifiers:
        if m.applies != applies or m.side is not None:
            continue
        if m.option is not None and m.option not in ruleset.active_options:
            continue
        value = names.of(m.value)
        if value is None:
            return None
        if m.countable and not m.auto:  # ticked any number of times
            value = Span(
                None if value.low is None or value.low < 0 else 0,
                None if value.high is None or value.high > 0 else 0,
            )
        if not m.auto or m.when is not None:
            value = _union([value, Span(0, 0)])
            assert value is not None
        low, high = _add(low, value.low), _add(high, value.high)
    return Span(low, high)


def _first_uncovered(covered: list[tuple[int, int]], worst: int) -> tuple[int, int] | None:
    """The first run of misses from 1 to ``worst`` that no range of ``covered`` holds."""
    at = 1
    for low, high in covered:
        if low > at:
            return at, min(low - 1, worst)
        at = max(at, high + 1)
        if at > worst:
            return None
    return (at, worst) if at <= worst else None


def _reach_words(covered: list[tuple[int, int]]) -> Iterator[str]:
    for run in covered:
        yield _run(run)


def _run(run: tuple[int, int]) -> str:
    low, high = run
    return f"{low:,}" if low == high else f"{low:,} to {high:,}"
