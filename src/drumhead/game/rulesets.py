"""Which ruleset a game plays: a shipped one, or a ruleset file registered for this process.

Registering a file lets a ruleset author (or a test) play a game with a ruleset that is not
shipped yet; games record only the ruleset's id, so the file must be registered again in the
process that loads such a save.

A registered file is read at every use (an author's edit is played at once), but parsed and
validated only when its text, or the optional rules asked for, differ from a use before: the
validated ruleset is an immutable value, kept for the process by file, text and options (the
shipped ones are kept by :mod:`drumhead.cache.rulesets`). Measured: 5 ms of CPU for every game
started, scenario read or save opened on a small test ruleset, twice for a game started from a
scenario; a few hundred microseconds now. Errors are never kept: a file that does not validate
is refused at every use.
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

_BUILT: dict[tuple[str, str, frozenset[str]], Ruleset] = {}
"""Registered rulesets validated in this process, by file, text and optional rules."""
KEEP_BUILT = 16
"""Validated registered rulesets kept: one more drops the oldest."""


def register_ruleset_file(path: str | Path) -> str:
    """Make the ruleset in ``path`` playable by id; returns the id."""
    ruleset = _build(Path(path), frozenset())
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
    return _build(path, frozenset(options))


def _build(path: Path, active: frozenset[str]) -> Ruleset:
    """The ruleset in ``path`` with the optional rules ``active``, validated unless the same
    text with the same options was validated before in this process."""
    from drumhead.rules.limits import LIMITS
    from drumhead.rules.toml_file import read_text

    limits = LIMITS["ruleset"]
    text = read_text(path, limits.size, limits.what)
    key = (str(path), text, active)
    found = _BUILT.get(key)
    if found is not None:
        return found
    from drumhead.loading.loader import apply_options
    from drumhead.loading.ruleset import build_ruleset
    from drumhead.rules.toml_file import read_toml

    data, text = read_toml(path, text, kind="ruleset")
    merged = apply_options(data, sorted(active))
    ruleset = build_ruleset(
        merged, file=str(path), text=text if not active else "", active_options=active
    )
    while len(_BUILT) >= KEEP_BUILT:
        del _BUILT[next(iter(_BUILT))]
    _BUILT[key] = ruleset
    return ruleset
