# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def"
# (numba kernels: the tables argument and the values read from arrays stay untyped)
"""The compiled A* core: successors, effects, key and search over flat states.

Every function is numba ``@njit(cache=True)``; each mirrors a Python rule, named
in its docstring, for the subset :func:`~.flat.unsupported` accepts (plain turns:
no powers, no chance; every goal but the Sphinx's games; the effects sink,
stockpile-add, stockpile-remove, remove-top and step-toward-closest-worker). ``tests/systems/riddle/test_riddle_compiled.py``
pins each to the Python rules over generated riddles. Only :mod:`.search` imports
this module (and so numba), and only when the compiled path runs.
"""
from __future__ import annotations

import time

import numpy as np
from numba import njit, objmode

from generator.systems.riddle.compiled.flat import (
    ACHIEVED, ASSIGNMENT, BLESSINGS, COLLECTED, DESTROYED, DOMES, E_ADD, E_REMOVE, E_SINK,
    E_STEP, E_TOP, GODS_HELD, GODS_TAKEN, KING, L1, L2, L3, O_BUILD_LIST, O_COINS, O_COIN_AT,
    O_EFFECTS, O_GODS, O_GRID, O_KEY_GROUP, O_KEY_ORDER, O_MOVE_LIST, O_REWARDS, O_REWARD_COUNT,
    O_ROOTS, O_SEAT_MASKS, O_SLOTS, O_WANDERER, P_CHILDREN, P_EFFECTS, P_GODS, P_HORIZON,
    P_KEY_WIDTH, P_LAND, P_NODES, P_OBJECTIVES, P_PLAYERS, P_REWARD_MASK, P_REWARD_WIDTH,
    P_SIZE, P_TARGET, P_WORKERS, REVEALED, SCRATCH_ROWS, SLOTS, SPHINX, STOCK, SUNK, TOKENS,
    TURN, W0, WANDERER_MOVED, WIDTH,
)
from generator.systems.riddle.compiled.table import (
    EMPTY, KEY_WORDS, NO_NODE, ORDER_AT_MOST, OWNER, VALUE, doubled, entry, entry_node,
    hash_of, new_table, pop, push, put, slot_of,
)
from generator.systems.riddle.compiled.base import LEAN, UNREACHABLE, height, popcount
from generator.systems.riddle.compiled.demand import disjoint_builds
from generator.systems.riddle.compiled.goals import (
    SCRATCH, estimate, is_over, judge, leaf_turns,
)

FOUND, EXHAUSTED, HORIZON, BUDGET_STATES, BUDGET_MEMORY, BUDGET_SECONDS, OVERFLOW = range(7)
"""Statuses :func:`astar` returns (OVERFLOW: a count outgrew the key's fields)."""
CLOCK_EVERY = 256
"""Expanded states between two readings of the CPU clock."""
HOLD = 64
"""Rows of the scratch array for reward choices (the effects' rows come after)."""
FIELD_AT_MOST = 1 << 15
"""Turns and stockpile counts the key packs in 16 bits each (beyond: OVERFLOW)."""

@njit(**LEAN)
def apply_one(c: np.ndarray, T, e: int) -> None:
    """End-of-turn effect ``e`` that leaves one state (effects/*.py ``apply``), in place."""
    kind, a, b = T[T[O_EFFECTS] + 3 * e], T[T[O_EFFECTS] + 3 * e + 1], T[T[O_EFFECTS] + 3 * e + 2]
    if kind == E_SINK:
        bit = np.int64(1) << a
        if c[TURN] != b or c[SUNK] & bit:
            return
        keep = ~bit
        c[L1] &= keep
        c[L2] &= keep
        c[L3] &= keep
        c[DOMES] |= bit
        for w in range(T[P_WORKERS]):
            if c[W0 + w] == a:
                c[W0 + w] = -1
                c[DESTROYED] += 1
        if c[KING] == a:
            c[KING] = -1
        if c[SPHINX] == a:
            c[SPHINX] = -1
        c[TOKENS] &= keep
        c[SUNK] |= bit
    elif kind == E_ADD:
        c[STOCK + a] += b
    elif kind == E_REMOVE:
        if c[STOCK + a]:
            c[STOCK + a] = max(0, c[STOCK + a] - b)
    elif kind == E_TOP:
        bit = np.int64(1) << a
        if c[SUNK] & bit:
            return
        piece = -1
        if c[DOMES] & bit:
            c[DOMES] &= ~bit
            piece = 3
        elif c[L3] & bit:
            c[L3] &= ~bit
            piece = 2
        elif c[L2] & bit:
            c[L2] &= ~bit
            piece = 1
        elif c[L1] & bit:
            c[L1] &= ~bit
            piece = 0
        if piece >= 0 and b:
            c[STOCK + piece] += 1


