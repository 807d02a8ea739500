# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def,misc,return-value"
# (numba kernels: arrays and the values read from them stay untyped)
"""The standard game's random playouts compiled with numba (the ``fast`` extra).

:func:`play_games` plays the same games as
:func:`generator.engine.standard.play_random_game` called once per game with one
``random.Random``: the kernel carries Python's own generator (the 624 Mersenne Twister
words and the position in them, as ``random.Random.getstate()`` gives them) and draws exactly as CPython
3.11+ does (``randrange`` by ``getrandbits`` with rejection, ``sample`` of two by
the pool or the set method), so the same seed gives the same plies, winner and
reason, and leaves the generator in the same state. Moves are counted and selected
as :func:`~generator.engine.moves.count_moves` and
:func:`~generator.engine.moves.select_move` do, in the same order.
``tests/engine/test_engine_playouts.py`` pins it against the Python path.

Bitboards are ``uint64`` (a map has at most 64 squares). Only
:mod:`generator.engine.playouts` imports this module, and only when numba is
installed.
"""
from __future__ import annotations

import numpy as np
from numba import njit

N = 624
M = 397
MATRIX_A = np.uint32(0x9908B0DF)
UPPER = np.uint32(0x80000000)
LOWER = np.uint32(0x7FFFFFFF)
ONE = np.uint64(1)
ZERO = np.uint64(0)

REASON_STUCK = 0
REASON_LEVEL3 = 1


@njit(cache=True)
def _twist(mt: np.ndarray) -> None:
    for i in range(N):
        y = (mt[i] & UPPER) | (mt[(i + 1) % N] & LOWER)
        v = mt[(i + M) % N] ^ (y >> np.uint32(1))
        if y & np.uint32(1):
            v ^= MATRIX_A
        mt[i] = v


@njit(cache=True)
def _genrand(mt: np.ndarray) -> np.uint32:
    """CPython's ``genrand_uint32``: the next 32-bit word (``mt[N]`` is the position)."""
    if mt[N] >= N:
        _twist(mt)
        mt[N] = 0
    y = mt[mt[N]]
    mt[N] += np.uint32(1)
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y


@njit(cache=True)
def _bit_length(n: int) -> int:
    k = 0
    while n:
        n >>= 1
        k += 1
    return k


@njit(cache=True)
def _randbelow(mt: np.ndarray, n: int) -> int:
    """``random.Random._randbelow(n)`` for 0 < n < 2**32 (``getrandbits(k)`` is the
    top k bits of one word)."""
    shift = np.uint32(32 - _bit_length(n))
    r = np.int64(_genrand(mt) >> shift)
    while r >= n:
        r = np.int64(_genrand(mt) >> shift)
    return r


@njit(cache=True)
def _popcount(x: np.uint64) -> int:
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def _lowest(x: np.uint64) -> np.uint64:
    return x & (~x + ONE)


@njit(cache=True)
def _index(low: np.uint64) -> int:
    return _popcount(low - ONE)


@njit(cache=True)
def _play_one(mt, land, move_nb, build_nb, fixed, levels, workers, side, scratch):
    """One playout from ``levels`` (l1, l2, l3, domes; changed in place) and ``workers``
    (changed in place), ``side`` to act; returns (winner, plies, reason)."""
    l1, l2, l3, domes = levels[0], levels[1], levels[2], levels[3]
    nw = workers.shape[0]
    plies = 0
    while True:
        occ = fixed
        for w in range(nw):
            if workers[w] >= 0:
                occ |= ONE << np.uint64(workers[w])
        free = land & ~domes & ~occ
        first = 2 * side
        if workers[first] < 0:
            # rng.sample(free squares in order, 2), then the pair sorted
            n = 0
            f = free
            while f:
                low = _lowest(f)
                f ^= low
                scratch[n] = _index(low)
                n += 1
            if n < 2:
                return side ^ 1, plies, REASON_STUCK
            if n <= 21:
                j = _randbelow(mt, n)
                a = scratch[j]
                scratch[j] = scratch[n - 1]
                j = _randbelow(mt, n - 1)
                b = scratch[j]
            else:
                ja = _randbelow(mt, n)
                jb = _randbelow(mt, n)
                while jb == ja:
                    jb = _randbelow(mt, n)
                a = scratch[ja]
                b = scratch[jb]
            workers[first] = min(a, b)
            workers[first + 1] = max(a, b)
        else:
            # count_moves(..., movers_of(side), level3_wins=True)
            total = 0
            for w in range(first, first + 2):
                sq = workers[w]
                if sq < 0:
                    continue
                here = ONE << np.uint64(sq)
                if l2 & here:
                    targets = move_nb[sq] & free
                elif l1 & here:
                    targets = move_nb[sq] & free & ~l3
                else:
                    targets = move_nb[sq] & free & ~l2
                if (l2 & here) and not (l3 & here):
                    wins = targets & l3
                    total += _popcount(wins)
                    targets ^= wins
                buildable = free | here
                while targets:
                    low = _lowest(targets)
                    targets ^= low
                    total += _popcount(build_nb[_index(low)] & buildable)
            if total == 0:
                return side ^ 1, plies, REASON_STUCK
            index = _randbelow(mt, total)
            # select_move(..., index, level3_wins=True), then apply_move
            mover = -1
            to = -1
            build = -1
            for w in range(first, first + 2):
                sq = workers[w]
                if sq < 0:
                    continue
                here = ONE << np.uint64(sq)
                if l2 & here:
                    targets = move_nb[sq] & free
                elif l1 & here:
                    targets = move_nb[sq] & free & ~l3
                else:
                    targets = move_nb[sq] & free & ~l2
                wins = ZERO
                if (l2 & here) and not (l3 & here):
                    wins = targets & l3
                buildable = free | here
                while targets:
                    low = _lowest(targets)
                    targets ^= low
                    t = _index(low)
                    if low & wins:
                        if index == 0:
                            mover = w
                            to = t
                            break
                        index -= 1
                        continue
                    builds = build_nb[t] & buildable
                    count = _popcount(builds)
                    if index >= count:
                        index -= count
                        continue
                    for _ in range(index):
                        builds &= builds - ONE
                    mover = w
                    to = t
                    build = _index(_lowest(builds))
                    break
                if mover >= 0:
                    break
            workers[mover] = to
            if build < 0:
                levels[0], levels[1], levels[2], levels[3] = l1, l2, l3, domes
                return side, plies + 1, REASON_LEVEL3
            bit = ONE << np.uint64(build)
            if not l1 & bit:
                l1 |= bit
            elif not l2 & bit:
                l2 |= bit
            elif not l3 & bit:
                l3 |= bit
            else:
                domes |= bit
        plies += 1
        side ^= 1


@njit(cache=True)
def play_games(mt, land, move_nb, build_nb, fixed, levels, workers, side, out):
    """``out.shape[0]`` playouts from one position: ``out[i]`` = (winner, plies, reason)."""
    lv = np.empty(4, np.uint64)
    ws = np.empty(workers.shape[0], np.int64)
    scratch = np.empty(64, np.int64)
    for g in range(out.shape[0]):
        lv[:] = levels
        ws[:] = workers
        winner, plies, reason = _play_one(mt, land, move_nb, build_nb, fixed, lv, ws,
                                          side, scratch)
        out[g, 0] = winner
        out[g, 1] = plies
        out[g, 2] = reason
