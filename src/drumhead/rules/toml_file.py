"""The one reader of the files drumhead reads: rulesets, scenarios, house rules, saves.

Every failure becomes a :class:`RulesetError` naming the file, and the line where it can be
told: a file missing, unreadable, not a regular file, larger than its kind's limit, not UTF-8,
not TOML, a whole number tomllib refuses (over 4,300 digits: a bare ``ValueError``), tables
and arrays nested deeper than :data:`MAX_NESTING` (tomllib's own recursion, or dotted keys,
which nest without it). Never a traceback.

Apart from the loader, so that opening a save does not import the rulesets' reader and
validator.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

from drumhead.errors import RulesetError
from drumhead.rules.limits import (
    LARGEST,
    LIMITS,
    MAX_NESTING,
    Kind,
    Limits,
    check_document,
    check_size,
    too_large,
)
from drumhead.rules.toml_lines import locate

_DIGITS = sys.get_int_max_str_digits() or 4300
"""Python's limit on the digits of a whole number read from text (tomllib is refused past it)."""


def read_bytes(path: str | Path, limit: int | None = None, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``: at most ``limit`` (a larger file is refused,
    naming the limit, without being read)."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise RulesetError("file not found", path=name) from None
    except OSError as exc:
        raise RulesetError(f"cannot read the file: {exc.strerror or exc}", path=name) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RulesetError("not a file (a folder, a device or a pipe)", path=name)
        if limit is not None and info.st_size > limit:
            raise too_large(name, info.st_size, Limits(what, limit))
        chunks = []
        size = 0
        # the size the file says, and one byte more, at once: read in pieces and joined, a
        # file was held twice at the join (a 48 MiB journal: 48 MiB more at the peak)
        want = info.st_size + 1
        while True:  # to the end, or one byte past the limit (a file growing as it is read)
            if limit is not None:
                want = min(want, limit + 1 - size)
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if limit is not None and size > limit:
                raise too_large(name, size, Limits(what, limit))
            want = 1 << 20  # a file growing as it is read: the rest in pieces
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except OSError as exc:
        raise RulesetError(f"cannot read the file: {exc.strerror or exc}", path=name) from None
    finally:
        os.close(fd)


def decode(raw: bytes, path: str | Path) -> str:
    """``raw`` as UTF-8 text; otherwise an error naming the line of the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError(
            f"not UTF-8 text (byte {exc.start} is not)",
            path=str(path),
            line=raw.count(b"\n", 0, exc.start) + 1,
        ) from None


def read_text(path: str | Path, limit: int | None = None, what: str = "file") -> str:
    """The UTF-8 text of the file ``path`` (see :func:`read_bytes`, :func:`decode`)."""
    return decode(read_bytes(path, limit, what), path)


def read_toml(
    path: str | Path, text: str | None = None, *, kind: Kind | None = None
) -> tuple[dict[str, Any], str]:
    """Read (unless ``text`` is given) and parse a TOML file: its tables and its text.

    ``kind``: the file's kind, whose limits it is held to (:mod:`drumhead.rules.limits`);
    None: the largest file any kind may be, and no limit on what it holds."""
    limits = LIMITS[kind] if kind is not None else Limits("file", LARGEST)
    if text is None:
        text = read_text(path, limits.size, limits.what)
    else:
        check_size(text, str(path), limits)
    data = parse_toml(text, path)
    if kind is not None:
        check_document(data, text, str(path), kind)
    return data, text


_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
_LONG_KEY = re.compile(
    rf"(?:^|[{{,])[ \t]*\[{{0,2}}[ \t]*{_PART}(?:[ \t]*\.[ \t]*{_PART}){{{MAX_NESTING + 1},}}",
    re.MULTILINE,
)
"""A key (or table header) of more dotted parts than tables may nest: tomllib takes time in
the square of a key's parts (a 40 KB key took it 10 s), so it is refused before parsing."""


def _long_key_line(text: str) -> int | None:
    """The line of the first key of more parts than tables nest (looked for on the lines with
    that many dots alone: a few milliseconds a megabyte)."""
    if text.count(".") <= MAX_NESTING:
        return None
    for number, line in enumerate(text.splitlines(), 1):
        if line.count(".") > MAX_NESTING and _LONG_KEY.search(line):
            return number
    return None


def parse_toml(text: str, path: str | Path) -> dict[str, Any]:
    """``text`` parsed as TOML; any failure a :class:`RulesetError` naming ``path``."""
    name = str(path)
    long_key = _long_key_line(text)
    if long_key is not None:
        raise _too_deep(name, long_key)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # Python 3.11's error has no line attribute; it ends "(at line L, column C)".
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(found.group(1)) if found else None
        message = str(exc).split(" (at ")[0]
        if found:
            message += f" (column {found.group(2)})"
        raise RulesetError(f"not valid TOML: {message}", path=name, line=line) from None
    except ValueError:  # a whole number past Python's limit on digits
        raise RulesetError(
            f"a whole number of more than {_DIGITS:,} digits (no rule or save needs one)",
            path=name,
            line=_long_number_line(text),
        ) from None
    except (RecursionError, MemoryError):
        raise _too_deep(name, _deep_line(text)) from None
    if _nesting(data) > MAX_NESTING:
        key = _too_deep_at(data)  # to a value, so that its line can be found
        raise _too_deep(name, locate(text, key) if key else None, _short_key(key))
    return data


def _too_deep(name: str, line: int | None, key: str = "") -> RulesetError:
    return RulesetError(
        f"tables and arrays nested too deep: at most {MAX_NESTING} levels",
        path=name,
        line=line,
        key=key,
    )


def _short_key(key: str) -> str:
    return key if len(key) <= 80 else f"{key[:60]}..."


def _long_number_line(text: str) -> int | None:
    found = re.search(rf"[0-9_]{{{_DIGITS},}}", text)
    return text.count("\n", 0, found.start()) + 1 if found else None


def _deep_line(text: str) -> int | None:
    """The line where brackets outside strings and comments first nest past the limit."""
    depth = 0
    line = 1
    quote = ""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
        if quote:
            if c == "\\" and quote == '"':
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return line
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


def _nesting(data: dict[str, Any]) -> int:
    """How deep tables and arrays nest in ``data`` (its own level 0), counted without
    recursion, and without going more than one level past the limit."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_NESTING:
            break
        inner = node.values() if isinstance(node, dict) else node
        stack.extend((v, depth + 1) for v in inner if isinstance(v, dict | list))
    return deepest


def _too_deep_at(data: dict[str, Any]) -> str:
    """The key path of the first table or array nested past :data:`MAX_NESTING`."""
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        node, depth, key = stack.pop()
        if depth > MAX_NESTING:
            return key + _down(node)
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if isinstance(v, dict | list):
                stack.append((v, depth + 1, f"{key}.{k}" if key else str(k)))
    return ""


def _down(node: Any) -> str:
    """The rest of a key path from ``node`` to the first value in it (``.a.b.0``)."""
    parts = []
    while isinstance(node, dict | list) and node:
        if isinstance(node, dict):
            first = next(iter(node))
            parts.append(str(first))
            node = node[first]
        else:
            parts.append("0")
            node = node[0]
    return "".join(f".{p}" for p in parts)
