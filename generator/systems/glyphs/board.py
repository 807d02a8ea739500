"""The antechamber: an ``n`` x ``n`` grid of two-sided tiles, and the steps that change it.

A grid is a tuple ``tiles`` (cell -> tile number, cells row by row from the
top left) and an int ``restored`` (bit ``t`` set: tile ``t`` shows its
restored face). The restored mark belongs to the tile, so moving a tile
carries it along. Every action of the game is a short sequence of *steps*:

- ``(RESTORE, tile, 0)`` and ``(CURSE, tile, 0)``: turn one tile over;
- ``(SWAP, cell, cell)``: exchange two tiles;
- ``(ROW, row, +1 or -1)`` and ``(COLUMN, column, +1 or -1)``: rotate a line
  by one cell with wrap (``+1``: right, or down).

>>> tiles, restored = apply_steps(3, (0, 1, 2, 3, 4, 5, 6, 7, 8), 0, ((ROW, 0, 1), (RESTORE, 2, 0)))
>>> tiles[:3], restored
((2, 0, 1), 4)
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

JOKER = -1
"""The symbol number of a joker tile."""

RESTORE, CURSE, SWAP, ROW, COLUMN = range(5)
Step = tuple[int, int, int]

ORTHOGONAL = ((0, 1), (1, 0))
DIAGONAL = ((1, 1), (1, -1))


def apply_step(n: int, tiles: tuple[int, ...], restored: int, step: Step
               ) -> tuple[tuple[int, ...], int]:
    """The grid after one step (a new tuple; the old one is untouched)."""
    op, a, b = step
    if op == RESTORE:
        return tiles, restored | (1 << a)
    if op == CURSE:
        return tiles, restored & ~(1 << a)
    cells = list(tiles)
    if op == SWAP:
        cells[a], cells[b] = cells[b], cells[a]
    elif op == ROW:
        line = cells[a * n:(a + 1) * n]
        cells[a * n:(a + 1) * n] = line[-b:] + line[:-b] if b > 0 else line[1:] + line[:1]
    elif op == COLUMN:
        line = cells[a::n]
        cells[a::n] = line[-b:] + line[:-b] if b > 0 else line[1:] + line[:1]
    else:
        raise ValueError(f"unknown step {step!r}")
    return tuple(cells), restored


def apply_steps(n: int, tiles: tuple[int, ...], restored: int, steps: Iterable[Step]
                ) -> tuple[tuple[int, ...], int]:
    """The grid after several steps, in order."""
    for step in steps:
        tiles, restored = apply_step(n, tiles, restored, step)
    return tiles, restored


@lru_cache(maxsize=None)
def adjacent_pairs(n: int, directions: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Every pair of cells ``(a, b)`` with ``b = a + (dr, dc)`` inside the grid.

    >>> len(adjacent_pairs(5, ((0, 1),))), len(adjacent_pairs(5, ORTHOGONAL))
    (20, 40)
    """
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in directions:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    out.append((r * n + c, rr * n + cc))
    return tuple(sorted(out))


@lru_cache(maxsize=None)
def placements(n: int, length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` cells read left to right in a row or top to bottom in a column.

    >>> placements(3, 2)[:2], len(placements(5, 3))
    (((0, 1), (1, 2)), 30)
    """
    if length < 1 or length > n:
        return ()
    rows = [tuple(r * n + c + k for k in range(length))
            for r in range(n) for c in range(n - length + 1)]
    cols = [tuple((r + k) * n + c for k in range(length))
            for c in range(n) for r in range(n - length + 1)]
    return tuple(rows + cols)


@lru_cache(maxsize=None)
def move_distances(n: int) -> tuple[tuple[int, ...], ...]:
    """``d[a][b]``: the fewest single actions that can carry one tile from cell a to b.

    One action moves a tile by at most one cell along a line with wrap (a
    rotation), two cells along a row or a column (two swaps of the same
    tile), or one cell diagonally (a diagonal swap). It is a lower bound on
    the actions that put a given tile on a given cell, whatever else moves.
    """
    moves: list[list[int]] = [[] for _ in range(n * n)]
    for r in range(n):
        for c in range(n):
            a = r * n + c
            targets = {r * n + (c + 1) % n, r * n + (c - 1) % n,
                       ((r + 1) % n) * n + c, ((r - 1) % n) * n + c}
            for dr, dc in ((0, 2), (0, -2), (2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    targets.add(rr * n + cc)
            moves[a] = sorted(targets - {a})
    table = []
    for start in range(n * n):
        dist = [-1] * (n * n)
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for a in frontier:
                for b in moves[a]:
                    if dist[b] < 0:
                        dist[b] = dist[a] + 1
                        nxt.append(b)
            frontier = nxt
        table.append(tuple(dist))
    return tuple(table)


def iter_solutions(n: int, tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...],
                   wanted: tuple[int, ...], jokers: int) -> Iterator[tuple[int, ...]]:
    """Every placement of cells where restored tiles spell ``wanted`` (``jokers``: 0 or 1)."""
    for cells in placements(n, len(wanted)):
        used = 0
        for cell, want in zip(cells, wanted):
            tile = tiles[cell]
            if not restored >> tile & 1:
                break
            have = symbol_of[tile]
            if have == want:
                continue
            if have == JOKER and used < jokers:
                used += 1
                continue
            break
        else:
            yield cells


def is_solved(n: int, tiles: tuple[int, ...], restored: int, symbol_of: tuple[int, ...],
              wanted: tuple[int, ...], jokers: int) -> bool:
    """Whether a card asking for ``wanted`` is solved on this grid.

    The fast path of :func:`iter_solutions`: only runs starting on a restored tile
    that can open the sequence are read (the tests pin the two together).
    """
    length = len(wanted)
    first = wanted[0]
    for cell, tile in enumerate(tiles):
        if not restored >> tile & 1:
            continue
        sym = symbol_of[tile]
        if sym != first and (not jokers or sym != JOKER):
            continue
        used0 = 0 if sym == first else 1
        row, col = divmod(cell, n)
        for step, fits in ((1, col + length <= n), (n, row + length <= n)):
            if not fits:
                continue
            used = used0
            for k in range(1, length):
                other = tiles[cell + k * step]
                if not restored >> other & 1:
                    break
                have = symbol_of[other]
                if have == wanted[k]:
                    continue
                if have == JOKER and used < jokers:
                    used += 1
                    continue
                break
            else:
                return True
    return False


__all__ = ["COLUMN", "CURSE", "DIAGONAL", "JOKER", "ORTHOGONAL", "RESTORE", "ROW", "SWAP", "Step",
           "adjacent_pairs", "apply_step", "apply_steps", "is_solved", "iter_solutions",
           "move_distances", "placements"]
