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
:data:`~.policies.WIN_SCORE` for a win of the Statue's holder.

Only :mod:`.fast` imports this module, and only when numba is installed; it pins the
constants below to the Python ones. ``tests/systems/roles/test_roles_compiled.py``
pins the values, ply for ply, to the Python player's on generated positions of every
shipped role, and whole games, record and generator state, to the Python player.
"""
from __future__ import annotations

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
P_SIZE_FIELDS = 20

MAX_PLIES = 1 << 15
TABLE = 1 << 16
"""Hash-table slots for the outcomes of one listing (twice the plies at most)."""

ORTHOGONAL = np.array([[-1, 0], [0, 1], [1, 0], [0, -1]], dtype=np.int64)
EVERY_WAY = np.array([[-1, 0], [0, 1], [1, 0], [0, -1], [-1, -1], [-1, 1], [1, -1], [1, 1]],
                     dtype=np.int64)


@njit(cache=True)
def _low(bits: int) -> int:
    """The lowest set square of a non-empty mask."""
    sq = 0
    while not (bits >> sq) & 1:
        sq += 1
    return sq


@njit(cache=True)
def _offset(p, sq, dr, dc, times):
    """:func:`generator.engine.powers.patterns.offset`."""
    width = p[P_WIDTH]
    row = sq // width + dr * times
    col = sq % width + dc * times
    if row < 0 or row >= p[P_HEIGHT] or col < 0 or col >= width:
        return -1
    target = row * width + col
    return target if (p[P_LAND] >> target) & 1 else -1


@njit(cache=True)
def _direction(p, origin, to):
    """:func:`~generator.engine.powers.patterns.direction` as (ok, dr, dc)."""
    width = p[P_WIDTH]
    dr = to // width - origin // width
    dc = to % width - origin % width
    if max(abs(dr), abs(dc)) != 1:
        return False, 0, 0
    return True, dr, dc


@njit(cache=True)
def _score(p, workers, n, l1, l2, l3, domes, move_nb, reach):
    """:func:`~generator.systems.roles.policies.score_state` of a state."""
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
        ready = height == 2 and (move_nb[sq] & open3) != 0
        if first <= i < first + WORKERS_EACH:
            score += HEIGHT_WEIGHT * min(height, USEFUL_HEIGHT) + (READY_WEIGHT if ready else 0)
            continue
        if ready:
            score -= THREAT_WEIGHT
        if towers and reach[sq] & towers:
            score -= ROOFTOP_THREAT_WEIGHT
    return score


@njit(cache=True)
def _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb, win, out, keys, stamps,
          final):
    """Record one ply (``nm`` relocations ``mw``/``ms``, ``nb`` builds ``bs``/``bp``): the
    rooftop win, the merge of one outcome, the pieces filter, its value."""
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
                break
    for i in range(n):
        final[i] = w0[i]
    for k in range(nm):
        final[mw[k]] = ms[k]
    if r[R_DEDUPE]:
        key1 = 0
        for i in range(n):
            key1 = key1 << 6 | (final[i] + 1)
        order = np.empty(3, dtype=np.int64)
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
        while stamps[slot] == stamp:
            if keys[2 * slot] == key1 and keys[2 * slot + 1] == key2:
                return
            slot = (slot + 1) & (TABLE - 1)
        stamps[slot] = stamp
        keys[2 * slot] = key1
        keys[2 * slot + 1] = key2
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
        out[count] = _score(p, final, n, l1, l2, l3, domes, move_nb, reach)
    p[P_COUNT] = count + 1


@njit(cache=True)
def _builds_from(p, r, w0, n, heights, build_nb, move_nb, reach, placed, occ, domes, index,
                 center, mw, ms, nm, bs, bp, nb, out, keys, stamps, final):
    """:func:`generator.engine.powers.stages._builds_from` (no far build, no dome at any
    level)."""
    free = build_nb[center] & ~occ & ~domes
    if r[R_PLAIN_BUILDS]:
        while free:
            b = _low(free)
            free &= free - 1
            bs[nb] = b
            bp[nb] = heights[b]
            _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb + 1, False, out,
                  keys, stamps, final)
        return
    bits = free
    while bits:
        b = _low(bits)
        bits &= bits - 1
        height = heights[b]
        piece = DOME if height == 3 else height
        bs[nb] = b
        bp[nb] = piece
        same_possible = r[R_SAME] != 0 and piece < DOME and (
            piece + 1 < DOME or not r[R_SAME_BLOCKS])
        single = not r[R_OTHER_REQUIRED] and not (r[R_SAME_REQUIRED] and same_possible)
        must = False
        forced = 0
        if single and r[R_FORCES] and piece < DOME:
            # The forces onto the block just built (_force_onto).
            for f in range(r[R_FORCES]):
                base = R_FORCE0 + 5 * f
                if r[base] != FORCE_ONTO:
                    continue
                targets = (p[P_OPPONENTS] if r[base + 3] == 0 else -1) & ~(1 << index)
                near = build_nb[b]
                found = 0
                for j in range(n):
                    sq = placed[j]
                    if sq < 0 or not (targets >> j) & 1 or not (near >> sq) & 1:
                        continue
                    if not ((occ | domes) >> b) & 1:
                        found += 1
                if r[base + 4] and found:
                    must = True
                forced += found
        if single and not must:
            _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb + 1, False, out,
                  keys, stamps, final)
        if forced:
            for f in range(r[R_FORCES]):
                base = R_FORCE0 + 5 * f
                if r[base] != FORCE_ONTO:
                    continue
                targets = (p[P_OPPONENTS] if r[base + 3] == 0 else -1) & ~(1 << index)
                near = build_nb[b]
                for j in range(n):
                    sq = placed[j]
                    if sq < 0 or not (targets >> j) & 1 or not (near >> sq) & 1:
                        continue
                    if not ((occ | domes) >> b) & 1:
                        mw[nm] = j
                        ms[nm] = b
                        _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm + 1, bs, bp,
                              nb + 1, False, out, keys, stamps, final)
        first_main = single or not same_possible
        if same_possible:
            bs[nb + 1] = b
            bp[nb + 1] = piece + 1
            if not r[R_OTHER_REQUIRED]:
                _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb + 2, False,
                      out, keys, stamps, final)
        if not r[R_OTHER]:
            continue
        if r[R_PAIRS_ONCE]:
            others = free & -(2 << b)
        else:
            others = free & ~(1 << b)
        while others:
            b2 = _low(others)
            others &= others - 1
            height2 = heights[b2]
            piece2 = DOME if height2 == 3 else height2
            if piece2 == DOME and r[R_OTHER_BLOCKS]:
                continue
            if first_main:
                bs[nb + 1] = b2
                bp[nb + 1] = piece2
                _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb + 2, False,
                      out, keys, stamps, final)
            if same_possible:
                bs[nb + 1] = b
                bp[nb + 1] = piece + 1
                bs[nb + 2] = b2
                bp[nb + 2] = piece2
                _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb + 3, False,
                      out, keys, stamps, final)


@njit(cache=True)
def _build_stage(p, r, w0, n, heights, build_nb, move_nb, reach, occ, domes, index, at, mw,
                 ms, nm, bs, bp, nb, out, keys, stamps, final):
    """:func:`generator.engine.powers.stages._build_stage`."""
    placed = w0.copy()
    for k in range(nm):
        placed[mw[k]] = ms[k]
    if r[R_UNDER] and heights[at] < 3:
        bs[nb] = at
        bp[nb] = heights[at]
        _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb + 1, False, out,
              keys, stamps, final)
    _builds_from(p, r, w0, n, heights, build_nb, move_nb, reach, placed, occ, domes, index, at,
                 mw, ms, nm, bs, bp, nb, out, keys, stamps, final)
    if not r[R_AROUND]:
        return
    near = build_nb[at]
    for j in range(n):
        sq = placed[j]
        if sq < 0 or j == index:
            continue
        if r[R_AROUND] == 1 and not (p[P_MOVERS] >> j) & 1:
            continue
        if r[R_AROUND] == 2 and not (near >> sq) & 1:
            continue
        _builds_from(p, r, w0, n, heights, build_nb, move_nb, reach, placed, occ, domes, index,
                     sq, mw, ms, nm, bs, bp, nb, out, keys, stamps, final)


@njit(cache=True)
def _after_step(p, r, w0, n, heights, build_nb, move_nb, reach, domes, index, here, to, mw, ms,
                nm, bs, bp, nb, out, keys, stamps, final):
    """One step taken (relocations ``mw``/``ms``): the win check, the forces after the
    move, the builds (``_step_on``'s body for its first and only step)."""
    occ = p[P_OCC]
    moved = w0.copy()
    for k in range(nm):
        occ &= ~(1 << w0[mw[k]])
    for k in range(nm):
        occ |= 1 << ms[k]
        moved[mw[k]] = ms[k]
    if p[P_HOLDS] and heights[to] == 3 and heights[here] < 3:
        _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, nm, bs, bp, nb, True, out, keys,
              stamps, final)
        return
    options = np.empty((n * MAX_FORCES * 2 + 1, 2), dtype=np.int64)
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
                beside = build_nb[here]
                for j in range(n):
                    sq = moved[j]
                    if sq >= 0 and (targets >> j) & 1 and (beside >> sq) & 1:
                        options[count, 0] = j
                        options[count, 1] = here
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
                        options[count, 0] = j
                        options[count, 1] = here
                        count += 1
                        found += 1
        else:
            near = build_nb[to]
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
                    options[count, 0] = j
                    options[count, 1] = dest
                    count += 1
                    found += 1
        if r[base + 4] and found:
            must = True
    if not must:
        _build_stage(p, r, w0, n, heights, build_nb, move_nb, reach, occ, domes, index, to, mw,
                     ms, nm, bs, bp, nb, out, keys, stamps, final)
    for k in range(count):
        j, dest = options[k, 0], options[k, 1]
        mw[nm] = j
        ms[nm] = dest
        forced_occ = occ & ~(1 << moved[j]) | 1 << dest
        _build_stage(p, r, w0, n, heights, build_nb, move_nb, reach, forced_occ, domes, index, to,
                     mw, ms, nm + 1, bs, bp, nb, out, keys, stamps, final)


