# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def,misc,return-value"
# (numba kernels: arrays and the values read from them stay untyped)
"""The ``lookahead`` policy's expected value compiled with numba (the ``fast`` extra).

:func:`expected_value` returns, bit for bit, what
:func:`generator.systems.tower.policies.lookahead.expected_value` returns: it walks
the enemy turn's 6^k rolls in the order of
:func:`~generator.systems.tower.enemy_turn.enemy_turn_outcomes` (orientation, attack,
each enemy's move per die, the turn stopping at the first loss), merges equal results
in the order they are first met, values each with the static value of
:func:`~generator.systems.tower.policies.lookahead.value_position` (the same
floating-point operations in the same order) and sums them in that order. Results
are packed into one ``int64`` key (enemies' squares and facings, builders' squares,
loss flags, culprit): under the rules it supports the levels after the attack are
those of every result.

It supports what :func:`~.lookahead.kernel_supports` says: the plain player turn, no
attack dice, attacks only on the faced space, no pull, push or swap, the turn stopping
at the first loss, maps of at most 62 squares, at most four enemies and keys of at
most 63 bits; everything else
stays in Python. ``tests/systems/tower/test_tower_lookahead_kernel.py`` pins it to
the Python path (compiled and as plain Python, ``py_func``). Only
:mod:`.lookahead` imports this module, and only when numba is installed.
"""
from __future__ import annotations

import numpy as np
from numba import njit

# The engine's constants (rules.py and game.py) as the kernel reads them: numba's
# cache keys machine code on this file alone, so they are copies, and lookahead.py
# checks they agree when it loads this module. The policy's weights come in as
# arguments.
ADVANCE = 0
DOME = 4
EDGE = -1
WATER = -2
UNREACHABLE = 1 << 20
LOSS_BUILDINGS = 1
LOSS_TARGET = 2
LOSS_BUILDERS = 4
FACES = 6
SLACK = 1.0
"""How far (in value times weight) a bound must stay below the bar: far above the
rounding of sums of at most 6^4 terms under 10^9."""
GO, STAY, STOP = 0, 1, 2
"""What an instruction of the movement die does (:func:`_step`)."""

# Indices of the flags array.
OWN_COUNTS, SKIPS, ENEMY_ENDS, TERRAIN_FIRST, EDGE_ONLY, ATTACK_ON_BUILDING = range(6)
# Indices of the weights array: lookahead.py's LOST, ENEMY, BUILDER, CRUSH_READY,
# BUILDING and TARGET.
W_LOST, W_ENEMY, W_BUILDER, W_CRUSH, W_BUILDING, W_TARGET = range(6)



@njit(cache=True)
def _losses(lv, bs, es, targets) -> int:
    flags = 0
    none = True
    for level in lv:
        if level:
            none = False
            break
    if none:
        flags |= LOSS_BUILDINGS
    dead = True
    for b in bs:
        if b >= 0:
            dead = False
            break
    if dead:
        flags |= LOSS_BUILDERS
    for e in es:
        if e >= 0 and targets[e]:
            flags |= LOSS_TARGET
            break
    return flags


@njit(cache=True)
def _orient(lv, es, fc, step, dist, tie, own_counts) -> None:
    size = lv.shape[0]
    for i in range(es.shape[0]):
        s = es[i]
        if s < 0:
            continue
        best = UNREACHABLE
        for b in range(size):
            if lv[b] != 0 and (b != s or own_counts) and dist[s, b] < best:
                best = dist[s, b]
        if best == UNREACHABLE or best == 0:
            continue
        f = fc[i]
        for rel in tie:
            nf = (f + rel) & 3
            t = step[s, nf]
            if t < 0:
                continue
            found = False
            for b in range(size):
                if lv[b] != 0 and b != s and dist[s, b] == best and dist[t, b] == best - 1:
                    found = True
                    break
            if found:
                fc[i] = nf
                break


@njit(cache=True)
def _remove_top(lv, bs, es, t, targets) -> int:
    lv[t] -= 1
    if lv[t] == 0:
        for level in lv:
            if level:
                return 0
        return _losses(lv, bs, es, targets)
    return 0


@njit(cache=True)
def _defeat(bs, t) -> int:
    """Defeat the builder on ``t``: -1 when there is none, 1 when it was the last, else 0."""
    for j in range(bs.shape[0]):
        if bs[j] == t:
            bs[j] = -1
            for b in bs:
                if b >= 0:
                    return 0
            return 1
    return -1