@njit(**LEAN)
def copy_row(to: np.ndarray, i: int, rows: np.ndarray, j: int) -> None:
    """``to[i] = rows[j]`` word by word (a slice copy needs numba's reference counts,
    which these functions are compiled without: they cost more than the rules)."""
    for f in range(WIDTH):
        to[i, f] = rows[j, f]


@njit(**LEAN)
def set_row(to: np.ndarray, i: int, row: np.ndarray) -> None:
    """``to[i] = row`` word by word."""
    for f in range(WIDTH):
        to[i, f] = row[f]


@njit(**LEAN)
def copy_state(to: np.ndarray, row: np.ndarray) -> None:
    """``to[:WIDTH] = row[:WIDTH]`` word by word."""
    for f in range(WIDTH):
        to[f] = row[f]


@njit(**LEAN)
def apart(T, a: int, b: int) -> int:
    """Grid distance, orthogonal or diagonal (effects ``grid_distance``)."""
    return T[T[O_GRID] + T[P_SIZE] * a + b]


@njit(**LEAN)
def step(c: np.ndarray, T, king: int, swap: np.ndarray, m: int) -> int:
    """step-toward-closest-worker on ``c``: one row per step the group may choose
    (effects ``step_targets``, in square order), or ``c`` itself, into ``swap[HOLD + m:]``;
    returns the new ``m`` (-1: no room)."""
    here = c[KING] if king else c[SPHINX]
    chosen = np.int64(0)
    if here >= 0:
        blocked = c[DOMES]
        near = UNREACHABLE
        for w in range(T[P_WORKERS]):
            if c[W0 + w] >= 0:
                blocked |= np.int64(1) << c[W0 + w]
                near = min(near, apart(T, here, c[W0 + w]))
        other = c[SPHINX] if king else c[KING]
        if other >= 0:
            blocked |= np.int64(1) << other
        for w in range(T[P_WORKERS]):
            target = c[W0 + w]
            if target < 0 or apart(T, here, target) != near:
                continue
            best = near
            for k in range(9):
                sq = T[T[O_MOVE_LIST] + 9 * here + k]
                if sq < 0:
                    break
                if not (blocked >> sq) & 1:
                    best = min(best, apart(T, target, sq))
            if best < near:
                for k in range(9):
                    sq = T[T[O_MOVE_LIST] + 9 * here + k]
                    if sq < 0:
                        break
                    if not (blocked >> sq) & 1 and apart(T, target, sq) == best:
                        chosen |= np.int64(1) << sq
    if chosen == 0:
        if HOLD + m >= swap.shape[0]:
            return -1
        set_row(swap, HOLD + m, c)
        return m + 1
    for k in range(9):
        sq = T[T[O_MOVE_LIST] + 9 * here + k]
        if sq < 0:
            break
        if (chosen >> sq) & 1:
            if HOLD + m >= swap.shape[0]:
                return -1
            set_row(swap, HOLD + m, c)
            swap[HOLD + m, KING if king else SPHINX] = sq
            m += 1
    return m


@njit(**LEAN)
def dedupe(out: np.ndarray, lo: int, hi: int) -> int:
    """Drop repeated rows of ``out[lo:hi]``, keeping the first (``dict.fromkeys``)."""
    k = lo
    for r in range(lo, hi):
        repeat = False
        for q in range(lo, k):
            same = True
            for f in range(WIDTH):
                if out[q, f] != out[r, f]:
                    same = False
                    break
            if same:
                repeat = True
                break
        if not repeat:
            if r != k:
                copy_row(out, k, out, r)
            k += 1
    return k


