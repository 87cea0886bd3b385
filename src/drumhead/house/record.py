"""The copy of its house rules a game keeps (``[start.house]`` in a save), so that a save
resolves the same after the file is changed, moved or deleted.

The copy holds what the file said: its title, author and description, the optional rules it
switches on, its answers (``gaps``, one per answer id) and its ``patch``. The game's ruleset is
built from the copy, never from the file again.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from drumhead.errors import DrumheadError
from drumhead.rules.house_rules import HouseRules, house_fingerprint
from drumhead.rules.model import InputValue
from drumhead.rules.reader import Reader

COPY_KEYS = (
    "file",
    "ruleset",
    "title",
    "author",
    "description",
    "digest",
    "options",
    "gaps",
    "patch",
)
"""The keys of a saved copy."""


def house_to_dict(house: HouseRules) -> dict[str, Any]:
    """The copy as plain data (TOML-ready; absent keys are empty)."""
    out: dict[str, Any] = {"file": house.path, "ruleset": house.ruleset, "title": house.title}
    if house.author:
        out["author"] = house.author
    if house.description:
        out["description"] = house.description
    out["digest"] = house.digest
    if house.options:
        out["options"] = list(house.options)
    out["gaps"] = dict(house.gaps)
    if house.patch:
        out["patch"] = dict(house.patch)
    return out


def read_gap_values(r: Reader) -> list[tuple[str, InputValue]]:
    """The ``gaps`` table of a save or a saved house-rules copy (none: empty), each value a
    number, text or boolean (an error at its key otherwise)."""
    gaps_r = r.table("gaps", None)
    gaps: list[tuple[str, InputValue]] = []
    if gaps_r is not None:
        for key in gaps_r.data:
            value = gaps_r.raw(key)
            if not isinstance(value, int | str | bool):
                raise gaps_r.error(key, "a gap value must be a number, text or boolean")
            gaps.append((key, value))
        gaps_r.done()
    return gaps


def read_house_copy(r: Reader) -> HouseRules:
    """A saved copy, strictly: unknown keys and wrong types are errors at their key."""
    gaps = read_gap_values(r)
    patch = r.table("patch", None)
    house = HouseRules(
        path=r.text("file"),
        ruleset=r.text("ruleset"),
        title=r.text("title"),
        gaps=tuple(gaps),
        patch=patch.data if patch is not None else {},
        options=r.strs("options", ()),
        digest=r.text("digest", ""),
        author=r.text("author", ""),
        description=r.text("description", ""),
    )
    r.done()
    return house


def file_status(house: HouseRules) -> str | None:
    """What has become of the file a game's house rules were copied from, when it is not as
    it was (None when it is): changed, or gone. The game goes on with its copy either way."""
    path = Path(house.path)
    if not path.exists():
        return (
            f"the house rules file {path.name} is no longer where the game found it "
            f"({path}): the game goes on with the copy of its values kept in the save"
        )
    from drumhead.loading.loader import read_house_rules  # the reader: only when there is a file

    try:
        now = read_house_rules(path)
    except DrumheadError:  # a file broken since: the copy is what counts
        return (
            f"the house rules file {path.name} cannot be read any more: the game goes on "
            "with the copy of its values kept in the save"
        )
    if house_fingerprint(now) != house_fingerprint(house):
        return (
            f"the house rules in {path.name} have changed since this game started: the game "
            "goes on with the values it started with (a copy is kept in the save)"
        )
    return None


def same_values(a: HouseRules | None, b: HouseRules | None) -> bool:
    """Whether two copies say the same (their files' texts may differ in comments)."""
    if a is None or b is None:
        return a is b
    return house_fingerprint(a) == house_fingerprint(b)


def as_copy(house: HouseRules) -> HouseRules:
    """What a game keeps of house rules read from a file: everything but the file's text."""
    return replace(house, text="")
