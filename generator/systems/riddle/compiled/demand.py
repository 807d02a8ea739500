# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def"
# (numba kernels: the tables argument and the values read from arrays stay untyped)
"""The compiled ``all_of`` part: goals/all_of.py ``disjoint_builds`` over flat states.

Goals held together whose builds must be on known spaces (a slots goal's coin
spaces, a stand goal's space for a worker, the King or the Sphinx) and whose spaces
are pairwise disjoint need the sum of their builds, one a turn. Ported exactly with
one player; with 2-4 players ``Bounds.builds_turn`` (the builds on their builders'
seats' turns) is not ported, which only lowers it. Past :data:`DEMANDS_AT_MOST`
demanding goals in one ``all_of`` nothing is claimed.
``tests/systems/riddle/test_riddle_compiled.py`` pins it.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.base import (
    LEAN, ROOM_AT, builds_turn, coin_builds, height, popcount,
)
from generator.systems.riddle.compiled.flat import (
    COLLECTED, DOMES, G_SLOTS, G_STAND, O_CHILDREN, O_COINS, O_GOALS, P_COINS, P_PLAYERS, SLOTS,
)

DEMANDS_AT_MOST = 16
"""Demanding goals of one ``all_of`` beyond which :func:`disjoint_builds` claims nothing."""


@njit(**LEAN)
def demand(s: np.ndarray, T, i: int):
    """goals/all_of.py ``demand`` for goal node ``i``: (spaces some of its remaining
    builds must be on, how many; 0 when not known)."""
    g = T[O_GOALS] + 6 * i
    kind = T[g]
    if kind == G_STAND:
        at = T[g + 2]
        if at < 0 or T[g + 3] == 3 or (s[DOMES] >> at) & 1:  # anywhere, any figure, domed
            return np.int64(0), 0
        return np.int64(1) << at, max(0, T[g + 1] - height(s, at))
    if kind != G_SLOTS:
        return np.int64(0), 0
    filled = (s[SLOTS] >> (8 * T[g + 1])) & 0xFF
    where = np.int64(0)
    total = 0
    for colour in range(2):
        count = T[g + 2 + colour] - ((filled >> (4 * colour)) & 15)
        if count <= 0:
            continue
        c1 = c2 = c3 = c4 = 0  # coins needing 1, 2, 3, 4 builds
        for coin in range(T[P_COINS]):
            if T[T[O_COINS] + 3 * coin + 1] != colour or (s[COLLECTED] >> coin) & 1:
                continue
            cost = coin_builds(s, T, coin)
            if cost == 0:
                continue
            where |= np.int64(1) << T[T[O_COINS] + 3 * coin]
            c1 += cost == 1
            c2 += cost == 2
            c3 += cost == 3
            c4 += cost == 4
        for cost, have in ((1, c1), (2, c2), (3, c3), (4, c4)):  # the cheapest, as many as there are
            take = min(count, have)
            total += cost * take
            count -= take
    return where, total


@njit(**LEAN)
def disjoint_builds(s: np.ndarray, T, i: int, scratch: np.ndarray) -> int:
    """The most builds that the children of the ``all_of`` node ``i`` need on pairwise
    disjoint spaces (0: fewer than two demand builds). ``scratch``: a bound's scratch
    (:data:`DEMANDS_AT_MOST` words each for the spaces and builds, then from
    :data:`~.base.ROOM_AT` the seats' schedules)."""
    wheres = scratch[:DEMANDS_AT_MOST]
    builds = scratch[DEMANDS_AT_MOST:2 * DEMANDS_AT_MOST]
    g = T[O_GOALS] + 6 * i
    n = 0
    for c in range(T[g + 4], T[g + 4] + T[g + 5]):
        where, total = demand(s, T, T[T[O_CHILDREN] + c])
        if total > 0:
            if n >= DEMANDS_AT_MOST:
                return 0
            wheres[n] = where
            builds[n] = total
            n += 1
    if n < 2:
        return 0
    best = 0
    for chosen in range(3, 1 << n):
        if popcount(chosen) < 2:
            continue
        union = np.int64(0)
        total = 0
        for k in range(n):
            if (chosen >> k) & 1:
                if union & wheres[k]:
                    total = -1
                    break
                union |= wheres[k]
                total += builds[k]
        if total > 0 and T[P_PLAYERS] > 1:  # each on its builder's seat's turn
            total = max(total, builds_turn(s, T, union, total, scratch[ROOM_AT:]))
        best = max(best, total)
    return best
