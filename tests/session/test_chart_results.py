"""Republique's assault odds by the result the chart gives, once the chart is known whole
(the sample club's house rules): they were shown by die difference (-8 ... +10) even then.
Without the chart, the differences are all there is to show."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from phases import to_phase

from drumhead.loading.loader import load_ruleset
from drumhead.session import TableSession

SAMPLE = Path(__file__).resolve().parents[2] / "data/house-rules/republique-sample-club-values.toml"
"""The sample club's values, found beside this checkout whatever folder pytest runs from."""


def assault(saves: Path, house: Path | None) -> tuple[TableSession, object]:
    table = TableSession(str(saves), seed=1776)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game(
        "republique",
        "aspern",
        scenario="aspern-1809",
        house_rules=str(house) if house is not None else None,
    )
    to_phase(table)
    form = table.form("assault", "ir15_zach")
    assert form is not None
    form.set_role("defender", "ligne_67")
    return table, form


def test_with_the_chart_known_the_odds_are_by_result(saves: Path) -> None:
    table, form = assault(saves, SAMPLE)
    try:
        view = form.odds()  # type: ignore[attr-defined]
        assert view.context is not None and view.results
        assert sum((r.p for r in view.results), Fraction(0)) == 1
        # every difference in the odds reads one result, each once
        values = sorted(v for r in view.results for v in r.values)
        assert values == sorted(o.value for o in view.odds)
        assert len(view.results) < len(view.odds)  # cells giving the same result, gathered
        ruleset = load_ruleset("republique", house_rules=SAMPLE)
        by_diff = {o.value: o.p for o in view.odds}
        for result in view.results:
            assert result.p == sum(by_diff[v] for v in result.values)
            cells = {
                ruleset.gap(f"chart_infantry_{'p' if v > 0 else 'm'}{abs(v)}")
                for v in result.values
                if v
            }
            assert all(c is None or c.value == result.text for c in cells)
    finally:
        table.close(force=True)


def test_without_the_chart_the_odds_are_by_difference(saves: Path) -> None:
    table, form = assault(saves, None)
    try:
        for gap in ("troop_grade_veteran", "outnumbered_3_2"):
            table.set_gap(gap, 1)
        view = form.odds()  # type: ignore[attr-defined]
        assert view.context is not None and view.odds
        assert view.results == ()
    finally:
        table.close(force=True)
