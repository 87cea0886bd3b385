"""The benchmarks' quick mode (cases.py): a few pairs of whole processes each, every figure a
ratio against an anchor measured in the same run, bounds that a busy machine meets and a 2x
regression does not. ``python -m tests.bench`` runs them in full, against the issue's targets."""

from __future__ import annotations

import pytest

from tests.bench import cases
from tests.bench.runs import compiled

pytestmark = [
    pytest.mark.xdist_group("bench"),
    pytest.mark.skipif(
        not hasattr(__import__("os"), "wait4"), reason="os.wait4 (POSIX) measures each process"
    ),
]

REPEAT = 5


@pytest.fixture(scope="module")
def games() -> cases.Games:
    compiled()
    return cases.games("quick")


@pytest.mark.parametrize("case", cases.cli_cases(), ids=lambda c: c.name)
def test_the_command_line_answers_quickly(case: cases.Case) -> None:
    ratio = case.judge(cases.measure(case, REPEAT))
    assert ratio.median <= case.quick_bound, f"{case.target}: {ratio}"


def test_a_long_game_opens_as_quickly_as_an_empty_one(games: cases.Games) -> None:
    for case, result in cases.measured(cases.save_cases(games), 2):
        ratio = case.judge(result)
        assert ratio.median <= case.quick_bound, f"{case.name}: {case.target}: {ratio}"
