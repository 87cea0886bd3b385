"""--json output is written as it is made and is exactly ``json.dumps(data, indent=2,
ensure_ascii=False)`` and a line break; ``drumhead stats --json`` (a long game's is 10 MB) writes
the same data with every table of its lists on a line of its own, compact."""

from __future__ import annotations

import json

import pytest

from drumhead.cli.output import JSON_BATCH, emit_json, emit_json_by_line


@pytest.mark.parametrize("size", [0, 1, JSON_BATCH // 8, JSON_BATCH, 3 * JSON_BATCH + 5])
def test_json_written_in_batches_is_json_dumps(
    size: int, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "save": "Fort Ticonderoga – août 1758.toml",
        "rolls": [
            {"seq": i, "mean": i / 7, "exact": f"{i}/7", "none": None, "ok": i % 2 == 0,
             "names": ["Montcalm", "Abercromby \"the aged\""], "empty": {}, "list": []}
            for i in range(size)
        ],
    }  # fmt: skip
    emit_json(data)
    assert capsys.readouterr().out == json.dumps(data, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("size", [0, 1, JSON_BATCH, 2 * JSON_BATCH + 5])
def test_json_by_line_reads_as_the_data_one_table_of_a_list_to_a_line(
    size: int, capsys: pytest.CaptureFixture[str]
) -> None:
    compact = {"ensure_ascii": False, "separators": (", ", ": ")}
    rolls = [
        {"seq": i, "mean": i / 7, "exact": f"{i}/7", "none": None, "ok": i % 2 == 0,
         "names": ["Montcalm", "Abercromby \"the aged\"\nof Glassaugh"], "empty": {}}
        for i in range(size)
    ]  # fmt: skip
    data = {
        "save": "Fort Ticonderoga – août 1758.toml",
        "turns": [1, 2, 3],
        "game": {"kind": "game", "turns": [{"turn": 1, "checks": 2}]},
        "none": [],
        "rolls": rolls,
    }
    emit_json_by_line(data)
    out = capsys.readouterr().out
    assert json.loads(out) == data
    lines = out.splitlines()
    assert lines[:5] == [
        "{",
        '  "save": "Fort Ticonderoga – août 1758.toml",',
        '  "turns": [1, 2, 3],',
        '  "game": ' + json.dumps(data["game"], **compact) + ",",
        '  "none": [],',
    ]
    if size:  # each roll on a line of its own, as json.dumps writes it on one line
        assert lines[5:] == [
            '  "rolls": [',
            *(f"    {json.dumps(r, **compact)}," for r in rolls[:-1]),
            f"    {json.dumps(rolls[-1], **compact)}",
            "  ]",
            "}",
        ]
    else:
        assert lines[5:] == ['  "rolls": []', "}"]
