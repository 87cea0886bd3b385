"""Issue 36, item 4: house rules that cost time by their size.

``loader.mark_house_sources`` copied the whole modifiers table once per patched key: ``check``
of a house-rules file with 16,000 modifiers took 20 s, 20,000 took 30 s, and ``odds`` timed
out. Now each table is copied once (linear), ``check`` reads the file once, and a house-rules
file is capped (:data:`drumhead.rules.limits.LIMITS`): 256 KiB, and 1,000 entries in one table
(a check's modifiers), each refused with the limit named.

No test asserts an absolute time: the work on n and on 4n modifiers is compared.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from drumhead.cli.main import main
from drumhead.errors import RulesetError
from drumhead.loading import loader
from drumhead.loading.loader import load_ruleset, mark_house_sources
from drumhead.rules.limits import ENTRIES, LIMITS


def _least_of(runs: int, work: Callable[[], object]) -> float:
    """The least CPU time of ``runs`` runs of ``work``: the process's own time, which other
    processes on the machine do not add to, and the least run, which the worker's garbage
    collections (over the heap of every test before) did not land in. The median wall time
    failed beside five other test runs: 11 ms for 4,000 modifiers, 186 ms for 16,000."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def _patch(n: int) -> tuple[dict[str, object], dict[str, object]]:
    """A ruleset document with a check of ``n`` modifiers, and a patch changing each one."""
    modifiers = {f"m{i}": {"label": f"M{i}", "value": 1, "source": "rules"} for i in range(n)}
    data = {"checks": {"morale": {"source": "rules", "modifiers": modifiers}}}
    patch = {"checks": {"morale": {"modifiers": {f"m{i}": {"value": 2} for i in range(n)}}}}
    return data, patch


@pytest.mark.parametrize("n", [500, 2_000])
def test_marking_the_house_sources_copies_each_table_once(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables the marking copies (with ``dict``) add up to about n entries, not n x n:
    the modifiers table was copied once per patched key (four million entries for 2,000
    modifiers; 2.5 s for 16,000)."""
    copied = [0]

    class Copying(type):
        """``dict`` as the loader sees it: the same type to ``isinstance``, and each copy
        made with it counted."""

        def __instancecheck__(cls, value: object) -> bool:
            return isinstance(value, dict)

        def __call__(cls, *args: Any) -> dict[Any, Any]:
            out = dict(*args)
            copied[0] += len(out)
            return out

    class CountedDict(metaclass=Copying):
        pass

    monkeypatch.setattr(loader, "dict", CountedDict, raising=False)
    marked, changed = mark_house_sources(*_patch(n), "house rule, ours.toml")
    monkeypatch.undo()
    assert copied[0] <= n + 10
    out = marked["checks"]
    assert isinstance(out, dict)
    assert out["morale"]["modifiers"][f"m{n - 1}"]["source"] == "house rule, ours.toml"
    assert out["morale"]["modifiers"]["m0"]["value"] == 1  # marked here, patched elsewhere
    assert len(changed) == n


@pytest.mark.slow
def test_marking_the_house_sources_takes_time_in_proportion() -> None:
    """4 times the modifiers: about 4 times the work (it was 17 times: 0.14 s for 4,000
    modifiers, 2.5 s for 16,000; now about 0.04 s and 0.15 s). Far beyond what a house-rules
    file may hold, so that the growth shows above the noise of a shared machine."""
    small, large = _patch(4_000), _patch(16_000)
    one = _least_of(5, lambda: mark_house_sources(*small, "house rule, ours.toml"))
    four = _least_of(5, lambda: mark_house_sources(*large, "house rule, ours.toml"))
    assert four < 8 * one, f"4,000 modifiers {one * 1000:.0f} ms, 16,000 {four * 1000:.0f} ms"


def _house(path: Path, modifiers: int, pad: int = 0) -> Path:
    lines = ['ruleset = "one-if-by-land"', f'description = "{"x" * pad}"']
    lines.append("[patch.checks.morale.modifiers]")
    # each takes one off the roll: no more fails, however many are ticked (tests/core/test_reach.py)
    lines += [f'm{i} = {{ value = -1, label = "M{i}" }}' for i in range(modifiers)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_house_rules_file_over_its_size_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    limit = LIMITS["house rules"].size
    house = _house(tmp_path / "huge.toml", 10, pad=limit)
    with pytest.raises(RulesetError, match=r"at most 256\.0 KiB") as info:
        load_ruleset("one-if-by-land", house_rules=house)
    assert info.value.path == str(house)
    for argv in (
        ["check", str(house)],
        ["odds", "one-if-by-land", "morale", "--house-rules", str(house)],
    ):
        assert main(argv) == 1
        out = capsys.readouterr()
        assert "a house-rules file may be at most 256.0 KiB" in out.out + out.err


def test_a_check_of_more_modifiers_than_a_table_holds_is_refused_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = _house(tmp_path / "many.toml", ENTRIES + 1)
    with pytest.raises(RulesetError) as info:
        load_ruleset("one-if-by-land", house_rules=house)
    assert info.value.key == "patch.checks.morale.modifiers" and info.value.line == 3
    assert f"{ENTRIES + 1:,} entries" in info.value.message
    assert main(["check", str(house)]) == 1
    assert f"{house}:3: patch.checks.morale.modifiers: 1,001 entries" in capsys.readouterr().out


@pytest.mark.slow
def test_a_house_rules_file_at_its_limits_is_checked_and_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The most modifiers one check may take: valid, and the odds come."""
    house = _house(tmp_path / "full.toml", ENTRIES)
    assert main(["check", str(house)]) == 0
    capsys.readouterr()
    argv = ["odds", "one-if-by-land", "morale", "--house-rules", str(house), "--json"]
    assert main([*argv, "--set", "quality=poor"]) == 0