@njit(**LEAN)
def effects(out: np.ndarray, lo: int, hi: int, T, swap: np.ndarray) -> int:
    """RiddleGame.effects_step on the one state ``out[lo]`` (``hi == lo + 1``): every
    effect in order on every state so far, repeats dropped after an effect that met
    several states. Returns the new ``hi`` (-1: no room)."""
    for e in range(T[P_EFFECTS]):
        size = hi - lo
        if T[T[O_EFFECTS] + 3 * e] == E_STEP:
            m = 0
            for r in range(lo, hi):
                m = step(out[r], T, T[T[O_EFFECTS] + 3 * e + 1], swap, m)
                if m < 0:
                    return -1
            if lo + m > out.shape[0]:
                return -1
            for r in range(m):
                copy_row(out, lo + r, swap, HOLD + r)
            hi = lo + m
        else:
            for r in range(lo, hi):
                apply_one(out[r], T, e)
        if size > 1:
            hi = dedupe(out, lo, hi)
    return hi


@njit(**LEAN)
def end_turn(c: np.ndarray, T, out: np.ndarray, n: int, met: np.ndarray,
             swap: np.ndarray) -> int:
    """RiddleGame._end_turn on ``c`` (its turn already counted): blessings, objectives,
    one state per choice of piece rewards (repeats dropped), then each one's effects.
    Writes the states to ``out[n:]``; returns the new ``n`` (-1: no room)."""
    if c[TOKENS] != 0:
        under = np.int64(0)
        for w in range(T[P_WORKERS]):
            if c[W0 + w] >= 0:
                under |= np.int64(1) << c[W0 + w]
        found = c[TOKENS] & under
        if found != 0:
            c[TOKENS] &= ~found
            c[BLESSINGS] += popcount(found)
    judge(c, T, met)
    before = c[ACHIEVED]
    achieved = before
    for j in range(T[P_OBJECTIVES]):
        if not (achieved >> j) & 1 and met[T[T[O_ROOTS] + j]]:
            achieved |= np.int64(1) << j
    c[ACHIEVED] = achieved
    new = achieved & ~before & T[P_REWARD_MASK]
    if n >= out.shape[0]:
        return -1
    start = n
    set_row(out, n, c)
    n += 1
    if new != 0:
        for j in range(T[P_OBJECTIVES]):
            if not (new >> j) & 1:
                continue
            made = 0
            for r in range(start, n):
                for k in range(T[T[O_REWARD_COUNT] + j]):
                    if made >= HOLD:
                        return -1
                    copy_row(swap, made, out, r)
                    for piece in range(4):
                        swap[made, STOCK + piece] += T[T[O_REWARDS] + 4 * (
                            j * T[P_REWARD_WIDTH] + k) + piece]
                    made += 1
            if start + made > out.shape[0]:
                return -1
            for r in range(made):
                copy_row(out, start + r, swap, r)
            n = dedupe(out, start, start + made)
    if T[P_EFFECTS] == 0:
        return n
    if n - start == 1:
        return effects(out, start, n, T, swap)
    rows = n - start  # several rewarded states: the effects on each in turn
    for r in range(rows):
        copy_row(swap, r, out, start + r)
    n = start
    for r in range(rows):
        if n >= out.shape[0]:
            return -1
        copy_row(out, n, swap, r)
        n = effects(out, n, n + 1, T, swap)
        if n < 0:
            return -1
    return n