@njit(cache=True)
def _pattern_ends(p, r, k, here, occ, domes, heights, build_nb):
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
                beside |= build_nb[sq]
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


@njit(cache=True)
def _worker(p, r, w0, n, heights, build_nb, move_nb, reach, domes, index, no_up, mw, ms, bs,
            bp, nb, out, keys, stamps, final):
    """Every step of worker ``index`` from its space and what follows it (``_steps`` then
    ``_step_on``), after the builds ``bs``/``bp`` made before moving."""
    here = w0[index]
    occ = p[P_OCC]
    limit = heights[here] + (0 if no_up else 1)
    around = move_nb[here] & ~domes
    if not r[R_PATTERNS_ONLY]:
        bits = around & ~occ
        while bits:
            to = _low(bits)
            bits &= bits - 1
            if heights[to] <= limit:
                mw[0] = index
                ms[0] = to
                _after_step(p, r, w0, n, heights, build_nb, move_nb, reach, domes, index, here,
                            to, mw, ms, 1, bs, bp, nb, out, keys, stamps, final)
    for k in range(r[R_PATTERNS]):
        ends = _pattern_ends(p, r, k, here, occ, domes, heights, build_nb)
        while ends:
            to = _low(ends)
            ends &= ends - 1
            if heights[to] <= limit:
                mw[0] = index
                ms[0] = to
                _after_step(p, r, w0, n, heights, build_nb, move_nb, reach, domes, index, here,
                            to, mw, ms, 1, bs, bp, nb, out, keys, stamps, final)
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
                mw[0] = j
                ms[0] = here
            else:
                ok, dr, dc = _direction(p, here, other)
                beyond = _offset(p, other, dr, dc, 1) if ok else -1
                if beyond < 0 or ((occ | domes) >> beyond) & 1:
                    continue
                mw[0] = j
                ms[0] = beyond
            mw[1] = index
            ms[1] = other
            _after_step(p, r, w0, n, heights, build_nb, move_nb, reach, domes, index, here,
                        other, mw, ms, 2, bs, bp, nb, out, keys, stamps, final)


