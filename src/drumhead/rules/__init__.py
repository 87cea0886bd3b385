"""The ruleset language: the frozen values a ruleset file is read into, and how they are read.

- :mod:`~drumhead.rules.model`: the ruleset's types, every one importable from it; the
  :class:`~drumhead.rules.model.Ruleset` and what it declares at its top level are there, its
  parts' types in :mod:`~drumhead.rules.checks` (checks, inputs, modifiers, outcomes,
  effects), :mod:`~drumhead.rules.gaps` (gaps, gap tables), :mod:`~drumhead.rules.cards`
  (card fields, attributes), :mod:`~drumhead.rules.facts` (the quick facts printed on the
  cards) and :mod:`~drumhead.rules.sequence` (the sequence of play).
- :mod:`~drumhead.rules.expr`: the small, safe expression language of conditions and values.
- :mod:`~drumhead.rules.luck`: which results of a check are better for the unit rolled for.
- :mod:`~drumhead.rules.house_rules`: what a house-rules file says, as a value.
- :mod:`~drumhead.rules.reader`: strict reading of parsed TOML into typed values.
- :mod:`~drumhead.rules.toml_file`, :mod:`~drumhead.rules.toml_lines`: reading a TOML file,
  and finding the line of a key, for errors that say ``file:line``.
- :mod:`~drumhead.rules.legacy_cards`, :mod:`~drumhead.rules.shipped`: the card fields of old
  saves, and the choices about the data drumhead ships.

May import: :mod:`drumhead.errors`, :mod:`drumhead.dice`. Nothing here reads a ruleset file
(:mod:`drumhead.loading` does) or knows a mechanic (:mod:`drumhead.checks` does; the model
names the mechanic's protocol for type checking only).
"""
