# mypy: disable-error-code="no-any-return,no-untyped-call,no-untyped-def"
# (numba kernels: the tables argument and the values read from arrays stay untyped)
"""The compiled goals and bound: each goal's ``is_met`` and ``min_turns`` over flat states.

Numba ``@njit(cache=True)`` ports of goals/*.py for the subset :func:`~.flat.unsupported`
accepts, and RiddleGame's plain estimate built from them as ``compile_bound`` combines
bounds (``all_of``: the largest, the builds its goals need on disjoint spaces
(:mod:`.demand`) and the deadline; ``any_of``: the smallest). A slots
goal claims :func:`~.slots.slots_walk` (goals/slots.py ``slots_bound``, relaxed in
parts); the other leaves their goal's ``min_turns`` and the cheap parts of their
finer bounds. Admissible, and pinned to the breadth-first reference by the tests.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from generator.systems.riddle.compiled.flat import (
    ACHIEVED, BLESSINGS, DESTROYED, DOMES, GODS_TAKEN, G_ALL, G_ANY, G_BLESSINGS, G_BUILD,
    G_SLOTS, G_STAND, G_WITHIN, KING, L1, L2, L3, O_CHILDREN, O_DISTANCE, O_FIGURE_DISTANCE,
    O_GOALS, O_GOAL_MASKS, O_GODS, O_LAND_LIST, O_MOVE_LIST, O_NEAR, O_REWARDS, O_ROOTS,
    P_ENDING, P_ENDLESS, P_FIGURES_MOVE, P_GODS, P_LAND, P_LANDS, P_NODES, P_OBJECTIVES, P_PLAYERS,
    P_REMOVABLE, P_REWARD_WIDTH, P_SIZE, P_TARGET, P_TURN_LIMIT, P_WORKERS, SLOTS, SPHINX,
    STOCK, SUNK, TOKENS, TURN, W0,
)
from generator.systems.riddle.compiled.base import (
    KEPT, LEAN, ROOM, ROOM_AT, UNREACHABLE, builds_turn, height, move_turn, placed_workers, popcount,
    smallest_sum_or_kth,
)
from generator.systems.riddle.compiled.build import BUILD_SCRATCH, build_walk
from generator.systems.riddle.compiled.demand import DEMANDS_AT_MOST, disjoint_builds
from generator.systems.riddle.compiled.pieces import supply_floor
from generator.systems.riddle.compiled.slots import SLOTS_SCRATCH, slots_walk

assert max(192, SLOTS_SCRATCH, BUILD_SCRATCH, 2 * DEMANDS_AT_MOST) <= ROOM_AT
SCRATCH = ROOM_AT + ROOM + 2 * KEPT
"""Words after the goals' bounds in :func:`estimate`'s ``bound`` array that the
blessings bound (three rows of 64: one per token at most), the slots bound
(:data:`~.slots.SLOTS_SCRATCH`), the build bound and the builds on disjoint spaces
work in, then from :data:`~.base.ROOM_AT` the seats' schedules
(:func:`~.base.builds_turn`) and the turns it keeps for the search (:data:`~.base.KEPT`)."""


@njit(**LEAN)
def judge(s: np.ndarray, T, met: np.ndarray) -> None:
    """Every goal node's ``is_met`` (goals/*.py) into ``met``, children first."""
    for i in range(T[P_NODES]):
        kind, a, b = T[T[O_GOALS] + 6 * i + 0], T[T[O_GOALS] + 6 * i + 1], T[T[O_GOALS] + 6 * i + 2]
        ok = False
        if kind == G_SLOTS:
            filled = (s[SLOTS] >> (8 * a)) & 0xFF
            ok = (filled & 15) >= b and (filled >> 4) >= T[T[O_GOALS] + 6 * i + 3]
        elif kind == G_STAND:
            figure = T[T[O_GOALS] + 6 * i + 3]  # worker, king, sphinx, any
            if figure == 0 or figure == 3:
                for w in range(T[P_WORKERS]):
                    sq = s[W0 + w]
                    if sq >= 0 and (b < 0 or sq == b) and height(s, sq) >= a:
                        ok = True
                        break
            for f in range(2):
                sq = s[KING + f]
                if (figure == 1 + f or figure == 3) and sq >= 0 and (b < 0 or sq == b) \
                        and height(s, sq) >= a:
                    ok = True
        elif kind == G_BUILD:
            ok = built(s, a, T[T[O_GOAL_MASKS] + i]) >= b
        elif kind == G_WITHIN:
            ok = s[TURN] <= a
        elif kind == G_BLESSINGS:
            ok = s[BLESSINGS] >= a
        elif kind == G_ALL:
            ok = True
            for c in range(T[T[O_GOALS] + 6 * i + 4], T[T[O_GOALS] + 6 * i + 4] + T[T[O_GOALS] + 6 * i + 5]):
                if not met[T[T[O_CHILDREN] + c]]:
                    ok = False
                    break
        elif kind == G_ANY:
            for c in range(T[T[O_GOALS] + 6 * i + 4], T[T[O_GOALS] + 6 * i + 4] + T[T[O_GOALS] + 6 * i + 5]):
                if met[T[T[O_CHILDREN] + c]]:
                    ok = True
                    break
        met[i] = ok


