# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def,misc,return-value"
# (numba kernels: arrays and the values read from them stay untyped)
"""The greedy role player's ply listing and valuation compiled with numba (the ``fast``
extra): :func:`list_values` gives, for one card's rules in one position, the greedy
value of every legal ply in the order :func:`~.engine.legal_plies` lists them.

It walks the stages of :mod:`generator.engine.powers.stages` and
:mod:`generator.engine.powers.turn` for the rules :mod:`.fast` encodes (every shipped
role power: a skyscraper before moving, the move patterns, a push into a space, the
forces after a step or onto a build, both workers acting, a build under the worker,
builds around another worker, a second build elsewhere or on the same space, and a
rooftop win), in their order: worker, build before moving, step (the usual steps,
then each pattern, then each entry into an occupied space), the forces, the builds.
Two plies with one outcome (the same final workers, the same builds, the same win)
are one, at the place of the first, where the Python listing merges them; a ply the
pieces left cannot pay for is left out, as :func:`~.engine.legal_plies` leaves it out.
Each ply's value is :func:`~.policies.score_state` of the state it leaves, or
:data:`~.policies.WIN_SCORE` for a win of the Statue's holder. On request each kept
ply is written out (its worker, relocations, builds, win and whether a rooftop won),
so the turn takes its ply from here; and each list comes with its tie-break schedule
(:func:`tie_schedule`), so :func:`~.policies.pick_scheduled` only draws. Nothing here
allocates, so every function is compiled without reference counts
(:data:`NO_COUNTS`).

Only :mod:`.fast` imports this module, and only when numba is installed; it pins the
constants below to the Python ones. ``tests/systems/roles/test_roles_compiled.py``
pins the values, ply for ply, to the Python player's on generated positions of every
shipped role (and of the roles the engine still plays for other packs), the kept
plies to the Python plies, the schedule to :func:`~.policies.pick_best`, and whole
games, record and generator state, to the Python player.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

DOME = 3
WIN_SCORE = 10_000
HEIGHT_WEIGHT = 10
USEFUL_HEIGHT = 2
READY_WEIGHT = 5
THREAT_WEIGHT = 25
ROOFTOP_THREAT_WEIGHT = 15
WORKERS_EACH = 2

# Rule fields (the layout :func:`.fast.encode_rules` fills).
R_BOTH = 0
R_PRE_SKY = 1
R_PRE_REQUIRED = 2
R_PRE_NO_UP = 3
R_WIN_DOME = 4
R_SAME = 5
R_SAME_BLOCKS = 6
R_SAME_REQUIRED = 7
R_OTHER = 8
R_OTHER_BLOCKS = 9
R_OTHER_REQUIRED = 10
R_PAIRS_ONCE = 11
R_PLAIN_BUILDS = 12
R_DEDUPE = 13
R_UNDER = 14
R_AROUND = 15  # 0 none, 1 own workers, 2 workers next to the moved one
R_PATTERNS_ONLY = 16
R_PATTERNS = 17  # count; each pattern at R_PATTERN0 + 6 k: kind, directions, count, d1..d3
R_PATTERN0 = 20
R_ENTERS = 38  # count; each at R_ENTER0 + 2 k: mode (0 swap, 1 push), targets (0 opponents)
R_ENTER0 = 40
R_FORCES = 46  # count; each at R_FORCE0 + 5 k: mode, row step, column step, targets, required
R_FORCE0 = 50
R_SIZE = 66
MAX_PATTERNS = 3
MAX_ENTERS = 3
MAX_FORCES = 3
PATTERN_SLIDE, PATTERN_LEAP, PATTERN_BESIDE = 0, 1, 2
FORCE_AWAY, FORCE_PULL, FORCE_COMPASS, FORCE_ONTO, FORCE_VACATED = 0, 1, 2, 3, 4

# Position fields (the layout :func:`.fast.position_array` fills).
P_WIDTH = 0
P_HEIGHT = 1
P_SIZE = 2
P_LAND = 3
P_L1 = 4
P_L2 = 5
P_L3 = 6
P_DOMES = 7
P_OCC = 8
P_SEAT = 9
P_OPPONENTS = 10
P_MOVERS = 11
P_HOLDS = 12
P_SUPPLY = 13  # three fields: blocks, rooftops, skyscrapers
P_COUNT = 16  # plies kept
P_RAW = 17  # plies recorded before the pieces filter (both workers acting)
P_STAMP = 18  # the hash table's generation
P_N = 19  # workers
P_INDEX = 20  # the acting worker of the plies being recorded
P_TARGET = 21  # 1: keep every ply kept in ``plies`` (else only values)
P_FILLED = 22  # outcomes in the hash table
P_TIES = 23  # the length of the tie-break schedule in ``ties``
P_W0 = 24  # the workers' squares from here on
P_SIZE_FIELDS = P_W0 + 10

# Geometry rows (``g``): build neighbours, move neighbours, within two spaces.
G_BUILD, G_MOVE, G_REACH = 0, 1, 2
# Scratch rows (``b``), each as wide as the board: relocations (worker, square),
# builds (square, piece), the workers after a ply, a build order, the workers after
# the relocations (placed), after a step (moved), the start workers, the heights, and
# the forces' options (worker, square).
B_MW, B_MS, B_BS, B_BP, B_FINAL, B_ORDER, B_PLACED, B_MOVED, B_W0, B_HEIGHTS, B_OJ, B_OD = (
    range(12))
B_ROWS = 12
B_WIDTH = 64
# A kept ply in ``plies``: acting worker, relocations (count, then pairs), builds
# (count, then pairs), win, won by a condition (a rooftop).
Y_WORKER, Y_MOVES, Y_BUILDS, Y_WIN, Y_CONDITION = 0, 1, 10, 17, 18
Y_WIDTH = 20

MAX_PLIES = 1 << 13
"""More plies than this: the listing is left to Python."""
TABLE = 1 << 14
"""Hash-table slots for the outcomes of one listing; past half full (more outcomes
than :data:`MAX_PLIES`), the listing is left to Python."""

NO_COUNTS: dict[str, Any] = {"_nrt": False}
"""numba's option (private, ``_nrt``, as the glyph kernel uses it) compiling a function
without reference counts: every function here only reads and writes the arrays handed
to it (and views of them), allocating nothing, and the counts cost more than a ply."""

ORTHOGONAL = np.array([[-1, 0], [0, 1], [1, 0], [0, -1]], dtype=np.int64)
EVERY_WAY = np.array([[-1, 0], [0, 1], [1, 0], [0, -1], [-1, -1], [-1, 1], [1, -1], [1, 1]],
                     dtype=np.int64)


@njit(cache=True, **NO_COUNTS)
def _low(bits):
    """The lowest set square of a non-empty mask."""
    sq = 0
    while not (bits >> sq) & 1:
        sq += 1
    return sq


@njit(cache=True, **NO_COUNTS)
def _offset(p, sq, dr, dc, times):
    """:func:`generator.engine.powers.patterns.offset`."""
    width = p[P_WIDTH]
    row = sq // width + dr * times
    col = sq % width + dc * times
    if row < 0 or row >= p[P_HEIGHT] or col < 0 or col >= width:
        return -1
    target = row * width + col
    return target if (p[P_LAND] >> target) & 1 else -1


@njit(cache=True, **NO_COUNTS)
def _direction(p, origin, to):
    """:func:`~generator.engine.powers.patterns.direction` as (ok, dr, dc)."""
    width = p[P_WIDTH]
    dr = to // width - origin // width
    dc = to % width - origin % width
    if max(abs(dr), abs(dc)) != 1:
        return False, 0, 0
    return True, dr, dc


@njit(cache=True, **NO_COUNTS)
def _score(p, g, workers, l1, l2, l3, domes):
    """:func:`~generator.systems.roles.policies.score_state` of a state."""
    n = p[P_N]
    occ = 0
    for i in range(n):
        if workers[i] >= 0:
            occ |= 1 << workers[i]
    towers = l3 & ~domes
    open3 = towers & ~occ
    first = p[P_SEAT] * WORKERS_EACH
    score = 0
    for i in range(n):
        sq = workers[i]
        if sq < 0:
            continue
        height = ((l1 >> sq) & 1) + ((l2 >> sq) & 1) + ((l3 >> sq) & 1)
        ready = height == 2 and (g[G_MOVE, sq] & open3) != 0
        if first <= i < first + WORKERS_EACH:
            score += HEIGHT_WEIGHT * min(height, USEFUL_HEIGHT) + (READY_WEIGHT if ready else 0)
            continue
        if ready:
            score -= THREAT_WEIGHT
        if towers and g[G_REACH, sq] & towers:
            score -= ROOFTOP_THREAT_WEIGHT
    return score


@njit(cache=True, **NO_COUNTS)
def _emit(p, r, g, b, out, keys, plies, nm, nb, win):
    """Record one ply (``nm`` relocations and ``nb`` builds in the scratch rows): the
    rooftop win, the merge of one outcome, the pieces filter, its value."""
    n = p[P_N]
    heights = b[B_HEIGHTS]
    bs = b[B_BS]
    bp = b[B_BP]
    condition = False
    if r[R_WIN_DOME] and not win:
        for k in range(nb):
            if bp[k] != DOME:
                continue
            raised = 0
            for m in range(k):
                if bs[m] == bs[k] and bp[m] != DOME:
                    raised += 1
            if heights[bs[k]] + raised == 3:
                win = True
                condition = True
                break
    final = b[B_FINAL]
    w0 = b[B_W0]
    for i in range(n):
        final[i] = w0[i]
    for k in range(nm):
        final[b[B_MW, k]] = b[B_MS, k]
    if r[R_DEDUPE]:
        key1 = 0
        for i in range(n):
            key1 = key1 << 6 | (final[i] + 1)
        order = b[B_ORDER]
        for k in range(nb):
            order[k] = bs[k] << 2 | bp[k]
        for k in range(1, nb):  # insertion sort of at most three builds
            v = order[k]
            m = k - 1
            while m >= 0 and order[m] > v:
                order[m + 1] = order[m]
                m -= 1
            order[m + 1] = v
        key2 = nb
        for k in range(nb):
            key2 = key2 << 8 | order[k]
        key2 = key2 << 1 | (1 if win else 0)
        slot = ((key1 * 0x9E3779B1 + key2 * 0x85EBCA77) >> 7) & (TABLE - 1)
        stamp = p[P_STAMP]
        while keys[slot, 2] == stamp:
            if keys[slot, 0] == key1 and keys[slot, 1] == key2:
                return
            slot = (slot + 1) & (TABLE - 1)
        if p[P_FILLED] >= TABLE // 2:  # more outcomes than the table holds well
            p[P_COUNT] = MAX_PLIES + 1  # the caller falls back to Python
            return
        p[P_FILLED] += 1
        keys[slot, 0] = key1
        keys[slot, 1] = key2
        keys[slot, 2] = stamp
    p[P_RAW] += 1
    blocks = roofs = towers = 0
    for k in range(nb):
        if bp[k] == DOME:
            level = heights[bs[k]]
            for m in range(k):
                if bs[m] == bs[k] and bp[m] != DOME:
                    level += 1
            if level >= 3:
                roofs += 1
            else:
                towers += 1
        else:
            blocks += 1
    if blocks > p[P_SUPPLY] or roofs > p[P_SUPPLY + 1] or towers > p[P_SUPPLY + 2]:
        return
    count = p[P_COUNT]
    if count >= MAX_PLIES:
        p[P_COUNT] = count + 1  # the caller falls back to Python
        return
    if win and p[P_HOLDS]:
        out[count] = WIN_SCORE
    else:
        l1, l2, l3, domes = p[P_L1], p[P_L2], p[P_L3], p[P_DOMES]
        for k in range(nb):
            bit = 1 << bs[k]
            if bp[k] == 0:
                l1 |= bit
            elif bp[k] == 1:
                l2 |= bit
            elif bp[k] == 2:
                l3 |= bit
            else:
                domes |= bit
        out[count] = _score(p, g, final, l1, l2, l3, domes)
    if p[P_TARGET]:
        row = plies[count]
        row[Y_WORKER] = p[P_INDEX]
        row[Y_MOVES] = nm
        for k in range(nm):
            row[Y_MOVES + 1 + 2 * k] = b[B_MW, k]
            row[Y_MOVES + 2 + 2 * k] = b[B_MS, k]
        row[Y_BUILDS] = nb
        for k in range(nb):
            row[Y_BUILDS + 1 + 2 * k] = bs[k]
            row[Y_BUILDS + 2 + 2 * k] = bp[k]
        row[Y_WIN] = 1 if win else 0
        row[Y_CONDITION] = 1 if condition else 0
    p[P_COUNT] = count + 1


@njit(cache=True, **NO_COUNTS)
def _onto(p, r, g, b, out, keys, plies, occ, domes, built, index, emit, nm, nb):
    """The forces onto the block just built on ``built`` (``_force_onto``): with ``emit``
    each ply is recorded, else (count, whether one is a must) is returned."""
    placed = b[B_PLACED]
    n = p[P_N]
    found = 0
    must = False
    for f in range(r[R_FORCES]):
        base = R_FORCE0 + 5 * f
        if r[base] != FORCE_ONTO:
            continue
        targets = (p[P_OPPONENTS] if r[base + 3] == 0 else -1) & ~(1 << index)
        near = g[G_BUILD, built]
        here = 0
        for j in range(n):
            sq = placed[j]
            if sq < 0 or not (targets >> j) & 1 or not (near >> sq) & 1:
                continue
            if not ((occ | domes) >> built) & 1:
                here += 1
                if emit:
                    b[B_MW, nm] = j
                    b[B_MS, nm] = built
                    _emit(p, r, g, b, out, keys, plies, nm + 1, nb, False)
        if r[base + 4] and here:
            must = True
        found += here
    return found, must


@njit(cache=True, **NO_COUNTS)
def _builds_from(p, r, g, b, out, keys, plies, occ, domes, index, center, nm, nb):
    """:func:`generator.engine.powers.stages._builds_from` (no far build, no dome at any
    level)."""
    heights = b[B_HEIGHTS]
    bs = b[B_BS]
    bp = b[B_BP]
    free = g[G_BUILD, center] & ~occ & ~domes
    if r[R_PLAIN_BUILDS]:
        while free:
            sq = _low(free)
            free &= free - 1
            bs[nb] = sq
            bp[nb] = heights[sq]
            _emit(p, r, g, b, out, keys, plies, nm, nb + 1, False)
        return
    bits = free
    while bits:
        at = _low(bits)
        bits &= bits - 1
        height = heights[at]
        piece = DOME if height == 3 else height
        bs[nb] = at
        bp[nb] = piece
        same_possible = r[R_SAME] != 0 and piece < DOME and (
            piece + 1 < DOME or not r[R_SAME_BLOCKS])
        single = not r[R_OTHER_REQUIRED] and not (r[R_SAME_REQUIRED] and same_possible)
        forced = 0
        must = False
        if single and r[R_FORCES] and piece < DOME:
            forced, must = _onto(p, r, g, b, out, keys, plies, occ, domes, at, index, False,
                                 nm, nb + 1)
        if single and not must:
            _emit(p, r, g, b, out, keys, plies, nm, nb + 1, False)
        if forced:
            _onto(p, r, g, b, out, keys, plies, occ, domes, at, index, True, nm, nb + 1)
        first_main = single or not same_possible
        if same_possible:
            bs[nb + 1] = at
            bp[nb + 1] = piece + 1
            if not r[R_OTHER_REQUIRED]:
                _emit(p, r, g, b, out, keys, plies, nm, nb + 2, False)
        if not r[R_OTHER]:
            continue
        if r[R_PAIRS_ONCE]:
            others = free & -(2 << at)
        else:
            others = free & ~(1 << at)
        while others:
            at2 = _low(others)
            others &= others - 1
            height2 = heights[at2]
            piece2 = DOME if height2 == 3 else height2
            if piece2 == DOME and r[R_OTHER_BLOCKS]:
                continue
            if first_main:
                bs[nb + 1] = at2
                bp[nb + 1] = piece2
                _emit(p, r, g, b, out, keys, plies, nm, nb + 2, False)
            if same_possible:
                bs[nb + 1] = at
                bp[nb + 1] = piece + 1
                bs[nb + 2] = at2
                bp[nb + 2] = piece2
                _emit(p, r, g, b, out, keys, plies, nm, nb + 3, False)


@njit(cache=True, **NO_COUNTS)
def _build_stage(p, r, g, b, out, keys, plies, occ, domes, index, at, nm, nb):
    """:func:`generator.engine.powers.stages._build_stage`."""
    n = p[P_N]
    heights = b[B_HEIGHTS]
    placed = b[B_PLACED]
    for i in range(n):
        placed[i] = b[B_W0, i]
    for k in range(nm):
        placed[b[B_MW, k]] = b[B_MS, k]
    if r[R_UNDER] and heights[at] < 3:
        b[B_BS, nb] = at
        b[B_BP, nb] = heights[at]
        _emit(p, r, g, b, out, keys, plies, nm, nb + 1, False)
    _builds_from(p, r, g, b, out, keys, plies, occ, domes, index, at, nm, nb)
    if not r[R_AROUND]:
        return
    near = g[G_BUILD, at]
    for j in range(n):
        sq = placed[j]
        if sq < 0 or j == index:
            continue
        if r[R_AROUND] == 1 and not (p[P_MOVERS] >> j) & 1:
            continue
        if r[R_AROUND] == 2 and not (near >> sq) & 1:
            continue
        _builds_from(p, r, g, b, out, keys, plies, occ, domes, index, sq, nm, nb)


@njit(cache=True, **NO_COUNTS)
def _after_step(p, r, g, b, out, keys, plies, domes, index, here, to, nm, nb):
    """One step taken (``nm`` relocations): the win check, the forces after the move, the
    builds (``_step_on``'s body for its first and only step)."""
    n = p[P_N]
    heights = b[B_HEIGHTS]
    w0 = b[B_W0]
    moved = b[B_MOVED]
    occ = p[P_OCC]
    for i in range(n):
        moved[i] = w0[i]
    for k in range(nm):
        occ &= ~(1 << w0[b[B_MW, k]])
    for k in range(nm):
        occ |= 1 << b[B_MS, k]
        moved[b[B_MW, k]] = b[B_MS, k]
    if p[P_HOLDS] and heights[to] == 3 and heights[here] < 3:
        _emit(p, r, g, b, out, keys, plies, nm, nb, True)
        return
    count = 0
    must = False
    blocked = occ | domes
    for f in range(r[R_FORCES]):
        base = R_FORCE0 + 5 * f
        mode = r[base]
        if mode == FORCE_ONTO:
            continue
        targets = (p[P_OPPONENTS] if r[base + 3] == 0 else -1) & ~(1 << index)
        found = 0
        if mode == FORCE_VACATED:
            if not (blocked >> here) & 1:
                beside = g[G_BUILD, here]
                for j in range(n):
                    sq = moved[j]
                    if sq >= 0 and (targets >> j) & 1 and (beside >> sq) & 1:
                        b[B_OJ, count] = j
                        b[B_OD, count] = here
                        count += 1
                        found += 1
        elif mode == FORCE_PULL:
            ok, dr, dc = _direction(p, to, here)
            if ok:
                behind = _offset(p, here, dr, dc, 1)
                for j in range(n):
                    sq = moved[j]
                    if sq == behind and sq >= 0 and (targets >> j) & 1 and not (
                            blocked >> here) & 1:
                        b[B_OJ, count] = j
                        b[B_OD, count] = here
                        count += 1
                        found += 1
        else:
            near = g[G_BUILD, to]
            for j in range(n):
                sq = moved[j]
                if sq < 0 or not (targets >> j) & 1 or not (near >> sq) & 1:
                    continue
                if mode == FORCE_AWAY:
                    ok, dr, dc = _direction(p, to, sq)
                    if not ok:
                        continue
                    dest = _offset(p, sq, dr, dc, 1)
                else:
                    dest = _offset(p, sq, r[base + 1], r[base + 2], 1)
                if dest >= 0 and not (blocked >> dest) & 1:
                    b[B_OJ, count] = j
                    b[B_OD, count] = dest
                    count += 1
                    found += 1
        if r[base + 4] and found:
            must = True
    if not must:
        _build_stage(p, r, g, b, out, keys, plies, occ, domes, index, to, nm, nb)
    for k in range(count):
        j, dest = b[B_OJ, k], b[B_OD, k]
        b[B_MW, nm] = j
        b[B_MS, nm] = dest
        forced_occ = occ & ~(1 << b[B_MOVED, j]) | 1 << dest
        _build_stage(p, r, g, b, out, keys, plies, forced_occ, domes, index, to, nm + 1, nb)


@njit(cache=True, **NO_COUNTS)
def _pattern_ends(p, r, g, k, here, occ, domes, heights):
    """:func:`~generator.engine.powers.patterns.pattern_destinations` of pattern ``k``."""
    base = R_PATTERN0 + 6 * k
    kind = r[base]
    blocked = occ | domes
    out = 0
    if kind == PATTERN_SLIDE:
        for d in range(4):
            sq = here
            while True:
                sq = _offset(p, sq, ORTHOGONAL[d, 0], ORTHOGONAL[d, 1], 1)
                if sq < 0:
                    break
                if not (blocked >> sq) & 1:
                    out |= 1 << sq
                    break
        return out
    if kind == PATTERN_BESIDE:
        beside = 0
        for sq in range(p[P_SIZE]):
            if (domes >> sq) & 1 and heights[sq] == 0:
                beside |= g[G_BUILD, sq]
        for d in range(4):
            sq = _offset(p, here, ORTHOGONAL[d, 0], ORTHOGONAL[d, 1], 1)
            while sq >= 0:
                if (beside >> sq) & 1 and not (blocked >> sq) & 1:
                    out |= 1 << sq
                sq = _offset(p, sq, ORTHOGONAL[d, 0], ORTHOGONAL[d, 1], 1)
        return out
    ways = 8 if r[base + 1] == 8 else 4
    for d in range(ways):
        for t in range(r[base + 2]):
            sq = _offset(p, here, EVERY_WAY[d, 0], EVERY_WAY[d, 1], r[base + 3 + t])
            if sq >= 0 and not (blocked >> sq) & 1:
                out |= 1 << sq
    return out


@njit(cache=True, **NO_COUNTS)
def _worker(p, r, g, b, out, keys, plies, domes, index, no_up, nb):
    """Every step of worker ``index`` from its space and what follows it (``_steps`` then
    ``_step_on``), after the ``nb`` builds made before moving."""
    n = p[P_N]
    heights = b[B_HEIGHTS]
    w0 = b[B_W0]
    here = w0[index]
    occ = p[P_OCC]
    limit = heights[here] + (0 if no_up else 1)
    around = g[G_MOVE, here] & ~domes
    if not r[R_PATTERNS_ONLY]:
        bits = around & ~occ
        while bits:
            to = _low(bits)
            bits &= bits - 1
            if heights[to] <= limit:
                b[B_MW, 0] = index
                b[B_MS, 0] = to
                _after_step(p, r, g, b, out, keys, plies, domes, index, here, to, 1, nb)
    for k in range(r[R_PATTERNS]):
        ends = _pattern_ends(p, r, g, k, here, occ, domes, heights)
        while ends:
            to = _low(ends)
            ends &= ends - 1
            if heights[to] <= limit:
                b[B_MW, 0] = index
                b[B_MS, 0] = to
                _after_step(p, r, g, b, out, keys, plies, domes, index, here, to, 1, nb)
    if r[R_PATTERNS_ONLY]:
        return
    for e in range(r[R_ENTERS]):
        mode = r[R_ENTER0 + 2 * e]
        opponents_only = r[R_ENTER0 + 2 * e + 1] == 0
        for j in range(n):
            other = w0[j]
            if other < 0 or j == index or not (around >> other) & 1 or heights[other] > limit:
                continue
            if opponents_only and not (p[P_OPPONENTS] >> j) & 1:
                continue
            if mode == 0:
                b[B_MW, 0] = j
                b[B_MS, 0] = here
            else:
                ok, dr, dc = _direction(p, here, other)
                beyond = _offset(p, other, dr, dc, 1) if ok else -1
                if beyond < 0 or ((occ | domes) >> beyond) & 1:
                    continue
                b[B_MW, 0] = j
                b[B_MS, 0] = beyond
            b[B_MW, 1] = index
            b[B_MS, 1] = other
            _after_step(p, r, g, b, out, keys, plies, domes, index, here, other, 2, nb)


@njit(cache=True, **NO_COUNTS)
def _list_turn(p, r, g, b, out, keys, plies):
    """``list_plies`` for one worker's turn (no both-workers power)."""
    n = p[P_N]
    domes = p[P_DOMES]
    occ = p[P_OCC]
    ground = p[P_L1]
    for index in range(n):
        start = b[B_W0, index]
        if start < 0 or not (p[P_MOVERS] >> index) & 1:
            continue
        p[P_INDEX] = index
        free = g[G_BUILD, start] & ~occ & ~domes
        if r[R_PRE_SKY]:
            free &= ~ground
        if not (r[R_PRE_REQUIRED] and free):
            _worker(p, r, g, b, out, keys, plies, domes, index, False, 0)
        if not r[R_PRE_SKY]:
            continue
        while free:
            b0 = _low(free)
            free &= free - 1
            b[B_BS, 0] = b0
            b[B_BP, 0] = DOME
            _worker(p, r, g, b, out, keys, plies, domes | 1 << b0, index, r[R_PRE_NO_UP] != 0,
                    1)


@njit(cache=True, **NO_COUNTS)
def _both_act(p, r, g, b, out, keys, plies):
    """``turn._both_act`` for plain single rules: both workers step, in either order, then
    both build (a climb onto level 3 wins at once)."""
    n = p[P_N]
    heights = b[B_HEIGHTS]
    w0 = b[B_W0]
    bs = b[B_BS]
    bp = b[B_BP]
    team0 = team1 = -1
    size = 0
    for i in range(n):
        if w0[i] >= 0 and (p[P_MOVERS] >> i) & 1:
            if size == 0:
                team0 = i
            elif size == 1:
                team1 = i
            size += 1
    if size != 2:
        return
    domes = p[P_DOMES]
    holds = p[P_HOLDS]
    for order in range(2):
        first = team0 if order == 0 else team1
        second = team1 if order == 0 else team0
        start = w0[first]
        occ = p[P_OCC]
        steps = g[G_MOVE, start] & ~domes & ~occ
        while steps:
            to = _low(steps)
            steps &= steps - 1
            if heights[to] > heights[start] + 1:
                continue
            b[B_MW, 0] = first
            b[B_MS, 0] = to
            if holds and heights[to] == 3 and heights[to] > heights[start]:
                p[P_INDEX] = first
                _emit(p, r, g, b, out, keys, plies, 1, 0, True)
                continue
            p[P_INDEX] = second
            occ2 = occ & ~(1 << start) | 1 << to
            here2 = w0[second]
            steps2 = g[G_MOVE, here2] & ~domes & ~occ2
            while steps2:
                to2 = _low(steps2)
                steps2 &= steps2 - 1
                if heights[to2] > heights[here2] + 1:
                    continue
                b[B_MW, 1] = second
                b[B_MS, 1] = to2
                if holds and heights[to2] == 3 and heights[to2] > heights[here2]:
                    _emit(p, r, g, b, out, keys, plies, 2, 0, True)
                    continue
                final_occ = occ2 & ~(1 << here2) | 1 << to2
                xs = g[G_BUILD, to] & ~final_occ & ~domes
                while xs:
                    x = _low(xs)
                    xs &= xs - 1
                    piece_x = min(heights[x], DOME)
                    ys = g[G_BUILD, to2] & ~final_occ & ~domes
                    while ys:
                        y = _low(ys)
                        ys &= ys - 1
                        if y == x and piece_x == DOME:
                            continue
                        bs[0] = x
                        bp[0] = piece_x
                        bs[1] = y
                        bp[1] = piece_x + 1 if y == x else min(heights[y], DOME)
                        _emit(p, r, g, b, out, keys, plies, 2, 2, False)


@njit(cache=True, **NO_COUNTS)
def tie_schedule(out, count, ties):
    """``pick_best``'s walk of ``out[:count]`` without its draws, into ``ties``: the top
    value, the index of its first place, ``m`` and ``t``, then the tie count of each of
    the ``m`` draws before that place (ties of a running best below the top), then the
    indices of the ``t`` places of the top; returns the length (0 for no value)."""
    if count == 0:
        return 0
    top = out[0]
    for i in range(1, count):
        if out[i] > top:
            top = out[i]
    found = 0
    while out[found] != top:
        found += 1
    best = out[0]
    tied = 1
    m = 0
    for i in range(1, found):
        value = out[i]
        if value > best:
            best = value
            tied = 1
        elif value == best:
            tied += 1
            ties[4 + m] = tied
            m += 1
    t = 0
    for i in range(found, count):
        if out[i] == top:
            ties[4 + m + t] = i
            t += 1
    ties[0] = top
    ties[1] = found
    ties[2] = m
    ties[3] = t
    return 4 + m + t


@njit(cache=True, **NO_COUNTS)
def list_values(p, r, single, g, b, out, keys, plies, ties):
    """The greedy values of the legal plies of rules ``r`` in position ``p`` into ``out``
    (their count in ``p[P_COUNT]``; more than :data:`MAX_PLIES`: the caller lists in
    Python), with ``p[P_TARGET]`` each kept ply in ``plies``, and their tie-break
    schedule in ``ties`` (:func:`tie_schedule`, its length in ``p[P_TIES]``).
    ``single``: the rules of one worker's turn, for both workers acting when neither
    order lets both act."""
    _list_values(p, r, single, g, b, out, keys, plies)
    count = p[P_COUNT]
    p[P_TIES] = tie_schedule(out, count, ties) if count <= MAX_PLIES else 0


@njit(cache=True, **NO_COUNTS)
def _list_values(p, r, single, g, b, out, keys, plies):
    n = p[P_N]
    for i in range(n):
        b[B_W0, i] = p[P_W0 + i]
    heights = b[B_HEIGHTS]
    for sq in range(p[P_SIZE]):
        heights[sq] = ((p[P_L1] >> sq) & 1) + ((p[P_L2] >> sq) & 1) + ((p[P_L3] >> sq) & 1)
    p[P_COUNT] = 0
    p[P_RAW] = 0
    p[P_FILLED] = 0
    if r[R_BOTH]:
        _both_act(p, r, g, b, out, keys, plies)
        if p[P_RAW] or p[P_COUNT] > MAX_PLIES:
            return
        p[P_STAMP] += 1
        p[P_FILLED] = 0
        r = single
    _list_turn(p, r, g, b, out, keys, plies)
