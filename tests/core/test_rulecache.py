"""The compiled ruleset cache: the same rulesets as the loader's, never one whose source changed,
and never a damaged, foreign or half-written entry."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from drumhead.cache import rulesets as rulecache
from drumhead.errors import RulesetError
from drumhead.loading import loader

HOUSE = """ruleset = "one-if-by-land"
title = "club rules"
options = ["army_cards"]
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder, nothing remembered in this process, and the loader counted."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("DRUMHEAD_CACHE", str(folder))
    monkeypatch.setattr(rulecache, "_MEMORY", {})
    return folder


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every time the cache had to load a ruleset the long way."""
    seen: list[str] = []
    real = rulecache._load

    def counted(ruleset_id: str, options: list[str], house: str | Path | None) -> object:
        seen.append(ruleset_id)
        return real(ruleset_id, options, house)

    monkeypatch.setattr(rulecache, "_load", counted)
    return seen


def forget(monkeypatch: pytest.MonkeyPatch) -> None:
    """As a new process would start: nothing in memory, only what is on disk."""
    monkeypatch.setattr(rulecache, "_MEMORY", {})


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "rulesets").glob("*.ruleset"))


@pytest.mark.parametrize("ruleset_id", loader.ruleset_ids())
def test_a_ruleset_read_back_is_the_loaders_ruleset(
    ruleset_id: str, cache: Path, loads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    written = rulecache.load_ruleset(ruleset_id)
    assert loads == [ruleset_id] and len(entries(cache)) == 1
    forget(monkeypatch)
    read = rulecache.load_ruleset(ruleset_id)
    assert loads == [ruleset_id], "the second load came from the cache"
    assert read is not written and read == written == loader.load_ruleset(ruleset_id)
    assert read.gap_index == written.gap_index  # a field equality does not compare
    assert hash(read.checks) == hash(written.checks)
    summary = rulecache.summaries([ruleset_id])[0]
    assert summary == rulecache.summary(written) and summary["title"] == written.title


def test_options_and_house_rules_are_part_of_what_names_an_entry(
    cache: Path, loads: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    house = tmp_path / "club.toml"
    house.write_text(HOUSE, encoding="utf-8")
    plain = rulecache.load_ruleset("one-if-by-land")
    with_option = rulecache.load_ruleset("one-if-by-land", ["division_cards"])
    with_house = rulecache.load_ruleset("one-if-by-land", (), house)
    assert len(loads) == 3 and len(entries(cache)) == 3
    assert plain.active_options == frozenset()
    assert with_option.active_options == frozenset({"division_cards"})
    assert with_house.active_options == frozenset({"army_cards"})
    assert with_house.house_rules == str(house)
    forget(monkeypatch)
    assert rulecache.load_ruleset("one-if-by-land", ["division_cards"]) == with_option
    assert rulecache.load_ruleset("one-if-by-land", (), house) == with_house
    assert len(loads) == 3


def test_a_changed_house_rules_file_is_never_answered_from_the_old_entry(
    cache: Path, loads: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    house = tmp_path / "club.toml"
    house.write_text(HOUSE, encoding="utf-8")
    first = rulecache.load_ruleset("one-if-by-land", (), house)
    house.write_text(HOUSE.replace("army_cards", "division_cards"), encoding="utf-8")
    second = rulecache.load_ruleset("one-if-by-land", (), house)  # same process, same path
    assert second.active_options == frozenset({"division_cards"}) != first.active_options
    assert len(loads) == 2
    house.write_text(HOUSE.replace('"army_cards"', "4"), encoding="utf-8")
    with pytest.raises(RulesetError):  # an error is never cached: refused every time
        rulecache.load_ruleset("one-if-by-land", (), house)
    with pytest.raises(RulesetError):
        rulecache.load_ruleset("one-if-by-land", (), house)
    assert len(entries(cache)) == 2


def test_a_change_to_drumheads_code_names_new_entries(
    cache: Path, loads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rulecache.load_ruleset("republique")
    forget(monkeypatch)
    code = rulecache.code_stamp()
    assert "cache/rulesets.py:" in code and "rules/model.py:" in code
    monkeypatch.setattr(rulecache, "_CODE", [code + "\nmodel.py:1:1"])
    rulecache.load_ruleset("republique")
    assert loads == ["republique", "republique"] and len(entries(cache)) == 2


@pytest.mark.parametrize(
    "damage",
    ["flip a byte", "cut short", "empty", "checksum of garbage", "another format"],
)
def test_a_damaged_entry_is_ignored_and_written_again(
    damage: str, cache: Path, loads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = rulecache.load_ruleset("mwan116-acw")
    [entry] = entries(cache)
    data = entry.read_bytes()
    if damage == "flip a byte":
        middle = len(data) // 2
        data = data[:middle] + bytes([data[middle] ^ 1]) + data[middle + 1 :]
    elif damage == "cut short":
        data = data[: len(data) - 100]
    elif damage == "empty":
        data = b""
    elif damage == "checksum of garbage":  # whole, but not a ruleset: refused when unpickled
        import zlib

        body = b'{"id": "mwan116-acw"}\n' + b"not a pickle"
        data = rulecache.FORMAT + f"{zlib.crc32(body):08x}".encode() + b"\n" + body
    else:
        data = data.replace(rulecache.FORMAT, b"drumhead compiled ruleset 0\n", 1)
    entry.write_bytes(data)
    forget(monkeypatch)
    assert rulecache.load_ruleset("mwan116-acw") == good
    assert loads == ["mwan116-acw", "mwan116-acw"]
    forget(monkeypatch)
    assert rulecache.load_ruleset("mwan116-acw") == good  # the entry was written again, whole
    assert len(loads) == 2


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners and modes")
def test_a_folder_others_can_write_to_is_not_read_nor_written(
    cache: Path, loads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rulecache.load_ruleset("rank-and-file")
    (cache / "rulesets").chmod(0o777)
    forget(monkeypatch)
    rulecache.load_ruleset("rank-and-file")
    assert len(loads) == 2, "an entry in a folder others can write to was trusted"
    (cache / "rulesets").chmod(0o700)
    forget(monkeypatch)
    rulecache.load_ruleset("rank-and-file")
    assert len(loads) == 2


def test_without_a_usable_folder_rulesets_load_all_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loads: list[str]
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("DRUMHEAD_CACHE", str(blocker / "cache"))
    forget(monkeypatch)
    assert rulecache.load_ruleset("one-if-by-land") == loader.load_ruleset("one-if-by-land")
    assert rulecache.summaries(["one-if-by-land"])[0]["id"] == "one-if-by-land"


def test_an_unknown_ruleset_is_the_loaders_error(cache: Path) -> None:
    with pytest.raises(Exception, match="no ruleset 'nope'"):
        rulecache.load_ruleset("nope")
    with pytest.raises(Exception, match="no ruleset"):
        rulecache.load_ruleset("../rulesets/one-if-by-land")
    assert entries(cache) == []


def test_the_oldest_entries_are_removed_past_the_limit(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rulecache, "KEEP", 2)
    ids = ["one-if-by-land", "republique", "rank-and-file"]
    for index, ruleset_id in enumerate(ids):
        before = set(entries(cache))
        rulecache.load_ruleset(ruleset_id)
        for new in set(entries(cache)) - before:  # written in this order, an hour apart
            os.utime(new, (1000 + 3600 * index, 1000 + 3600 * index))
    kept = {entry.stem for entry in entries(cache)}
    assert kept == {rulecache._entry_name(r, [], None) for r in ids[1:]}


def test_the_cache_folder_is_chosen_as_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DRUMHEAD_CACHE", "/somewhere/mine")
    assert rulecache.cache_dir() == Path("/somewhere/mine")
    monkeypatch.delenv("DRUMHEAD_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    if sys.platform != "win32":
        assert rulecache.cache_dir() == Path("/xdg/drumhead")
        monkeypatch.delenv("XDG_CACHE_HOME")
        monkeypatch.setenv("HOME", "/home/player")
        assert rulecache.cache_dir() == Path("/home/player/.cache/drumhead")


WRITER = """
import sys
from drumhead.cache import rulesets as rulecache
for round in range(2):
    rulecache._MEMORY.clear()
    rs = rulecache.load_ruleset(sys.argv[1])
