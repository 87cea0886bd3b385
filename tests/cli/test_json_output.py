"""--json output is written as it is made (a long game's stats are 29 MB of JSON) and is
exactly ``json.dumps(data, indent=2, ensure_ascii=False)`` and a line break."""

from __future__ import annotations

import json

import pytest

from drumhead.cli.output import JSON_BATCH, emit_json


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
