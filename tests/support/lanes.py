"""Which lane this test run is, for the property tests that search less of their space in the
inner lane.

tests/conftest.py sets :data:`INNER` before any test module is imported: a run whose ``-m``
leaves the slow tests out (the inner lane, ``-m "not ui and not slow and not bench"``) is the
inner lane; any other run (the whole suite, ``-m slow``, a file named alone) is not. A property
test gives its full count of examples to :func:`examples`: the same test, with the same
strategies and assertions, tries a third of them in the inner lane and all of them elsewhere.
"""

from __future__ import annotations

INNER = False
"""Whether this run is the inner lane (set by tests/conftest.py's pytest_configure)."""

INNER_SHARE = 3
"""The inner lane tries one example in this many."""

INNER_LEAST = 3
"""...and never fewer than this many."""


def examples(full: int) -> int:
    """The examples a property test tries in this run: ``full``, or a third of them (at least
    three) in the inner lane."""
    return max(min(full, INNER_LEAST), full // INNER_SHARE) if INNER else full
