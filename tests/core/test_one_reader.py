"""Issue 36, item 2: TOML the parser itself rejects in an unusual way.

tomllib refuses a whole number of more than 4,300 digits with a bare ``ValueError`` (Python's
limit on turning digits into a number), and arrays nested some 500 deep with a
``RecursionError``. One such save stopped ``drumhead saves``, ``drumhead check`` ("internal
error") and the app's start (the good save beside it was not reopened either); ``load_save``
and ``TableSession.resume`` raised the raw ``ValueError``; a house-rules file crashed the same
way. Every file drumhead reads now goes through one reader
(:mod:`drumhead.rules.toml_file`), which turns every failure into a drumhead error naming the
file (and the line where it can tell).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.errors import DrumheadError, RulesetError
from drumhead.rules.limits import MAX_NESTING
from drumhead.rules.toml_file import read_toml

HUGE_NUMBER = "9" * 5000
DEEP_ARRAY = "[" * 600 + "]" * 600
DEEP_TABLE = ".".join(["a"] * 1200)
"""Dotted keys nest tables without the parser recursing: 1,200 tables deep, past Python's
recursion limit (tomllib takes time in the square of the parts: no more)."""

BAD = {
    "number": (f"turn = {HUGE_NUMBER}", "4,300 digits"),
    "array": (f"deep = {DEEP_ARRAY}", "nested"),
    "dotted": (f"{DEEP_TABLE} = 1", "nested"),
}


def _new_save(folder: Path, name: str) -> Path:
    assert main(["--saves", str(folder), "new", "one-if-by-land", "--name", name]) == 0
    return folder / f"{name}.toml"


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A saves folder per bad kind: the good save 'Good', and 'Bad' whose [game] header holds
    the bad line (the line of 'turn' replaced, or one added after it)."""
    base = tmp_path_factory.mktemp("saves")
    first = _new_save(base / "template", "Good")
    text = first.read_text(encoding="utf-8")
    out = {}
    for kind, (line, _) in BAD.items():
        folder = base / kind
        folder.mkdir()
        for path in first.parent.iterdir():
            (folder / path.name).write_bytes(path.read_bytes())
        bad = text.replace(
            "turn = 1\n", f"{line}\n" if kind == "number" else f"turn = 1\n{line}\n", 1
        )
        (folder / "Bad.toml").write_text(bad, encoding="utf-8")
        (folder / "Bad.0.journal").write_bytes(b"")
        out[kind] = folder
    return out


def _line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith(needle[:20]))


