"""How large the files drumhead reads may be, and what is refused past that, by kind.

Every input that costs time or memory has a limit, named in the error when it is hit (and in
``docs/ruleset-format.md``, "Limits"). Each is far above what a table needs: the shipped
rulesets are under 100 KiB, their largest table 131 entries; the largest house-rules template
(Republique's, every open question) is 14 KiB.

:func:`check_document` walks a parsed ruleset, house-rules or scenario file once (no
recursion) and reports every table past its limit, with its line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from drumhead.errors import RulesetError, RulesetErrors, excerpt

Kind = Literal["ruleset", "house rules", "scenario", "save", "table", "mapping"]
"""The kinds of file drumhead reads."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What one kind of file may hold."""

    what: str
    """The kind as an error names it (``house-rules file``)."""
    size: int
    """The most bytes the file may have (refused unread past it)."""
    text: int | None = None
    """The most characters of one text value (None: no limit; a save's notes grow)."""
    key: int | None = None
    """The most characters of one key."""
    entries: int | None = None
    """The most entries of one table or array."""


KiB = 1024
MiB = 1024 * KiB

MAX_NESTING = 32
"""How deep tables and arrays may nest in any file drumhead reads (the deepest it writes:
a save's copy of house rules that patch an effect of an outcome, 10 levels)."""

TEXT = 2_000
"""Characters in one text of a ruleset, house-rules or scenario file: a long paragraph (the
longest shipped text, a reference entry, has 924)."""
KEY = 100
"""Characters in one key: an id (the longest shipped has 31)."""
ENTRIES = 1_000
"""Entries of one table or array (a check's modifiers or outcomes, a ruleset's gaps, a
scenario's units)."""

LIMITS: dict[Kind, Limits] = {
    "ruleset": Limits("ruleset file", 1 * MiB, TEXT, KEY, ENTRIES),
    "house rules": Limits("house-rules file", 256 * KiB, TEXT, KEY, ENTRIES),
    "scenario": Limits("scenario file", 1 * MiB, TEXT, KEY, ENTRIES),
    "save": Limits("save's snapshot", 64 * MiB),
    "table": Limits("table file", 1 * MiB),
    "mapping": Limits("mapping file", 256 * KiB, TEXT, KEY, ENTRIES),
}
"""Each kind's limits (a mapping: an import's, ``drumhead scenario import --mapping``). A save
is the players' own record: its texts (a unit's notes grow all game) and tables are bounded
by the file alone."""

LARGEST = max(limits.size for limits in LIMITS.values())
"""The most bytes of any file drumhead reads (``drumhead check`` reads a file before it knows
its kind)."""


def check_document(data: dict[str, Any], text: str, path: str, kind: Kind) -> None:
    """Raise every text, key and table of ``data`` past ``kind``'s limits (file, line, key,
    and an excerpt of the value, never the whole of it)."""
    from drumhead.rules.toml_lines import locate

    limits = LIMITS[kind]
    check_size(text, path, limits)
    if limits.text is None and limits.key is None and limits.entries is None:
        return
    found: list[tuple[str, str, str]] = []  # (key path, message, a key too long to locate)
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack and len(found) < 100:
        node, key = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        if limits.entries is not None and len(node) > limits.entries:
            found.append(
                (
                    key,
                    f"{len(node):,} entries; a table or list in a {limits.what} holds at most "
                    f"{limits.entries:,}",
                    "",
                )
            )
        for name, value in items:
            if limits.key is not None and isinstance(name, str) and len(name) > limits.key:
                found.append(
                    (
                        _join(key, excerpt(name, 40)),
                        f"a key of {len(name):,} characters; a key has at most {limits.key:,}",
                        name,
                    )
                )
                continue
            inner = _join(key, str(name))
            if isinstance(value, dict | list):
                stack.append((value, inner))
            elif limits.text is not None and isinstance(value, str) and len(value) > limits.text:
                found.append(
                    (
                        inner,
                        f"a text of {len(value):,} characters ({excerpt(value, 60)!r}); a "
                        f"{limits.what} has at most {limits.text:,} in one text",
                        "",
                    )
                )
    if found:
        errors = [
            RulesetError(message, path=path, key=key, line=_line(locate, text, key, name))
            for key, message, name in found
        ]
        errors.sort(key=lambda e: e.line if e.line is not None else 1 << 30)
        raise RulesetErrors(errors)


def check_size(text: str, path: str, limits: Limits) -> None:
    """Refuse ``text`` (a file's, already read) when it is larger than ``limits`` allow."""
    if len(text) > limits.size or len(text.encode("utf-8")) > limits.size:
        raise too_large(path, len(text.encode("utf-8")), limits)


def too_large(path: str, size: int, limits: Limits) -> RulesetError:
    """The error for a file of ``size`` bytes over its kind's limit."""
    return RulesetError(
        f"the file is {_size(size)}; a {limits.what} may be at most {_size(limits.size)} "
        "(is it the right file?)",
        path=path,
    )


def _size(n: int) -> str:
    if n >= MiB:
        return f"{n / MiB:,.1f} MiB"
    if n >= KiB:
        return f"{n / KiB:,.1f} KiB"
    return f"{n:,} bytes"


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _line(locate: Any, text: str, key: str, name: str) -> int | None:
    """The line of ``key``; of a key too long to be looked up, where ``name`` is written."""
    if name:
        at = text.find(name[:200])
        return text.count("\n", 0, at) + 1 if at >= 0 else None
    found: int | None = locate(text, key) if key else None
    return found
