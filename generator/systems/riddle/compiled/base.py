# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def"
# (numba kernels: the tables argument and the values read from arrays stay untyped)
"""Small compiled helpers every compiled bound uses (heights, bit counts, who moves when)."""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.flat import (
    ASSIGNMENT, DOMES, KING, L1, L2, L3, O_COINS, O_MOVE_TURNS, O_NEAR, O_SEAT_MASKS,
    O_WANDERER, P_KEY_WIDTH, P_PLAYERS, P_REMOVABLE, P_SIZE, P_WORKERS, SPHINX, SUNK, TURN,
    TURNS, W0, WANDERER_MOVED,
)


def lean_options() -> dict[str, Any]:
    """``njit`` options of every compiled function that allocates no array (all but
    the search's own and the table's): cached, and compiled without numba's reference
    counts (its private ``_nrt`` flag, which numba's own ``register_jitable`` uses).
    Counting references on each array argument of each call cost a third of the
    kernel's time. Such a function can call only others like it, and copies rows word
    by word (a slice assignment needs the counts). A numba without the flag gets
    plain cached functions (the same results, slower)."""
    try:
        from numba.core.cpu import CPUTargetOptions
    except ImportError:
        return {"cache": True}
    if not hasattr(CPUTargetOptions, "_nrt"):
        return {"cache": True}
    return {"cache": True, "_nrt": False}


LEAN = lean_options()
"""The options :func:`lean_options` gives."""
UNREACHABLE = 1 << 30
"""As generator.sim.search.UNREACHABLE."""
COIN_LEVELS = 0b11110
"""As bounds.COIN_LEVELS: the levels a build can reach (1-3, and 4 for the dome)."""


@njit(**LEAN)
def height(s: np.ndarray, sq: int) -> int:
    """Blocks on ``sq`` (engine ``height_at``)."""
    return ((s[L1] >> sq) & 1) + ((s[L2] >> sq) & 1) + ((s[L3] >> sq) & 1)


@njit(**LEAN)
def popcount(x: int) -> int:
    count = 0
    while x != 0:
        x &= x - 1
        count += 1
    return count


@njit(**LEAN)
def placed_workers(s: np.ndarray, T) -> bool:
    for w in range(T[P_WORKERS]):
        if s[W0 + w] >= 0:
            return True
    return False


@njit(**LEAN)
def move_turn(s: np.ndarray, T, w: int, d: int) -> int:
    """The turn (from now) of worker ``w``'s ``d``-th move, on its seat's turns only
    (Bounds.movers: ``d`` itself with one player)."""
    players = T[P_PLAYERS]
    at = T[O_MOVE_TURNS] + TURNS * (T[P_KEY_WIDTH] * (2 * (players * s[ASSIGNMENT]
                                                            + s[TURN] % players)
                                                       + s[WANDERER_MOVED]) + w)
    return T[at + d] if d < TURNS else T[at + TURNS - 1] + d


@njit(**LEAN)
def smallest_sum_or_kth(values: np.ndarray, n: int, count: int, kth: bool) -> int:
    """The ``count``-th smallest of ``values[:n]`` (``kth``) or the sum of the ``count``
    smallest (UNREACHABLE as soon as one of them is)."""
    taken = np.int64(0)  # bit i: values[i] picked (n <= 64)
    total = 0
    pick = 0
    for _ in range(count):
        pick = -1
        for i in range(n):
            if not (taken >> i) & 1 and (pick < 0 or values[i] < values[pick]):
                pick = i
        taken |= np.int64(1) << pick
        if values[pick] >= UNREACHABLE:
            return UNREACHABLE
        total += values[pick]
    return values[pick] if kth else total


@njit(**LEAN)
def first_build(s: np.ndarray, T, sq: int) -> int:
    """bounds.first_build: the earliest turn a piece can be built on ``sq`` (a worker
    walks next to it, at least one move, on its seat's turns); no earlier than turn 2
    under the King or the Sphinx, who stand there until an effect moves them."""
    size = T[P_SIZE]
    reach = UNREACHABLE
    for w in range(T[P_WORKERS]):
        at = s[W0 + w]
        if at < 0:
            continue
        steps = T[T[O_NEAR] + size * at + sq]
        if steps < UNREACHABLE:
            reach = min(reach, move_turn(s, T, w, max(1, steps)))
    if reach < 2 and (sq == s[KING] or sq == s[SPHINX]):
        reach = 2
    return reach


