"""Statistics for Monte Carlo runs: 95 % intervals, integer histograms, curve shapes.

Every function is pure and works on counts, so results merged from several
workers give the same figures as one run.

- Proportions (win rates, shares) carry the Wilson score interval
  (:func:`wilson_interval`); means of integer figures (turns, rounds, riddles
  solved) carry the Student t interval, mean +- t(0.975, n-1) * s / sqrt(n)
  (:func:`mean_interval`).
- :func:`classify_curve` names the plateaus and cliffs of a difficulty curve;
  :func:`wrong_way` finds the levels clearly easier than an earlier one.

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

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


def half_width(interval: tuple[float, float]) -> float:
    """Half the width of an interval: the ``+-`` of a figure.

    >>> round(half_width(wilson_interval(50, 100)), 4)
    0.0962
    """
    return (interval[1] - interval[0]) / 2


T975 = (12.706204736174698, 4.302652729749464, 3.182446305284263, 2.7764451051977934,
        2.5705818356363146, 2.4469118511449692, 2.3646242515927844, 2.306004135204166,
        2.2621571628540993, 2.2281388519649385, 2.200985160082949, 2.1788128296634177,
        2.1603686564610127, 2.1447866879169273, 2.131449545559323, 2.1199052992210112,
        2.1098155778331806, 2.10092204024096, 2.0930240544083096, 2.085963447265837,
        2.0796138447276626, 2.073873067904015, 2.068657610419041, 2.0638985616280205,
        2.059538552753294, 2.055529438642871, 2.0518305164802833, 2.048407141795244,
        2.045229642132703, 2.0422724563012373)
"""The 0.975 quantile of Student's t for 1 to 30 degrees of freedom."""


