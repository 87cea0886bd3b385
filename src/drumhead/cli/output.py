"""Plain-text and JSON output for the CLI (no rich: the CLI starts fast and pipes cleanly)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any


JSON_BATCH = 4096
"""Pieces of JSON text written at once."""


def emit_json(data: Any) -> None:
    """``data`` as ``json.dumps(data, indent=2, ensure_ascii=False)`` writes it, and a line
    break, written as it is made: a long game's ``stats --json`` was 29 MB of text in three
    million pieces, which joined into one took more memory than the game (it is written by
    :func:`emit_json_by_line` now)."""
    import json  # only --json needs it

    pieces = json.JSONEncoder(indent=2, ensure_ascii=False).iterencode(data)
    batch: list[str] = []
    for piece in pieces:
        batch.append(piece)
        if len(batch) == JSON_BATCH:
            sys.stdout.write("".join(batch))
            batch.clear()
    batch.append("\n")
    sys.stdout.write("".join(batch))


def emit_json_by_line(data: dict[str, Any]) -> None:
    """The table ``data`` as JSON whose every entry, and every table in a list of tables, is
    on a line of its own, each written compact (``json.loads`` reads it as it reads
    :func:`emit_json`'s), and a line break. What ``drumhead stats --json`` writes: a long
    game's 20,000 rolls and 500 units' tallies, one to a line; indented, they were 15 MB in a
    million pieces, which Python's encoder took 0.4 s of a second's command to write (a line
    is made in one go by its fast encoder: 0.1 s)."""
    import json  # only --json needs it

    line = json.JSONEncoder(ensure_ascii=False).encode
    sys.stdout.write("{")
    for index, (key, value) in enumerate(data.items()):
        sys.stdout.write(f"{',' if index else ''}\n  {line(key)}: ")
        if not isinstance(value, list) or not value or not isinstance(value[0], dict):
            sys.stdout.write(line(value))
            continue
        sys.stdout.write("[")
        for start in range(0, len(value), JSON_BATCH):
            lines = (f"\n    {line(item)}" for item in value[start : start + JSON_BATCH])
            sys.stdout.write(("," if start else "") + ",".join(lines))
        sys.stdout.write("\n  ]")
    sys.stdout.write("\n}\n")


def error_dict(error: BaseException) -> dict[str, Any]:
    """One problem as scripts read it: ``{"message", "file", "line", "key"}`` (null where not
    known). A file's problem carries its file, line and key path; any other its message; a
    pick the players must make (an effect on one unit of a group) ``pick``: its role, the units
    to pick from and, where the rules pick at random, the rule that says so; a check the rules
    refuse its ``check``, the ``input`` it is about (the first of ``inputs``, all it reads) and
    the ``roles`` whose cards fill them."""
    from drumhead.errors import PickNeededError, RulesetError

    if isinstance(error, PickNeededError):  # which unit takes an effect: the units offered
        return {
            "message": str(error),
            "file": None,
            "line": None,
            "key": None,
            "pick": {"role": error.role, "units": list(error.units), "random": error.at_random},
        }
    from drumhead.checks.resolve import RefusedError

    if isinstance(error, RefusedError):  # the rules forbid the check: the inputs it is about
        return {
            "message": str(error),
            "file": None,
            "line": None,
            "key": None,
            "check": error.check,
            "input": error.inputs[0] if error.inputs else None,
            "inputs": list(error.inputs),
            "roles": list(error.roles),
        }
    if isinstance(error, RulesetError):
        return {
            "message": error.message,
            "file": error.path or None,
            "line": error.line,
            "key": error.key or None,
        }
    from drumhead.errors import OptionError

    if isinstance(error, OptionError):  # an option the rules refuse: the option is the key
        return {"message": error.message, "file": None, "line": None, "key": error.key}
    return {"message": str(error), "file": None, "line": None, "key": None}


def error_json(error: BaseException) -> dict[str, Any]:
    """A failed command's JSON: ``{"error": {...}}``, plus ``"errors": [...]`` (every problem,
    the first being ``error``) when one file had several."""
    from drumhead.errors import RulesetErrors

    out: dict[str, Any] = {"error": error_dict(error)}
    if isinstance(error, RulesetErrors):
        out["errors"] = [error_dict(e) for e in error.errors]
    return out


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A simple aligned text table."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for index, row in enumerate(cells):
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def bar(p: float, width: int = 20) -> str:
    filled = round(p * width)
    return "#" * filled + "." * (width - filled)
