"""The compiled goals and bound: each goal's ``is_met`` and ``min_turns`` over flat states.

Numba ``@njit(cache=True)`` ports of goals/*.py for the subset :func:`~.flat.unsupported`
accepts, and RiddleGame's plain estimate built from them as ``compile_bound`` combines
bounds (``all_of``: the largest and the deadline; ``any_of``: the smallest). Each leaf
claims its goal's ``min_turns`` only (the finer bounds of bounds.py are not ported):
admissible, and pinned to the breadth-first reference by the tests.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.flat import (
    ACHIEVED, BLESSINGS, COLLECTED, DESTROYED, DOMES, G_ALL, G_ANY, G_BLESSINGS, G_BUILD, G_SLOTS,
    G_STAND, G_WITHIN, L1, L2, L3, P_COINS, P_ENDING, P_LAND, P_REMOVABLE, P_TARGET, P_TURN_LIMIT,
    P_WORKERS, SLOTS, SUNK, TOKENS, TURN, W0,
)

UNREACHABLE = 1 << 30
"""As generator.sim.search.UNREACHABLE."""

@njit(cache=True)
def height(s: np.ndarray, sq: int) -> int:
    """Blocks on ``sq`` (engine ``height_at``)."""
    return ((s[L1] >> sq) & 1) + ((s[L2] >> sq) & 1) + ((s[L3] >> sq) & 1)


@njit(cache=True)
def popcount(x: int) -> int:
    count = 0
    while x != 0:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def judge(s: np.ndarray, t, met: np.ndarray) -> None:  # type: ignore[no-untyped-def]
    """Every goal node's ``is_met`` (goals/*.py) into ``met``, children first."""
    goals = t.goals
    for i in range(goals.shape[0]):
        kind, a, b = goals[i, 0], goals[i, 1], goals[i, 2]
        ok = False
        if kind == G_SLOTS:
            filled = (s[SLOTS] >> (8 * a)) & 0xFF
            ok = (filled & 15) >= b and (filled >> 4) >= goals[i, 3]
        elif kind == G_STAND:
            for w in range(t.p[P_WORKERS]):
                sq = s[W0 + w]
                if sq >= 0 and (b < 0 or sq == b) and height(s, sq) >= a:
                    ok = True
                    break
        elif kind == G_BUILD:
            ok = built(s, a, t.goal_masks[i]) >= b
        elif kind == G_WITHIN:
            ok = s[TURN] <= a
        elif kind == G_BLESSINGS:
            ok = s[BLESSINGS] >= a
        elif kind == G_ALL:
            ok = True
            for c in range(goals[i, 4], goals[i, 4] + goals[i, 5]):
                if not met[t.children[c]]:
                    ok = False
                    break
        elif kind == G_ANY:
            for c in range(goals[i, 4], goals[i, 4] + goals[i, 5]):
                if met[t.children[c]]:
                    ok = True
                    break
        met[i] = ok


@njit(cache=True)
def built(s: np.ndarray, what: int, region: int) -> int:
    """Towers (0), domes (1) or blocks (2) standing in ``region`` (BuildGoal.counted)."""
    area = region & ~s[SUNK]
    if what == 2:
        return popcount(s[L1] & area) + popcount(s[L2] & area) + popcount(s[L3] & area)
    if what == 1:
        return popcount(s[DOMES] & area)
    return popcount(s[DOMES] & s[L3] & area)


@njit(cache=True)
def coin_cost(s: np.ndarray, t, coin: int) -> int:  # type: ignore[no-untyped-def]
    """Fewest builds before an uncollected coin is collected (goals/_common.coin_cost)."""
    sq = t.coins[coin, 0]
    if (s[SUNK] >> sq) & 1:
        return UNREACHABLE
    if (t.p[P_REMOVABLE] >> sq) & 1:
        return 1
    if (s[DOMES] >> sq) & 1:
        return UNREACHABLE
    h = height(s, sq)
    for level in range(h + 1, 5):
        if (t.coins[coin, 2] >> level) & 1:
            return level - h
    return UNREACHABLE


