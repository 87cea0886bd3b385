"""Small modules with one job each (issues 18 and 34): no module of the app (``screens/``) grows
past about 400 lines, none of the core (``src/``) past 600, and the core's top level holds a
few modules beside its packages, so that a reader meets the rooms before the names."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "screens"
CORE = ROOT / "src" / "drumhead"
LIMIT = 420
"""About 400 lines for the app: the grid editor's 412 are one job (typing a chart) that
splitting would scatter."""
CORE_LIMIT = 600
"""The core's modules: about 500 lines, 600 at the very most (issue 34)."""
LOOSE_LIMIT = 12
"""Modules at the top of ``src/drumhead/``, beside its packages (issue 34)."""


def _sizes(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): len(p.read_text(encoding="utf-8").splitlines())
        for p in folder.rglob("*.py")
    }


def test_no_module_of_the_app_is_over_about_400_lines() -> None:
    sizes = _sizes(SCREENS)
    assert len(sizes) > 30
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}


def test_no_module_of_the_core_is_over_600_lines() -> None:
    sizes = _sizes(CORE)
    assert len(sizes) > 100
    assert {name: n for name, n in sizes.items() if n > CORE_LIMIT} == {}


def test_the_core_is_packages_by_role_with_few_loose_modules() -> None:
    loose = sorted(p.name for p in CORE.glob("*.py"))
    assert len(loose) <= LOOSE_LIMIT, loose
    packages = {p.name for p in CORE.iterdir() if (p / "__init__.py").is_file()}
    assert {"dice", "rules", "questions", "checks", "loading", "game", "saves", "session"} <= (
        packages
    )
    for package in packages:
        doc = (CORE / package / "__init__.py").read_text(encoding="utf-8")
        assert doc.lstrip().startswith('"""'), f"{package}/__init__.py says what it holds"
