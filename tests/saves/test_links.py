"""Issue 36, item 1: drumhead never writes through a symbolic link.

A saves folder unpacked from an archive can hold ``NAME.lock`` (or the snapshot, or a journal)
as a link to any file the player can write. Opening the save followed it: the link's target
was truncated and the lock's JSON written into it. Each test makes the link for real, with a
victim file outside the saves folder, and checks the victim is untouched and the refusal names
the link.
"""

from __future__ import annotations

import os
from pathlib import Path

import gamegen
import pytest

from drumhead.cli.main import main
from drumhead.saves import SaveError, SaveSession
from drumhead.saves.store import journal_file

VICTIM = b"the player's own file: must never be truncated or written\n"


@pytest.fixture(autouse=True)
def _ruleset() -> None:
    gamegen.setup()


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    path = outside / "precious.txt"
    path.write_bytes(VICTIM)
    return path


def _saved(folder: Path, name: str = "Linked") -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.toml"
    SaveSession.create(path, gamegen.start_game(seed=7)).close()
    return path


def test_a_lock_file_that_is_a_link_is_refused_and_its_target_untouched(
    tmp_path: Path, victim: Path
) -> None:
    save = _saved(tmp_path / "saves")
    (save.parent / "Linked.lock").symlink_to(victim)
    with pytest.raises(SaveError) as info:
        SaveSession.open(save)
    assert victim.read_bytes() == VICTIM
    assert "Linked.lock" in str(info.value) and "symbolic link" in str(info.value)
    assert (save.parent / "Linked.lock").is_symlink()  # not removed behind the player's back


def test_a_dangling_lock_link_makes_no_file_where_it_points(tmp_path: Path) -> None:
    save = _saved(tmp_path / "saves")
    target = tmp_path / "made-up.txt"
    (save.parent / "Linked.lock").symlink_to(target)
    with pytest.raises(SaveError, match="symbolic link"):
        SaveSession.open(save)
    assert not target.exists()


def test_a_new_save_refuses_a_lock_link_left_in_the_folder(tmp_path: Path, victim: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "Fresh.lock").symlink_to(victim)
    with pytest.raises(SaveError, match="symbolic link"):
        SaveSession.create(folder / "Fresh.toml", gamegen.start_game(seed=7))
    assert victim.read_bytes() == VICTIM
    assert not (folder / "Fresh.toml").exists()


@pytest.mark.parametrize("which", ["snapshot", "journal"])
def test_a_save_file_that_is_a_link_is_refused(tmp_path: Path, victim: Path, which: str) -> None:
    """The snapshot or the journal as a link to the player's copy of it: opening refuses (a
    write would replace the link, or append through it, to the copy)."""
    save = _saved(tmp_path / "saves")
    linked = save if which == "snapshot" else journal_file(save, 0)
    victim.write_bytes(linked.read_bytes())
    before = victim.read_bytes()
    linked.unlink()
    linked.symlink_to(victim)
    with pytest.raises(SaveError) as info:
        SaveSession.open(save)
    assert linked.name in str(info.value) and "symbolic link" in str(info.value)
    assert victim.read_bytes() == before
    assert linked.is_symlink()
    assert not (save.parent / "Linked.lock").exists()  # the lock it took is let go


def test_a_temporary_file_planted_as_a_link_is_not_written_through(
    tmp_path: Path, victim: Path
) -> None:
    """``.NAME.toml.PID.tmp`` as a link (a guessed process id): the atomic write makes its own
    file, never truncating the link's target."""
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / f".Planted.toml.{os.getpid()}.tmp").symlink_to(victim)
    session = SaveSession.create(folder / "Planted.toml", gamegen.start_game(seed=7))
    session.close()
    assert victim.read_bytes() == VICTIM
    assert (folder / "Planted.toml").is_file() and not (folder / "Planted.toml").is_symlink()


@pytest.mark.parametrize("dangling", [False, True])
def test_the_cli_refuses_an_output_file_that_is_a_link(
    tmp_path: Path, victim: Path, capsys: pytest.CaptureFixture[str], dangling: bool
) -> None:
    """``-o FILE`` naming a link (to a file, or to none yet): nothing is written there."""
    out = tmp_path / "sheet.html"
    target = tmp_path / "elsewhere" / "new.txt" if dangling else victim
    out.symlink_to(target)
    for argv in (
        ["print", "--reference", "one-if-by-land", "-o", str(out)],
        ["house-rules", "template", "one-if-by-land", "-o", str(out)],
    ):
        assert main(argv) == 1
        assert "symbolic link" in capsys.readouterr().err
    assert victim.read_bytes() == VICTIM
    assert not (tmp_path / "elsewhere" / "new.txt").exists()


def test_the_listing_reads_no_more_of_a_lock_file_than_a_lock_holds(tmp_path: Path) -> None:
    """A lock file made huge (or a link to an endless file) costs the listing nothing."""
    from drumhead.saves import list_saves

    save = _saved(tmp_path / "saves")
    (save.parent / "Linked.lock").symlink_to("/dev/zero")
    [info] = list_saves(save.parent)
    assert info.name == "Linked" and not info.locked
