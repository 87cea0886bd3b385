"""The resolve screen: one check, from choosing it to applying its effects.

``screen.py`` is the screen; ``form.py`` its input form (the check, modifiers and inputs),
``odds.py`` the odds panel, ``result.py`` the result panel (the roll and its effects),
``pickers.py`` the other side's unit and each side's leader picked from the roster,
``sides.py`` the sides panel (a row per side, Enter picks it again, a refusal about it under it),
``applying.py`` the effects applied to the units their sides name, ``gaps.py`` a missing value
asked for, ``rolling.py`` a second roll confirmed; ``view.py`` is the screen as those helpers
see it.
"""

from .screen import ResolveScreen

__all__ = ["ResolveScreen"]
