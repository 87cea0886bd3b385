"""The words the new-game screen shows for house-rules files and the open questions.

A house-rules choice as a list entry (its title, whose it is) and as a preview (title, author,
what it answers and changes, where the file is); the questions the rules leave open as one
summary line and one folded line per check, short enough never to run off the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING

from rich.text import Text

from drumhead.questions.asked import OpenQuestions, QuestionGroup
from drumhead.rules.model import Ruleset

if TYPE_CHECKING:
    from drumhead.session.shown import HouseChoice

NOT_FIRST = (
    "Nothing needs answering before the game starts: play, and each question is asked when a "
    "check first needs it (or pick a house-rules file)."
)
"""Said under the summary: the open questions are not a form to fill in first."""

ALL_ANSWERED = "No check stops to ask: every value the rules leave out has an answer."
"""Said under the summary when every open question is answered (by house rules, or the
players)."""

ORIGINS = {"shipped": "sample shipped with drumhead", "yours": "your house-rules folder"}
"""Where a house-rules file was found, in words."""


def choice_prompt(choice: HouseChoice) -> Text:
    """A choice as its list entry: the title, and what it answers (or why it is not usable)."""
    text = Text(choice.title, style="italic" if choice.path is None else "")
    if choice.path is not None:
        mark = "✗ " if not choice.usable else ""
        text.append(f"\n  {mark}{choice.preview}", style="dim")
    return text


def choice_detail(choice: HouseChoice) -> Text:
    """A choice's preview: title, author line, what it answers and changes, its file."""
    text = Text()
    if choice.path is None:
        text.append("No house rules\n", style="bold")
        text.append(f"{choice.preview.capitalize()}.\n")
        return text
    text.append(choice.title + "\n", style="bold")
    if choice.author:
        text.append(f"by {choice.author}\n", style="italic")
    if choice.description:
        text.append(choice.description + "\n")
    if choice.usable:
        text.append(f"{choice.preview.capitalize()}.\n")
        text.append(
            "Its values are the players' own, not the rules': each is marked as a house "
            "rule wherever drumhead uses it.\n",
            style="italic",
        )
    else:
        text.append(f"✗ {choice.preview}\n", style="bold")
    origin = ORIGINS.get(choice.origin, choice.origin)
    name = PurePath(choice.path).name  # the folder is said by the origin: no machine's paths
    text.append(f"File: {name}" + (f" ({origin})" if origin else "") + "\n", style="dim")
    return text


def group_line(ruleset: Ruleset, group: QuestionGroup, oq: OpenQuestions) -> str:
    """One check's questions folded to a line: how many, which charts, how many still open."""
    own = [q for q in group.questions if q.open]
    parts = []
    if own:
        still = sum(1 for q in own if not q.answered)
        parts.append(f"{len(own)} question{'s' if len(own) != 1 else ''}" + _left(still, own))
    for table_id in group.tables:
        table = ruleset.gap_table(table_id)
        if table is None:
            continue
        cells = [q for q in oq.questions if q.table == table_id and q.open]
        if not cells:
            continue
        still = sum(1 for q in cells if not q.answered)
        parts.append(f"chart: {table.title} ({len(cells)} cells{_left(still, cells)})")
    return f"▸ {group.title}: " + "; ".join(parts) if parts else ""


def _left(still: int, asked: Sequence[object]) -> str:
    if still == len(asked):
        return ""
    if still == 0:
        return ", all answered"
    return f", {still} still open"


def questions_text(ruleset: Ruleset, oq: OpenQuestions) -> Text:
    """The open questions, folded: the summary line, that none must be answered first, and a
    line per check that needs some."""
    text = Text()
    if not oq.open:
        text.append("The rules leave no question open.\n")
        return text
    text.append(oq.summary + ".\n", style="bold")
    # with every question answered, none is asked: the line that says when they are is left out
    text.append((NOT_FIRST if oq.unanswered else ALL_ANSWERED) + "\n", style="italic")
    for group in oq.groups:
        line = group_line(ruleset, group, oq)
        if line:
            text.append(line + "\n")
    return text
