"""Turns lost walking between builds far apart (one player): a bound the goals share.

A plain turn moves one worker one step, then that worker builds one piece next
to where it now stands. So a turn can build on one of the spaces a goal needs
(its *targets*) only if the moved worker ends next to a target: every turn
whose worker ends anywhere else is a turn of its own, on top of the builds.
Each target is built on by some worker, which therefore stands next to it at
some point; with one player any worker may move on any turn, and the turns add
up over the workers. So, for the spaces ``targets``, at least

    min over ways to give each target one of the workers,
        sum over the workers of the fewest squares off the targets' neighbourhoods
        that the worker enters on a walk from its square that passes next to
        each of its targets (in the best order)

turns are spent on no target: :func:`spread_waste`. The walk ignores heights,
domes, other figures and sinking (it may only be longer). Two targets no single
square is next to cost one worker at least the squares between their
neighbourhoods, or a second worker its walk: the bound the plain walk to the
first build does not see (issue 14 §2).

With 2-4 players a worker moves only on its seat's turns
(:meth:`~generator.systems.riddle.bounds.Bounds.builds_turn` handles those), so
this bound is for one player.
"""
from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.systems.riddle.bounds import nearest
from generator.systems.riddle.vocab import UNREACHABLE

if TYPE_CHECKING:
    from generator.systems.riddle.bounds import Bounds

MEMO_AT_MOST = 1 << 16
"""Entries :func:`spread_turns` remembers."""

SPREAD_AT_MOST = 3
"""Targets beyond which :func:`spread_waste` claims nothing (it tries every way to
give them to the workers, and every order)."""


def off_walks(geometry: Geometry, sources: int, useful: int) -> list[int]:
    """Per square: the fewest squares outside ``useful`` entered on a walk (over the
    move graph, land and bridges) from any square of ``sources`` to it.

    >>> from generator.engine.geometry import Geometry
    >>> g = Geometry.rectangle(4, 1)
    >>> off_walks(g, 0b0001, 0b0100)
    [0, 1, 1, 2]
    """
    out = [UNREACHABLE] * geometry.size
    queue: deque[int] = deque()
    rest = sources & geometry.land
    while rest:
        low = rest & -rest
        rest ^= low
        out[low.bit_length() - 1] = 0
        queue.append(low.bit_length() - 1)
    move_nb = geometry.move_neighbours
    while queue:
        sq = queue.popleft()
        here = out[sq]
        nb = move_nb[sq]
        while nb:
            low = nb & -nb
            nb ^= low
            n = low.bit_length() - 1
            cost = here + (0 if useful & low else 1)
            if cost < out[n]:
                out[n] = cost
                if useful & low:
                    queue.appendleft(n)  # 0-1 breadth-first search
                else:
                    queue.append(n)
    return out


def spread_waste(geometry: Geometry, workers: Sequence[Square], targets: Sequence[Square]
                 ) -> int:
    """The fewest turns, one player, whose build is on none of ``targets`` (see the
    module docs); 0 (nothing claimed) for fewer than two or more than
    :data:`SPREAD_AT_MOST` targets, UNREACHABLE when some target no worker can
    walk next to.

    >>> from generator.engine.geometry import Geometry
    >>> g = Geometry.rectangle(7, 1)
    >>> spread_waste(g, [3], [0, 6]), spread_waste(g, [0, 6], [0, 6])
    (4, 0)
    """
    if not 2 <= len(targets) <= SPREAD_AT_MOST:
        return 0
    build_nb = geometry.build_neighbours
    areas = [build_nb[t] for t in targets]
    useful = 0
    for area in areas:
        useful |= area
    # reach[w][i]: from worker w to target i's neighbourhood; between[i][j]: i's to j's.
    reach = []
    for w in workers:
        row = off_walks(geometry, 1 << w, useful)
        reach.append([nearest(row, area) for area in areas])
    between = []
    for area in areas:
        row = off_walks(geometry, area, useful)
        between.append([nearest(row, other) for other in areas])
    n = len(targets)
    best = UNREACHABLE
    for owners in itertools.product(range(len(workers)), repeat=n):
        total = 0
        for w in set(owners):
            mine = [i for i in range(n) if owners[i] == w]
            cheapest = UNREACHABLE
            for order in itertools.permutations(mine):
                cost = reach[w][order[0]]
                for a, b in itertools.pairwise(order):
                    cost += between[a][b]
                if cost < cheapest:
                    cheapest = cost
            total += cheapest
        if total < best:
            best = total
    return best if best < UNREACHABLE else UNREACHABLE


def spread_turns(bounds: Bounds, workers: tuple[Square, ...], targets: Sequence[Square]) -> int:
    """:func:`spread_waste` for the workers on the board (``NO_SQUARE`` for none), one
    player and plain turns only (else 0), remembered per (workers, targets)."""
    if bounds.game.players != 1 or not bounds.ctx.plain_turns \
            or not 2 <= len(targets) <= SPREAD_AT_MOST:
        return 0
    key = (workers, tuple(sorted(targets)))
    known = bounds.spread_memo.get(key)
    if known is None:
        known = spread_waste(bounds.ctx.geometry, [w for w in workers if w != NO_SQUARE],
                             key[1])
        if len(bounds.spread_memo) < MEMO_AT_MOST:
            bounds.spread_memo[key] = known
    return known