@njit(cache=True)
def _attack(lv, bs, es, fc, step, targets, on_building):
    """Phase 2 (one attack each, on the faced space): (loss flags, culprit)."""
    for i in range(es.shape[0]):
        s = es[i]
        if s < 0:
            continue
        t = step[s, fc[i]]
        if t < 0:
            continue
        flags = 0
        defeated = _defeat(bs, t)
        if defeated > 0:
            flags = _losses(lv, bs, es, targets)
        elif defeated < 0:
            enemy = False
            for e in es:
                if e == t:
                    enemy = True
            if enemy:
                if lv[t] != 0 and on_building:
                    flags = _remove_top(lv, bs, es, t, targets)
            elif lv[t]:
                flags = _remove_top(lv, bs, es, t, targets)
        if flags:
            return flags, i
    return 0, -1


@njit(cache=True)
def _step(lv, s, f, op, others, step, flags):
    """One instruction of a movement die for an enemy on ``s`` facing ``f`` (``others``:
    the other enemies' squares, a bit mask): (what happens, square, facing), what being
    :data:`GO` (it steps to the square), :data:`STAY` (a turn, taken or undone, or a
    skipped step) or :data:`STOP` (its movement ends). The engine's ``_move`` and the
    heuristics' ``trace_move`` read the rules alike."""
    if op != ADVANCE:
        nf = (f + op) & 3
        t = step[s, nf]
        if t == EDGE or (t == WATER and not flags[EDGE_ONLY]):
            return STAY, s, f
        return STAY, s, nf
    t = step[s, f]
    terrain = t < 0 or lv[t] == DOME or lv[t] > lv[s] + 1
    blocked = t >= 0 and (others >> t) & 1 != 0
    if terrain and (flags[TERRAIN_FIRST] or not blocked):
        return (STAY if flags[SKIPS] else STOP), s, f
    if blocked:
        return (STOP if flags[ENEMY_ENDS] else STAY), s, f
    return GO, t, f


@njit(cache=True)
def _move(lv, bs, es, fc, i, die, moves, step, targets, flags) -> int:
    """Phase 3 for enemy ``i`` with this die (the engine's ``_move``, no push or swap)."""
    s = es[i]
    f = fc[i]
    others = _bits(es) & ~(1 << s)
    lost = 0
    for k in range(moves.shape[1]):
        op = moves[die, k]
        if op < 0:
            break
        what, t, f = _step(lv, s, f, op, others, step, flags)
        if what == STOP:
            break
        if what == STAY:
            continue
        es[i] = t
        hit = LOSS_BUILDERS if _defeat(bs, t) > 0 else 0
        if targets[t]:
            hit |= LOSS_TARGET
        s = t
        if hit:
            lost |= _losses(lv, bs, es, targets)
            break
    fc[i] = f
    return lost


@njit(cache=True)
def _bits(squares) -> int:
    out = 0
    for sq in squares:
        if sq >= 0:
            out |= 1 << sq
    return out


@njit(cache=True)
def _has_action(lv, bs, es, move_adj, build_adj) -> bool:
    """The plain player turn has a move then a build (``player_turn._list_plain``)."""
    ebits = _bits(es)
    bbits = _bits(bs)
    occupied = ebits | bbits
    for b in bs:
        if b < 0:
            continue
        others = bbits & ~(1 << b)
        reach = lv[b] + 1
        for t in move_adj[b]:
            if t < 0:
                break
            ht = lv[t]
            if (occupied >> t) & 1 != 0 or ht > reach or ht == DOME:
                continue
            for u in build_adj[t]:
                if u < 0:
                    break
                hu = lv[u]
                if hu == DOME or (others >> u) & 1 != 0 or ((ebits >> u) & 1 != 0 and hu >= ht):
                    continue
                return True
    return False


@njit(cache=True)
def _can_crush(lv, bs, es, move_adj, build_bits, cheb) -> bool:
    occupied = _bits(bs) | _bits(es)
    for b in bs:
        if b < 0:
            continue
        reach = lv[b] + 1
        for to in move_adj[b]:
            if to < 0:
                break
            h = lv[to]
            if h == 0 or h > reach or h == DOME or (occupied >> to) & 1 != 0:
                continue
            for e in es:
                if e >= 0 and lv[e] < h and cheb[to, e] == 1 and (build_bits[to] >> e) & 1 != 0:
                    return True
    return False


@njit(cache=True)
def _face(lv, pos, facing, step, dist, tie, own_counts) -> int:
    """``find_nearest`` then ``face_nearest`` of the heuristics."""
    size = lv.shape[0]
    best = UNREACHABLE
    for b in range(size):
        if lv[b] != 0 and (b != pos or own_counts) and dist[pos, b] < best:
            best = dist[pos, b]
    if best == UNREACHABLE or best == 0:
        return facing
    for rel in tie:
        nf = (facing + rel) & 3
        s = step[pos, nf]
        if s < 0:
            continue
        for b in range(size):
            if lv[b] != 0 and (b != pos or own_counts) and dist[pos, b] == best \
                    and dist[s, b] == best - 1:
                return nf
    return facing


