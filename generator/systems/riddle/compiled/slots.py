# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def"
# (numba kernels: the tables argument and the values read from arrays stay untyped)
"""The compiled slots bound: goals/slots.py ``slots_bound`` over flat states.

Ported exactly: per coin the builds before it is collected, the pieces they take
and the turn of the first build a worker can walk to (on its seat's turns), the
King's or the Sphinx's space waiting for turn 2; every choice of coins for the
missing slots while a colour has at most :data:`SLOT_CHOICES_AT_MOST` coins (the
stand-ins of ``bounds.relaxed_coins`` beyond), the pieces part as
:func:`~.pieces.supply_floor` weighs it and the seats' turns as
:func:`~.base.builds_turn` does. Relaxed on purpose (each part only raises the
Python bound, so the port stays at or below it): ``Bounds.lure_turns`` and
``spread_turns`` are not ported, and the pieces and seats' parts are relaxed as
those functions say. ``tests/systems/riddle/test_riddle_compiled.py``
pins the port to the Python function with exactly those parts relaxed.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.base import (
    LEAN, ROOM_AT, UNREACHABLE, builds_turn, coin_builds, first_build, height, placed_workers, popcount, smallest_sum_or_kth,
)
from generator.systems.riddle.compiled.flat import (
    COLLECTED, O_COINS, O_GOALS, P_COINS, P_PLAYERS, P_REMOVABLE, SLOTS, SUNK,
)
from generator.systems.riddle.compiled.pieces import supply_floor

SLOT_CHOICES_AT_MOST = 6
"""As bounds.SLOT_CHOICES_AT_MOST: beyond, a colour's coins are weighed as stand-ins."""
ROW = 64
"""Scratch words per field and colour (coins of one colour: at most 63)."""
FIELDS = 7
"""Per coin: builds, first build turn, the pieces of each kind its builds take, and its
square (in the stand-ins' totals: the squares of every coin)."""
SLOTS_SCRATCH = 2 * FIELDS * ROW + 2 * FIELDS
"""Scratch words :func:`slots_walk` works in: each colour's coins by field, then
each colour's stand-in totals (when it has more than :data:`SLOT_CHOICES_AT_MOST`)."""


@njit(**LEAN)
def coin_rows(s: np.ndarray, T, colour: int, scratch: np.ndarray) -> int:
    """The uncollected coins of ``colour`` that can still be collected, into the
    colour's scratch rows (builds, first build turn, pieces); their number."""
    removable = T[P_REMOVABLE] & ~s[SUNK]
    base = colour * FIELDS * ROW
    n = 0
    for coin in range(T[P_COINS]):
        if T[T[O_COINS] + 3 * coin + 1] != colour or (s[COLLECTED] >> coin) & 1:
            continue
        sq = T[T[O_COINS] + 3 * coin + 0]
        builds = coin_builds(s, T, coin)
        if builds == 0:
            continue
        p0 = p1 = p2 = p3 = 0
        if not (removable >> sq) & 1:  # (an effect may lower it again: no pieces claimed)
            h = height(s, sq)
            p0 = int(h <= 0 < h + builds)  # bounds.PIECES_UP[h][builds]
            p1 = int(h <= 1 < h + builds)
            p2 = int(h <= 2 < h + builds)
            p3 = int(h <= 3 < h + builds)
        reach = first_build(s, T, sq)
        if reach >= UNREACHABLE:
            continue
        scratch[base + n] = builds
        scratch[base + ROW + n] = reach
        scratch[base + 2 * ROW + n] = p0
        scratch[base + 3 * ROW + n] = p1
        scratch[base + 4 * ROW + n] = p2
        scratch[base + 5 * ROW + n] = p3
        scratch[base + 6 * ROW + n] = sq
        n += 1
    return n


@njit(**LEAN)
def stand_ins(scratch: np.ndarray, colour: int, n: int, count: int) -> None:
    """bounds.relaxed_coins, totalled: the ``count`` smallest builds and pieces of
    each kind, and the earliest first build, into the colour's totals."""
    base = colour * FIELDS * ROW
    out = 2 * FIELDS * ROW + colour * FIELDS
    for field in range(FIELDS):
        if field == 1:
            first = UNREACHABLE
            for k in range(n):
                first = min(first, scratch[base + ROW + k])
            scratch[out + 1] = first
        elif field == 6:  # the stand-ins' builds are on some of these spaces
            where = np.int64(0)
            for k in range(n):
                where |= np.int64(1) << scratch[base + 6 * ROW + k]
            scratch[out + 6] = where
        else:
            scratch[out + field] = smallest_sum_or_kth(scratch[base + field * ROW:], n, count, False)


