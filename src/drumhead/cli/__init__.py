"""The ``drumhead`` command line: a thin layer over the rules core.

May import: everything of the core below it; the app (:mod:`drumhead.screens`) only lazily,
when a command starts it.
"""
