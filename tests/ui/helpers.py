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


async def start_game(pilot: object, name: str = "mill") -> None:
    """From the start screen: n, the highlighted ruleset, its first scenario, a name, Enter."""
    await pilot.press("n")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    # Enter picks the ruleset, Enter the (first) scenario, then the name and Enter starts
    await pilot.press("enter", "enter", *name, "enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


def cards_app() -> DrumheadApp:
    """The app on the One If By Land-like test ruleset, its scenario offered."""
    from tests.ui.rulesets import CARDS_SCENARIO, CARDS_TEST

    return make_app(
        ruleset="cards-test", ruleset_files=(CARDS_TEST,), scenario_files=(CARDS_SCENARIO,)
    )


def initiative_app() -> DrumheadApp:
    """The app on the MWAN-like test ruleset, its scenario offered."""
    from tests.ui.rulesets import INITIATIVE_SCENARIO, INITIATIVE_TEST

    return make_app(
        ruleset="initiative-test",
        ruleset_files=(INITIATIVE_TEST,),
        scenario_files=(INITIATIVE_SCENARIO,),
    )
