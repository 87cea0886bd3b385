"""What a house-rules file says, as a value (:class:`HouseRules`), and its fingerprint.

Apart from the loader that reads the files, so that a game (which keeps a copy of its house
rules) can be opened without importing the rulesets' reader and validator.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from drumhead.rules.model import InputValue


@dataclass(frozen=True, slots=True)
class HouseRules:
    """A house-rules file: gap values and patches for one shipped ruleset."""

    path: str
    ruleset: str
    title: str
    gaps: tuple[tuple[str, InputValue], ...]
    patch: Mapping[str, Any]
    options: tuple[str, ...]
    digest: str = ""
    """A fingerprint of the file's text (a save notices when the house rules changed)."""
    text: str = ""
    """The file's text (errors in its patch name their line); empty for the copy a save keeps."""
    author: str = ""
    """Who wrote them (a club, a player), as the file says."""
    description: str = ""
    """What they are, in a few words, as the file says."""


def house_fingerprint(house: HouseRules) -> str:
    """A fingerprint of what house rules say (their values, patch, options and title), whether
    read from a file or from the copy a save keeps."""
    import json

    content = [house.ruleset, house.title, sorted(house.gaps), house.patch, sorted(house.options)]
    text = json.dumps(content, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