@njit(cache=True)
def _trace(lv, others, pos, facing, moves, step, targets, flags):
    """How many die faces carry the enemy into a target zone (``trace_move`` per face),
    and the squares whose level or pawn the traces read (a bit mask): a change
    anywhere else changes nothing."""
    hits = 0
    read = 1 << pos
    for die in range(1, moves.shape[0]):
        s = pos
        f = facing
        for k in range(moves.shape[1]):
            op = moves[die, k]
            if op < 0:
                break
            if op == ADVANCE and step[s, f] >= 0:
                read |= 1 << step[s, f]
            what, s, f = _step(lv, s, f, op, others, step, flags)
            if what == STOP:
                break
            if what == GO and targets[s]:
                hits += 1
                break
    return hits, read


@njit(cache=True)
def _value(lv, bs, es, fc, step, dist, tie, targets, tdist, move_adj, build_adj,
           build_bits, cheb, flags, moves, weights, reach, faced, alone, attacked, after
           ) -> float:
    """``lookahead.value_position``. What every result of one enemy turn shares, per
    square and facing, -1 until known: ``faced``, the phase-1 facing on these levels;
    ``alone``, the traces' hits and what they read on these levels with no other
    enemy. ``attacked`` and ``after``: scratch arrays."""
    if not _has_action(lv, bs, es, move_adj, build_adj):
        return weights[W_LOST]
    alive = 0
    for e in es:
        if e >= 0:
            alive += 1
    builders = 0
    for b in bs:
        if b >= 0:
            builders += 1
    value = -weights[W_ENEMY] * alive + weights[W_BUILDER] * builders
    if _can_crush(lv, bs, es, move_adj, build_bits, cheb):
        value += weights[W_CRUSH]
    standing = 0
    for level in lv:
        if level:
            standing += 1
    few = standing <= alive
    n = 0
    for i in range(es.shape[0]):
        pos = es[i]
        if pos < 0 or not (few or tdist[pos] <= reach):
            continue
        f = faced[pos * 4 + fc[i]]
        if f < 0:
            f = faced[pos * 4 + fc[i]] = _face(lv, pos, fc[i], step, dist, tie,
                                               flags[OWN_COUNTS])
        a = step[pos, f]
        attacked[n, 0] = a if a >= 0 else -1
        attacked[n, 1] = pos
        attacked[n, 2] = f
        n += 1
    for sq in range(lv.shape[0]):
        after[sq] = lv[sq]
    # strike(): the first attack on a builder's space hits the builder.
    hit_builders = 0
    changed = 0
    for j in range(n):
        a = attacked[j, 0]
        if a < 0:
            continue
        on_builder = False
        for b in bs:
            if b == a:
                on_builder = True
        if on_builder and (hit_builders >> a) & 1 == 0:
            hit_builders |= 1 << a
            continue
        if after[a]:
            changed |= 1 << a
            after[a] -= 1
            if not after[a]:
                standing -= 1
    risk = 0.0
    ebits = _bits(es)
    for j in range(n):
        pos = attacked[j, 1]
        if tdist[pos] <= reach:
            others = ebits & ~(1 << pos)
            at = pos * 4 + attacked[j, 2]
            if alone[at, 0] < 0:
                alone[at, 0], alone[at, 1] = _trace(lv, 0, pos, attacked[j, 2], moves, step,
                                                    targets, flags)
            if (others | changed) & alone[at, 1] == 0:
                hits = alone[at, 0]  # the trace reads nothing that differs here
            else:
                hits = _trace(after, others, pos, attacked[j, 2], moves, step, targets,
                              flags)[0]
            risk += hits / FACES
    return value + weights[W_BUILDING] * standing - weights[W_TARGET] * risk