@njit(**LEAN)
def built(s: np.ndarray, what: int, region: int) -> int:
    """Towers (0), domes (1) or blocks (2) standing in ``region`` (BuildGoal.counted)."""
    area = region & ~s[SUNK]
    if what == 2:
        return popcount(s[L1] & area) + popcount(s[L2] & area) + popcount(s[L3] & area)
    if what == 1:
        return popcount(s[DOMES] & area)
    return popcount(s[DOMES] & s[L3] & area)


@njit(**LEAN)
def cheapest(count: int, c1: int, c2: int, c3: int, c4: int) -> int:
    """Sum of the ``count`` smallest costs among ``c1`` ones, ``c2`` twos, ``c3`` threes
    and ``c4`` fours (goals/_common.smallest_sum); UNREACHABLE when too few."""
    total = 0
    take = min(count, c1)
    total += take
    count -= take
    take = min(count, c2)
    total += 2 * take
    count -= take
    take = min(count, c3)
    total += 3 * take
    count -= take
    take = min(count, c4)
    total += 4 * take
    count -= take
    return UNREACHABLE if count > 0 else total


@njit(**LEAN)
def leaf_turns(s: np.ndarray, T, i: int, met: np.ndarray, scratch: np.ndarray) -> int:
    """A leaf goal's ``min_turns`` with plain turns (goals/*.py)."""
    if met[i]:
        return 0
    kind, a, b = T[T[O_GOALS] + 6 * i + 0], T[T[O_GOALS] + 6 * i + 1], T[T[O_GOALS] + 6 * i + 2]
    if kind == G_SLOTS:  # goals/slots.py slots_bound (compiled/slots.py)
        return max(1, slots_walk(s, T, i, scratch))
    if kind == G_STAND:
        figure = T[T[O_GOALS] + 6 * i + 3]
        if figure != 0:  # the King and the Sphinx move only by effects: one turn, no more
            present = figure == 3 and placed_workers(s, T)
            present = present or ((figure == 1 or figure == 3) and s[KING] >= 0)
            present = present or ((figure == 2 or figure == 3) and s[SPHINX] >= 0)
            if not present:
                return UNREACHABLE
            more = figure_walk(s, T, 1, a, b) if figure != 2 else UNREACHABLE
            if figure != 1:
                more = min(more, figure_walk(s, T, 2, a, b))
            if figure == 3:
                more = min(more, stand_walk(s, T, a, b, scratch))
            return max(1, more)
        base = stand_turns(s, T, a, b)
        if base <= 0 or base >= UNREACHABLE:
            return base
        return max(base, stand_walk(s, T, a, b, scratch))
    if kind == G_BUILD:
        missing = b - built(s, a, T[T[O_GOAL_MASKS] + i])
        if missing <= 0:
            return 0
        if a == 2:
            return missing
        area = T[T[O_GOAL_MASKS] + i] & ~s[SUNK] & ~s[DOMES]
        c1 = popcount(area & s[L3])
        c2 = popcount(area & s[L2]) - c1
        c3 = popcount(area & s[L1]) - c1 - c2
        c4 = popcount(area) - c1 - c2 - c3
        total = cheapest(missing, c1, c2, c3, c4)
        if total >= UNREACHABLE:
            return UNREACHABLE
        return max(1, total, build_walk(s, T, i, scratch))  # goals/build.py build_bound
    if kind == G_WITHIN:
        return 0 if s[TURN] <= a else UNREACHABLE
    # G_BLESSINGS
    base = blessings_turns(s, T, a)
    if base <= 0 or base >= UNREACHABLE:
        return base
    return max(base, blessings_walk(s, T, a - s[BLESSINGS], scratch))


