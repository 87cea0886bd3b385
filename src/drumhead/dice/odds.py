"""Exact probability distributions over integers, on :class:`fractions.Fraction`.

A :data:`Distribution` maps each possible value to its probability; the probabilities sum to 1.
No simulation anywhere: every figure drumhead shows is computed from these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from itertools import accumulate
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypeVar

    K = TypeVar("K")

Distribution = dict[int, Fraction]
"""Value -> probability."""


def constant(value: int) -> Distribution:
    """A certain value."""
    return {value: Fraction(1)}


def uniform(values: Iterable[int]) -> Distribution:
    """Each value equally likely."""
    items = list(values)
    p = Fraction(1, len(items))
    return {v: p for v in items}


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent values."""
    out: Distribution = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            out[va + vb] = out.get(va + vb, Fraction(0)) + pa * pb
    return dict(sorted(out.items()))


def sum_counts(sides: int, count: int) -> list[int]:
    """How many ways ``count`` dice of ``sides`` faces make each total, lowest total first.

    Exact integers: entry ``i`` counts the ways to make the lowest total plus ``i``; they add up
    to ``sides ** count``. Each die is laid on with a running sum (the ways to reach a total are
    the ways to reach the ``sides`` totals just below it), and only the lower half is counted:
    the counts read the same from both ends. That is about ``count**2 * sides / 4`` additions,
    against ``count**2 * sides**2 / 2`` for a plain convolution.
    """
    if sides < 1 or count < 0:
        raise ValueError(f"no dice of {sides} sides rolled {count} times")
    ways = [1]
    length = 1  # totals the dice so far can make; ``ways`` holds the lower half of them
    for _ in range(count):
        new_length = length + sides - 1
        half = (new_length + 1) // 2
        # the earlier counts up to index half - 1, completed from the mirror image
        need = min(half, length)
        full = ways[:need] + [ways[length - 1 - i] for i in range(len(ways), need)]
        running = list(accumulate(full + [0] * (half - need)))
        ways = running[:sides] + [a - b for a, b in zip(running[sides:], running, strict=False)]
        length = new_length
    return ways + ways[: length - len(ways)][::-1]


def difference(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Distribution:
    """The distribution of ``a - b`` for independent values (an opposed roll)."""
    return convolve(a, {-v: p for v, p in b.items()})


def shift(dist: Mapping[int, Fraction], by: int) -> Distribution:
    """Add a constant to every value."""
    return {v + by: p for v, p in dist.items()}


def map_values(dist: Mapping[int, Fraction], fn: Callable[[int], K]) -> dict[K, Fraction]:
    """Push the distribution through ``fn``, merging values that land on the same key."""
    out: dict[K, Fraction] = {}
    for v, p in dist.items():
        key = fn(v)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def repeat_sum(dist: Mapping[int, Fraction], times: int) -> Distribution:
    """The sum of ``times`` independent copies (``times`` >= 0)."""
    total: Distribution = constant(0)
    for _ in range(times):
        total = convolve(total, dist)
    return total


def binomial(n: int, p: Fraction) -> Distribution:
    """How many of ``n`` independent trials succeed, each with probability ``p``."""
    if n <= 0:
        return constant(0)
    q = 1 - p
    return {k: comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)}


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    """The exact expectation."""
    return sum((v * p for v, p in dist.items()), Fraction(0))


def probability(dist: Mapping[int, Fraction], predicate: Callable[[int], bool]) -> Fraction:
    """The probability that the value satisfies ``predicate``."""
    return sum((p for v, p in dist.items() if predicate(v)), Fraction(0))


def percent(p: Fraction) -> float:
    """A probability as a percentage rounded to one decimal, for display only."""
    return round(float(p) * 100, 1)
