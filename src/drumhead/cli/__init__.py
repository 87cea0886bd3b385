"""The ``drumhead`` command line: a thin layer over the rules core."""