@njit(**LEAN)
def blessings_turns(s: np.ndarray, T, count: int) -> int:
    """BlessingsGoal.min_turns with plain turns."""
    missing = count - s[BLESSINGS]
    if missing <= 0:
        return 0
    if popcount(s[TOKENS]) < missing:
        return UNREACHABLE
    best = UNREACHABLE
    left = s[TOKENS] & T[P_LAND]
    for q in range(T[P_LANDS]):
        sq = T[T[O_LAND_LIST] + q]
        if (left >> sq) & 1:
            for w in range(T[P_WORKERS]):
                at = s[W0 + w]
                if at >= 0 and T[T[O_DISTANCE] + T[P_SIZE] * at + sq] < best:
                    best = T[T[O_DISTANCE] + T[P_SIZE] * at + sq]
    return max(1, best) if best < UNREACHABLE else UNREACHABLE


@njit(**LEAN)
def blessings_walk(s: np.ndarray, T, missing: int, scratch: np.ndarray) -> int:
    """goals/blessings.py ``blessings_bound`` relaxed to be cheap: instead of the best
    choice of ``missing`` tokens, each of its terms at its least over every choice
    (the ``missing``-th smallest turn a token takes alone; the tokens no worker stands
    on yet; the ``missing`` smallest walks to a token, from a worker or another token)."""
    size = T[P_SIZE]
    left = s[TOKENS] & T[P_LAND]
    if popcount(left) < missing or not placed_workers(s, T):
        return UNREACHABLE
    closed = (s[DOMES] & ~T[P_REMOVABLE]) | s[SUNK]
    alone = scratch[:64]  # no array allocated per estimate
    walks = scratch[64:128]
    squares = scratch[128:192]
    n = 0
    for q in range(T[P_LANDS]):
        t = T[T[O_LAND_LIST] + q]
        if not (left >> t) & 1:
            continue
        h_t = height(s, t)
        walk = UNREACHABLE
        climb = UNREACHABLE
        for w in range(T[P_WORKERS]):
            sq = s[W0 + w]
            if sq < 0:
                continue
            d = T[T[O_DISTANCE] + size * sq + t]
            walk = min(walk, d)
            moves = max(h_t - height(s, sq), d)
            if moves < UNREACHABLE:
                climb = min(climb, move_turn(s, T, w, moves))
        free_nb = np.int64(0)
        stair = UNREACHABLE
        for k in range(9):
            nb = T[T[O_MOVE_LIST] + 9 * t + k]
            if nb < 0:
                break
            if not (closed >> nb) & 1:
                free_nb |= np.int64(1) << nb
                short = h_t - 1 - height(s, nb)
                stair = min(stair, 1 + short if short > 0 else 1)
        if walk == 0 or h_t < 1 or (climb >= h_t and free_nb != 0):
            stair = 1
        alone[n] = max(1, climb, stair)
        walks[n] = walk
        squares[n] = t
        n += 1
    # The walk to each token: from the nearest worker or from another token.
    for i in range(n):
        for k in range(n):
            if k != i:
                walks[i] = min(walks[i], T[T[O_DISTANCE] + size * squares[k] + squares[i]])
    worst = smallest_sum_or_kth(alone, n, missing, True)
    steps = smallest_sum_or_kth(walks, n, missing, False)
    under = 0  # tokens under a worker now (no arrival needed)
    for i in range(n):
        for w in range(T[P_WORKERS]):
            if s[W0 + w] == squares[i]:
                under += 1
    arrivals = missing - min(missing, under)
    return max(1, arrivals, worst, steps)


@njit(**LEAN)
def stand_turns(s: np.ndarray, T, level: int, at: int) -> int:
    """StandGoal.min_turns for workers, the goal not met."""
    if at >= 0:
        if (s[SUNK] >> at) & 1:
            return UNREACHABLE
        if (s[DOMES] >> at) & 1:
            return 1
        builds = max(0, level - height(s, at))
    else:
        builds = UNREACHABLE
        for q in range(T[P_LANDS]):
            sq = T[T[O_LAND_LIST] + q]
            if not (s[DOMES] >> sq) & 1:
                builds = min(builds, level - height(s, sq))
        if builds >= UNREACHABLE:
            return UNREACHABLE
        builds = max(0, builds)
    best = UNREACHABLE
    for w in range(T[P_WORKERS]):
        sq = s[W0 + w]
        if sq < 0:
            continue
        moves = max(0, level - height(s, sq))
        if at >= 0:
            moves = max(moves, T[T[O_DISTANCE] + T[P_SIZE] * sq + at])
            if sq == at:
                moves = max(moves, 2)
        best = min(best, moves)
    if best >= UNREACHABLE:
        return UNREACHABLE
    return max(1, builds, best)


