"""Find the line of a key path in a TOML document, so errors can say ``file:line``.

tomllib gives no positions, so this scans the text: it tracks the current table header and
matches ``key = ...`` lines. It is best effort: when it cannot tell, it returns None and the
error names the key path alone.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"'. ]+?)\s*=")


def _split(dotted: str) -> list[str]:
    parts: list[str] = []
    for piece in re.findall(r'"[^"]*"|\'[^\']*\'|[^.]+', dotted):
        parts.append(piece.strip().strip("\"'"))
    return parts


def locate(text: str, key_path: str) -> int | None:
    """The 1-based line where ``key_path`` (dotted, list items as numbers) is defined."""
    parts = key_path.split(".")
    for at in range(len(parts) - 1, 0, -1):  # an item of a list written over several lines
        if parts[at].isdigit():
            opened = _locate_plain(text, ".".join(parts[:at]))
            if opened is not None:
                item = _item_line(text, opened, int(parts[at]))
                if item is not None:
                    return item
    return _locate_plain(text, key_path)


def _locate_plain(text: str, key_path: str) -> int | None:
    exact = _locate_indexed(text, key_path)
    if exact is not None:
        return exact
    target = [p for p in key_path.split(".") if p and not p.isdigit()]
    if not target:
        return None
    best: tuple[int, int] | None = None  # (matched parts, line)
    current: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            current = _split(header.group(2))
            score = _prefix_len(current, target)
            if score == len(current) and (best is None or score > best[0]):
                best = (score, number)
            continue
        key = _KEY.match(line)
        if key:
            full = current + _split(key.group(1))
            score = _prefix_len(full, target)
            if score == len(full) and (best is None or score > best[0]):
                best = (score, number)
    return best[1] if best else None


def _prefix_len(candidate: list[str], target: list[str]) -> int:
    n = 0
    for a, b in zip(candidate, target, strict=False):
        if a != b:
            break
        n += 1
    return n


def _locate_indexed(text: str, key_path: str) -> int | None:
    """Like :func:`locate`, counting ``[[array]]`` headers so ``units.3.type`` finds the fourth
    ``[[units]]`` table's ``type``; None when the path is not found this way."""
    target = key_path.split(".")
    if not any(p.isdigit() for p in target):
        return None
    counts: dict[tuple[str, ...], int] = {}
    current: list[str] = []
    best: tuple[int, int] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            parts = _split(header.group(2))
            if header.group(1) == "[[":
                # an array item: its parents' indices come from the current header
                base: list[str] = []
                rest = list(parts)
                for piece in current:
                    if rest and piece == rest[0]:
                        base.append(rest.pop(0))
                    elif piece.isdigit() and base and rest:
                        base.append(piece)
                    else:
                        break
                full = tuple(base + rest)
                index = counts.get(full, 0)
                counts[full] = index + 1
                current = [*full, str(index)]
            else:
                current = parts
            candidate = current
        else:
            key = _KEY.match(line)
            if not key:
                continue
            candidate = current + _split(key.group(1))
        score = _prefix_len(candidate, target)
        if score == len(candidate) and (best is None or score > best[0]):
            best = (score, number)
    if best is None or best[0] < sum(1 for p in target if p.isdigit()) + 1:
        return None
    return best[1]


def _item_line(text: str, line: int, index: int) -> int | None:
    """The line where item ``index`` of the list opened by ``key = [`` on ``line`` starts,
    when the list spans several lines (None otherwise)."""
    lines = text.splitlines()
    first = lines[line - 1]
    eq = first.find("=")
    if eq < 0 or not first[eq + 1 :].lstrip().startswith("["):
        return None
    depth = 0
    count = 0  # items started so far
    expecting = False  # after '[' or ',' at depth 1: the next token starts an item
    quote = ""
    for number in range(line, len(lines) + 1):
        row = lines[number - 1]
        column = eq + 1 if number == line else 0
        while column < len(row):
            ch = row[column]
            if quote:
                if ch == "\\" and quote == '"':
                    column += 2
                    continue
                if ch == quote:
                    quote = ""
            elif ch == "#":
                break
            elif ch in "[{" or ch in "\"'" or (not ch.isspace() and ch not in ",]}"):
                if depth == 1 and expecting:
                    if count == index:
                        return number if number != line else None
                    count += 1
                    expecting = False
                if ch in "\"'":
                    quote = ch
                elif ch in "[{":
                    depth += 1
                    if depth == 1:
                        expecting = True
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    return None
            elif ch == "," and depth == 1:
                expecting = True
            column += 1
    return None
