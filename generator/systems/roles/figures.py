"""Figures of role playouts over many deals: per role and per printed card, with
intervals, and the three balance judgements of ``check`` (pure functions).

**Win share.** The share of a role's plays, in decided games, made by the game's
winner. All players draw from one deck, so a role that neither helps nor hurts is
played by the winner as often as any card is: its *fair share* is the same figure
over every play of every card (about ``1/players``, a little more since the
winner keeps both workers longer).

**Intervals.** The plays of one game are not independent draws (the winner makes
many of them), so a Wilson interval over plays would be too narrow. Win shares
take the 95 % interval of a ratio estimated over games, the game as the unit
(:func:`ratio_interval`: the delta method, ``R +- z * sqrt(sum e_g^2 / (n (n-1))) /
mean(d)``, ``e_g = w_g - R d_g``), from exact integer sums, so merged runs give the
same figure whatever the order.

**Number correlation** (:func:`pearson`, :func:`fisher_interval`): Pearson's r
between each printed number and the win share of the copies bearing it (every
role's copies and the Engineers pooled over the deals), with the Fisher z 95 %
interval over the numbers: reported, not judged, since the rules make it positive
whatever the roles (:func:`type_far_from_fair` says why and what is judged instead).

>>> s = RatioSums.of([(1, 2), (0, 2), (2, 2), (1, 2)])
>>> s.ratio, [round(x, 3) for x in ratio_interval(s)]
(0.5, [0.1, 0.9])
>>> round(pearson([1, 2, 3, 4], [2, 4, 5, 9]), 3)
0.965
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from generator.sim.stats import Z95

TYPE_RATIO = 1.05
"""RS-N017: a type's win share over this times the fair share (or under its inverse),
with the two intervals apart: the type's numbers, not its roles, decide its plays."""
FAR_RATIO = 1.25
"""RS-N018: a role's win share over this times the fair share (or under its inverse),
with the two intervals apart."""
NEVER_WORTH_OFFERS = 20
"""RS-N019: a card offered in at least this many choices and never picked."""


@dataclass(frozen=True, slots=True)
class RatioSums:
    """Integer sums over games of (w, d) pairs: games, sum w, sum d, sum w^2, sum w d,
    sum d^2 (a game where the role was dealt but never played counts as (0, 0))."""

    n: int = 0
    w: int = 0
    d: int = 0
    ww: int = 0
    wd: int = 0
    dd: int = 0

    @staticmethod
    def of(pairs: Iterable[tuple[int, int]]) -> RatioSums:
        """The sums of ``(w, d)`` pairs, one per game."""
        out = RatioSums()
        for w, d in pairs:
            out = out.add(w, d, 1)
        return out

    def add(self, w: int, d: int, times: int) -> RatioSums:
        """These sums and ``times`` games with ``(w, d)``."""
        return RatioSums(self.n + times, self.w + w * times, self.d + d * times,
                         self.ww + w * w * times, self.wd + w * d * times,
                         self.dd + d * d * times)

    @property
    def ratio(self) -> float:
        return self.w / self.d if self.d else 0.0

    def as_list(self) -> list[int]:
        return [self.n, self.w, self.d, self.ww, self.wd, self.dd]


def ratio_interval(s: RatioSums, z: float = Z95) -> tuple[float, float]:
    """The 95 % interval of ``w/d`` with the game as the unit (see the module notes),
    clamped to [0, 1]; ``(0, 1)`` with fewer than two games or no plays."""
    if s.n < 2 or s.d == 0:
        return 0.0, 1.0
    r = s.w / s.d
    residual = s.ww - 2 * r * s.wd + r * r * s.dd  # sum over games of (w - r d)^2
    mean_d = s.d / s.n
    half = z * math.sqrt(max(residual, 0.0) / (s.n * (s.n - 1))) / mean_d
    return max(0.0, r - half), min(1.0, r + half)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation coefficient (0.0 when either side does not vary)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return 0.0
    return sxy / math.sqrt(sxx * syy)


def fisher_interval(r: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Fisher z 95 % interval of a correlation ``r`` over ``n`` pairs ((-1, 1) when
    n <= 3).

    >>> [round(x, 3) for x in fisher_interval(0.67, 25)]
    [0.374, 0.842]
    """
    if n <= 3:
        return -1.0, 1.0
    r = max(-0.999999, min(0.999999, r))
    centre, half = math.atanh(r), z / math.sqrt(n - 3)
    return math.tanh(centre - half), math.tanh(centre + half)


def add_sums(a: RatioSums, b: RatioSums) -> RatioSums:
    """The sums of two disjoint sets of games (a type's roles are in different deals)."""
    return RatioSums(*(x + y for x, y in zip(a.as_list(), b.as_list(), strict=True)))


def type_far_from_fair(share: float, interval: tuple[float, float], fair: float,
                       fair_interval: tuple[float, float]) -> str:
    """RS-N017's test: 'above' or 'below' when a type's pooled win share is beyond
    :data:`TYPE_RATIO` of the fair share and the intervals do not overlap, else ''.

    Why not the correlation of number and win share: the Statue goes to the highest
    number and only its holder wins by climbing, so the winner's last card is a high
    one in every game and the win share rises with the number whatever the roles (the
    shipped box at 2 players, 1,500 greedy games: r = 0.90, and 0.93 with every ability
    removed; numbers 1-5 win 46.9 %, 21-25 52.9 %, the same with or without powers).
    What content can still get wrong is a type's set of numbers: every role of the type
    is printed on them, so a set skewed low or high sinks or lifts all its roles.

    >>> type_far_from_fair(0.468, (0.458, 0.478), 0.5, (0.5, 0.5))
    'below'
    >>> type_far_from_fair(0.508, (0.501, 0.516), 0.5, (0.5, 0.5))
    ''
    """
    if fair <= 0:
        return ""
    if share > fair * TYPE_RATIO and interval[0] > fair_interval[1]:
        return "above"
    if share < fair / TYPE_RATIO and interval[1] < fair_interval[0]:
        return "below"
    return ""


def far_from_fair(share: float, interval: tuple[float, float], fair: float,
                  fair_interval: tuple[float, float]) -> str:
    """RS-N018's test: 'above' or 'below' when the role's share is beyond
    :data:`FAR_RATIO` of the fair share and the intervals do not overlap, else ''.

    >>> far_from_fair(0.7, (0.62, 0.78), 0.5, (0.48, 0.52)), far_from_fair(0.55, (0.5, 0.6), 0.5, (0.48, 0.52))
    ('above', '')
    """
    if fair <= 0:
        return ""
    if share > fair * FAR_RATIO and interval[0] > fair_interval[1]:
        return "above"
    if share < fair / FAR_RATIO and interval[1] < fair_interval[0]:
        return "below"
    return ""


__all__ = ["FAR_RATIO", "NEVER_WORTH_OFFERS", "TYPE_RATIO", "RatioSums", "add_sums",
           "far_from_fair", "fisher_interval", "pearson", "ratio_interval",
           "type_far_from_fair"]
