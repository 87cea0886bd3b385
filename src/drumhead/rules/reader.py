"""Strict reading of parsed TOML into typed values, with errors that name file, line and key.

A :class:`Reader` wraps one table. Each accessor marks its key as read; :meth:`Reader.done`
rejects any key nobody read, so a typo in a ruleset is an error, never a silently ignored value.

A reader given :class:`Problems` reports what it can without stopping (:meth:`Reader.report`,
:meth:`Reader.guard`), so one pass over a file finds every error in it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from drumhead.errors import DrumheadError, RulesetError, RulesetErrors, excerpt
from drumhead.rules.expr import Expr, compile_expr
from drumhead.rules.toml_lines import locate

_MISSING = object()

Locator = Callable[[str], tuple[str, int | None]]
"""A key path -> the file it was written in and its line there (house rules laid over a ruleset
name the file each key came from)."""


class Problems:
    """The errors found so far in one file; readers sharing it report instead of stopping."""

    __slots__ = ("errors",)

    def __init__(self) -> None:
        self.errors: list[RulesetError] = []

    def add(self, error: RulesetError) -> None:
        if isinstance(error, RulesetErrors):
            self.errors.extend(error.errors)
        else:
            self.errors.append(error)

    def raise_any(self) -> None:
        """Raise every error found (in file order), if there is one."""
        if self.errors:
            unique = {(e.path, e.line, e.key, e.message): e for e in self.errors}
            ordered = sorted(  # stable: errors on one line keep the order they were found in
                unique.values(),  # the same error reached twice is shown once
                key=lambda e: (e.path, e.line if e.line is not None else 1 << 30),
            )
            raise RulesetErrors(ordered)


class Reader:
    """One TOML table being read; ``key`` is its dotted path from the document root."""

    __slots__ = ("data", "doc", "file", "key", "locator", "problems", "seen")

    def __init__(
        self,
        data: Mapping[str, Any],
        *,
        file: str = "",
        key: str = "",
        text: str = "",
        problems: Problems | None = None,
        locator: Locator | None = None,
    ):
        self.data = data
        self.file = file
        self.key = key
        self.doc = text
        self.seen: set[str] = set()
        self.problems = problems
        """Where errors go when reading should go on (None: the first error is raised)."""
        self.locator = locator

    def child(self, data: Mapping[str, Any], key: str) -> Reader:
        """A reader of the table ``data`` at key path ``key`` of the same document."""
        return Reader(
            data,
            file=self.file,
            key=key,
            text=self.doc,
            problems=self.problems,
            locator=self.locator,
        )

    # -- errors ---------------------------------------------------------------------------
    def path(self, name: str | int | None = None) -> str:
        """The dotted key path of ``name`` inside this table."""
        if name is None:
            return self.key
        return f"{self.key}.{name}" if self.key else str(name)

    def error(self, name: str | int | None, message: str) -> RulesetError:
        """An error located at ``name`` in this table."""
        key = self.path(name)
        if self.locator is not None:
            file, line = self.locator(key)
            return RulesetError(message, path=file, key=key, line=line)
        line = locate(self.doc, key) if self.doc and key else None
        return RulesetError(message, path=self.file, key=key, line=line)

    def report(self, name: str | int | None, message: str) -> None:
        """An error at ``name`` that does not stop the reading (raised when nothing collects)."""
        error = self.error(name, message)
        if self.problems is None:
            raise error
        self.problems.add(error)

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Read one item: an error inside it is collected and the reading goes on after it."""
        if self.problems is None:
            yield
            return
        try:
            yield
        except RulesetError as exc:
            self.problems.add(exc)

    # -- access ---------------------------------------------------------------------------
    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str, default: Any = _MISSING) -> Any:
        self.seen.add(name)
        if name not in self.data:
            if default is _MISSING:
                raise self.error(name, "required key is missing")
            return default
        return self.data[name]

    def text(self, name: str, default: Any = _MISSING, *, choices: tuple[str, ...] = ()) -> Any:
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str):
            raise self.error(name, f"expected text, got {_kind(value)}")
        if choices and value not in choices:
            raise self.error(name, f"'{excerpt(value)}' is not one of: {', '.join(choices)}")
        return value

    def integer(self, name: str, default: Any = _MISSING) -> Any:
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(name, f"expected a whole number, got {_kind(value)}")
        return value

    def boolean(self, name: str, default: Any = _MISSING) -> Any:
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, bool):
            raise self.error(name, f"expected true or false, got {_kind(value)}")
        return value

    def strs(self, name: str, default: Any = _MISSING) -> Any:
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(name, f"expected a list of text, got {_kind(value)}")
        return tuple(value)

    def ints(self, name: str, default: Any = _MISSING) -> Any:
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise self.error(name, f"expected a list of whole numbers, got {_kind(value)}")
        return tuple(value)

    def range(self, name: str, default: Any = _MISSING) -> Any:
        """``[low, high]`` (inclusive) or a single whole number meaning ``[n, n]``."""
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return (value, value)
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and value[0] <= value[1]
        ):
            return (value[0], value[1])
        raise self.error(name, f"expected [low, high] with low <= high, got {excerpt(repr(value))}")

    def expr(self, name: str, default: Any = _MISSING) -> Any:
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        try:
            return compile_expr(value)
        except DrumheadError as exc:
            raise self.error(name, str(exc)) from None

    def table(self, name: str, default: Any = _MISSING) -> Any:
        value = self.raw(name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, dict):
            raise self.error(name, f"expected a table, got {_kind(value)}")
        return self.child(value, self.path(name))

    def tables(self, name: str) -> Iterator[tuple[str, Reader]]:
        """The sub-tables of table ``name`` (``[name.a]``, ``[name.b]``), in file order."""
        outer = self.table(name, None)
        if outer is None:
            return
        for sub in outer.data:
            yield sub, outer.table(sub)
        outer.done()

    def array(self, name: str) -> Iterator[Reader]:
        """The tables of array ``name`` (``[[name]]`` or ``name = [{...}, ...]``)."""
        value = self.raw(name, [])
        if not isinstance(value, list):
            raise self.error(name, f"expected a list of tables, got {_kind(value)}")
        for index, item in enumerate(value):
            if not isinstance(item, dict):
                raise self.error(f"{name}.{index}", f"expected a table, got {_kind(item)}")
            yield self.child(item, self.path(f"{name}.{index}"))

    def allow(self, *keys: str) -> None:
        """Reject unknown keys up front (before reading), each one reported."""
        known = ", ".join(sorted(keys))
        for key in self.data:
            if key not in keys:
                self.seen.add(key)  # reported once, here
                self.report(key, f"unknown key '{excerpt(key)}' (this table takes: {known})")

    def done(self) -> None:
        """Reject any key that nobody read, each one reported."""
        known = ", ".join(sorted(self.seen)) or "none"
        for key in self.data:
            if key not in self.seen:
                self.report(key, f"unknown key '{excerpt(key)}' (this table takes: {known})")

    def check_names(self, name: str, expr: Expr, known: set[str], lookups: set[str]) -> Expr:
        """Report any name ``expr`` reads that is not ``known``, and any lookup table that is
        not one of ``lookups``."""
        for unknown in sorted(expr.names - known):
            self.report(
                name,
                f"expression '{expr.text}' names unknown '{unknown}' "
                f"(known here: {', '.join(sorted(known))})",
            )
        for bad in sorted(expr.lookups - lookups):
            self.report(
                name,
                f"expression '{expr.text}' uses unknown lookup table '{bad}' "
                f"(tables: {', '.join(sorted(lookups)) or 'none'})",
            )
        return expr


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int):
        return f"a number ({excerpt(str(value))})"
    if isinstance(value, float):
        return f"a decimal number ({value})"
    if isinstance(value, str):
        return f"text ('{excerpt(value)}')"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def deep_merge(base: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``patch`` laid over it: tables merge key by key, anything else is replaced."""
    out = dict(base)
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out