@njit(**LEAN)
def coin_builds(s: np.ndarray, T, coin: int) -> int:
    """Fewest builds on an uncollected coin's space before it is collected (as
    bounds.coin_pieces; 1 where an effect may lower the space), 0 when never."""
    sq = T[T[O_COINS] + 3 * coin]
    if (T[P_REMOVABLE] >> sq) & 1 and not (s[SUNK] >> sq) & 1:
        return 1
    if ((s[DOMES] | s[SUNK]) >> sq) & 1:  # sunk spaces carry the dome bit as well
        return 0
    above = (T[T[O_COINS] + 3 * coin + 2] & COIN_LEVELS) >> (height(s, sq) + 1)
    if above == 0:
        return 0
    builds = 1
    while not above & 1:
        above >>= 1
        builds += 1
    return builds


SCHEDULE_TURNS = 64
"""As bounds.SCHEDULE_TURNS: turns :func:`builds_turn` looks ahead."""


@njit(**LEAN)
def walks_next_to(s: np.ndarray, T, squares: int):
    """Per worker, 8 bits: the fewest moves (at least one) it needs to stand next to
    one of ``squares`` (255: it cannot, or it is off the board). One pass over the
    squares for every worker, skipping empty bytes of the mask."""
    size = T[P_SIZE]
    needs = np.int64(0)
    for w in range(T[P_WORKERS]):
        needs |= np.int64(255) << (8 * w)
    rest = np.int64(squares)
    sq = 0
    while rest != 0:
        if rest & 0xFF == 0:
            rest = (rest >> 8) & ~(np.int64(0xFF) << 56)  # a logical shift of the int64 word
            sq += 8
            continue
        if rest & 1:
            for w in range(T[P_WORKERS]):
                at = s[W0 + w]
                if at < 0:
                    continue
                step = min(max(1, T[T[O_NEAR] + size * at + sq]), 255)
                if step < (needs >> (8 * w)) & 0xFF:
                    needs = (needs & ~(np.int64(0xFF) << (8 * w))) | (np.int64(step) << (8 * w))
        rest = (rest >> 1) & ~(np.int64(1) << 63)
        sq += 1
    return needs


WANDERER_STATES_AT_MOST = 4096
"""Schedule states (each worker's moves up to its walk, and whether the Wanderer just
moved) :func:`builds_turn` follows with the Wanderer; beyond, it claims nothing (so
it never follows more than bounds.useful_turn, which stops at as many)."""
ROOM = 2 * WANDERER_STATES_AT_MOST
"""Words of the room :func:`builds_turn` works in (two turns' schedule states)."""
KEPT = 4096
"""Turns :func:`builds_turn` keeps with the Wanderer, after its room (a slot each,
by a hash of what :func:`wanderer_turn` reads; a slot taken again forgets its
turn). The room comes zeroed with each search (:func:`.kernel.astar`'s bound
array) and is its own for the search."""
ROOM_AT = 1024
"""Where that room starts in a bound's scratch (after the words the bounds use)."""