@njit(**LEAN)
def stand_walk(s: np.ndarray, T, level: int, at: int, scratch: np.ndarray) -> int:
    """goals/stand.py ``stand_bound``, its seats' part relaxed as
    :func:`~.base.builds_turn` is and its pieces part as :func:`~.pieces.supply_floor`
    is: the worker steps onto ``t`` from a neighbour
    ``s`` one level lower, after every build missing on both, one a turn, and no
    earlier than a worker walks next to ``t`` to build and the climber walks there."""
    size = T[P_SIZE]
    closed = (s[DOMES] & ~T[P_REMOVABLE]) | s[SUNK]
    best = UNREACHABLE
    count = 1 if at >= 0 else T[P_LANDS]
    for q in range(count):
        t = at if at >= 0 else T[T[O_LAND_LIST] + q]
        if (closed >> t) & 1:
            continue
        need_t = max(0, level - height(s, t))
        if need_t + 1 >= best:
            continue
        walk = 0
        if need_t:
            walk = UNREACHABLE
            for w in range(T[P_WORKERS]):
                sq = s[W0 + w]
                if sq >= 0:
                    steps = T[T[O_NEAR] + size * sq + t]
                    if steps < UNREACHABLE:
                        walk = min(walk, move_turn(s, T, w, max(1, steps)))
            if walk >= UNREACHABLE:
                continue
            walk += need_t
            if T[P_PLAYERS] > 1:  # the builds come on their builders' seats' turns
                walk = max(walk, builds_turn(s, T, np.int64(1) << t, need_t, scratch[ROOM_AT:]) + 1)
        climber = UNREACHABLE
        for w in range(T[P_WORKERS]):
            sq = s[W0 + w]
            if sq < 0:
                continue
            moves = max(level - height(s, sq), T[T[O_DISTANCE] + size * sq + t])
            if sq == t:
                moves = 2
            if moves < UNREACHABLE:
                climber = min(climber, move_turn(s, T, w, moves))
        if climber >= UNREACHABLE:
            continue
        walk = max(walk, climber)
        h_t = height(s, t)
        for k in range(9):
            nb = T[T[O_MOVE_LIST] + 9 * t + k]
            if nb < 0:
                break
            if (closed >> nb) & 1:
                continue
            h_s = height(s, nb)
            need_s = max(0, level - 1 - h_s)
            turns = max(need_t + need_s + 1, walk)
            if turns >= best:
                continue
            if at >= 0 and need_t + need_s:  # the pieces of the builds on t and s
                supply = supply_floor(s, T, pieces_up(h_t, need_t, 0) + pieces_up(h_s, need_s, 0),
                                      pieces_up(h_t, need_t, 1) + pieces_up(h_s, need_s, 1),
                                      pieces_up(h_t, need_t, 2) + pieces_up(h_s, need_s, 2),
                                      pieces_up(h_t, need_t, 3) + pieces_up(h_s, need_s, 3),
                                      need_t + need_s)
                if supply:
                    turns = max(turns, supply + 1)
            if turns < best:
                best = turns
    return best


@njit(**LEAN)
def pieces_up(h: int, builds: int, piece: int) -> int:
    """Pieces of kind ``piece`` that ``builds`` builds take on a space ``h`` high
    (bounds.PIECES_UP)."""
    return int(h <= piece < h + builds)


@njit(**LEAN)
def figure_walk(s: np.ndarray, T, figure: int, level: int, at: int) -> int:
    """goals/stand.py ``stand_figure_bound`` (King 1, Sphinx 2) without the wait for the
    workers next to it to walk away (it only raises it): the figure steps once a
    turn, after the turn's goals are judged, onto a space built up to the level."""
    here = s[KING] if figure == 1 else s[SPHINX]
    if here < 0:
        return UNREACHABLE
    size = T[P_SIZE]
    moves = (T[P_FIGURES_MOVE] >> (figure - 1)) & 1
    closed = (s[DOMES] & ~T[P_REMOVABLE]) | s[SUNK]
    best = UNREACHABLE
    count = 1 if at >= 0 else T[P_LANDS]
    for q in range(count):
        t = at if at >= 0 else T[T[O_LAND_LIST] + q]
        if (closed >> t) & 1:
            continue
        need = max(0, level - height(s, t))
        if t == here:
            if not need:
                return 1
            if not moves:
                continue
            arrive = need + 1
        else:
            steps = T[T[O_FIGURE_DISTANCE] + size * here + t]
            if not moves or steps >= UNREACHABLE:
                continue
            arrive = max(steps, need)
        if need:
            walk = UNREACHABLE
            for w in range(T[P_WORKERS]):
                sq = s[W0 + w]
                if sq >= 0 and T[T[O_NEAR] + size * sq + t] < UNREACHABLE:
                    walk = min(walk, move_turn(s, T, w, max(1, T[T[O_NEAR] + size * sq + t])))
            if walk >= UNREACHABLE:
                continue
            arrive = max(arrive, walk - 1 + need)
        best = min(best, arrive + 1)
    return best


