"""The table's paper written beside the saves: a game's unit cards and its ruleset's quick
reference (:mod:`drumhead.paper`) as HTML files to open in a browser and print.

The files are named after the save (``mill-cards.html``, ``mill-reference.html``) in the
folder the save is in, and written whole or not at all (:func:`write_atomic`): a failure to
write is a :class:`~drumhead.saves.files.SaveWriteError` naming the file and why.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from drumhead.saves.files import write_atomic

if TYPE_CHECKING:
    from drumhead.game import Game

PaperKind = Literal["cards", "reference"]
"""``cards``: the game's unit cards to cut out; ``reference``: its ruleset's quick reference
(its options and house rules as the game plays them)."""


def paper_path(save: Path, kind: PaperKind) -> Path:
    """Where the paper of the save at ``save`` (its ``.toml`` file) is written: beside it."""
    return save.with_name(f"{save.stem}-{kind}.html")


def write_paper(game: Game, save: Path, kind: PaperKind) -> Path:
    """Write ``game``'s paper of ``kind`` beside the save ``save``; the path written."""
    from drumhead.paper import cards_html, reference_html

    text = cards_html(game) if kind == "cards" else reference_html(game.ruleset)
    path = paper_path(save, kind)
    write_atomic(path, text.encode("utf-8"))
    return path
