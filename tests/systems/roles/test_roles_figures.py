"""The win-share ratio interval pinned to a slow, obvious reference over generated games."""
from __future__ import annotations

import math
import random

import pytest

from generator.sim.stats import Z95
from generator.systems.roles.figures import RatioSums, add_sums, ratio_interval


def plain_interval(pairs: list[tuple[int, int]]) -> tuple[float, float]:
    """The delta-method interval of sum(w) / sum(d), the game as the unit, written out:
    the residuals of each game around the ratio, their variance over games, scaled by
    the mean plays a game."""
    n = len(pairs)
    total_d = sum(d for _, d in pairs)
    if n < 2 or total_d == 0:
        return 0.0, 1.0
    ratio = sum(w for w, _ in pairs) / total_d
    residuals = [w - ratio * d for w, d in pairs]
    variance = sum(e * e for e in residuals) / (n - 1)
    half = Z95 * math.sqrt(variance / n) / (total_d / n)
    return max(0.0, ratio - half), min(1.0, ratio + half)


@pytest.mark.parametrize("seed", range(40))
def test_ratio_interval_equals_the_plain_reference(seed: int) -> None:
    rng = random.Random(seed)
    games = rng.choice([1, 2, 3, 10, 200])
    pairs = []
    for _ in range(games):
        plays = rng.choice([0, 1, rng.randint(0, 20)])
        pairs.append((rng.randint(0, plays), plays))
    sums = RatioSums.of(pairs)
    if sums.d:
        assert sums.ratio == sum(w for w, _ in pairs) / sum(d for _, d in pairs)
    got, want = ratio_interval(sums), plain_interval(pairs)
    assert got == pytest.approx(want, abs=1e-9), (pairs, got, want)
    # Merged in any split and order: the same sums, so the same interval.
    cut = rng.randint(0, games)
    assert add_sums(RatioSums.of(pairs[cut:]), RatioSums.of(pairs[:cut])) == sums


def test_the_interval_is_about_games_not_plays() -> None:
    # One game where the winner made all 40 plays and one where they made none: 40 of
    # 80 plays, but two games cannot pin the share (a Wilson interval over plays would).
    wide = ratio_interval(RatioSums.of([(40, 40), (0, 40)]))
    assert wide[0] == 0.0 and wide[1] == 1.0
    narrow = ratio_interval(RatioSums.of([(20, 40), (20, 40)]))
    assert narrow == (0.5, 0.5)
