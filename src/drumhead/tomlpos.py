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