@njit(**LEAN)
def wanderer_turn(s: np.ndarray, T, masks: int, needs, count: int, room: np.ndarray) -> int:
    """bounds.useful_turn with the Wanderer: every schedule, by each worker's moves
    (up to its walk ``needs``, 8 bits a worker) and whether the Wanderer just moved,
    keeping the most useful turns; 0 past :data:`WANDERER_STATES_AT_MOST` states.
    ``room``: :data:`ROOM` words of scratch."""
    players = T[P_PLAYERS]
    wanderer = T[T[O_WANDERER] + s[ASSIGNMENT]]
    workers = T[P_WORKERS]
    size = 1
    for w in range(workers):
        need = (needs >> (8 * w)) & 0xFF
        size *= (need + 1) if need < 255 else 1
    if 2 * size > WANDERER_STATES_AT_MOST:
        return 0
    at, other = 0, 2 * size  # this turn's states and the next's, in the room
    for idx in range(2 * size):  # state: 2 * (mixed-radix moves) + just moved
        room[idx] = -1
    room[int(s[WANDERER_MOVED])] = 0
    seat = s[TURN] % players
    for turn in range(1, SCHEDULE_TURNS + 1):
        mask = T[masks + (seat + turn - 1) % players]
        cur = room[at:at + 2 * size]
        nxt = room[other:other + 2 * size]
        for idx in range(2 * size):
            nxt[idx] = -1
        best = 0
        for idx in range(2 * size):
            got = cur[idx]
            if got < 0:
                continue
            base = idx // 2
            if nxt[2 * base] < got:  # a god taken: nobody moves
                nxt[2 * base] = got
            stride = 1
            for w in range(workers):
                need = (needs >> (8 * w)) & 0xFF
                if need >= 255:
                    continue
                if (mask >> w) & 1 and not (w == wanderer and idx % 2 == 1):
                    m = (base // stride) % (need + 1)
                    gain = 1 if m + 1 >= need else 0
                    k = 2 * (base + (min(m + 1, need) - m) * stride) + int(w == wanderer)
                    if nxt[k] < got + gain:
                        nxt[k] = got + gain
                stride *= need + 1
        for idx in range(2 * size):
            best = max(best, nxt[idx])
        if best >= count:
            return turn
        at, other = other, at
    return 0


@njit(**LEAN)
def builds_turn(s: np.ndarray, T, squares, count: int, room: np.ndarray) -> int:
    """Bounds.builds_turn: the earliest turn of the ``count``-th build on the spaces
    ``squares`` (a bitmask), each by a worker next to one of them, moved that turn on
    its own seat's turn (bounds.useful_turn; 0 claims nothing). Without the Wanderer
    seats move equal or disjoint workers, and a turn counts as useful once a worker
    its seat moves could have made its walk by then; with it, :func:`wanderer_turn`
    (in ``room``: :data:`ROOM` words of scratch)."""
    players = T[P_PLAYERS]
    if count <= 1 or squares == 0 or players <= 1:
        return 0
    masks = T[O_SEAT_MASKS] + players * s[ASSIGNMENT]
    needs = walks_next_to(s, T, squares)  # per worker, 8 bits (255: never)
    if T[T[O_WANDERER] + s[ASSIGNMENT]] >= 0:
        if room.shape[0] < ROOM + 2 * KEPT or count >= 64 or s[ASSIGNMENT] >= 1 << 16:
            return wanderer_turn(s, T, masks, needs, count, room)
        # wanderer_turn reads the state only through these: kept for the search
        key = (needs | (np.int64(count) << 32) | (np.int64(s[TURN] % players) << 38)
               | (np.int64(s[WANDERER_MOVED]) << 40) | (np.int64(s[ASSIGNMENT]) << 41)
               | (np.int64(1) << 62))  # never 0, the empty slot
        at = ROOM + 2 * ((key ^ (key >> 17) ^ (key >> 31)) & (KEPT - 1))
        if room[at] == key:
            return room[at + 1]
        turn = wanderer_turn(s, T, masks, needs, count, room)
        room[at] = key
        room[at + 1] = turn
        return turn
    seat = s[TURN] % players
    useful = 0
    moves = np.int64(0)  # per worker, 8 bits: the turns so far that could move it
    for turn in range(1, SCHEDULE_TURNS + 1):
        mask = T[masks + (seat + turn - 1) % players]
        ready = False
        for w in range(T[P_WORKERS]):
            if (mask >> w) & 1:
                moves += np.int64(1) << (8 * w)
                if ((moves >> (8 * w)) & 0xFF) >= ((needs >> (8 * w)) & 0xFF):
                    ready = True
        if ready:
            useful += 1
            if useful >= count:
                return turn
    return 0