@njit(cache=True)
def expected_value(levels, builders, enemies, facings, bar, step, dist, tie, targets, tdist,
                   move_adj, build_adj, build_bits, cheb, flags, moves, weights, reach
                   ) -> float:
    """The mean value over every result of the next enemy turn (see the module notes):
    the position's four arrays, the bar, then the game's tables (see
    ``lookahead.compiled_value``), the movement table (``moves[die]``: a die's
    instructions, -1 past the last) and the policy's weights and reach.

    Returns NaN as soon as the mean is sure to stay below ``bar`` (the best value of
    the decision so far; -inf: never): the values summed so far and a bound on each
    result still to value (no risk, no building razed, a crush ready) stay more than
    :data:`SLACK` below it."""
    ne = enemies.shape[0]
    nb = builders.shape[0]
    lv = levels.copy()
    bs = builders.copy()
    es = enemies.copy()
    fc = facings.copy()
    _orient(lv, es, fc, step, dist, tie, flags[OWN_COUNTS])
    alive = np.empty(ne, dtype=np.int64)
    k = 0
    for i in range(ne):
        if es[i] >= 0:
            alive[k] = i
            k += 1
    denominator = 1
    for _ in range(k):
        denominator *= 6
    lost, culprit = _attack(lv, bs, es, fc, step, targets, flags[ATTACK_ON_BUILDING])
    if lost:
        return weights[W_LOST] * denominator / denominator
    # Distinct results in the order first met: their keys, weights and pawns, found
    # through an open-addressing table at most half full (at most 6^k results).
    table = 2
    while table < 2 * denominator:
        table *= 2
    keys = np.full(table, -1, dtype=np.int64)
    slot_of = np.empty(table, dtype=np.int64)
    count = 0
    order_weight = np.zeros(table, dtype=np.int64)
    order_lost = np.empty(table, dtype=np.int64)
    order_bs = np.empty((table, nb), dtype=np.int64)
    order_es = np.empty((table, ne), dtype=np.int64)
    order_fc = np.empty((table, ne), dtype=np.int64)
    # The walk: one frame per depth (pawns before that enemy's move, the die next).
    stack_bs = np.empty((k + 1, nb), dtype=np.int64)
    stack_es = np.empty((k + 1, ne), dtype=np.int64)
    stack_fc = np.empty((k + 1, ne), dtype=np.int64)
    die_at = np.zeros(k + 1, dtype=np.int64)
    stack_bs[0] = bs
    stack_es[0] = es
    stack_fc[0] = fc
    die_at[0] = 0
    rest = np.empty(k + 1, dtype=np.int64)
    r = 1
    for d in range(k, -1, -1):
        rest[d] = r
        r *= 6
    depth = 0
    while depth >= 0:
        leaf = depth == k
        weight = 1
        moved_lost = 0
        who = -1
        if not leaf:
            die_at[depth] += 1
            if die_at[depth] >= moves.shape[0]:
                depth -= 1
                continue
            stack_bs[depth + 1] = stack_bs[depth]
            stack_es[depth + 1] = stack_es[depth]
            stack_fc[depth + 1] = stack_fc[depth]
            who = alive[depth]
            moved_lost = _move(lv, stack_bs[depth + 1], stack_es[depth + 1],
                               stack_fc[depth + 1], who, die_at[depth], moves, step, targets,
                               flags)
            if not moved_lost:
                depth += 1
                die_at[depth] = 0
                continue
            weight = rest[depth + 1]
            at = depth + 1
        else:
            at = depth
        # Record the result held at frame ``at``.
        key = moved_lost * 8 + (who + 1)
        for i in range(ne):
            key = (key * 128 + stack_es[at, i] + 1) * 4 + stack_fc[at, i]
        for j in range(nb):
            key = key * 128 + stack_bs[at, j] + 1
        h = (key ^ (key >> 13) ^ (key >> 29)) & (table - 1)
        while keys[h] != -1 and keys[h] != key:
            h = (h + 1) & (table - 1)
        if keys[h] == -1:
            keys[h] = key
            slot_of[h] = count
            order_lost[count] = moved_lost
            order_bs[count] = stack_bs[at]
            order_es[count] = stack_es[at]
            order_fc[count] = stack_fc[at]
            count += 1
        order_weight[slot_of[h]] += weight
        if leaf:
            depth -= 1
    # Every result shares the levels after the attack: facings and lone traces are
    # read once.
    faced = np.full(lv.shape[0] * 4, -1, dtype=np.int64)
    alone = np.full((lv.shape[0] * 4, 2), -1, dtype=np.int64)
    attacked = np.empty((ne, 3), dtype=np.int64)
    after = np.empty(lv.shape[0], dtype=np.int64)
    standing = 0
    for level in lv:
        if level:
            standing += 1
    base = (-weights[W_ENEMY] * k + weights[W_CRUSH] + weights[W_BUILDING] * standing)
    bound = np.empty(count, dtype=np.float64)
    ahead = 0.0
    for c in range(count):
        if order_lost[c]:
            bound[c] = weights[W_LOST] * order_weight[c]
        else:
            builders = 0
            for b in order_bs[c]:
                if b >= 0:
                    builders += 1
            bound[c] = max(base + weights[W_BUILDER] * builders,
                           weights[W_LOST]) * order_weight[c]
        ahead += bound[c]
    need = bar * denominator - SLACK
    total = 0.0
    for c in range(count):
        if total + ahead < need:
            return np.nan
        ahead -= bound[c]
        if order_lost[c]:
            total += weights[W_LOST] * order_weight[c]
            continue
        v = _value(lv, order_bs[c], order_es[c], order_fc[c], step, dist, tie, targets, tdist,
                   move_adj, build_adj, build_bits, cheb, flags, moves, weights, reach,
                   faced, alone, attacked, after)
        total += v * order_weight[c]
    return total / denominator
