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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from generator.engine.geometry import NO_SQUARE, Geometry, Square
from generator.systems.riddle.distances import nearest
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


def spread_waste(geometry: Geometry, workers: Sequence[Square], targets: Sequence[Square],
                 memo: dict[Any, Any] | None = None) -> int:
    """The fewest turns, one player, whose build is on none of ``targets`` (see the
    module docs); 0 (nothing claimed) for fewer than two or more than
    :data:`SPREAD_AT_MOST` targets, UNREACHABLE when some target no worker can
    walk next to. ``memo`` keeps the walks between the targets' neighbourhoods and
    from each worker's square (they recur while the workers move).

    >>> from generator.engine.geometry import Geometry
    >>> g = Geometry.rectangle(7, 1)
    >>> spread_waste(g, [3], [0, 6]), spread_waste(g, [0, 6], [0, 6])
    (4, 0)
    """
    if not 2 <= len(targets) <= SPREAD_AT_MOST:
        return 0
    memo = {} if memo is None else memo
    targets = tuple(targets)
    walks = memo.get(targets)
    if walks is None:
        walks = memo[targets] = _target_walks(geometry, targets)
    areas, useful, chains = walks
    reaches = []
    for w in workers:
        reach = memo.get((w, targets))  # to each target's neighbourhood from w's square
        if reach is None:
            walked = off_walks(geometry, 1 << w, useful)
            reach = memo[(w, targets)] = tuple(nearest(walked, area) for area in areas)
        reaches.append(reach)
    best = visit_costs(reaches, chains)[-1]
    return best if best < UNREACHABLE else UNREACHABLE


def chain_costs(between: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Per set ``s`` of places (a bitmask) and per place ``i`` of it: the least cost of
    a walk from ``i`` passing every other place of ``s``, in the best order, paying
    ``between[a][b]`` from ``a`` to ``b`` (UNREACHABLE when ``i`` is not in ``s``).

    >>> chain_costs([[0, 1, 5], [1, 0, 2], [5, 2, 0]])[0b111]
    (3, 6, 3)
    """
    n = len(between)
    chains = []
    for s in range(1 << n):
        row = [UNREACHABLE] * n
        members = [i for i in range(n) if s >> i & 1]
        for order in itertools.permutations(members) if members else ():
            cost = sum(between[a][b] for a, b in itertools.pairwise(order))
            if cost < row[order[0]]:
                row[order[0]] = cost
        chains.append(tuple(row))
    return tuple(chains)


def visit_costs(reaches: Iterable[Sequence[int]], chains: Sequence[Sequence[int]]
                ) -> list[int]:
    """Per set ``s`` of places (a bitmask): the least total cost for walkers, the
    ``k``-th paying ``reaches[k][i]`` to its first place ``i`` and then as
    :func:`chain_costs` says, to pass every place of ``s`` between them (each place
    given to one walker; a walker may take none).

    >>> visit_costs([[1, 4], [4, 1]], chain_costs([[0, 3], [3, 0]]))
    [0, 1, 1, 2]
    """
    full = len(chains) - 1
    best = [0] + [UNREACHABLE] * full
    for reach in reaches:
        mine = [0] * (full + 1)  # this walker passes the places s
        for s in range(1, full + 1):
            cheapest = UNREACHABLE
            for i, chain in enumerate(chains[s]):
                if reach[i] + chain < cheapest:
                    cheapest = reach[i] + chain
            mine[s] = cheapest
        after = best[:]
        for s in range(1, full + 1):
            t = s  # every non-empty part t of s goes to this walker
            while t:
                cost = best[s ^ t] + mine[t]
                if cost < after[s]:
                    after[s] = cost
                t = (t - 1) & s
        best = after
    return best


def _target_walks(geometry: Geometry, targets: tuple[Square, ...]
                  ) -> tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...]]:
    """(each target's neighbourhood, their union, :func:`chain_costs` of the fewest
    squares off the union on a walk from one neighbourhood to another)."""
    build_nb = geometry.build_neighbours
    areas = tuple(build_nb[t] for t in targets)
    useful = 0
    for area in areas:
        useful |= area
    between = [[nearest(row, other) for other in areas]
               for row in (off_walks(geometry, area, useful) for area in areas)]
    return areas, useful, chain_costs(between)


def spread_turns(bounds: Bounds, workers: tuple[Square, ...], targets: Sequence[Square]) -> int:
    """:func:`spread_waste` for the workers on the board (``NO_SQUARE`` for none), one
    player and plain turns only (else 0), remembered per (workers, targets)."""
    if bounds.game.players != 1 or not bounds.ctx.plain_turns \
            or not 2 <= len(targets) <= SPREAD_AT_MOST:
        return 0
    memo = bounds.spread_memo
    key = (workers, tuple(sorted(targets)))
    known = memo.get(key)
    if known is None:
        if len(memo) > MEMO_AT_MOST:
            memo.clear()
        known = memo[key] = spread_waste(bounds.ctx.geometry,
                                         [w for w in workers if w != NO_SQUARE], key[1], memo)
    return known
