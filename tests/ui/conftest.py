"""UI test fixtures: nothing random or blinking, saves in a throwaway folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets import Input


@pytest.fixture(autouse=True)
def _frozen(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """The input cursor never blinks, and saves go to a throwaway folder."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setenv("DRUMHEAD_SAVES", str(tmp_path_factory.mktemp("saves")))
    yield
