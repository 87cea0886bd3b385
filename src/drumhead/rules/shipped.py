"""Choices about the data drumhead ships, kept apart from the code that uses them.

The game layer, the table session and the app name no ruleset (a test greps them); what must
name one, as a product's choice rather than a rule, is here. Importing it loads nothing else
(the start screen's first frame reads it).
"""

from __future__ import annotations

DEFAULT_RULESET = "one-if-by-land"
"""The shipped ruleset the app shows first when no game is open and none was asked for."""
