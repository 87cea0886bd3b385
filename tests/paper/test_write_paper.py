"""The table's paper written beside the save (what the app's print command does): named after
the save, the whole file or none, and a clear error when the folder cannot be written."""

from __future__ import annotations

import os
from pathlib import Path

import gamegen
import pytest

from drumhead.paper import cards_html, reference_html
from drumhead.saves import save_path
from drumhead.saves.files import SaveWriteError
from drumhead.saves.paper import paper_path, write_paper


def test_cards_and_reference_are_written_beside_the_save(tmp_path: Path) -> None:
    game = gamegen.start_game(seed=3)
    save = save_path(tmp_path, "cowpens")
    cards = write_paper(game, save, "cards")
    reference = write_paper(game, save, "reference")
    assert (cards, reference) == (
        tmp_path / "cowpens-cards.html",
        tmp_path / "cowpens-reference.html",
    )
    assert paper_path(save, "cards") == cards
    assert cards.read_text(encoding="utf-8") == cards_html(game)
    assert reference.read_text(encoding="utf-8") == reference_html(game.ruleset)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "cowpens-cards.html",
        "cowpens-reference.html",
    ]  # no temporary file left behind


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_is_refused_with_the_reason_and_nothing_written(tmp_path: Path) -> None:
    game = gamegen.start_game(seed=3)
    folder = tmp_path / "saves"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(SaveWriteError, match="read-only"):
            write_paper(game, save_path(folder, "cowpens"), "cards")
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_a_folder_that_is_a_file_is_refused_with_the_reason(tmp_path: Path) -> None:
    game = gamegen.start_game(seed=3)
    blocker = tmp_path / "saves"
    blocker.write_text("not a folder")
    with pytest.raises(SaveWriteError, match=r"cowpens-cards\.html"):
        write_paper(game, blocker / "cowpens.toml", "cards")
    assert blocker.read_text() == "not a folder"
