"""The dice and their exact odds.

- :mod:`~drumhead.dice.odds`: exact probability distributions over integers (fractions).
- :mod:`~drumhead.dice.notation`: dice notation (``2d6``, ``1d10z``), its distributions and rolls.
- :mod:`~drumhead.dice.roller`: where dice come from: a seeded generator or the faces typed in.

May import: :mod:`drumhead.errors` and the standard library alone (``drumhead roll`` loads
nothing else of drumhead).
"""
