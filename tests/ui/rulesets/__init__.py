"""Small rulesets for the app's tests, and apps opened on them."""

from __future__ import annotations

from pathlib import Path

from drumhead.screens.app import DrumheadApp

HERE = Path(__file__).parent

GAP_TEST = str(HERE / "gap-test.toml")
"""One check whose target is a gap nobody has answered."""


def gap_ruleset_app() -> DrumheadApp:
    """The app on the gap-test ruleset (seeded)."""
    return DrumheadApp(seed=1776, ruleset="gap-test", ruleset_files=(GAP_TEST,))
