"""The resolve screen: one check, from choosing it to applying its effects.

``screen.py`` is the screen; ``form.py`` its input form (the check, modifiers and inputs),
``odds.py`` the odds panel, ``result.py`` the result panel (the roll and its effects).
"""

from .screen import ResolveScreen

__all__ = ["ResolveScreen"]
