"""The resolve screen: one check, from choosing it to applying its effects.

``screen.py`` is the screen; ``form.py`` its input form (the check, modifiers and inputs),
``odds.py`` the odds panel, ``result.py`` the result panel (the roll and its effects),
``pickers.py`` the other side's unit and each side's leader picked from the roster,
``applying.py`` the effects applied to the units their sides name.
"""

from .screen import ResolveScreen

__all__ = ["ResolveScreen"]
