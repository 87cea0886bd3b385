"""The words the new-game screen shows for scenarios and imported orders of battle.

A scenario as a list entry (its title, whose it is, ✗ when it cannot be used) and as a detail
(its file, its description, or each of its problems on a line); an import's preview: its
units by side, or each problem with where it is, the value found and the values allowed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from drumhead.session.shown import ImportedBattle, ScenarioChoice

MARKS = {"yours": "yours", "file": "", "shipped": ""}
"""The word after a scenario's title saying whose it is (the players' own folder's)."""

UNITS_SHOWN = 12
"""The most unit names an import's preview lists for one side (the count says the rest)."""


def shown_folder(folder: Path) -> str:
    """A folder as the players read it: under their home, from ``~``."""
    try:
        return "~/" + str(folder.relative_to(Path.home()))
    except ValueError:
        return str(folder)


def scenario_prompt(choice: ScenarioChoice) -> Text:
    """A scenario as its list entry: the title, ``(yours)`` for the players' own, and for a
    file that cannot be used ``✗`` and its file's name."""
    mark = MARKS[choice.origin]
    if not choice.usable:
        text = Text(f"✗ {choice.file_name or choice.id}", style="bold")
        text.append(f"  ({mark + ': ' if mark else ''}cannot be used)", style="dim")
        return text
    text = Text(choice.title)
    if mark:
        text.append(f"  ({mark})", style="dim")
    return text


def scenario_detail(choice: ScenarioChoice) -> Text:
    """A scenario of the players' folder, for the right pane: its title, file and
    description; or, for any scenario, why it cannot be used (each problem on a line). The
    others need none (empty)."""
    text = Text()
    if choice.origin != "yours" and choice.usable:
        return text
    if choice.usable:
        text.append(choice.title + "\n", style="bold")
        text.append(f"Your scenario: {choice.id}\n", style="italic")
        if choice.description:
            text.append(choice.description + "\n")
        return text
    text.append(f"✗ {choice.file_name or choice.id} cannot be used\n", style="bold")
    text.append(f"{choice.problem}\n")
    text.append("Correct the file and open the new game again; the others are offered.\n")
    return text


def battle_text(battle: ImportedBattle, source: str | Path) -> Text:
    """An import's preview: every problem first (where in bold, then what is wrong, the value
    found and the values allowed), then the units by side as far as they could be read."""
    name = Path(source).name
    text = Text()
    total = sum(len(units) for units in battle.units_by_side.values())
    if battle.problems:
        count = len(battle.problems)
        text.append(f"✗ {name}: {count} problem{'s' if count != 1 else ''}", style="bold")
        text.append(", so it cannot start a game. Correct the file and highlight it again.\n")
        for problem in battle.problems:
            text.append(f"✗ {problem.where}", style="bold")
            text.append(f": {problem.message.removeprefix(problem.where + ': ')}\n")
    elif total == 0:
        text.append(f"✗ {name} holds no units\n", style="bold")
    else:
        text.append(f"✓ {name}: {total} units, ready to play\n", style="bold")
    for side, units in battle.units_by_side.items():
        text.append(f"\n{side} ({len(units)})\n", style="bold underline")
        for unit in units[:UNITS_SHOWN]:
            text.append(f"  {unit}\n")
        if len(units) > UNITS_SHOWN:
            text.append(f"  … and {len(units) - UNITS_SHOWN} more\n", style="italic")
    return text
