"""A leader's result read from a chart's words: the players' own chart (a gap table such as
Republique's leader injury chart) says "Wounded" or "Killed" in a cell, and a ``leader``
effect with ``from_text`` turns the word found in the cell the roll read into the status it
puts on the leader's card."""

from __future__ import annotations

import re
from dataclasses import replace

from drumhead.checks.results import Effect
from drumhead.rules.checks import TEXT_UNCHANGED


def first_word(text: str, words: tuple[str, ...]) -> str | None:
    """The word of ``words`` found first in ``text`` (whole words, in any case), if any."""
    found: list[tuple[int, str]] = []
    for word in words:
        hit = re.search(rf"\b{re.escape(word)}\b", text, flags=re.IGNORECASE)
        if hit is not None:
            found.append((hit.start(), word))
    return min(found)[1] if found else None


def read_chart_words(
    effect: Effect, words: tuple[tuple[str, str], ...], cell: str | None
) -> Effect | None:
    """``effect`` (a ``leader`` effect) with the status the first of ``words`` found in
    ``cell`` gives; None when that word means the leader is unchanged (unhurt). A cell that
    names none of the words is no status a card holds: the effect becomes a note for the table,
    with the cell's words, for the players to apply by hand."""
    table = dict(words)
    word = first_word(cell or "", tuple(table))
    if word is None:
        said = f"the chart reads '{cell}'" if cell else "the chart gives no words"
        return replace(
            effect,
            kind="note",
            who="table",
            state=None,
            text=f"{effect.text}: {said}, naming none of {', '.join(table)}: apply it by hand",
        )
    status = table[word]
    if status == TEXT_UNCHANGED:
        return None
    return replace(effect, state=status, text=f"{effect.text}: {cell}")
