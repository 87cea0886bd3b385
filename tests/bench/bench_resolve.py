"""Time odds + resolve in-process for each shipped check (target: under 1 ms per resolution).

Run: ``.venv/bin/python tests/bench/bench_resolve.py`` (not collected by pytest). Each check is
resolved with its default inputs (gaps filled with 1 where a ruleset lacks a value), odds
included, with a seeded generator; the figure is the median of several batches.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from drumhead.errors import DrumheadError, MissingGapError
from drumhead.loader import load_ruleset, ruleset_ids
from drumhead.resolve import prepare, resolve
from drumhead.roller import RandomDice

BATCH = 200
BATCHES = 7


def _context(rs, check):  # type: ignore[no-untyped-def]
    gaps: dict[str, object] = {}
    options = check.option
    for _ in range(50):
        try:
            ctx = prepare(rs, check.id, {}, (), gaps)
            ctx.check.mechanic.odds(ctx)
            return ctx
        except MissingGapError as exc:
            spec = rs.gap(exc.gap)
            gaps[exc.gap] = spec.choices[0] if spec.choices else ("1" if spec.type == "text" else 1)
    raise DrumheadError(f"{check.id}: too many gaps ({options})")


def main() -> int:
    print(f"{'ruleset':<16} {'check':<22} {'ms/resolution':>14}")
    worst = 0.0
    for rid in ruleset_ids():
        base = load_ruleset(rid)
        rs = load_ruleset(rid, [o.id for o in base.options])
        for check in rs.checks:
            try:
                ctx = _context(rs, check)
            except DrumheadError as exc:
                print(f"{rid:<16} {check.id:<22} skipped: {exc}")
                continue
            rng = random.Random(1)
            times = []
            for _ in range(BATCHES):
                start = time.perf_counter()
                for _ in range(BATCH):
                    resolve(ctx, RandomDice(rng))
                times.append((time.perf_counter() - start) / BATCH * 1000)
            median = statistics.median(times)
            worst = max(worst, median)
            print(f"{rid:<16} {check.id:<22} {median:>14.3f}")
    print(f"slowest check: {worst:.3f} ms per resolution with odds (target < 1 ms)")
    return 0 if worst < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