@njit(**LEAN)
def successors(s: np.ndarray, T, out: np.ndarray, met: np.ndarray,
               room: np.ndarray, swap: np.ndarray) -> int:
    """RiddleGame.successors (plain turns) of ``s`` into ``out``; returns their count.
    ``room``: two rows' words (the turn being made, and a copy :func:`collect` keeps).

    -1 when they outgrow ``out`` or the scratch rows.
    Moves in the engine's order (worker, destination, build square: engine
    ``iter_moves``), each with one child per slot a collected coin may fill
    (state ``after_build``/``place_coin``), then taking each god of the queue."""
    if is_over(s, T) or (s[ACHIEVED] >> T[P_TARGET]) & 1:
        return 0
    c = room[:WIDTH]
    kept = room[WIDTH:]
    players = T[P_PLAYERS]
    seat = s[TURN] % players
    a = s[ASSIGNMENT]
    movers = T[T[O_SEAT_MASKS] + T[P_PLAYERS] * a + seat]
    wanderer = T[T[O_WANDERER] + a]
    if wanderer >= 0 and s[WANDERER_MOVED]:
        movers &= ~(1 << wanderer)
    l1, l2, l3, domes = s[L1], s[L2], s[L3], s[DOMES]
    occupied = np.int64(0)
    for w in range(T[P_WORKERS]):
        if s[W0 + w] >= 0:
            occupied |= np.int64(1) << s[W0 + w]
    if s[KING] >= 0:
        occupied |= np.int64(1) << s[KING]
    if s[SPHINX] >= 0:
        occupied |= np.int64(1) << s[SPHINX]
    free = T[P_LAND] & ~domes & ~occupied
    stock = np.int64(0)
    if s[STOCK] > 0:
        stock |= ~l1
    if s[STOCK + 1] > 0:
        stock |= l1 & ~l2
    if s[STOCK + 2] > 0:
        stock |= l2 & ~l3
    if s[STOCK + 3] > 0:
        stock |= l3
    n = 0
    for i in range(T[P_WORKERS]):
        sq = s[W0 + i]
        if sq < 0 or not (movers >> i) & 1:
            continue
        here = np.int64(1) << sq
        if l2 & here:
            targets = free
        elif l1 & here:
            targets = free & ~l3
        else:
            targets = free & ~l2
        buildable = (free | here) & stock
        for k in range(9):
            to = T[T[O_MOVE_LIST] + 9 * sq + k]
            if to < 0:
                break
            if not (targets >> to) & 1:
                continue
            for m in range(9):
                b = T[T[O_BUILD_LIST] + 9 * to + m]
                if b < 0:
                    break
                if not (buildable >> b) & 1:
                    continue
                copy_state(c, s)
                c[W0 + i] = to
                bit = np.int64(1) << b
                h = height(s, b)
                if h == 0:
                    c[L1] |= bit
                elif h == 1:
                    c[L2] |= bit
                elif h == 2:
                    c[L3] |= bit
                else:
                    c[DOMES] |= bit
                    c[TOKENS] &= ~bit  # a dome forfeits the blessing token there
                c[STOCK + h] -= 1
                c[TURN] += 1
                if wanderer >= 0:
                    c[WANDERER_MOVED] = 1 if i == wanderer else 0
                n = collect(c, T, b, h + 1, out, n, met, swap, kept)
                if n < 0:
                    return -1
    if T[P_GODS] > 0 and ((s[GODS_HELD] >> (2 * seat)) & 3) < 2:
        for g in range(T[P_GODS]):
            if (s[GODS_TAKEN] >> g) & 1:
                continue
            copy_state(c, s)
            c[WANDERER_MOVED] = 0
            for piece in range(4):
                c[STOCK + piece] += T[T[O_GODS] + 4 * g + piece]
            c[GODS_TAKEN] |= np.int64(1) << g
            c[GODS_HELD] += np.int64(1) << (2 * seat)
            c[TURN] += 1
            n = end_turn(c, T, out, n, met, swap)
            if n < 0:
                return -1
    return n


@njit(**LEAN)
def collect(c: np.ndarray, T, b: int, level: int, out: np.ndarray, n: int,
            met: np.ndarray, swap: np.ndarray, base: np.ndarray) -> int:
    """state.after_build's coin on ``b`` (built up to ``level``, 4 = dome): one turn's
    end per objective with a free slot of its colour, or one with the coin set aside
    (``base``: a row's words where ``c`` is kept meanwhile)."""
    coin = T[T[O_COIN_AT] + b]
    if coin < 0 or (c[COLLECTED] >> coin) & 1 or not (T[T[O_COINS] + 3 * coin + 2] >> level) & 1:
        return end_turn(c, T, out, n, met, swap)
    c[COLLECTED] |= np.int64(1) << coin
    colour = T[T[O_COINS] + 3 * coin + 1]
    placed = False
    copy_state(base, c)
    for j in range(T[P_OBJECTIVES]):
        shift = 8 * j + 4 * colour
        if ((base[SLOTS] >> shift) & 15) >= T[T[O_SLOTS] + 2 * j + colour]:
            continue
        copy_state(c, base)
        c[SLOTS] += np.int64(1) << shift
        n = end_turn(c, T, out, n, met, swap)
        if n < 0:
            return -1
        placed = True
    if not placed:
        copy_state(c, base)
        n = end_turn(c, T, out, n, met, swap)
    return n