@pytest.mark.parametrize("kind", sorted(BAD))
def test_the_reader_names_the_file_and_line(tmp_path: Path, kind: str) -> None:
    line, words = BAD[kind]
    path = tmp_path / "odd.toml"
    path.write_text(f'title = "x"\n\n{line}\n', encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        read_toml(path)
    assert info.value.path == str(path)
    assert info.value.line == 3
    assert words in info.value.message
    assert len(str(info.value)) < 400  # the bad value is not repeated


def test_nesting_is_allowed_to_the_limit_and_refused_past_it(tmp_path: Path) -> None:
    path = tmp_path / "nest.toml"
    # a dotted key of n parts holding an array: n - 1 tables, then the array (n levels)
    ok = ".".join(["t"] * MAX_NESTING) + " = [1]"
    path.write_text(ok + "\n", encoding="utf-8")
    read_toml(path)
    path.write_text("t." + ok + "\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=f"at most {MAX_NESTING}"):
        read_toml(path)


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_broken_save_is_listed_as_broken_beside_the_good_one(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    from drumhead.saves import list_saves

    folder = saves[kind]
    listed = {s.name: s for s in list_saves(folder)}
    assert listed["Good"].problem is None
    assert listed["Bad"].problem is not None and BAD[kind][1] in listed["Bad"].problem
    assert main(["--saves", str(folder), "saves", "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["Good"]["problem"] is None and rows["Bad"]["problem"]


@pytest.mark.parametrize("kind", sorted(BAD))
def test_check_and_load_name_the_file(
    saves: dict[str, Path], capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    from drumhead.saves import SaveError, load_save

    bad = saves[kind] / "Bad.toml"
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr()
    assert "internal error" not in out.err + out.out
    assert f"{bad}:{_line_of(bad, BAD[kind][0])}:" in out.out
    with pytest.raises(SaveError) as info:
        load_save(bad)
    assert info.value.path == str(bad)
    assert main(["check", str(saves[kind] / "Good.toml")]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("kind", sorted(BAD))
def test_the_app_start_reopens_the_good_save_and_resume_refuses_the_bad(
    saves: dict[str, Path], kind: str
) -> None:
    from drumhead.session import TableSession

    folder = saves[kind]
    table = TableSession(str(folder))
    assert [s.name for s in table.resumable()] == ["Good"]
    with pytest.raises(DrumheadError):
        table.resume(folder / "Bad.toml")
    table.resume_last()
    assert table.game is not None and table.state.name == "Good"
    table.close(force=True)


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_house_rules_file_is_refused_with_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    from drumhead.house.library import describe
    from drumhead.loading.loader import load_ruleset

    house = tmp_path / "ours.toml"
    line = BAD[kind][0].replace("turn", "extra")
    house.write_text(f'ruleset = "one-if-by-land"\n{line}\n', encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset("one-if-by-land", house_rules=house)
    assert info.value.path == str(house) and info.value.line == 2
    for argv in (
        ["check", str(house)],
        ["odds", "one-if-by-land", "morale", "--house-rules", str(house)],
    ):
        assert main(argv) == 1
        out = capsys.readouterr()
        assert f"{house}:2:" in out.out + out.err and "internal error" not in out.err
    choice = describe(house, "one-if-by-land")
    assert choice is not None and choice.problem is not None


def test_the_table_file_shrugs_off_unusual_toml(tmp_path: Path) -> None:
    from drumhead.saves.table import TABLE_FILE, read_table

    (tmp_path / TABLE_FILE).write_text(f"last = {HUGE_NUMBER}\n", encoding="utf-8")
    assert read_table(tmp_path).last is None


def test_a_folder_or_a_pipe_named_like_a_file_is_refused(tmp_path: Path) -> None:
    import os

    folder = tmp_path / "folder.toml"
    folder.mkdir()
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    for path in (folder, pipe):  # a pipe read would wait for a writer for ever
        with pytest.raises(RulesetError, match="not a file"):
            read_toml(path)


@pytest.mark.parametrize(
    "line",
    [
        ".".join(["a"] * 20_000) + " = 1",
        "[" + ".".join(["a"] * 20_000) + "]",
        "x = { " + ".".join(["a"] * 20_000) + " = 1 }",
    ],
    ids=["key", "header", "inline"],
)
def test_a_key_of_more_parts_than_tables_nest_is_refused_before_parsing(
    tmp_path: Path, line: str
) -> None:
    """tomllib takes time in the square of a dotted key's parts: a 40 KB key took it 10 s (a
    256 KiB house-rules file of one key, minutes). Refused first, sooner than the shipped
    ruleset parses (CPU time, the refusal's best of three: one wall-clock reading failed
    when the shared machine ran 8 tests at once)."""
    import time
    import tomllib

    shipped = Path(__file__).resolve().parents[2] / "data" / "rulesets" / "one-if-by-land.toml"
    start = time.process_time()
    tomllib.loads(shipped.read_text(encoding="utf-8"))
    anchor = time.process_time() - start
    path = tmp_path / "long.toml"
    path.write_text(f'title = "x"\n{line}\n', encoding="utf-8")
    took = []
    for _ in range(3):
        start = time.process_time()
        with pytest.raises(RulesetError, match=f"at most {MAX_NESTING} levels") as info:
            read_toml(path)
        took.append(time.process_time() - start)
    assert min(took) < anchor
    assert info.value.line == 2
