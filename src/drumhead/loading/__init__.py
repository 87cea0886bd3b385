"""Reading ruleset and house-rules files into a validated :class:`~drumhead.rules.model.Ruleset`.

- :mod:`~drumhead.loading.loader`: the files (shipped rulesets through
  :mod:`importlib.resources`, house rules laid over them): the only place the rules core
  touches the file system.
- :mod:`~drumhead.loading.ruleset`: validating a parsed ruleset document, a package of its
  parts (the top level, a check, its inputs, modifiers and outcomes, attributes, gaps,
  sequence of play), one module each.
- :mod:`~drumhead.loading.json_schemas`: the JSON Schemas of ruleset and house-rules files,
  generated from the validator's own types.

May import: :mod:`drumhead.checks` (each mechanic parses its own keys),
:mod:`drumhead.questions`, :mod:`drumhead.rules`, :mod:`drumhead.dice`, :mod:`drumhead.errors`.
"""