@njit(**LEAN)
def key_into(s: np.ndarray, T, key: np.ndarray) -> None:
    """RiddleGame.key without symmetries, into ``key`` (``KEY_WORDS`` words): the same
    fields, workers a player may swap sorted within their group of the worker
    assignment, turns past the horizon folded to the seat to play."""
    a = s[ASSIGNMENT]
    nw = T[P_WORKERS]
    order = T[O_KEY_ORDER] + T[P_KEY_WIDTH] * a
    group = T[O_KEY_GROUP] + T[P_KEY_WIDTH] * a
    # The workers in the key's order, then sorted within each group (a bubble sort of
    # four scalars: no array to allocate on the hot path).
    v0 = s[W0 + T[order]] if nw > 0 else -1
    v1 = s[W0 + T[order + 1]] if nw > 1 else -1
    v2 = s[W0 + T[order + 2]] if nw > 2 else -1
    v3 = s[W0 + T[order + 3]] if nw > 3 else -1
    g01 = nw > 1 and T[group] == T[group + 1]
    g12 = nw > 2 and T[group + 1] == T[group + 2]
    g23 = nw > 3 and T[group + 2] == T[group + 3]
    for _ in range(3):
        if g01 and v0 > v1:
            v0, v1 = v1, v0
        if g12 and v1 > v2:
            v1, v2 = v2, v1
        if g23 and v2 > v3:
            v2, v3 = v3, v2
    figures = 0
    if nw > 0:
        figures = v0 + 1
    if nw > 1:
        figures = (figures << 7) | (v1 + 1)
    if nw > 2:
        figures = (figures << 7) | (v2 + 1)
    if nw > 3:
        figures = (figures << 7) | (v3 + 1)
    figures = (((figures << 7) | (s[KING] + 1)) << 7) | (s[SPHINX] + 1)
    turn = s[TURN]
    horizon = T[P_HORIZON]
    if turn > horizon:
        turn = horizon + 1 + turn % T[P_PLAYERS]
    small = (turn | (s[DESTROYED] << 16) | (min(s[BLESSINGS], 255) << 20)
             | (s[WANDERER_MOVED] << 28) | (s[GODS_TAKEN] << 32))
    stock = s[STOCK] | (s[STOCK + 1] << 16) | (s[STOCK + 2] << 32) | (s[STOCK + 3] << 48)
    rest = s[ACHIEVED] | (s[GODS_HELD] << 8) | (s[REVEALED] << 16)
    key[0], key[1], key[2], key[3] = s[L1], s[L2], s[L3], s[DOMES]
    key[4], key[5], key[6], key[7] = s[TOKENS], s[SUNK], s[COLLECTED], figures
    key[8], key[9], key[10], key[11] = small, stock, s[SLOTS], rest


@njit(**LEAN)
def overflows(s: np.ndarray) -> bool:
    """True when a count outgrows its field of the key."""
    if s[TURN] >= FIELD_AT_MOST or s[BLESSINGS] >= 255:
        return True
    for piece in range(4):
        if s[STOCK + piece] >= FIELD_AT_MOST:
            return True
    return False


@njit(**LEAN)
def cpu_seconds() -> float:
    with objmode(now="float64"):
        now = time.process_time()
    return now


@njit(cache=True)
def grown(rows: np.ndarray, n: int) -> np.ndarray:
    """``rows`` (1 or 2 dimensions) with twice the rows, the first ``n`` kept."""
    shape = (2 * rows.shape[0],) + rows.shape[1:]
    more = np.empty(shape, dtype=np.int64)
    more[:n] = rows[:n]
    return more


N, SIZE, ENTRIES, EXPANDED, GENERATED, CUT, NODE, NEXT, MADE, GOAL = range(10)
"""The search's counters that :func:`search` keeps in an array between two calls."""
ROOM = -1
""":func:`search`'s answer when an array must grow before it goes on."""


