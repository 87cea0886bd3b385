"""Validating a parsed ruleset document into a frozen :class:`~drumhead.rules.model.Ruleset`,
one part of the document a module.

- :mod:`~drumhead.loading.ruleset.document`: :func:`build_ruleset`, the document's top level
  (id, sources, lookups, shared inputs, gaps, rulings, optional rules, ladders, unit types,
  markers, quick reference), handing the rest to the parts below.
- :mod:`~drumhead.loading.ruleset.checks`: one check, its roles, derived values and mechanic,
  and the references between its parts.
- :mod:`~drumhead.loading.ruleset.inputs`, :mod:`~drumhead.loading.ruleset.modifiers`,
  :mod:`~drumhead.loading.ruleset.outcomes`: a check's inputs, its modifiers and refusals, its
  outcomes and their effects.
- :mod:`~drumhead.loading.ruleset.attributes`, :mod:`~drumhead.loading.ruleset.gaps`,
  :mod:`~drumhead.loading.ruleset.sequence`: the unit and leader attributes (and each unit
  type's morale check), the gaps' keys and gap tables, the sequence of play.
- :mod:`~drumhead.loading.ruleset.facts`: the quick facts printed on the unit cards, each
  worked out for every card it can be on.
- :mod:`~drumhead.loading.ruleset.expressions`: what an expression or a text refers to.
- :mod:`~drumhead.loading.ruleset.names`: ids, and what a ruleset declares that checks name.

Every problem in a document is reported at its key and raised together.
"""

from drumhead.loading.ruleset.document import TOP_LEVEL_KEYS, build_ruleset
from drumhead.loading.ruleset.outcomes import TABLE

__all__ = ["TABLE", "TOP_LEVEL_KEYS", "build_ruleset"]
