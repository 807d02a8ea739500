"""Intervals, curve shapes and the adaptive stopping rule (issue 25 §1).

Each function is checked against known values and against a slow, obvious
implementation over seeded generated inputs: the Wilson interval as the set of
proportions the score test does not reject (found by bisection), the t interval
from the raw values with :mod:`statistics`, the t quantile by integrating the
density, the curve classification by a plain reading of the rule.
"""
from __future__ import annotations

import math
import random
import statistics

import pytest

from generator.sim.executors import LocalPoolExecutor
from generator.sim.montecarlo import (
    STOPPED_BY_CAP,
    STOPPED_BY_WIDTH,
    RunResult,
    batch_plan,
    run_games,
    run_until,
)
from generator.sim.stats import (
    Z95,
    classify_curve,
    format_rate,
    half_width,
    make_histogram,
    mean_interval,
    plateau_runs,
    t975,
    wilson_interval,
    wrong_way,
)
from generator.systems.tower.model import game_from_map
from generator.systems.tower.playtest import TowerGames

# -- Wilson -------------------------------------------------------------------------------


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (50, 100, 0.4038, 0.5962),
    (0, 200, 0.0, 0.0188),
    (200, 200, 0.9812, 1.0),
    (711, 1000, 0.6821, 0.7382),  # the glyph curve's degree 1 in issue 25
    (1, 10, 0.0179, 0.4042),
    (9, 10, 0.5958, 0.9821),
])
def test_wilson_known_values(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(wins, games)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def slow_wilson(wins: int, games: int) -> tuple[float, float]:
    """The proportions p the two-sided score test does not reject at 95 %:
    |phat - p| <= z sqrt(p (1 - p) / n), bounds found by bisection."""
    phat = wins / games

    def accepted(p: float) -> bool:
        return abs(phat - p) <= Z95 * math.sqrt(p * (1 - p) / games)

    def edge(inside: float, outside: float) -> float:
        for _ in range(200):
            mid = (inside + outside) / 2
            inside, outside = (mid, outside) if accepted(mid) else (inside, mid)
        return inside

    low = 0.0 if wins == 0 else edge(phat, 0.0)
    high = 1.0 if wins == games else edge(phat, 1.0)
    return low, high


def test_wilson_equals_the_score_test_inverted() -> None:
    rng = random.Random(25)
    for _ in range(400):
        games = rng.choice([1, 2, 5, 12, 40, 100, rng.randrange(1, 3000)])
        wins = rng.randrange(games + 1)
        fast, slow = wilson_interval(wins, games), slow_wilson(wins, games)
        assert fast == pytest.approx(slow, abs=1e-9), (wins, games)


def test_half_width_and_format() -> None:
    assert half_width((0.2, 0.3)) == pytest.approx(0.05)
    assert format_rate(711, 1000) == "71.1% [68.2-73.8%]"
    assert format_rate(0, 0) == "-"

# -- t interval ---------------------------------------------------------------------------


def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for t >= 0, Simpson's rule on the density."""
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    n = 4000
    h = t / n
    total = 0.0
    for i in range(n + 1):
        x = i * h
        weight = 1 if i in (0, n) else (4 if i % 2 else 2)
        total += weight * c * (1 + x * x / df) ** (-(df + 1) / 2)
    return 0.5 + total * h / 3


@pytest.mark.parametrize("df", [1, 2, 3, 5, 10, 29, 30, 31, 45, 99, 400])
def test_t_quantile_integrates_to_its_level(df: int) -> None:
    assert t_cdf(t975(df), df) == pytest.approx(0.975, abs=2e-7)


def test_t_quantile_known_values() -> None:
    assert [round(t975(df), 3) for df in (1, 2, 5, 10, 20, 30, 120)] == [
        12.706, 4.303, 2.571, 2.228, 2.086, 2.042, 1.980]
    with pytest.raises(ValueError):
        t975(0)


def test_mean_interval_equals_the_textbook_formula() -> None:
    rng = random.Random(7)
    for _ in range(300):
        values = [rng.randrange(rng.choice([2, 5, 40])) for _ in range(rng.randrange(2, 300))]
        hist = make_histogram(values)
        low, high = mean_interval(hist)
        mean = statistics.fmean(values)
        if len(set(values)) == 1:
            assert (low, high) == (mean, mean)
            continue
        half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
        assert (low, high) == pytest.approx((mean - half, mean + half), rel=1e-9, abs=1e-9)


def test_mean_interval_of_nothing_or_one_value() -> None:
    assert mean_interval(()) == (0.0, 0.0)
    assert mean_interval(((5, 1),)) == (5.0, 5.0)

# -- curve shapes ---------------------------------------------------------------------------


def slow_kind(a: int, b: int) -> str:
    """The rule read plainly, rates in hundredths of a point (integers)."""
    if abs(b - a) <= 500:
        return "plateau"
    if a - b > 2500:
        return "cliff"
    return "slope"


def test_classify_curve_against_the_rule() -> None:
    rng = random.Random(3)
    for _ in range(500):
        # hundredths of a point; boundaries (5.00, 25.00, 25.01 points) come up often
        start = rng.randrange(0, 10_001)
        steps = [rng.choice([0, 500, -500, 501, -501, -2500, -2501, rng.randrange(-6000, 6000)])
                 for _ in range(rng.randrange(0, 9))]
        points = [start]
        for d in steps:
            points.append(min(10_000, max(0, points[-1] + d)))
        rates = [p / 10_000 for p in points]
        found = classify_curve(rates)
        assert [s.kind for s in found] == [slow_kind(a, b) for a, b in zip(points, points[1:])]
        assert [(s.first, s.second) for s in found] == [(i, i + 1) for i in range(len(steps))]


def test_the_issue_curve_is_a_plateau_then_a_cliff() -> None:
    rates = [0.711, 0.662, 0.614, 0.258, 0.209, 0.125, 0.006, 0.005]
    kinds = [s.kind for s in classify_curve(rates)]
    assert kinds == ["plateau", "plateau", "cliff", "plateau", "slope", "slope", "plateau"]
    assert plateau_runs(classify_curve(rates)) == ((0, 2), (3, 4), (6, 7))


def test_wrong_way_needs_disjoint_intervals() -> None:
    assert wrong_way([wilson_interval(30, 100), wilson_interval(40, 100)]) == ()
    assert wrong_way([wilson_interval(120, 400), wilson_interval(180, 400)]) == ((0, 1),)

# -- stopping rule ------------------------------------------------------------------------


GAME = game_from_map("""
    T T . ~ ~
    . 1 . . ~
    . B 2 . .
    ~ . . B .
    ~ ~ . . .""", ["light-female E5 N", "dark-male C5 N"])


def wins(result: RunResult[tuple[int, ...]]) -> int:
    return result.count(lambda r: bool(r[0]))


def narrow(width: float):  # type: ignore[no-untyped-def]
    def enough(result: RunResult[tuple[int, ...]]) -> bool:
        return half_width(wilson_interval(wins(result), result.games)) <= width
    return enough


def test_batch_plan() -> None:
    assert batch_plan(100, 1000)[-2:] == (900, 1000) and len(batch_plan(100, 1000)) == 10
    with pytest.raises(ValueError):
        batch_plan(0, 10)


def test_stops_at_the_first_batch_narrow_enough() -> None:
    sim = TowerGames(GAME, "greedy")
    result, why = run_until(sim, 3, batch=50, cap=2000, enough=narrow(0.05))
    assert why == STOPPED_BY_WIDTH and result.games % 50 == 0
    assert half_width(wilson_interval(wins(result), result.games)) <= 0.05
    earlier = run_games(sim, result.games - 50, 3)
    assert half_width(wilson_interval(wins(earlier), earlier.games)) > 0.05
    assert result == run_games(sim, result.games, 3)  # the same games as one plain run


def test_the_cap_stops_a_wide_figure() -> None:
    sim = TowerGames(GAME, "greedy")
    result, why = run_until(sim, 3, batch=30, cap=70, enough=narrow(0.01))
    assert why == STOPPED_BY_CAP and result.games == 70
    assert result == run_games(sim, 70, 3)


def test_same_games_on_every_executor_and_chunking() -> None:
    sim = TowerGames(GAME, "greedy")
    here = run_until(sim, 11, batch=40, cap=400, enough=narrow(0.06))
    assert run_until(sim, 11, batch=40, cap=400, enough=narrow(0.06), tasks=7) == here
    with LocalPoolExecutor(2) as pool:
        assert run_until(sim, 11, batch=40, cap=400, enough=narrow(0.06),
                         executor=pool) == here
