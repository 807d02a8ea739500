"""Distances the solver's bounds walk: from a worker to the spaces it can build on,
out of the ring around the King or the Sphinx, and a figure's own steps toward the
closest worker. Plain tables and functions of squares and bitmasks, shared by
:class:`~.bounds.Bounds` and each goal's bound."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.engine.geometry import Square
from generator.engine.state import State
from generator.systems.riddle.vocab import UNREACHABLE

if TYPE_CHECKING:
    from generator.systems.riddle.context import RiddleContext


def build_distances(ctx: RiddleContext) -> tuple[tuple[int, ...], ...]:
    """``near[a][t]``: fewest moves from ``a`` to a space from which ``t`` can be built on."""
    geometry = ctx.geometry
    size = geometry.size
    rows = []
    for a in range(size):
        row = [UNREACHABLE] * size
        dist = ctx.distance[a]
        for t in geometry.squares:
            row[t] = nearest(dist, geometry.build_neighbours[t])
        rows.append(tuple(row))
    return tuple(rows)


def nearest(row: Sequence[int], squares: int) -> int:
    """The smallest ``row[s]`` over the squares ``s`` of a bitmask (UNREACHABLE: none).

    >>> nearest([5, 2, 7], 0b101), nearest([5, 2, 7], 0)
    (5, 1073741824)
    """
    best = UNREACHABLE
    while squares:
        low = squares & -squares
        squares ^= low
        d = row[low.bit_length() - 1]
        if d < best:
            best = d
    return best


def figure_squares(board: State) -> int:
    """The squares of the King and the Sphinx: nothing is built there before the
    figure leaves, and figures move only at the end of a turn (by effects).

    >>> from generator.engine.state import State
    >>> bin(figure_squares(State(0, 0, 0, 0, (0,), 3, -1)))
    '0b1000'
    """
    out = 0
    if board.king >= 0:
        out |= 1 << board.king
    if board.sphinx >= 0:
        out |= 1 << board.sphinx
    return out


def lure_walk(move_neighbours: Sequence[int], inside: int, others: int, s: Square,
              start: Square) -> int:
    """Fewest moves, of a worker walking from ``start`` out of ``inside`` (never onto
    ``s``), that end on no square of ``others`` (0-1 breadth-first search; heights,
    domes and other figures ignored, which only shortens the walk).

    >>> lure_walk([0b10, 0b101, 0b10], 0b10, 0, 0, 1), lure_walk([0b10, 0b101, 0b10], 0b10, 0b100, 0, 1)
    (1, 0)
    """
    cost = {start: 0}
    frontier = [(0, start)]
    best = UNREACHABLE
    while frontier:
        frontier.sort()
        spent, at = frontier.pop(0)
        if spent > cost.get(at, UNREACHABLE) or spent >= best:
            continue
        nb = move_neighbours[at] & ~(1 << s)
        while nb:
            low = nb & -nb
            nb ^= low
            to = low.bit_length() - 1
            step = spent + (0 if others & low else 1)
            if not inside & low:
                best = min(best, step)
            elif step < cost.get(to, UNREACHABLE):
                cost[to] = step
                frontier.append((step, to))
    return 0 if best >= UNREACHABLE else best


def first_build(workers: Sequence[tuple[Square, tuple[int, ...]]],
                near: Sequence[Sequence[int]], target: Square) -> int:
    """The earliest turn a piece can be built on ``target``: a worker walks next to it
    (at least one move: a build follows a move) on its own turns."""
    best = UNREACHABLE
    for w, table in workers:
        steps = near[w][target]
        if steps >= UNREACHABLE:
            continue
        if steps < 1:
            steps = 1
        at = table[steps] if steps < len(table) else table[-1] + steps
        if at < best:
            best = at
    return best


def figure_distances(ctx: RiddleContext) -> tuple[tuple[int, ...], ...]:
    """Fewest end-of-turn steps a figure walking toward the closest worker needs
    between two squares (``UNREACHABLE`` when it never can).

    A step from ``a`` to a move-neighbour ``b`` needs a worker somewhere that ``b``
    is strictly closer to than ``a`` (grid distance, RULES 1): a worker on a land
    square other than ``a`` and ``b``. A space with no such step into it, such as a
    corner no worker can stand beyond, is never reached.
    """
    geometry = ctx.geometry
    width = geometry.width
    land = geometry.squares

    def apart(x: Square, y: Square) -> int:
        return max(abs(x // width - y // width), abs(x % width - y % width))

    steps: list[list[Square]] = [[] for _ in range(geometry.size)]
    for a in land:
        nb = geometry.move_neighbours[a]
        for b in land:
            if nb >> b & 1 and any(apart(b, w) < apart(a, w) for w in land if w not in (a, b)):
                steps[a].append(b)
    rows = []
    for src in range(geometry.size):
        dist = [UNREACHABLE] * geometry.size
        if geometry.land >> src & 1:
            dist[src] = 0
            frontier = [src]
            while frontier:
                nxt = []
                for a in frontier:
                    for b in steps[a]:
                        if dist[b] == UNREACHABLE:
                            dist[b] = dist[a] + 1
                            nxt.append(b)
                frontier = nxt
        rows.append(tuple(dist))
    return tuple(rows)