@njit(**LEAN)
def search(T, budget: int, max_cost: int, stored_at_most: int, seconds: float,
           started: float, st: np.ndarray, nodes: np.ndarray, parent: np.ndarray,
           depth: np.ndarray, dead: np.ndarray, table: np.ndarray, keys: np.ndarray,
           key: np.ndarray, heap: np.ndarray, out: np.ndarray, met: np.ndarray,
           bound: np.ndarray, room: np.ndarray, swap: np.ndarray) -> int:
    """The A* loop of :func:`astar` until it ends (its status) or a node, key or
    slot more would not fit (:data:`ROOM`: :func:`astar` grows the arrays and calls
    again, the child being looked at next kept in ``st``). It allocates nothing, so it
    runs without numba's reference counts (:data:`~.base.LEAN`)."""
    n, size, entries = st[N], st[SIZE], st[ENTRIES]
    expanded, generated, cut = st[EXPANDED], st[GENERATED], st[CUT]
    node, r, made = st[NODE], st[NEXT], st[MADE]
    target = T[P_TARGET]
    g1 = depth[node] + 1 if node >= 0 else 0
    status = ROOM
    while True:
        if r >= made:  # the next node to expand
            if size == 0:
                status = HORIZON if cut else EXHAUSTED
                break
            node = entry_node(pop(heap, size))
            size -= 1
            if dead[node]:
                continue
            if expanded >= budget:
                status = BUDGET_STATES
                break
            if n > stored_at_most:
                status = BUDGET_MEMORY
                break
            if seconds >= 0 and expanded % CLOCK_EVERY == 0 and cpu_seconds() - started > seconds:
                status = BUDGET_SECONDS
                break
            expanded += 1
            g1 = depth[node] + 1
            made = successors(nodes[node], T, out, met, room, swap)
            r = 0
            if made < 0:
                status = OVERFLOW
                break
            continue
        if n == nodes.shape[0] or entries == keys.shape[0] or 2 * (entries + 1) > table.shape[0]:
            break  # ROOM
        child = out[r]
        r += 1
        generated += 1
        if overflows(child):
            status = OVERFLOW
            break
        key_into(child, T, key)
        h = hash_of(key)
        at = slot_of(table, keys, key, h)
        known = table[at, VALUE]
        if known != EMPTY and known <= g1:
            continue
        if known == EMPTY:
            put(table, at, keys, entries, key, h)
            entries += 1
        elif table[at, OWNER] != NO_NODE:
            dead[table[at, OWNER]] = 1  # the longer path's node
        table[at, VALUE] = g1
        table[at, OWNER] = NO_NODE
        is_goal = (child[ACHIEVED] >> target) & 1
        h = 0
        if not is_goal:
            h = estimate(child, T, met, bound)
            if h >= UNREACHABLE:
                continue
            h = max(h, 1)
            if max_cost >= 0 and g1 + h > max_cost:
                cut = 1
                continue
            if g1 + h >= ORDER_AT_MOST:
                status = OVERFLOW
                break
        table[at, OWNER] = n
        copy_row(nodes, n, out, r - 1)
        parent[n] = node
        depth[n] = g1
        dead[n] = 0
        n += 1
        if is_goal:
            st[GOAL] = n - 1
            status = FOUND
            break
        push(heap, size, entry(g1 + h, g1, n - 1))
        size += 1
    st[N], st[SIZE], st[ENTRIES] = n, size, entries
    st[EXPANDED], st[GENERATED], st[CUT] = expanded, generated, cut
    st[NODE], st[NEXT], st[MADE] = node, r, made
    return status


