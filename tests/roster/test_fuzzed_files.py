"""A file mangled in any way (bytes flipped, cut short, spliced) gives problems or a battle,
never a traceback: every sheet, roster and zipped roster goes through import_battle, which
hands back what is wrong instead of raising."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drumhead.game.rulesets import game_ruleset
from drumhead.roster import ImportedBattle, import_battle
from tests.roster.handmade import SHEETS, two_forces, zipped
from tests.support.lanes import examples

RULESET = game_ruleset("republique")
GOOD = {
    ".csv": SHEETS["republique"].encode("utf-8"),
    ".ros": two_forces("republique").encode("utf-8"),
    ".rosz": zipped({"army.ros": two_forces("republique").encode("utf-8")}),
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where each mangled file is written (one file, written over: module-scoped, as
    hypothesis runs a test's examples under one call of its fixtures)."""
    return tmp_path_factory.mktemp("fuzzed")


def mangled(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    out = bytearray(data)
    for where, cut, put in edits:
        at = where % (len(out) + 1)
        out[at : at + cut] = put
    return bytes(out)


def imported(folder: Path, suffix: str, data: bytes, ruleset: str = "republique") -> ImportedBattle:
    path = folder / f"fuzzed{suffix}"
    path.write_bytes(data)
    return import_battle(path, RULESET if ruleset == "republique" else game_ruleset(ruleset))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    suffix=st.sampled_from(sorted(GOOD)),
    edits=st.lists(
        st.tuples(st.integers(0, 1 << 16), st.integers(0, 40), st.binary(max_size=12)),
        min_size=1,
        max_size=4,
    ),
)
def test_a_mangled_file_gives_problems_or_a_battle(
    folder: Path, suffix: str, edits: list[tuple[int, int, bytes]]
) -> None:
    battle = imported(folder, suffix, mangled(GOOD[suffix], edits))
    assert bool(battle.problems) != bool(battle.scenario_text)
    for problem in battle.problems:
        assert problem.message and len(problem.message) < 2_000


@settings(max_examples=examples(30), deadline=None)
@given(suffix=st.sampled_from(sorted(GOOD)), data=st.binary(max_size=300))
def test_any_bytes_give_problems_or_a_battle(folder: Path, suffix: str, data: bytes) -> None:
    battle = imported(folder, suffix, data)
    assert bool(battle.problems) != bool(battle.scenario_text)


def test_a_utf16_sheet_reads_as_its_utf8_twin(folder: Path) -> None:
    """A spreadsheet's "Unicode text" is UTF-16 with its mark, cells parted by tabs."""
    text = SHEETS["mwan116-acw"].replace(",", "\t")  # (a sheet of no quoted commas)
    twin = imported(folder, ".csv", text.encode("utf-8"), "mwan116-acw")
    for encoding in ("utf-16", "utf-16-be"):
        data = text.encode(encoding)
        if encoding == "utf-16-be":
            data = b"\xfe\xff" + data
        battle = imported(folder, ".txt", data, "mwan116-acw")
        assert battle.problems == ()
        assert battle.scenario_text.replace("fuzzed.txt", "fuzzed.csv") == twin.scenario_text
    broken = imported(folder, ".csv", b"\xff\xfe" + "Name".encode("utf-16-le") + b"\x00")
    assert "not UTF-16 text" in broken.problems[0].message