print(rs.id, len(rs.checks))
"""


def test_drumheads_writing_at_once_leave_whole_entries(cache: Path) -> None:
    env = {**os.environ, "DRUMHEAD_CACHE": str(cache)}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, "republique"],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    outputs = [run.communicate(timeout=60)[0].strip() for run in runs]
    checks = len(loader.load_ruleset("republique").checks)
    assert outputs == [f"republique {checks}"] * 3
    assert len(entries(cache)) == 1
    assert list((cache / "rulesets").glob("*.tmp")) == []
    assert rulecache._read(entries(cache)[0].stem) is not None


def test_the_retired_compiled_classes_folder_is_removed_and_never_read(cache: Path) -> None:
    """Earlier drumheads kept compiled dataclass methods in ``classes/`` (a trick for CPython
    3.11 alone, retired): the next cache folder made removes it; a link there is left alone."""
    old = cache / "classes" / "cpython-311"
    old.mkdir(parents=True)
    (old / "drumhead.rules.model.code").write_bytes(b"drumhead compiled dataclass methods 1\n")
    outside = cache.parent / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    rulecache.load_ruleset("one-if-by-land")
    assert not (cache / "classes").exists()
    assert entries(cache)
    (cache / "classes").symlink_to(outside)
    from drumhead.cache import files as cachefiles

    cachefiles.forget_obsolete(cache)
    assert (outside / "keep.txt").read_text() == "mine"
