"""Geometry of the role-ability pieces: slide and leap destinations, forced moves.

Directions are grid steps ``(row, column)``; "next to" means one of the eight
surrounding land spaces (bridges join spaces for moving only, so they never make
two spaces "next to" each other here, and a slide, leap or force never crosses
one). Every function is pure: masks and squares in, squares out.

>>> from generator.engine.geometry import Geometry
>>> g = Geometry.rectangle(4, 1)
>>> bin(pattern_destinations(g, 0, "slide", (), 4, occupied=0b0010, domes=0b0100))
'0b1000'
>>> bin(pattern_destinations(g, 0, "leap", (2, 3), 8, occupied=0b0100, domes=0))
'0b1000'
"""
from __future__ import annotations

from generator.engine.geometry import Bitboard, Geometry, Square
from generator.engine.powers.pieces import Compass, EndForceKind, ForceMode

ORTHOGONAL = ((-1, 0), (0, 1), (1, 0), (0, -1))
EVERY_WAY = (*ORTHOGONAL, (-1, -1), (-1, 1), (1, -1), (1, 1))
COMPASS: dict[Compass, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


def offset(geometry: Geometry, sq: Square, dr: int, dc: int, times: int = 1) -> Square:
    """The space ``times`` steps of ``(dr, dc)`` from ``sq``, or -1 off the grid or at sea."""
    row, col = divmod(sq, geometry.width)
    row, col = row + dr * times, col + dc * times
    if not (0 <= row < geometry.height and 0 <= col < geometry.width):
        return -1
    target = row * geometry.width + col
    return target if geometry.land >> target & 1 else -1


def direction(geometry: Geometry, origin: Square, to: Square) -> tuple[int, int] | None:
    """The unit step from ``origin`` to a space next to it (``None`` when not next to it)."""
    (r0, c0), (r1, c1) = divmod(origin, geometry.width), divmod(to, geometry.width)
    dr, dc = r1 - r0, c1 - c0
    if max(abs(dr), abs(dc)) != 1:
        return None
    return dr, dc


def pattern_destinations(
    geometry: Geometry,
    here: Square,
    kind: str,
    distances: tuple[int, ...],
    directions: int,
    *,
    occupied: Bitboard,
    domes: Bitboard,
    levels_above_ground: Bitboard = 0,
) -> Bitboard:
    """Where a slide, leap or skyscraper move from ``here`` may end (before the climbing
    limit); ``levels_above_ground`` (the level-1 layer) tells skyscrapers from rooftops."""
    out = 0
    if kind == "slide":
        for dr, dc in ORTHOGONAL:
            sq = here
            while True:
                sq = offset(geometry, sq, dr, dc)
                if sq < 0:
                    break
                if not (occupied | domes) >> sq & 1:
                    out |= 1 << sq
                    break
        return out
    if kind == "beside-skyscraper":
        skyscrapers = domes & ~levels_above_ground
        beside = 0
        for sq in _squares(skyscrapers):
            beside |= geometry.build_neighbours[sq]
        for dr, dc in ORTHOGONAL:
            sq = offset(geometry, here, dr, dc)
            while sq >= 0:
                if beside >> sq & 1 and not (occupied | domes) >> sq & 1:
                    out |= 1 << sq
                sq = offset(geometry, sq, dr, dc)
        return out
    for dr, dc in EVERY_WAY if directions == 8 else ORTHOGONAL:
        for times in distances:
            sq = offset(geometry, here, dr, dc, times)
            if sq >= 0 and not (occupied | domes) >> sq & 1:
                out |= 1 << sq
    return out


def _squares(bits: Bitboard) -> list[Square]:
    return [sq for sq in range(bits.bit_length()) if bits >> sq & 1]


def force_options(
    geometry: Geometry,
    mode: ForceMode,
    compass: Compass,
    workers: tuple[Square, ...],
    targets: int,
    occupied: Bitboard,
    domes: Bitboard,
    origin: Square,
    to: Square,
) -> list[tuple[int, Square]]:
    """Each ``(worker index, destination)`` a force may make.

    ``workers`` and ``occupied`` are after the move; ``targets`` is a bitmask of
    the worker indices that may be forced; ``origin`` and ``to`` are the moved
    worker's start and end (for ``onto-build``, ``to`` is the space just built).
    """
    out: list[tuple[int, Square]] = []
    blocked = occupied | domes
    if mode == "vacated":
        if blocked >> origin & 1:
            return out
        beside = geometry.build_neighbours[origin]
        return [(j, origin) for j, sq in enumerate(workers)
                if sq >= 0 and targets >> j & 1 and beside >> sq & 1]
    if mode == "pull":
        step = direction(geometry, to, origin)
        if step is None:
            return out
        behind = offset(geometry, origin, *step)
        for j, sq in enumerate(workers):
            if sq == behind and sq >= 0 and targets >> j & 1 and not blocked >> origin & 1:
                out.append((j, origin))
        return out
    near = geometry.build_neighbours[to]
    for j, sq in enumerate(workers):
        if sq < 0 or not targets >> j & 1 or not near >> sq & 1:
            continue
        if mode == "onto-build":
            if not blocked >> to & 1:
                out.append((j, to))
            continue
        if mode == "away":
            step = direction(geometry, to, sq)
            if step is None:
                continue
            dest = offset(geometry, sq, *step)
        else:
            dest = offset(geometry, sq, *COMPASS[compass])
        if dest >= 0 and not blocked >> dest & 1:
            out.append((j, dest))
    return out


def line_end(geometry: Geometry, sq: Square, step: tuple[int, int], blocked: Bitboard) -> Square:
    """The first space from ``sq`` along ``step`` not in ``blocked`` (-1: the edge or
    the sea comes first).

    >>> from generator.engine.geometry import Geometry
    >>> line_end(Geometry.rectangle(1, 4), 3, (-1, 0), blocked=0b0110)
    0
    """
    here = offset(geometry, sq, *step)
    while here >= 0 and blocked >> here & 1:
        here = offset(geometry, here, *step)
    return here


def end_force_options(
    geometry: Geometry,
    kind: EndForceKind,
    directions: tuple[Compass, ...],
    workers: tuple[Square, ...],
    targets: int,
    occupied: Bitboard,
    domes: Bitboard,
    heights: list[int],
    at: Square,
) -> tuple[list[tuple[int, Square]], bool]:
    """The ``(worker index, destination)`` of each end-of-turn force or ordered move
    from the acting worker on ``at`` (after the builds), and whether the turn may
    end without one even when the power is a must.

    ``line``: a worker next to ``at`` goes along one of ``directions`` to the first
    unoccupied space (:func:`line_end`); without one, nothing happens.
    ``order-move``: a worker next to ``at`` takes one usual step (at most one level
    up; bridges count); choosing a worker that cannot step changes nothing, so the
    turn may end without a move when one such worker stands next to ``at``.
    """
    out: list[tuple[int, Square]] = []
    blocked = occupied | domes
    beside = geometry.build_neighbours[at]
    stuck = False
    for j, sq in enumerate(workers):
        if sq < 0 or not targets >> j & 1 or not beside >> sq & 1:
            continue
        if kind == "line":
            for name in directions:
                dest = line_end(geometry, sq, COMPASS[name], blocked)
                if dest >= 0:
                    out.append((j, dest))
            continue
        steps = [to for to in _squares(geometry.move_neighbours[sq] & ~blocked)
                 if heights[to] <= heights[sq] + 1]
        stuck = stuck or not steps
        out.extend((j, to) for to in steps)
    return out, not out or stuck
