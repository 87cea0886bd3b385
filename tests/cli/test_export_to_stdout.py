"""`drumhead export SAVE -o -` prints the report to standard output, as `print -o -` and
`scenario export -o -` do, and as export does without `-o`: it wrote a file named '-' in the
current folder (issue 35)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drumhead.cli.main import main


def _export(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["--saves", str(tmp_path / "saves"), "export", "g", *extra]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def test_export_to_dash_prints_the_report_and_writes_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    made = ["--saves", str(tmp_path / "saves"), "new", "mwan116-acw", "--scenario"]
    assert main([*made, "first-bull-run-henry-hill", "--name", "g"]) == 0
    capsys.readouterr()
    plain = _export(tmp_path, capsys)
    assert plain.startswith("#") and "Henry Hill" in plain  # the Markdown report itself
    assert _export(tmp_path, capsys, "-o", "-") == plain
    data = json.loads(_export(tmp_path, capsys, "-o", "-", "--json"))
    assert data["output"] is None and data["report"] == plain
    assert not (tmp_path / "-").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]
    # a real file still gets the report, and says where
    assert _export(tmp_path, capsys, "-o", "aar.md") == "wrote aar.md\n"
    assert (tmp_path / "aar.md").read_text(encoding="utf-8") == plain
