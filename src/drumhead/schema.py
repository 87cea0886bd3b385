"""Strict reading of parsed TOML into typed values, with errors that name file, line and key.

A :class:`Reader` wraps one table. Each accessor marks its key as read; :meth:`Reader.done`
rejects any key nobody read, so a typo in a ruleset is an error, never a silently ignored value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from drumhead.errors import DrumheadError, RulesetError
from drumhead.expr import Expr, compile_expr
from drumhead.tomlpos import locate

_MISSING = object()


class Reader:
    """One TOML table being read; ``key`` is its dotted path from the document root."""

    __slots__ = ("data", "doc", "file", "key", "seen")

    def __init__(self, data: Mapping[str, Any], *, file: str = "", key: str = "", text: str = ""):
        self.data = data
        self.file = file
        self.key = key
        self.doc = text
        self.seen: set[str] = set()

    # -- errors ---------------------------------------------------------------------------
    def path(self, name: str | int | None = None) -> str:
        """The dotted key path of ``name`` inside this table."""
        if name is None:
            return self.key
        return f"{self.key}.{name}" if self.key else str(name)

    def error(self, name: str | int | None, message: str) -> RulesetError:
        """An error located at ``name`` in this table."""
        key = self.path(name)
        line = locate(self.doc, key) if self.doc and key else None
        return RulesetError(message, path=self.file, key=key, line=line)

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
            raise self.error(name, f"'{value}' is not one of: {', '.join(choices)}")
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
        raise self.error(name, f"expected [low, high] with low <= high, got {value!r}")

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
        return Reader(value, file=self.file, key=self.path(name), text=self.doc)

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
            yield Reader(item, file=self.file, key=self.path(f"{name}.{index}"), text=self.doc)

    def allow(self, *keys: str) -> None:
        """Reject unknown keys up front (before reading), so a typo is the first error shown."""
        extra = [k for k in self.data if k not in keys]
        if extra:
            known = ", ".join(sorted(keys))
            raise self.error(extra[0], f"unknown key '{extra[0]}' (this table takes: {known})")

    def done(self) -> None:
        """Reject any key that nobody read."""
        extra = [k for k in self.data if k not in self.seen]
        if extra:
            known = ", ".join(sorted(self.seen)) or "none"
            raise self.error(extra[0], f"unknown key '{extra[0]}' (this table takes: {known})")

    def check_names(self, name: str, expr: Expr, known: set[str], lookups: set[str]) -> Expr:
        """Ensure ``expr`` reads only ``known`` names and ``lookups`` tables."""
        unknown = sorted(expr.names - known)
        if unknown:
            raise self.error(
                name,
                f"expression '{expr.text}' names unknown '{unknown[0]}' "
                f"(known here: {', '.join(sorted(known))})",
            )
        bad = sorted(expr.lookups - lookups)
        if bad:
            raise self.error(name, f"expression '{expr.text}' uses unknown lookup table '{bad[0]}'")
        return expr


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int):
        return f"a number ({value})"
    if isinstance(value, float):
        return f"a decimal number ({value})"
    if isinstance(value, str):
        return f"text ('{value}')"
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
