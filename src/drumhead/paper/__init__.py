"""The table's paper as one self-contained HTML file to print: a game's unit cards to cut out
(:mod:`drumhead.paper.cards`) and a ruleset's quick-reference sheet
(:mod:`drumhead.paper.reference`). Pure: each returns the file's text; nothing is fetched or
written here.

May import: :mod:`drumhead.game` and everything below it.
"""

from drumhead.paper.cards import cards_html
from drumhead.paper.reference import reference_html

__all__ = ["cards_html", "reference_html"]