@njit(cache=True)
def _list_turn(p, r, w0, n, heights, build_nb, move_nb, reach, out, keys, stamps, final):
    """``list_plies`` for one worker's turn (no both-workers power)."""
    mw = np.empty(8, dtype=np.int64)
    ms = np.empty(8, dtype=np.int64)
    bs = np.empty(8, dtype=np.int64)
    bp = np.empty(8, dtype=np.int64)
    domes = p[P_DOMES]
    occ = p[P_OCC]
    ground = p[P_L1]
    for index in range(n):
        start = w0[index]
        if start < 0 or not (p[P_MOVERS] >> index) & 1:
            continue
        free = build_nb[start] & ~occ & ~domes
        if r[R_PRE_SKY]:
            free &= ~ground
        if not (r[R_PRE_REQUIRED] and free):
            _worker(p, r, w0, n, heights, build_nb, move_nb, reach, domes, index, False, mw, ms,
                    bs, bp, 0, out, keys, stamps, final)
        if not r[R_PRE_SKY]:
            continue
        while free:
            b0 = _low(free)
            free &= free - 1
            bs[0] = b0
            bp[0] = DOME
            _worker(p, r, w0, n, heights, build_nb, move_nb, reach, domes | 1 << b0, index,
                    r[R_PRE_NO_UP] != 0, mw, ms, bs, bp, 1, out, keys, stamps, final)


