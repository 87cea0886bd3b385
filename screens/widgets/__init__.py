"""Reusable widgets and the text they draw (the only place with ``DEFAULT_CSS``)."""
