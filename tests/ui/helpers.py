"""Helpers shared by the UI tests."""

from __future__ import annotations

from drumhead.screens.app import DrumheadApp

SIZES = [(80, 24), (120, 40)]
"""Every screen is pictured at the smallest supported terminal and a comfortable one."""

SEED = 1776
"""The roller's seed in every UI test."""


def make_app(**kwargs: object) -> DrumheadApp:
    """The app as a test sees it: seeded, ruleset One If By Land unless told otherwise."""
    kwargs.setdefault("seed", SEED)
    return DrumheadApp(**kwargs)  # type: ignore[arg-type]