@njit(**LEAN)
def colour_rows(s: np.ndarray, T, colour: int, missing: int, scratch: np.ndarray) -> int:
    """:func:`coin_rows` for a colour with ``missing`` slots to fill (0 rows when none),
    its stand-ins too past :data:`SLOT_CHOICES_AT_MOST` coins; -1 when too few coins."""
    if missing <= 0:
        return 0
    n = coin_rows(s, T, colour, scratch)
    if n < missing:
        return -1
    if n > SLOT_CHOICES_AT_MOST:
        stand_ins(scratch, colour, n, missing)
    return n


@njit(**LEAN)
def choice(scratch: np.ndarray, colour: int, n: int, chosen: int, relaxed: bool):
    """(builds, first build turn, pieces of each kind, their spaces) of the coins
    ``chosen`` (a bitmask of the colour's rows), or of its stand-ins when ``relaxed``."""
    if relaxed:
        out = 2 * FIELDS * ROW + colour * FIELDS
        return (scratch[out], scratch[out + 1], scratch[out + 2], scratch[out + 3],
                scratch[out + 4], scratch[out + 5], scratch[out + 6])
    base = colour * FIELDS * ROW
    builds = p0 = p1 = p2 = p3 = 0
    where = np.int64(0)
    first = UNREACHABLE
    for k in range(n):
        if (chosen >> k) & 1:
            builds += scratch[base + k]
            first = min(first, scratch[base + ROW + k])
            p0 += scratch[base + 2 * ROW + k]
            p1 += scratch[base + 3 * ROW + k]
            p2 += scratch[base + 4 * ROW + k]
            p3 += scratch[base + 5 * ROW + k]
            where |= np.int64(1) << scratch[base + 6 * ROW + k]
    return builds, first, p0, p1, p2, p3, where


@njit(**LEAN)
def slots_walk(s: np.ndarray, T, i: int, scratch: np.ndarray) -> int:
    """goals/slots.py ``slots_bound`` for the slots goal node ``i``, relaxed as the
    module says (the goal not met)."""
    if not placed_workers(s, T):
        return UNREACHABLE
    g = T[O_GOALS] + 6 * i
    filled = (s[SLOTS] >> (8 * T[g + 1])) & 0xFF
    missing0 = T[g + 2] - (filled & 15)
    missing1 = T[g + 3] - ((filled >> 4) & 15)
    if missing0 <= 0 and missing1 <= 0:
        return 0
    n0 = colour_rows(s, T, 0, missing0, scratch)
    n1 = colour_rows(s, T, 1, missing1, scratch)
    if n0 < 0 or n1 < 0:
        return UNREACHABLE
    relaxed0 = n0 > SLOT_CHOICES_AT_MOST
    relaxed1 = n1 > SLOT_CHOICES_AT_MOST
    top0 = 1 << n0 if missing0 > 0 and not relaxed0 else 1
    top1 = 1 << n1 if missing1 > 0 and not relaxed1 else 1
    best = UNREACHABLE
    for m0 in range(top0):
        if top0 > 1 and popcount(m0) != missing0:
            continue
        b0, f0, a0, a1, a2, a3, w0 = choice(scratch, 0, n0, m0, relaxed0)
        for m1 in range(top1):
            if top1 > 1 and popcount(m1) != missing1:
                continue
            b1, f1, c0, c1, c2, c3, w1 = choice(scratch, 1, n1, m1, relaxed1)
            builds = b0 + b1
            turns = min(f0, f1) - 1 + builds
            if T[P_PLAYERS] > 1:  # the builds on the coins' spaces, on their seats' turns
                turns = max(turns, builds_turn(s, T, w0 | w1, builds, scratch[ROOM_AT:]))
            if turns >= best:
                continue
            turns = max(turns, supply_floor(s, T, a0 + c0, a1 + c1, a2 + c2, a3 + c3, builds))
            if turns < best:
                best = turns
    return best
