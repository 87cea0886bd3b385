"""Reading a TOML file (a ruleset, a scenario, house rules, a save) with errors that say where.

Apart from the loader, so that opening a save does not import the rulesets' reader and
validator.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from drumhead.errors import RulesetError


def read_toml(path: str | Path, text: str | None = None) -> tuple[dict[str, Any], str]:
    """Parse a TOML file; syntax errors become :class:`RulesetError` with the line."""
    name = str(path)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RulesetError("file not found", path=name) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RulesetError(f"cannot read the file: {exc}", path=name) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        # Python 3.11's error has no line attribute; it ends "(at line L, column C)".
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(found.group(1)) if found else None
        message = str(exc).split(" (at ")[0]
        if found:
            message += f" (column {found.group(2)})"
        raise RulesetError(f"not valid TOML: {message}", path=name, line=line) from None
