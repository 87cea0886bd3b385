"""Compiled dataclass methods from the cache: the very classes :mod:`dataclasses` makes, read
back instead of compiled, never from a damaged or foreign file; and a loud failure when a
Python changes the private function it replaces."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from drumhead import classcache

pytestmark = pytest.mark.xdist_group("classcache")

MODULE = '''
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True, slots=True)
class Order:
    """A frozen, slotted value, as the core's are."""
    unit: str
    steps: int = 2
    marks: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list, compare=False)

@dataclass(order=True)
class Loose:
    a: int
    b: float = 1.5
'''

PROBE = """
import json, sys, dataclasses
from drumhead import classcache
installed = classcache.install()
sys.path.insert(0, sys.argv[1])
import soldiers
o = soldiers.Order("1st Foot", marks=("shaken",))
try:
    o.steps = 3
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({
    "installed": installed,
    "compiled": sorted(classcache._STATE["new"]),
    "repr": repr(o),
    "eq": o == soldiers.Order("1st Foot", 2, ("shaken",), ["other notes"]),
    "hash": hash(o) == hash(soldiers.Order("1st Foot", 2, ("shaken",))),
    "frozen": frozen,
    "slots": soldiers.Order.__slots__,
    "defaults": soldiers.Order("x").notes == [] and soldiers.Order("x").steps == 2,
    "order": soldiers.Loose(1) < soldiers.Loose(2),
    "init_code": soldiers.Order.__init__.__code__.co_code.hex(),
}))
"""


def probe(folder: Path, cache: Path, *, switched_off: bool = False) -> dict[str, object]:
    """A new interpreter making ``soldiers``' classes with the cache at ``cache``."""
    env = {**os.environ, "DRUMHEAD_CACHE": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
    if switched_off:
        env["DRUMHEAD_CLASS_CACHE"] = "0"
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(folder)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found: dict[str, object] = json.loads(out.stdout)
    return found


@pytest.fixture
def soldiers(tmp_path: Path) -> Path:
    folder = tmp_path / "code"
    folder.mkdir()
    (folder / "soldiers.py").write_text(textwrap.dedent(MODULE))
    return folder


def cached_file(cache: Path) -> Path:
    [found] = cache.glob("classes/*/soldiers.code")
    return found


def test_this_python_is_the_one_the_cache_was_written_for() -> None:
    """The upgrade guard: on the Pythons drumhead supports, ``dataclasses._create_fn`` is the
    function :mod:`drumhead.classcache` replaces. When a new Python changes it, this fails:
    read the new ``dataclasses`` and bring classcache._create_fn in line (or retire it)."""
    if sys.version_info[:2] != (3, 11):
        pytest.skip(f"written against CPython 3.11's dataclasses, this is {sys.version}")
    assert classcache.fits(dataclasses._create_fn)  # type: ignore[attr-defined]


def test_a_function_of_another_shape_is_not_replaced() -> None:
    def _create_fn(name: str, args: list[str], body: list[str]) -> None:
        return None

    assert not classcache.fits(_create_fn)
    assert not classcache.fits(len)


def test_classes_read_back_are_the_classes_python_makes(soldiers: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    plain = probe(soldiers, cache, switched_off=True)
    assert plain["installed"] is False and not cache.exists()
    first = probe(soldiers, cache)
    assert first["installed"] is True and first["compiled"] == ["soldiers"]
    assert cached_file(cache).stat().st_size > 0
    again = probe(soldiers, cache)
    assert again["compiled"] == []  # everything read back, nothing compiled
    for key in ("repr", "eq", "hash", "frozen", "slots", "defaults", "order", "init_code"):
        assert plain[key] == first[key] == again[key], key
    assert plain["eq"] is True and plain["frozen"] is True and plain["defaults"] is True


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda b: b[: len(b) // 2], id="cut-short"),
        pytest.param(lambda b: b[:-40] + bytes(x ^ 0xFF for x in b[-40:]), id="bytes-flipped"),
        pytest.param(lambda b: b"not a cache at all", id="foreign"),
        pytest.param(lambda b: b"", id="empty"),
        pytest.param(
            lambda b: classcache.FORMAT + b"00000000\n" + b"\x00" * 64, id="wrong-checksum"
        ),
    ],
)
def test_a_damaged_file_is_ignored_and_written_again(
    soldiers: Path, tmp_path: Path, damage: object
) -> None:
    cache = tmp_path / "cache"
    good = probe(soldiers, cache)
    path = cached_file(cache)
    whole = path.read_bytes()
    path.write_bytes(damage(whole))  # type: ignore[operator]
    after = probe(soldiers, cache)
    assert after["compiled"] == ["soldiers"]  # not trusted: compiled again
    assert after["repr"] == good["repr"] and after["init_code"] == good["init_code"]
    assert path.read_bytes() == whole  # and written whole again


def test_a_damaged_body_that_passes_its_checksum_is_still_refused(tmp_path: Path) -> None:
    """What ``marshal`` cannot read, or reads as something other than code, is not used."""
    for body in (b"\xff\xfe garbage", b"\xe9\x01\x00\x00\x00"):  # unreadable; the int 1
        assert classcache._parse(body) == {}


def test_a_folder_others_can_write_to_is_not_read(soldiers: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    probe(soldiers, cache)
    folder = cached_file(cache).parent
    folder.chmod(0o777)
    try:
        assert probe(soldiers, cache)["compiled"] == ["soldiers"]
    finally:
        folder.chmod(0o700)


def test_a_cache_that_cannot_be_written_costs_only_time(soldiers: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder would be")
    plain = probe(soldiers, blocker, switched_off=True)
    found = probe(soldiers, blocker)
    assert found["installed"] is True and found["repr"] == plain["repr"]
    assert blocker.read_text().startswith("a file")


def test_a_name_that_is_not_a_modules_gets_no_file(tmp_path: Path) -> None:
    for name in ("", "../escape", "a/b", "two words", "x.y/../z"):
        assert classcache._file_name(name) is None
    assert classcache._file_name("drumhead.model") is not None