@njit(cache=True)
def leaf_turns(s: np.ndarray, t, i: int, met: np.ndarray) -> int:  # type: ignore[no-untyped-def]
    """A leaf goal's ``min_turns`` with plain turns (goals/*.py)."""
    if met[i]:
        return 0
    goals = t.goals
    kind, a, b = goals[i, 0], goals[i, 1], goals[i, 2]
    if kind == G_SLOTS:
        filled = (s[SLOTS] >> (8 * a)) & 0xFF
        total = 0
        for colour in range(2):
            missing = (b if colour == 0 else goals[i, 3]) - ((filled >> (4 * colour)) & 15)
            if missing <= 0:
                continue
            per_cost = np.zeros(5, dtype=np.int64)  # coins needing 1..4 builds
            for coin in range(t.p[P_COINS]):
                if t.coins[coin, 1] != colour or (s[COLLECTED] >> coin) & 1:
                    continue
                cost = coin_cost(s, t, coin)
                if cost < UNREACHABLE:
                    per_cost[cost] += 1
            for cost in range(1, 5):
                take = min(missing, per_cost[cost])
                total += take * cost
                missing -= take
            if missing > 0:
                return UNREACHABLE
        return max(1, total)
    if kind == G_STAND:
        return stand_turns(s, t, a, b)
    if kind == G_BUILD:
        missing = b - built(s, a, t.goal_masks[i])
        if missing <= 0:
            return 0
        if a == 2:
            return missing
        area = t.goal_masks[i] & ~s[SUNK] & ~s[DOMES]
        per_cost = np.zeros(5, dtype=np.int64)
        for sq in t.land_list:
            if (area >> sq) & 1:
                per_cost[4 - height(s, sq)] += 1
        total = 0
        for cost in range(1, 5):
            take = min(missing, per_cost[cost])
            total += take * cost
            missing -= take
        if missing > 0:
            return UNREACHABLE
        return max(1, total)
    if kind == G_WITHIN:
        return 0 if s[TURN] <= a else UNREACHABLE
    # G_BLESSINGS
    missing = a - s[BLESSINGS]
    if missing <= 0:
        return 0
    if popcount(s[TOKENS]) < missing:
        return UNREACHABLE
    best = UNREACHABLE
    left = s[TOKENS] & t.p[P_LAND]
    for sq in t.land_list:
        if (left >> sq) & 1:
            for w in range(t.p[P_WORKERS]):
                at = s[W0 + w]
                if at >= 0 and t.distance[at, sq] < best:
                    best = t.distance[at, sq]
    return max(1, best) if best < UNREACHABLE else UNREACHABLE


@njit(cache=True)
def stand_turns(s: np.ndarray, t, level: int, at: int) -> int:  # type: ignore[no-untyped-def]
    """StandGoal.min_turns for workers, the goal not met."""
    if at >= 0:
        if (s[SUNK] >> at) & 1:
            return UNREACHABLE
        if (s[DOMES] >> at) & 1:
            return 1
        builds = max(0, level - height(s, at))
    else:
        builds = UNREACHABLE
        for sq in t.land_list:
            if not (s[DOMES] >> sq) & 1:
                builds = min(builds, level - height(s, sq))
        if builds >= UNREACHABLE:
            return UNREACHABLE
        builds = max(0, builds)
    best = UNREACHABLE
    for w in range(t.p[P_WORKERS]):
        sq = s[W0 + w]
        if sq < 0:
            continue
        moves = max(0, level - height(s, sq))
        if at >= 0:
            moves = max(moves, t.distance[sq, at])
            if sq == at:
                moves = max(moves, 2)
        best = min(best, moves)
    if best >= UNREACHABLE:
        return UNREACHABLE
    return max(1, builds, best)


@njit(cache=True)
def is_over(s: np.ndarray, t) -> bool:  # type: ignore[no-untyped-def]
    """state.is_over: the ending objective met, two workers lost, or the turn limit."""
    ending = t.p[P_ENDING]
    if ending >= 0 and (s[ACHIEVED] >> ending) & 1:
        return True
    if s[DESTROYED] >= 2:
        return True
    return t.p[P_TURN_LIMIT] >= 0 and s[TURN] >= t.p[P_TURN_LIMIT]


@njit(cache=True)
def estimate(s: np.ndarray, t, met: np.ndarray, bound: np.ndarray) -> int:  # type: ignore[no-untyped-def]
    """RiddleGame.estimate (plain): the target goal's bound, each leaf's ``min_turns``
    combined as ``compile_bound`` combines them (all_of: max and deadline; any_of: min)."""
    target = t.p[P_TARGET]
    if (s[ACHIEVED] >> target) & 1:
        return 0
    if is_over(s, t):
        return UNREACHABLE
    judge(s, t, met)
    root = t.roots[target]
    first = t.roots[target - 1] + 1 if target > 0 else 0
    goals = t.goals
    for i in range(first, root + 1):
        kind = goals[i, 0]
        if kind == G_ALL:
            need = 0
            for c in range(goals[i, 4], goals[i, 4] + goals[i, 5]):
                b = bound[t.children[c]]
                if b >= UNREACHABLE:
                    need = UNREACHABLE
                    break
                need = max(need, b)
            if need < UNREACHABLE and goals[i, 3] >= 0 and s[TURN] + max(need, 1) > goals[i, 3]:
                need = UNREACHABLE
            bound[i] = need
        elif kind == G_ANY:
            need = UNREACHABLE
            for c in range(goals[i, 4], goals[i, 4] + goals[i, 5]):
                need = min(need, bound[t.children[c]])
            bound[i] = need
        else:
            bound[i] = leaf_turns(s, t, i, met)
    need = bound[root]
    if need >= UNREACHABLE:
        return UNREACHABLE
    limit = t.p[P_TURN_LIMIT]
    if limit >= 0 and s[TURN] + max(need, 1) > limit:
        return UNREACHABLE
    return need

