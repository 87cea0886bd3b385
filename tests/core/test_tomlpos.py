"""Error lines for items of arrays of tables: ``units.3.type`` is the fourth [[units]]'s type."""

from __future__ import annotations

import pytest

from drumhead.rules.toml_lines import locate

DOC = """\
title = "x"

[[units]]
id = "a"
type = "infantry"

[[units]]
id = "b"
type = "cavalry"

[[units]]
id = "c"

[units.inner]
k = 1
"""


@pytest.mark.parametrize(
    ("path", "line"),
    [("units.0.type", 5), ("units.1.type", 9), ("units.1", 7), ("units.2.id", 12), ("title", 1)],
)
def test_locate_counts_array_items(path: str, line: int) -> None:
    assert locate(DOC, path) == line


def test_locate_falls_back_for_unknown_keys() -> None:
    # an unknown key of the second item: the item's header
    assert locate(DOC, "units.1.nokey") == 7
