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


CARDS_TEST = str(HERE / "cards-test.toml")
"""One If By Land-like: brigade cards, a ladder, figures, a morale test from the card."""

CARDS_SCENARIO = str(HERE / "cards-test-scenario.toml")
"""Five units in four brigades on two sides, a leader attached."""

INITIATIVE_TEST = str(HERE / "initiative-test.toml")
"""MWAN-like: an opposed initiative roll each turn, movement with a movement-end step."""

INITIATIVE_SCENARIO = str(HERE / "initiative-test-scenario.toml")
"""One battalion a side."""
