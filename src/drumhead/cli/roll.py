"""``drumhead roll``: dice and their exact odds, with nothing of the rules core loaded but the
dice (it answers within twice a bare Python's start: tests/bench/)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.dice.notation import parse
from drumhead.dice.odds import percent

if TYPE_CHECKING:
    import argparse
    from typing import Any


MAX_ROLLS = 50
"""The most dice expressions one ``drumhead roll`` takes (each gets its exact odds: 2,000 of
``100d500`` took seconds)."""


def cmd_roll(args: argparse.Namespace) -> int:
    if len(args.exprs) > MAX_ROLLS:
        from drumhead.cli.main import UsageError

        raise UsageError(
            f"drumhead roll: {len(args.exprs):,} dice expressions; at most {MAX_ROLLS} at once"
        )
    # the operating system's randomness, as the secrets module uses (without importing it)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    rng = random.Random(seed)
    results: list[dict[str, Any]] = []
    for text in args.exprs:
        expr = parse(text)
        faces, total = expr.roll(rng)
        low, ways = expr.ways()  # whole numbers: exact, and fast for the largest notation
        whole = expr.outcomes
        results.append(
            {
                "expr": str(expr),
                "faces": list(faces),
                "total": total,
                "low": expr.low,
                "high": expr.high,
                "mean": str(expr.mean()),
                "p_total": _frac(Fraction(ways[total - low], whole)),
                "p_at_least": _frac(Fraction(sum(ways[total - low :]), whole)),
            }
        )
    if args.json:
        from drumhead.cli.output import emit_json

        emit_json({"seed": seed, "rolls": results})
        return 0
    for r in results:
        shown = f" [{', '.join(str(f) for f in r['faces'])}]" if r["faces"] else ""
        print(
            f"{r['expr']}: {r['total']}{shown}   (range {r['low']}-{r['high']}, "
            f"mean {float(Fraction(str(r['mean']))):.2f}, "
            f"this or more {percent(Fraction(str(r['p_at_least'])))}%)"
        )
    print(f"seed {seed}")
    return 0


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"
