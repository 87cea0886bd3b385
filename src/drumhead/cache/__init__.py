"""drumhead's cache folder: what can always be made again, kept to be read back quickly.

- :mod:`~drumhead.cache.files`: entries written whole or not at all, checked before use, in a
  folder that is the user's own.
- :mod:`~drumhead.cache.rulesets`: validated rulesets, read back in milliseconds.

(:mod:`drumhead.saves.parsed` and :mod:`drumhead.saves.kept` keep what they derive from saves
in the same folder, through :mod:`~drumhead.cache.files`.)

May import: :mod:`drumhead.loading` and everything below it.
"""
