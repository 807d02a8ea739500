# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def"
# (numba kernels: the tables argument and the values read from arrays stay untyped)
"""The compiled pieces bound: bounds.py ``Bounds.supply_turn`` over flat states.

Exact where no reward of another objective can still bring pieces, no effect adds
or recycles pieces, and at most :data:`GODS_ENUMERATED_AT_MOST` gods are untaken:
every set of untaken gods the seats can still take (two a seat) is weighed, and a
shortfall they do not cover is out of reach. Relaxed on purpose (at or below the
Python value): rewards still to come count all together, with no wait for the
objectives that bring them beyond turn 2 and no builds of theirs; pieces that
effects add or recycle, or more untaken gods, claim ``max(2, builds)`` once the
stockpile lacks a piece. ``tests/systems/riddle/test_riddle_compiled.py`` pins it.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.base import LEAN, UNREACHABLE, popcount
from generator.systems.riddle.compiled.flat import (
    ACHIEVED, GODS_HELD, GODS_TAKEN, O_GODS, O_SUPPLY, P_ENDLESS, P_GODS, P_OBJECTIVES,
    P_PLAYERS, P_SOURCES, STOCK,
)

GODS_ENUMERATED_AT_MOST = 10
"""Untaken gods beyond which :func:`supply_floor` weighs no set of them."""
GODS_HELD_AT_MOST = 2
"""As bookkeeping.GODS_HELD_AT_MOST."""


@njit(**LEAN)
def supply_floor(s: np.ndarray, T, p0: int, p1: int, p2: int, p3: int, builds: int) -> int:
    """Fewest turns before ``builds`` builds using ``p0..p3`` pieces of each kind can
    be done (Bounds.supply_turn, relaxed as the module says; 0: the stockpile holds
    them all)."""
    d0, d1, d2, d3 = p0 - s[STOCK], p1 - s[STOCK + 1], p2 - s[STOCK + 2], p3 - s[STOCK + 3]
    if d0 <= 0 and d1 <= 0 and d2 <= 0 and d3 <= 0:
        return 0
    if not T[P_SOURCES]:
        return UNREACHABLE
    if T[P_ENDLESS]:
        return max(2, builds)
    r0, r1, r2, r3, free = rewards_to_come(s, T)
    untaken, takes = god_room(s, T)
    if untaken > GODS_ENUMERATED_AT_MOST:
        return max(2, builds)
    best = UNREACHABLE
    for mask in range(1 << untaken):
        k = popcount(mask)
        if k > takes:
            continue
        g0, g1, g2, g3 = god_pieces(s, T, mask)
        e0, e1, e2, e3 = d0 - g0, d1 - g1, d2 - g2, d3 - g3
        short = max(0, e0 - r0) + max(0, e1 - r1) + max(0, e2 - r2) + max(0, e3 - r3)
        if short > free:
            continue
        turn = builds + k
        if k:
            turn = max(turn, k + 1)  # a god's pieces serve from the next turn
        if e0 > 0 or e1 > 0 or e2 > 0 or e3 > 0:
            turn = max(turn, 2)  # a reward comes after another objective's turn
        best = min(best, turn)
    return best


@njit(**LEAN)
def god_room(s: np.ndarray, T):
    """(gods untaken, how many of them the seats can still take: two a seat)."""
    untaken = 0
    for g in range(T[P_GODS]):
        if not (s[GODS_TAKEN] >> g) & 1:
            untaken += 1
    room = 0
    for seat in range(T[P_PLAYERS]):
        room += GODS_HELD_AT_MOST - ((s[GODS_HELD] >> (2 * seat)) & 3)
    return untaken, min(untaken, room)


@njit(**LEAN)
def god_pieces(s: np.ndarray, T, mask: int):
    """The pieces of each kind that the untaken gods ``mask`` picks bring (bit ``b``:
    the ``b``-th untaken god of the queue)."""
    g0 = g1 = g2 = g3 = 0
    bit = 0
    for g in range(T[P_GODS]):
        if (s[GODS_TAKEN] >> g) & 1:
            continue
        if (mask >> bit) & 1:
            row = T[O_GODS] + 4 * g
            g0 += T[row]
            g1 += T[row + 1]
            g2 += T[row + 2]
            g3 += T[row + 3]
        bit += 1
    return g0, g1, g2, g3


@njit(**LEAN)
def rewards_to_come(s: np.ndarray, T):
    """The pieces of each kind, and of the group's choice, that the rewards of the
    objectives not yet achieved bring, all together (those that can still serve)."""
    r0 = r1 = r2 = r3 = free = 0
    for j in range(T[P_OBJECTIVES]):
        if not (s[ACHIEVED] >> j) & 1:
            row = T[O_SUPPLY] + 5 * j
            r0 += T[row]
            r1 += T[row + 1]
            r2 += T[row + 2]
            r3 += T[row + 3]
            free += T[row + 4]
    return r0, r1, r2, r3, free
