"""Time odds + resolve in-process for every shipped check (target: under 1 ms per resolution).

Run: ``.venv/bin/python tests/bench/bench_resolve.py`` (not collected by pytest). Each check is
resolved with representative inputs, all optional rules on, odds included, with a seeded
generator; gaps the sources leave open get placeholder values (the first choice, or 1), as a
player's house rules would supply them. The figure is the median of several batches.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from drumhead.checks.resolve import prepare, resolve
from drumhead.dice.roller import RandomDice
from drumhead.errors import MissingGapError
from drumhead.loading.loader import load_ruleset, ruleset_ids
from drumhead.rules.model import CheckSpec, Ruleset

ROOT = Path(__file__).resolve().parents[2]
HOUSE_RULES = {"republique": ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"}
"""Rulesets whose charts are gaps are timed with the example house rules that fill them."""

BATCH = 200
BATCHES = 7

SAMPLES: dict[tuple[str, str], dict[str, Any]] = {
    ("one-if-by-land", "fire"): {"figures": 45, "firer_quality": "regular"},
    ("rank-and-file", "morale"): {"quality": "regular", "stands_start": 8, "stands_lost": 2},
    ("rank-and-file", "rally"): {
        "quality": "veteran",
        "stands_start": 7,
        "stands_lost": 2,
        "state": "unsteady",
    },
    ("rank-and-file", "fire"): {"stands": 8},
    ("rank-and-file", "melee"): {"stands": 8},
    ("rank-and-file", "melee_result"): {"attacker_hits": 3, "defender_hits": 2},
    ("rank-and-file", "wave_split"): {"hits": 5},
    ("republique", "assault"): {"attacker_bases_primary": 6, "defender_bases_primary": 4},
    ("republique", "panic"): {"panic_hits": 2, "grade": "veteran"},
}


def _fill(rs: Ruleset, exc: MissingGapError, gaps: dict[str, object]) -> None:
    spec = rs.gap(exc.gap)
    assert spec is not None
    gaps[exc.gap] = spec.choices[0] if spec.choices else ("1" if spec.type == "text" else 1)


def _timed(rs: Ruleset, check: CheckSpec) -> float:
    values = SAMPLES.get((rs.id, check.id), {})
    gaps: dict[str, object] = {}
    while True:  # discover the gaps this check needs, at prepare, odds or resolve
        try:
            resolve(prepare(rs, check.id, values, (), gaps), RandomDice(random.Random(0)))
            break
        except MissingGapError as exc:
            _fill(rs, exc, gaps)
    rng = random.Random(1)
    times = []
    for _ in range(BATCHES):
        start = time.perf_counter()
        for _ in range(BATCH):
            resolve(prepare(rs, check.id, values, (), gaps), RandomDice(rng))
        times.append((time.perf_counter() - start) / BATCH * 1000)
    return statistics.median(times)


def main() -> int:
    print(f"{'ruleset':<16} {'check':<22} {'ms/resolution':>14}")
    worst = 0.0
    for rid in ruleset_ids():
        base = load_ruleset(rid)
        options = [o.id for o in base.options if not _exclusive(base, o.id)]
        rs = load_ruleset(rid, options, HOUSE_RULES.get(rid))
        for check in rs.checks:
            median = _timed(rs, check)
            worst = max(worst, median)
            print(f"{rid:<16} {check.id:<22} {median:>14.3f}")
    print(f"slowest: {worst:.3f} ms per resolution (prepare + odds + resolve; target < 1 ms)")
    return 0 if worst < 1.0 else 1


def _exclusive(rs: Ruleset, option: str) -> bool:
    # Options that replace a default reading (e.g. 2d6 initiative) are left off.
    return option.startswith("initiative_") or option.endswith("_half_die")


if __name__ == "__main__":
    sys.exit(main())