@njit(**LEAN)
def turns_possible(s: np.ndarray, T) -> int:
    """Bounds.turns_possible: each turn uses a piece, but for a god's take; the pieces
    are the stockpile's, the untaken gods' and the rewards of objectives still to
    achieve (neither the target's nor the ending objective's)."""
    if T[P_ENDLESS]:
        return UNREACHABLE
    total = s[STOCK] + s[STOCK + 1] + s[STOCK + 2] + s[STOCK + 3]
    for g in range(T[P_GODS]):
        if not (s[GODS_TAKEN] >> g) & 1:
            total += 1
            for piece in range(4):
                total += T[T[O_GODS] + 4 * g + piece]
    for j in range(T[P_OBJECTIVES]):
        if j == T[P_TARGET] or j == T[P_ENDING] or (s[ACHIEVED] >> j) & 1:
            continue
        for piece in range(4):
            total += T[T[O_REWARDS] + 4 * (j * T[P_REWARD_WIDTH]) + piece]
    return total


@njit(**LEAN)
def is_over(s: np.ndarray, T) -> bool:
    """state.is_over: the ending objective met, two workers lost, or the turn limit."""
    ending = T[P_ENDING]
    if ending >= 0 and (s[ACHIEVED] >> ending) & 1:
        return True
    if s[DESTROYED] >= 2:
        return True
    return T[P_TURN_LIMIT] >= 0 and s[TURN] >= T[P_TURN_LIMIT]


@njit(**LEAN)
def estimate(s: np.ndarray, T, met: np.ndarray, bound: np.ndarray) -> int:
    """RiddleGame.estimate (plain): the target goal's bound, each leaf's ``min_turns``
    combined as ``compile_bound`` combines them (all_of: max and deadline; any_of: min).
    ``bound`` holds a word per goal node, then :data:`SCRATCH` words."""
    target = T[P_TARGET]
    if (s[ACHIEVED] >> target) & 1:
        return 0
    if is_over(s, T):
        return UNREACHABLE
    judge(s, T, met)
    root = T[T[O_ROOTS] + target]
    first = T[T[O_ROOTS] + target - 1] + 1 if target > 0 else 0
    for i in range(first, root + 1):
        kind = T[T[O_GOALS] + 6 * i + 0]
        if kind == G_ALL:
            need = 0
            for c in range(T[T[O_GOALS] + 6 * i + 4], T[T[O_GOALS] + 6 * i + 4] + T[T[O_GOALS] + 6 * i + 5]):
                b = bound[T[T[O_CHILDREN] + c]]
                if b >= UNREACHABLE:
                    need = UNREACHABLE
                    break
                need = max(need, b)
            if need < UNREACHABLE:  # builds on disjoint spaces (goals/all_of.py)
                at = T[P_NODES]
                need = max(need, disjoint_builds(s, T, i, bound[at:]))
            if need < UNREACHABLE and T[T[O_GOALS] + 6 * i + 3] >= 0 and s[TURN] + max(need, 1) > T[T[O_GOALS] + 6 * i + 3]:
                need = UNREACHABLE
            bound[i] = need
        elif kind == G_ANY:
            need = UNREACHABLE
            for c in range(T[T[O_GOALS] + 6 * i + 4], T[T[O_GOALS] + 6 * i + 4] + T[T[O_GOALS] + 6 * i + 5]):
                need = min(need, bound[T[T[O_CHILDREN] + c]])
            bound[i] = need
        else:
            bound[i] = leaf_turns(s, T, i, met, bound[T[P_NODES]:])
    need = bound[root]
    if need >= UNREACHABLE or (need > 1 and need > turns_possible(s, T)):
        return UNREACHABLE
    limit = T[P_TURN_LIMIT]
    if limit >= 0 and s[TURN] + max(need, 1) > limit:
        return UNREACHABLE
    return need

