"""Issue 36, item 7: a snapshot's ``[game] created`` and ``last_played`` are dates and times.

They were read as any text: bidi controls (which reorder what the listing shows) and ``../``
were accepted, listed and carried into the next snapshot. Each is now refused with its key and
line, like an event's ``at``; the listing marks such a save BROKEN.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.cli.main import main
from drumhead.saves import SaveError, list_saves, load_save

BAD = ["2026-11-22T19:02:11Z\u202e", "../../etc/passwd", "yesterday", "2026-11-22T19:02:11Z\n"]
GOOD = ["2026-11-22T19:02:11Z", "2026-11-22T19:02:11+01:00", "2026-11-22T19:02:11.123456+00:00"]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("made")
    assert main(["--saves", str(folder), "new", "one-if-by-land", "--name", "Times"]) == 0
    return (folder / "Times.toml").read_text(encoding="utf-8")


def _with(tmp_path: Path, made: str, key: str, value: str) -> Path:
    lines = made.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{key} = "))
    escaped = value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')
    lines[at] = f'{key} = "{escaped}"\n'
    path = tmp_path / "Times.toml"
    path.write_text("".join(lines), encoding="utf-8")
    (tmp_path / "Times.0.journal").write_bytes(b"")
    return path


@pytest.mark.parametrize("key", ["created", "last_played"])
@pytest.mark.parametrize("value", BAD)
def test_a_header_time_that_is_not_one_is_refused(
    tmp_path: Path, made: str, key: str, value: str
) -> None:
    path = _with(tmp_path, made, key, value)
    line = next(
        i for i, text in enumerate(path.read_text().splitlines(), 1) if text.startswith(key)
    )
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert (info.value.key, info.value.line) == (f"game.{key}", line)
    assert "is not a date and time" in info.value.message
    assert "\u202e" not in str(info.value)
    [listed] = list_saves(tmp_path)
    assert listed.problem is not None and key in listed.problem
    assert "\u202e" not in listed.problem and listed.last_played == ""


@pytest.mark.parametrize("value", GOOD)
def test_a_date_and_time_in_any_form_drumhead_writes_loads(
    tmp_path: Path, made: str, value: str
) -> None:
    path = _with(tmp_path, made, "last_played", value)
    assert load_save(path).game is not None
    assert list_saves(tmp_path)[0].problem is None
