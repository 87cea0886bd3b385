"""Every Python package in the tree is listed in pyproject.toml, so the wheel ships it."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_is_listed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    found = set()
    for base, prefix in (
        (ROOT / "src" / "drumhead", "drumhead"),
        (ROOT / "screens", "drumhead.screens"),
        (ROOT / "data", "drumhead.data"),
    ):
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base)
            found.add(".".join([prefix, *rel.parts]) if rel.parts else prefix)
    assert found - listed == set(), (
        f"add these to [tool.setuptools] packages: {sorted(found - listed)}"
    )
