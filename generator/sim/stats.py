"""Statistics for Monte Carlo runs: Wilson score intervals and integer histograms.

Every function is pure and works on counts, so results merged from several
workers give the same figures as one run.

>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
>>> hist = make_histogram([3, 1, 3, 2, 3])
>>> hist
((1, 1), (2, 1), (3, 3))
>>> mean_of(hist), quantile_of(hist, 0.5)
(2.4, 3)
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""

Histogram = tuple[tuple[int, int], ...]
"""``(value, count)`` pairs sorted by value, counts positive."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    Unlike the normal approximation it stays inside [0, 1] and is sound for 0 or
    ``trials`` successes, which playtests of very easy or hard scenarios produce.
    No trials: the whole range ``(0.0, 1.0)``.

    >>> wilson_interval(0, 200)[0], round(wilson_interval(0, 200)[1], 4)
    (0.0, 0.0188)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # Clamp rounding noise: the exact interval touches 0 (or 1) at 0 (or all) successes.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return lo, hi


def intervals_disjoint_above(upper: tuple[float, float], lower: tuple[float, float]) -> bool:
    """True when interval ``upper`` lies entirely above interval ``lower``.

    >>> intervals_disjoint_above((0.6, 0.8), (0.3, 0.5))
    True
    >>> intervals_disjoint_above((0.4, 0.8), (0.3, 0.5))
    False
    """
    return upper[0] > lower[1]


def make_histogram(values: Iterable[int] | Mapping[int, int]) -> Histogram:
    """A histogram of integer values, or of a ``value -> count`` mapping.

    >>> make_histogram({5: 2, 1: 0, 2: 1})
    ((2, 1), (5, 2))
    """
    counts: Mapping[int, int] = values if isinstance(values, Mapping) else Counter(values)
    return tuple((v, c) for v, c in sorted(counts.items()) if c > 0)


def merge_histograms(*histograms: Histogram) -> Histogram:
    """The histogram of all values of several histograms (order does not matter).

    >>> merge_histograms(((1, 2),), ((1, 1), (4, 1)))
    ((1, 3), (4, 1))
    """
    total: Counter[int] = Counter()
    for hist in histograms:
        for value, count in hist:
            total[value] += count
    return make_histogram(total)


def total_of(hist: Histogram) -> int:
    """How many values the histogram counts."""
    return sum(c for _, c in hist)


def mean_of(hist: Histogram) -> float:
    """The mean value (0.0 for an empty histogram). Sums are exact integers, so the
    result does not depend on the order the counts were gathered in."""
    n = total_of(hist)
    return sum(v * c for v, c in hist) / n if n else 0.0


def quantile_of(hist: Histogram, q: float) -> int:
    """The nearest-rank ``q`` quantile (0 < q <= 1); 0 for an empty histogram.

    >>> quantile_of(((1, 9), (10, 1)), 0.9), quantile_of(((1, 9), (10, 1)), 0.95)
    (1, 10)
    """
    if not 0.0 < q <= 1.0:
        raise ValueError(f"quantile must be in (0, 1], got {q}")
    n = total_of(hist)
    if n == 0:
        return 0
    rank = max(1, math.ceil(q * n))
    seen = 0
    for value, count in hist:
        seen += count
        if seen >= rank:
            return value
    return hist[-1][0]


def format_histogram(hist: Histogram, width: int = 40, label: str = "") -> list[str]:
    """Text bars, one line per value, the longest ``width`` characters.

    >>> format_histogram(((1, 2), (3, 4)), width=4)
    ['1 | ##   2', '3 | #### 4']
    """
    if not hist:
        return []
    top = max(c for _, c in hist)
    pad = max(len(str(v)) for v, _ in hist)
    lines = []
    for value, count in hist:
        bar = "#" * max(1, round(width * count / top))
        lines.append(f"{label}{value:>{pad}} | {bar:<{width}} {count}")
    return lines


__all__ = ["Histogram", "Z95", "format_histogram", "intervals_disjoint_above", "make_histogram",
           "mean_of", "merge_histograms", "quantile_of", "total_of", "wilson_interval"]
