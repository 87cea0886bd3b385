"""`drumhead print -o` and `drumhead export -o` never write over a saved game's own files (its
snapshot, its journal, its lock): the command is refused, nothing is written, and the save still
opens as it was (the scenario commands refused this already; these did not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.saves import load_save


def _new_save(folder: Path) -> Path:
    assert (
        main(
            [
                "--saves",
                str(folder),
                "new",
                "one-if-by-land",
                "--scenario",
                "cowpens-1781",
                "--name",
                "g",
            ]
        )
        == 0
    )
    return folder / "g.toml"


@pytest.mark.parametrize("command", ["print", "export"])
def test_output_over_the_snapshot_is_refused_and_the_save_still_opens(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _new_save(tmp_path)
    before = save.read_bytes()
    code = main(["--saves", str(tmp_path), command, "g", "-o", str(save)])
    assert code != 0
    err = capsys.readouterr().err
    assert "is a saved game's file" in err and "nothing was written" in err
    assert save.read_bytes() == before
    assert load_save(save).game.state.units


def test_output_over_a_journal_or_lock_is_refused(tmp_path: Path) -> None:
    save = _new_save(tmp_path)
    for name in ("g.0.journal", "g.lock"):
        other = tmp_path / name
        other.write_bytes(b"kept")
        assert main(["--saves", str(tmp_path), "export", "g", "-o", str(other)]) != 0
        assert other.read_bytes() == b"kept"
    assert load_save(save).game.state.units
