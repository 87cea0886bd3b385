"""The table file: where the players were, kept beside the saves but never taken for one."""

from __future__ import annotations

from pathlib import Path

from drumhead.saves import list_saves
from drumhead.saves.table import TABLE_FILE, SaveView, TableKeeper, TableState, read_table


def test_the_table_round_trips(tmp_path: Path) -> None:
    keeper = TableKeeper(tmp_path)
    keeper.opened("cowpens.toml")
    assert keeper.note("cowpens.toml", unit="md_de", pane="steps", screen="log")
    assert not keeper.note("cowpens.toml", unit="md_de")  # no change, nothing to write
    keeper.flush()
    assert read_table(tmp_path) == TableState(
        last="cowpens.toml",
        open=True,
        views={"cowpens.toml": SaveView(unit="md_de", pane="steps", screen="log")},
    )
    keeper.closed()
    assert read_table(tmp_path).open is False


def test_a_broken_or_odd_table_is_nothing_to_go_back_to(tmp_path: Path) -> None:
    (tmp_path / TABLE_FILE).write_text("open = [", encoding="utf-8")
    assert read_table(tmp_path) == TableState()
    (tmp_path / TABLE_FILE).write_text(
        'last = 3\nopen = "yes"\n[views.a]\npane = "sideways"\nscreen = "resolve"\n',
        encoding="utf-8",
    )
    assert read_table(tmp_path) == TableState(views={"a": SaveView()})


def test_the_table_file_is_not_listed_as_a_save(tmp_path: Path) -> None:
    TableKeeper(tmp_path).opened("x.toml")
    assert list_saves(tmp_path) == []


def test_a_missing_folder_is_not_made_up(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    keeper = TableKeeper(gone)
    keeper.opened("x.toml")  # the write fails quietly: the saves say so loudly themselves
    assert not gone.exists() and keeper.pending
