"""The rulesets on offer: shipped ones and any read from files, loaded once, and their titles.

Titles and ids are read without parsing or validating a ruleset (the start screen's first
frame needs them, not the validator); a ruleset is loaded (validated) when first used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drumhead.rules.model import Ruleset

from drumhead.rules.shipped import DEFAULT_RULESET

_TITLE = re.compile(r'^title\s*=\s*"((?:[^"\\]|\\.)*)"', re.MULTILINE)
"""A ruleset file's top-level ``title = "..."`` line."""


class RulesetShelf:
    """The rulesets a session can use."""

    def __init__(self, files: Iterable[str | Path] = ()) -> None:
        self.files: dict[str, str] = {}
        """Rulesets read from files (not shipped): id -> path."""
        if files:
            from drumhead.game import register_ruleset_file

            for path in files:
                self.files[register_ruleset_file(path)] = str(path)
        self.cache: dict[tuple[str, frozenset[str]], Ruleset] = {}
        """Rulesets read from files, loaded, by id and options (shipped ones are cached by
        the loader)."""
        self.titles: dict[str, str] = {}
        """Titles read so far, by id."""

    def ids(self) -> list[str]:
        """Every ruleset on offer, sorted: shipped ones and those read from files.

        Listed from the data folder directly (as :func:`drumhead.loading.loader.ruleset_ids` does),
        so that listing them does not import the ruleset validator.
        """
        folder = resources.files("drumhead.data") / "rulesets"
        shipped = {p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")}
        return sorted(shipped | set(self.files))

    def default(self) -> str:
        """The ruleset shown when none was chosen."""
        ids = self.ids()
        return DEFAULT_RULESET if DEFAULT_RULESET in ids else ids[0]

    def load(self, ruleset_id: str, options: Iterable[str] = ()) -> Ruleset:
        """A ruleset by id (shipped or from a file), with optional rules on."""
        from drumhead.cache.rulesets import load_ruleset
        from drumhead.loading.loader import apply_options
        from drumhead.loading.ruleset import build_ruleset
        from drumhead.rules.toml_file import read_toml

        chosen = frozenset(options)
        path = self.files.get(ruleset_id)
        if path is None:
            return load_ruleset(ruleset_id, tuple(sorted(chosen)))
        key = (ruleset_id, chosen)
        if key not in self.cache:
            data, text = read_toml(path, kind="ruleset")
            merged = apply_options(data, sorted(chosen))
            self.cache[key] = build_ruleset(merged, file=path, text=text, active_options=chosen)
        return self.cache[key]

    def title(self, ruleset_id: str) -> str:
        """A ruleset's title, read without parsing the file: the top-level ``title`` line,
        which every ruleset file has before its first table (the id when there is none)."""
        if ruleset_id not in self.titles:
            from drumhead.errors import DrumheadError
            from drumhead.rules.limits import LIMITS
            from drumhead.rules.toml_file import read_text

            path = self.files.get(ruleset_id)
            try:
                if path is not None:
                    text = read_text(path, LIMITS["ruleset"].size)
                else:
                    folder = resources.files("drumhead.data") / "rulesets"
                    text = (folder / f"{ruleset_id}.toml").read_text(encoding="utf-8")
            except (OSError, DrumheadError):
                text = ""
            head = text.split("\n[", 1)[0]  # top-level keys come before the first table
            match = _TITLE.search(head)
            self.titles[ruleset_id] = match.group(1) if match else ruleset_id
        return self.titles[ruleset_id]
