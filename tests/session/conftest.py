"""The table session's tests: no Textual, no Rich; saves in a throwaway folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from drumhead.session import Change, TableSession

RULESETS = Path(__file__).resolve().parents[1] / "ui" / "rulesets"
CARDS_TEST = str(RULESETS / "cards-test.toml")
"""One If By Land-like: brigade cards, a ladder, figures, a morale test from the card."""
CARDS_SCENARIO = str(RULESETS / "cards-test-scenario.toml")
"""Five units in four brigades on two sides, a leader attached to the 1st Blue Guards."""
GAP_TEST = str(RULESETS / "gap-test.toml")
"""One check whose target is a gap nobody has answered."""


class Recorder:
    """An observer that keeps every change it is told of."""

    def __init__(self) -> None:
        self.changes: list[Change] = []

    def __call__(self, change: Change) -> None:
        self.changes.append(change)

    def take(self) -> list[Change]:
        """The changes told since the last take."""
        out, self.changes = self.changes, []
        return out


@pytest.fixture
def saves(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def session(saves: Path) -> Iterator[TableSession]:
    """A session on the cards-test ruleset and its scenario, seeded; closed after the test."""
    table = TableSession(
        str(saves),
        ruleset="cards-test",
        seed=1776,
        ruleset_files=(CARDS_TEST,),
        scenario_files=(CARDS_SCENARIO,),
    )
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    yield table
    table.close(force=True)


@pytest.fixture
def recorder(session: TableSession) -> Recorder:
    out = Recorder()
    session.subscribe(out)
    return out


@pytest.fixture
def played(session: TableSession) -> TableSession:
    """The session with a new game of the scenario open, saved as 'mill'."""
    session.new_game("cards-test", "mill", scenario=CARDS_SCENARIO)
    return session
