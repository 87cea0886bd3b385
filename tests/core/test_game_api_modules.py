"""docs/game-api.md says which module of drumhead.game does what ("The parts of Game"): a
reader looking for where a morale test is logged or a save's event is held to the rules
finds the module there. Every module of src/drumhead/game is named in that list, and the
list names no module that is not there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "src" / "drumhead" / "game"
DOC = ROOT / "docs" / "game-api.md"
HEADING = "## The parts of Game"


def listed() -> list[str]:
    """The modules the doc's list names (its rows: ``| `name.py` | job |``)."""
    text = DOC.read_text(encoding="utf-8")
    assert HEADING in text, f"docs/game-api.md has no '{HEADING}' section"
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z_]+)\.py` \| \S", section, flags=re.MULTILINE)


def test_the_game_api_doc_names_every_module_of_the_game_package() -> None:
    modules = sorted(p.stem for p in GAME.glob("*.py") if p.stem != "__init__")
    names = listed()
    assert len(names) == len(set(names)), "a module listed twice"
    assert sorted(set(modules) - set(names)) == []
    assert sorted(set(names) - set(modules)) == []
