"""drumhead: a table-side adjudicator for horse-and-musket miniature wargames.

The package's core (everything except :mod:`drumhead.cli` and :mod:`drumhead.screens`) is the
pure rules package: no I/O beyond reading its own shipped data, no UI, deterministic.
"""

__version__ = "0.1.0"
