# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def"
# (numba kernels: the tables argument and the values read from arrays stay untyped)
"""The compiled build bound: goals/build.py ``build_bound`` over flat states.

Ported exactly for domes and towers: per undomed space of the region the builds
up to a dome, their pieces and the turn of the first build a worker can walk to
(on its seat's turns; the King's or the Sphinx's space waits for turn 2); every
choice of spaces for the missing domes (at most :data:`SPACES_AT_MOST` spaces, else
nothing claimed) and every set of untaken gods the seats can take, the pieces
counted against the stockpile, the recycling spaces' pieces and the rewards still
to come; nothing claimed when an effect adds pieces. Relaxed on purpose (at or
below the Python value): past :data:`~.pieces.GODS_ENUMERATED_AT_MOST` untaken
gods, the walk alone; the seats' turns as :func:`~.base.builds_turn` weighs them;
``Bounds.lure_turns`` and ``spread_turns`` are not ported. ``tests/systems/riddle/test_riddle_compiled.py`` pins it.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.base import (
    LEAN, ROOM_AT, UNREACHABLE, builds_turn, first_build, height, placed_workers, popcount,
)
from generator.systems.riddle.compiled.flat import (
    DOMES, L1, L2, L3, O_GOALS, O_GOAL_MASKS, P_ADDED, P_PLAYERS, P_RECYCLING, STOCK, SUNK,
)
from generator.systems.riddle.compiled.pieces import (
    GODS_ENUMERATED_AT_MOST, god_pieces, god_room, rewards_to_come,
)

SPACES_AT_MOST = 8
"""As goals/build.py SPACES_AT_MOST."""
BUILD_SCRATCH = 3 * SPACES_AT_MOST
"""Scratch words :func:`build_walk` works in: per space its height, first build turn
and square."""


@njit(**LEAN)
def build_walk(s: np.ndarray, T, i: int, scratch: np.ndarray) -> int:
    """goals/build.py ``build_bound`` for the build goal node ``i`` (0: nothing
    claimed), relaxed as the module says."""
    g = T[O_GOALS] + 6 * i
    what = T[g + 1]  # towers 0, domes 1, blocks 2
    if what == 2 or T[P_ADDED]:
        return 0
    area = T[T[O_GOAL_MASKS] + i] & ~s[SUNK]
    domes = s[DOMES] & area
    counted = popcount(domes) if what == 1 else popcount(domes & s[L3])
    missing = T[g + 2] - counted
    area &= ~s[DOMES]
    if missing <= 0 or popcount(area) > SPACES_AT_MOST:
        return 0
    if not placed_workers(s, T):
        return UNREACHABLE
    n = 0
    sq = 0
    while area != 0:
        if area & 1:
            reach = first_build(s, T, sq)
            if reach < UNREACHABLE:
                scratch[3 * n] = height(s, sq)
                scratch[3 * n + 1] = reach
                scratch[3 * n + 2] = sq
                n += 1
        area = (area >> 1) & ~(np.int64(1) << 63)  # a logical shift of the int64 word
        sq += 1
    if n < missing:
        return UNREACHABLE
    r0, r1, r2, r3, free = rewards_to_come(s, T)
    s0, s1, s2, s3 = s[STOCK] + r0, s[STOCK + 1] + r1, s[STOCK + 2] + r2, s[STOCK + 3] + r3
    back = T[P_RECYCLING] & ~s[SUNK]  # a recycling space's pieces can be built again
    s0 += popcount(back & s[L1])
    s1 += popcount(back & s[L2])
    s2 += popcount(back & s[L3])
    s3 += popcount(back & s[DOMES])
    untaken, takes = god_room(s, T)
    weigh = untaken <= GODS_ENUMERATED_AT_MOST
    best = UNREACHABLE
    for chosen in range(1 << n):
        if popcount(chosen) != missing:
            continue
        builds = n0 = n1 = n2 = n3 = 0
        first = UNREACHABLE
        for k in range(n):
            if not (chosen >> k) & 1:
                continue
            h = scratch[3 * k]
            builds += 4 - h  # up to the dome: bounds.PIECES_UP[h][4 - h]
            first = min(first, scratch[3 * k + 1])
            n0 += int(h <= 0)
            n1 += int(h <= 1)
            n2 += int(h <= 2)
            n3 += 1
        walk = first - 1 + builds
        if T[P_PLAYERS] > 1:  # the builds on the chosen spaces, on their seats' turns
            where = np.int64(0)
            for k in range(n):
                if (chosen >> k) & 1:
                    where |= np.int64(1) << scratch[3 * k + 2]
            walk = max(walk, builds_turn(s, T, where, builds, scratch[ROOM_AT:]))
        if walk >= best:
            continue
        if not weigh:
            best = walk
            continue
        n0 -= s0
        n1 -= s1
        n2 -= s2
        n3 -= s3
        for mask in range(1 << untaken):
            taken = popcount(mask)
            if taken > takes:
                continue
            g0, g1, g2, g3 = god_pieces(s, T, mask)
            short = max(0, n0 - g0) + max(0, n1 - g1) + max(0, n2 - g2) + max(0, n3 - g3)
            turns = max(builds + taken, walk)  # gods are taken on turns of their own
            if short <= free and turns < best:
                best = turns
    return best