@njit(cache=True)
def _both_act(p, r, w0, n, heights, build_nb, move_nb, reach, out, keys, stamps, final):
    """``turn._both_act`` for plain single rules: both workers step, in either order, then
    both build (a climb onto level 3 wins at once)."""
    mw = np.empty(8, dtype=np.int64)
    ms = np.empty(8, dtype=np.int64)
    bs = np.empty(8, dtype=np.int64)
    bp = np.empty(8, dtype=np.int64)
    team = np.empty(2, dtype=np.int64)
    size = 0
    for i in range(n):
        if w0[i] >= 0 and (p[P_MOVERS] >> i) & 1:
            if size < 2:
                team[size] = i
            size += 1
    if size != 2:
        return
    domes = p[P_DOMES]
    holds = p[P_HOLDS]
    middle = w0.copy()
    for order in range(2):
        first = team[order]
        second = team[1 - order]
        start = w0[first]
        occ = p[P_OCC]
        steps = move_nb[start] & ~domes & ~occ
        while steps:
            to = _low(steps)
            steps &= steps - 1
            if heights[to] > heights[start] + 1:
                continue
            mw[0] = first
            ms[0] = to
            if holds and heights[to] == 3 and heights[to] > heights[start]:
                _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, 1, bs, bp, 0, True, out,
                      keys, stamps, final)
                continue
            for i in range(n):
                middle[i] = w0[i]
            middle[first] = to
            occ2 = occ & ~(1 << start) | 1 << to
            here2 = middle[second]
            steps2 = move_nb[here2] & ~domes & ~occ2
            while steps2:
                to2 = _low(steps2)
                steps2 &= steps2 - 1
                if heights[to2] > heights[here2] + 1:
                    continue
                mw[1] = second
                ms[1] = to2
                if holds and heights[to2] == 3 and heights[to2] > heights[here2]:
                    _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, 2, bs, bp, 0, True,
                          out, keys, stamps, final)
                    continue
                final_occ = occ2 & ~(1 << here2) | 1 << to2
                xs = build_nb[to] & ~final_occ & ~domes
                while xs:
                    x = _low(xs)
                    xs &= xs - 1
                    piece_x = min(heights[x], DOME)
                    ys = build_nb[to2] & ~final_occ & ~domes
                    while ys:
                        y = _low(ys)
                        ys &= ys - 1
                        if y == x and piece_x == DOME:
                            continue
                        bs[0] = x
                        bp[0] = piece_x
                        bs[1] = y
                        bp[1] = piece_x + 1 if y == x else min(heights[y], DOME)
                        _emit(p, r, w0, n, heights, move_nb, reach, mw, ms, 2, bs, bp, 2, False,
                              out, keys, stamps, final)


@njit(cache=True)
def list_values(p, r, single, w0, build_nb, move_nb, reach, out, keys, stamps):
    """The greedy values of the legal plies of rules ``r`` in position ``p`` into ``out``
    (their count in ``p[P_COUNT]``; more than :data:`MAX_PLIES`: the caller lists in
    Python). ``single``: the rules of one worker's turn, for both workers acting when
    neither order lets both act."""
    n = w0.shape[0]
    heights = np.zeros(p[P_SIZE], dtype=np.int64)
    for sq in range(p[P_SIZE]):
        heights[sq] = ((p[P_L1] >> sq) & 1) + ((p[P_L2] >> sq) & 1) + ((p[P_L3] >> sq) & 1)
    final = np.empty(n, dtype=np.int64)
    p[P_COUNT] = 0
    p[P_RAW] = 0
    p[P_STAMP] += 1
    if r[R_BOTH]:
        _both_act(p, r, w0, n, heights, build_nb, move_nb, reach, out, keys, stamps, final)
        if p[P_RAW]:
            return
        p[P_STAMP] += 1
        r = single
    _list_turn(p, r, w0, n, heights, build_nb, move_nb, reach, out, keys, stamps, final)
