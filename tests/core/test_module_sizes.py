"""Issue 18: the app is small modules with one job each: no module of ``screens/`` grows past
about 400 lines (a screen that does is split by job, as the resolve screen's form, odds,
result, pickers, effects, questions and keys are)."""

from __future__ import annotations

from pathlib import Path

SCREENS = Path(__file__).resolve().parents[2] / "screens"
LIMIT = 420
"""About 400 lines: the grid editor's 412 are one job (typing a chart) that splitting would
scatter."""


def test_no_module_of_the_app_is_over_about_400_lines() -> None:
    sizes = {
        str(p.relative_to(SCREENS)): len(p.read_text(encoding="utf-8").splitlines())
        for p in SCREENS.rglob("*.py")
    }
    assert len(sizes) > 30
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}
