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


def test_every_data_file_is_shipped() -> None:
    """Rulesets, scenarios and the sample house rules are package data of the wheel: each
    file under data/ matches a [tool.setuptools.package-data] pattern."""
    from fnmatch import fnmatch

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]
    data = ROOT / "data"
    shipped = [
        p
        for p in data.rglob("*")
        if p.is_file()
        and p.suffix not in (".py", ".pyc")
        and p.name != ".gitkeep"
        and "__pycache__" not in p.parts
    ]
    assert any(p.parent.name == "house-rules" for p in shipped)
    for path in shipped:
        rel = path.relative_to(data)
        package = ".".join(["drumhead.data", *rel.parent.parts])
        covered = any(fnmatch(rel.name, g) for g in patterns.get(package, [])) or any(
            fnmatch(rel.as_posix(), g) for g in patterns.get("drumhead.data", [])
        )
        assert covered, f"{rel} is not in the wheel: add it to [tool.setuptools.package-data]"