@njit(cache=True)
def astar(starts: np.ndarray, T, budget: int, max_cost: int,
          stored_at_most: int, seconds: float):
    """sim/search.py ``_astar`` over flat states: the same order (f, then deeper
    first, then insertion), goal test on generation, the same limits. Returns
    (status, goal node or -1, expanded, generated, states, parents)."""
    width = WIDTH
    cap = 1024
    nodes = np.empty((cap, width), dtype=np.int64)
    parent = np.empty(cap, dtype=np.int64)
    depth = np.empty(cap, dtype=np.int64)  # g
    dead = np.empty(cap, dtype=np.int64)  # 1: a shorter path to its state came later
    heap = np.empty(cap, dtype=np.int64)  # open list: at most one entry per node
    table = new_table(1 << 11)
    keys = np.empty((1 << 10, KEY_WORDS), dtype=np.int64)  # the table's keys, in order
    key = np.empty(KEY_WORDS, dtype=np.int64)
    goals = T[P_NODES]
    met = np.zeros(max(goals, 1), dtype=np.bool_)
    bound = np.zeros(goals + SCRATCH, dtype=np.int64)  # the goals' bounds, then scratch
    room = np.empty(2 * width, dtype=np.int64)
    swap = np.empty((HOLD + SCRATCH_ROWS, width), dtype=np.int64)
    out = np.empty((T[P_CHILDREN] + 64, width), dtype=np.int64)
    st = np.zeros(GOAL + 1, dtype=np.int64)
    st[NODE], st[GOAL] = -1, -1
    target = T[P_TARGET]
    n = size = entries = 0
    status = ROOM
    for i in range(starts.shape[0]):
        if n == nodes.shape[0] or entries == keys.shape[0] or 2 * (entries + 1) > table.shape[0]:
            nodes, parent, depth, dead, heap = grown(nodes, n), grown(parent, n), \
                grown(depth, n), grown(dead, n), grown(heap, size)
            keys = grown(keys, entries)
            table = doubled(table)
        key_into(starts[i], T, key)
        h = hash_of(key)
        at = slot_of(table, keys, key, h)
        if table[at, VALUE] != EMPTY:
            continue
        put(table, at, keys, entries, key, h)
        entries += 1
        table[at, VALUE] = 0
        table[at, OWNER] = n
        copy_row(nodes, n, starts, i)
        parent[n] = -1
        depth[n] = 0
        dead[n] = 0
        n += 1
        if (starts[i, ACHIEVED] >> target) & 1:
            st[GOAL] = n - 1
            status = FOUND
            break
        h = estimate(starts[i], T, met, bound)
        if h >= UNREACHABLE:
            continue
        if max_cost >= 0 and h > max_cost:
            st[CUT] = 1
            continue
        h = max(h, 1)
        if h >= ORDER_AT_MOST:
            status = OVERFLOW
            break
        push(heap, size, entry(h, 0, n - 1))
        size += 1
    st[N], st[SIZE], st[ENTRIES] = n, size, entries
    started = cpu_seconds() if seconds >= 0 else 0.0
    while status == ROOM:
        status = search(T, budget, max_cost, stored_at_most, seconds, started, st, nodes,
                        parent, depth, dead, table, keys, key, heap, out, met, bound, room,
                        swap)
        if status != ROOM:
            break
        n, entries = st[N], st[ENTRIES]
        if n == nodes.shape[0]:
            nodes, parent, depth, dead = grown(nodes, n), grown(parent, n), grown(depth, n), \
                grown(dead, n)
            heap = grown(heap, st[SIZE])
        if entries == keys.shape[0]:
            keys = grown(keys, entries)
        if 2 * (entries + 1) > table.shape[0]:
            table = doubled(table)
    n = st[N]
    return status, st[GOAL], st[EXPANDED], st[GENERATED], nodes[:n].copy(), parent[:n].copy()


def children(s: np.ndarray, T) -> np.ndarray:
    """The successors of ``s`` as rows (for tests and the replay; allocates its scratch)."""
    goals = max(T[P_NODES], 1)
    out = np.empty((int(T[P_CHILDREN]) + 64, WIDTH), dtype=np.int64)
    made = successors(s, T, out, np.zeros(goals, dtype=np.bool_),
                      np.empty(2 * WIDTH, dtype=np.int64),
                      np.empty((HOLD + SCRATCH_ROWS, WIDTH), dtype=np.int64))
    if made < 0:
        raise OverflowError("more successors than the kernel's buffers hold")
    return out[:made].copy()


def bound_of(s: np.ndarray, T) -> int:
    """The kernel's estimate of ``s`` (for tests)."""
    goals = max(T[P_NODES], 1)
    return int(estimate(s, T, np.zeros(goals, dtype=np.bool_),
                        np.zeros(goals + SCRATCH, dtype=np.int64)))


def disjoint_of(s: np.ndarray, T, node: int) -> int:
    """:func:`.demand.disjoint_builds` of the ``all_of`` node ``node`` on ``s`` (for tests)."""
    return int(disjoint_builds(s, T, node, np.zeros(SCRATCH, dtype=np.int64)))


def leaf_of(s: np.ndarray, T, node: int) -> int:
    """The bound of the leaf goal ``node`` alone on ``s`` (for tests)."""
    goals = max(T[P_NODES], 1)
    met = np.zeros(goals, dtype=np.bool_)
    judge(s, T, met)
    return int(leaf_turns(s, T, node, met, np.zeros(SCRATCH, dtype=np.int64)))
