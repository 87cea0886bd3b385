"""Which ruleset a game plays: a shipped one, or a ruleset file registered for this process.

Registering a file lets a ruleset author (or a test) play a game with a ruleset that is not
shipped yet; games record only the ruleset's id, so the file must be registered again in the
process that loads such a save.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from drumhead.cache.rulesets import load_ruleset, shipped_ids
from drumhead.errors import InputError

if TYPE_CHECKING:
    from drumhead.rules.house_rules import HouseRules
    from drumhead.rules.model import Ruleset

_REGISTERED: dict[str, Path] = {}


def register_ruleset_file(path: str | Path) -> str:
    """Make the ruleset in ``path`` playable by id; returns the id."""
    from drumhead.loading.ruleset import build_ruleset
    from drumhead.rules.toml_file import read_toml

    data, text = read_toml(path, kind="ruleset")
    ruleset = build_ruleset(data, file=str(path), text=text)
    _REGISTERED[ruleset.id] = Path(path)
    return ruleset.id


def known_ruleset_ids() -> list[str]:
    return sorted({*shipped_ids(), *_REGISTERED})


def game_ruleset(
    ruleset_id: str,
    options: Iterable[str] = (),
    house_rules: str | HouseRules | None = None,
) -> Ruleset:
    """The ruleset a game plays, with its optional rules and house rules (a shipped one from
    the compiled ruleset cache, :mod:`drumhead.cache.rulesets`, when it holds it)."""
    path = _REGISTERED.get(ruleset_id)
    if path is None:
        return load_ruleset(ruleset_id, options, house_rules)
    if house_rules is not None:
        raise InputError("house rules apply to shipped rulesets only")
    from drumhead.loading.loader import apply_options
    from drumhead.loading.ruleset import build_ruleset
    from drumhead.rules.toml_file import read_toml

    data, text = read_toml(path, kind="ruleset")
    active = frozenset(options)
    merged = apply_options(data, sorted(active))
    return build_ruleset(
        merged, file=str(path), text=text if not active else "", active_options=active
    )