def t975(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom: exact to the
    digits shown up to 30, then the Cornish-Fisher expansion in 1/df (error below 1e-5).

    >>> round(t975(10), 3), round(t975(60), 3), round(t975(10**9), 3)
    (2.228, 2.0, 1.96)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df <= len(T975):
        return T975[df - 1]
    z = Z95
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def mean_interval(hist: Histogram) -> tuple[float, float]:
    """The Student t 95 % interval of the mean of a histogram's values.

    Sums are exact integers, so the result does not depend on the order the counts
    were gathered in. One value or none: ``(mean, mean)`` (no spread can be measured).

    >>> [round(x, 4) for x in mean_interval(((1, 1), (2, 1), (3, 1)))]
    [-0.4841, 4.4841]
    >>> mean_interval(((4, 7),))
    (4.0, 4.0)
    """
    n = total_of(hist)
    mean = mean_of(hist)
    if n < 2:
        return mean, mean
    total = sum(v * c for v, c in hist)
    squares = sum(v * v * c for v, c in hist)
    spread = (squares * n - total * total) / (n * (n - 1))  # exact numerator: integers
    if spread <= 0:
        return mean, mean
    half = t975(n - 1) * math.sqrt(spread / n)
    return mean - half, mean + half


def format_interval(interval: tuple[float, float], percent: bool = True, digits: int = 1
                    ) -> str:
    """``[lo-hi]`` for a printed figure: percentages (``[68.2-73.8%]``) or plain values.

    >>> format_interval((0.6823, 0.7381)), format_interval((2.5, 3.25), percent=False, digits=2)
    ('[68.2-73.8%]', '[2.50-3.25]')
    """
    if percent:
        return f"[{interval[0] * 100:.{digits}f}-{interval[1] * 100:.{digits}f}%]"
    return f"[{interval[0]:.{digits}f}-{interval[1]:.{digits}f}]"


def format_rate(successes: int, trials: int, digits: int = 1) -> str:
    """A share with its Wilson interval: ``71.0% [68.1-73.7%]``.

    >>> format_rate(71, 100, 0), format_rate(0, 0)
    ('71% [61-79%]', '-')
    """
    if trials == 0:
        return "-"
    return (f"{successes / trials * 100:.{digits}f}% "
            f"{format_interval(wilson_interval(successes, trials), digits=digits)}")


def format_mean(hist: Histogram, digits: int = 2) -> str:
    """A mean with its t interval: ``2.40 [1.10-3.70]``.

    >>> format_mean(((1, 1), (2, 1), (3, 3)))
    '2.40 [1.29-3.51]'
    """
    return f"{mean_of(hist):.{digits}f} {format_interval(mean_interval(hist), False, digits)}"


def intervals_disjoint_above(upper: tuple[float, float], lower: tuple[float, float]) -> bool:
    """True when interval ``upper`` lies entirely above interval ``lower``.

    >>> intervals_disjoint_above((0.6, 0.8), (0.3, 0.5))
    True
    >>> intervals_disjoint_above((0.4, 0.8), (0.3, 0.5))
    False
    """
    return upper[0] > lower[1]


def difference_interval(wins_a: int, games_a: int, wins_b: int, games_b: int,
                        z: float = Z95) -> tuple[float, float]:
    """The 95 % interval of ``p_a - p_b`` for two independent proportions: Newcombe's
    hybrid score interval (his method 10), built from the two Wilson intervals, so it
    stays inside [-1, 1] and is sound at 0 % and 100 %.

    Two policies played on the same seeds are not independent samples, but the
    games diverge after their first choice; treating them as independent gives a
    wider (more cautious) interval than a paired one would.

    >>> [round(x, 4) for x in difference_interval(56, 70, 48, 80)]
    [0.0524, 0.3339]
    >>> difference_interval(0, 0, 0, 0)
    (-1.0, 1.0)
    """
    p_a = wins_a / games_a if games_a else 0.0
    p_b = wins_b / games_b if games_b else 0.0
    lo_a, hi_a = wilson_interval(wins_a, games_a, z)
    lo_b, hi_b = wilson_interval(wins_b, games_b, z)
    d = p_a - p_b
    lower = d - math.sqrt((p_a - lo_a) ** 2 + (hi_b - p_b) ** 2)
    upper = d + math.sqrt((hi_a - p_a) ** 2 + (p_b - lo_b) ** 2)
    return max(-1.0, lower), min(1.0, upper)


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


PLATEAU_AT_MOST = 0.05
"""Adjacent levels whose win rates differ by at most this much form a plateau."""
CLIFF_OVER = 0.25
"""A drop of more than this much between adjacent levels is a cliff."""


@dataclass(frozen=True, slots=True)
class Step:
    """Two adjacent levels of a curve (by position) and what the step between them is:
    ``plateau`` (rates within :data:`PLATEAU_AT_MOST`), ``cliff`` (a drop over
    :data:`CLIFF_OVER`) or ``slope`` (anything else)."""

    kind: str
    first: int
    second: int
    change: float  # second rate minus first rate


def classify_curve(rates: Sequence[float], plateau: float = PLATEAU_AT_MOST,
                   cliff: float = CLIFF_OVER) -> tuple[Step, ...]:
    """Each step between adjacent levels of a curve of rates (hardest last).

    Rates are compared in whole hundredths of a point, so a difference printed as
    5.00 points is a plateau whatever the float rounding.

    >>> [s.kind for s in classify_curve([0.71, 0.68, 0.66, 0.30, 0.27])]
    ['plateau', 'plateau', 'cliff', 'plateau']
    """
    out = []
    for i in range(len(rates) - 1):
        change = rates[i + 1] - rates[i]
        hundredths = round(change * 10_000)
        if abs(hundredths) <= round(plateau * 10_000):
            kind = "plateau"
        elif -hundredths > round(cliff * 10_000):
            kind = "cliff"
        else:
            kind = "slope"
        out.append(Step(kind, i, i + 1, change))
    return tuple(out)


def plateau_runs(steps: Sequence[Step]) -> tuple[tuple[int, int], ...]:
    """Runs of consecutive plateau steps as ``(first level, last level)`` positions.

    >>> plateau_runs(classify_curve([0.71, 0.68, 0.66, 0.30, 0.27]))
    ((0, 2), (3, 4))
    """
    runs: list[tuple[int, int]] = []
    for step in steps:
        if step.kind != "plateau":
            continue
        if runs and runs[-1][1] == step.first:
            runs[-1] = (runs[-1][0], step.second)
        else:
            runs.append((step.first, step.second))
    return tuple(runs)


def wrong_way(intervals: Sequence[tuple[float, float]]) -> tuple[tuple[int, int], ...]:
    """``(earlier, later)`` positions where a later (harder) level's interval lies wholly
    above an earlier one's: clearly easier, not noise. One pair per later level (its
    first such earlier level).

    >>> wrong_way([(0.6, 0.8), (0.3, 0.5), (0.55, 0.7)])
    ((1, 2),)
    """
    out = []
    for j, later in enumerate(intervals):
        for i in range(j):
            if intervals_disjoint_above(later, intervals[i]):
                out.append((i, j))
                break
    return tuple(out)


__all__ = ["CLIFF_OVER", "Histogram", "PLATEAU_AT_MOST", "Step", "T975", "Z95",
           "classify_curve", "difference_interval", "format_histogram", "format_interval", "format_mean",
           "format_rate", "half_width", "intervals_disjoint_above", "make_histogram",
           "mean_interval", "mean_of", "merge_histograms", "plateau_runs", "quantile_of",
           "t975", "total_of", "wilson_interval", "wrong_way"]
