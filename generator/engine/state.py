"""Positions as integer bitboards, their packed keys and their symmetric images.

Heights are three cumulative layers (``l1``: squares with at least one block,
``l2``: at least two, ``l3``: three), so "at most one level up" and "level 3" are
single mask operations. Domes are a separate layer, so a dome may stand on any
level. Figures are squares: the workers (their index is their identity: colour,
owner), the King and the Sphinx; ``NO_SQUARE`` marks a figure that is absent.

>>> s = state_from_heights([0, 1, 2, 3], domes=[3], workers=(0, 2))
>>> height_at(s, 2), bin(s.l1), bin(occupied(s))
(2, '0b1110', '0b101')
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from generator.engine.geometry import NO_SQUARE, Bitboard, Geometry, Square, Symmetry

LEVEL1, LEVEL2, LEVEL3, DOME = 0, 1, 2, 3
"""Piece types, in build order; a build on a space of level n takes piece n."""

PIECE_NAMES = ("level1", "level2", "level3", "dome")


# State and Stockpile are NamedTuples rather than frozen dataclasses on purpose:
# they are immutable and hashable all the same, and constructing one costs about a
# third as much, which matters because a search builds one per successor.
class State(NamedTuple):
    """A position: height layers, domes and figure squares (no side to move)."""

    l1: Bitboard
    l2: Bitboard
    l3: Bitboard
    domes: Bitboard
    workers: tuple[Square, ...] = ()
    king: Square = NO_SQUARE
    sphinx: Square = NO_SQUARE


class Stockpile(NamedTuple):
    """How many pieces of each type are left to build with.

    >>> Stockpile(1, 0, 0, 2).take(LEVEL1)
    Stockpile(level1=0, level2=0, level3=0, dome=2)
    """

    level1: int
    level2: int
    level3: int
    dome: int

    def take(self, piece: int) -> Stockpile:
        """The stockpile after one piece of type ``piece`` is used."""
        if self[piece] <= 0:
            raise ValueError(f"no {PIECE_NAMES[piece]} piece left")
        counts = list(self)
        counts[piece] -= 1
        return Stockpile(*counts)

    def add(self, piece: int, count: int = 1) -> Stockpile:
        """The stockpile after ``count`` pieces of type ``piece`` are added."""
        counts = list(self)
        counts[piece] += count
        return Stockpile(*counts)


def state_from_heights(
    heights: Sequence[int],
    domes: Iterable[Square] = (),
    workers: Sequence[Square] = (),
    king: Square = NO_SQUARE,
    sphinx: Square = NO_SQUARE,
) -> State:
    """Build a state from one height (0-3) per square and the domed squares."""
    l1 = l2 = l3 = 0
    for sq, level in enumerate(heights):
        if not 0 <= level <= 3:
            raise ValueError(f"height {level} at square {sq} is not 0-3")
        bit = 1 << sq
        if level >= 1:
            l1 |= bit
        if level >= 2:
            l2 |= bit
        if level >= 3:
            l3 |= bit
    dome_bits = 0
    for sq in domes:
        dome_bits |= 1 << sq
    return State(l1, l2, l3, dome_bits, tuple(workers), king, sphinx)


def height_at(state: State, sq: Square) -> int:
    """Number of blocks on a square (a dome does not count)."""
    return (state.l1 >> sq & 1) + (state.l2 >> sq & 1) + (state.l3 >> sq & 1)


def heights_of(geometry: Geometry, state: State) -> tuple[int, ...]:
    """One height per square of the grid (sea squares read 0)."""
    return tuple(height_at(state, sq) for sq in range(geometry.size))


def occupied(state: State) -> Bitboard:
    """Squares holding any figure."""
    occ = 0
    for sq in (*state.workers, state.king, state.sphinx):
        if sq >= 0:
            occ |= 1 << sq
    return occ


def piece_for_build(state: State, sq: Square) -> int:
    """The piece type a build on ``sq`` takes: ``LEVEL1`` .. ``DOME``."""
    return height_at(state, sq)


def find_state_problems(geometry: Geometry, state: State) -> tuple[str, ...]:
    """List what makes a state impossible on a geometry (empty when it is sound).

    >>> g = Geometry.rectangle(2, 1)
    >>> find_state_problems(g, State(0b10, 0, 0, 0, (0, 0)))
    ('worker 0 and worker 1 share square A1',)
    """
    problems: list[str] = []
    land = geometry.land
    if state.l2 & ~state.l1 or state.l3 & ~state.l2:
        problems.append("height layers are not cumulative (l3 within l2 within l1)")
    for label, bits in (("blocks", state.l1), ("domes", state.domes)):
        if bits & ~land:
            problems.append(f"{label} on sea or off the grid: {_describe(geometry, bits & ~land)}")
    figures = [(f"worker {i}", sq) for i, sq in enumerate(state.workers)]
    figures += [("king", state.king), ("sphinx", state.sphinx)]
    seen: dict[Square, str] = {}
    for label, sq in figures:
        if sq == NO_SQUARE:
            continue
        if not (0 <= sq < geometry.size and land >> sq & 1):
            problems.append(f"{label} is not on a land square ({sq})")
            continue
        if state.domes >> sq & 1:
            problems.append(f"{label} stands on a dome at {geometry.name(sq)}")
        if sq in seen:
            problems.append(f"{seen[sq]} and {label} share square {geometry.name(sq)}")
        else:
            seen[sq] = label
    return tuple(problems)


def _describe(geometry: Geometry, bits: Bitboard) -> str:
    squares = [sq for sq in range(bits.bit_length()) if bits >> sq & 1]
    return ", ".join(geometry.name(sq) if sq < geometry.size else str(sq) for sq in squares)


# -- keys and symmetry ------------------------------------------------------

_LAYER_BITS = 64  # one slot per layer, wide enough for any board up to 8x8
_FIGURE_BITS = 7  # square + 1 (0 = absent) fits 7 bits for squares 0..63


def pack_key(state: State) -> int:
    """One int that identifies a state, for transposition tables.

    Workers keep their identity (index): two states that differ only by which
    worker stands where get different keys.

    >>> pack_key(State(1, 0, 0, 0, (2,))) == pack_key(State(1, 0, 0, 0, (3,)))
    False
    """
    l1, l2, l3, domes, workers, king, sphinx = state
    figures = 0
    for sq in workers:
        figures = (figures << _FIGURE_BITS) | (sq + 1)
    figures = (((figures << _FIGURE_BITS) | (king + 1)) << _FIGURE_BITS) | (sphinx + 1)
    return (
        l1
        | l2 << _LAYER_BITS
        | l3 << (2 * _LAYER_BITS)
        | domes << (3 * _LAYER_BITS)
        | figures << (4 * _LAYER_BITS)
    )


def transform_state(state: State, symmetry: Symmetry) -> State:
    """The image of a state under a symmetry of its geometry."""
    apply_bits = symmetry.apply_bits
    perm = symmetry.perm
    l1, l2, l3, domes, workers, king, sphinx = state
    return State(
        apply_bits(l1),
        apply_bits(l2),
        apply_bits(l3),
        apply_bits(domes),
        tuple(perm[sq] if sq >= 0 else sq for sq in workers),
        perm[king] if king >= 0 else king,
        perm[sphinx] if sphinx >= 0 else sphinx,
    )


def canonical_key(state: State, symmetries: Sequence[Symmetry]) -> int:
    """The smallest packed key over the images of a state (symmetry reduction).

    Pass the subgroup that also fixes whatever the rules single out
    (:meth:`Geometry.symmetries_fixing`); states with equal canonical keys are
    then equivalent for the search.
    """
    return min(pack_key(transform_state(state, s)) for s in symmetries)
